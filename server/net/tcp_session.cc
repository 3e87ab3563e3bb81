// TCP connections: length-prefixed binary frames or JSON lines (see protocol/framing).
#include <array>
#include <variant>

#include "protocol/framing/length_prefixed.h"
#include "protocol/framing/line_decoder.h"
#include "server/net/framed_session.h"

namespace boyi::net::detail {
namespace {

class TcpSession final : public FramedSession {
 public:
  TcpSession(std::shared_ptr<Shared> shared, beast::tcp_stream stream, Transport t,
             std::string initial, std::shared_ptr<Slot> slot, std::uint64_t id, std::string remote,
             std::string address)
      : FramedSession(shared, stream.get_executor(), std::move(slot), id, t, std::move(remote),
                      std::move(address)),
        stream_(std::move(stream)),
        initial_(std::move(initial)),
        linger_(strand_) {
    if (t == Transport::tcp_binary) {
      decoder_.emplace<framing::LengthPrefixedDecoder>(shared->limits.max_frame_bytes);
    } else {
      decoder_.emplace<framing::LineDecoder>(shared->limits.max_frame_bytes);
    }
  }

  void go() { start(); }

 private:
  std::string encode(Frame&& frame) const override {
    std::string out;
    if (transport() == Transport::tcp_binary) {
      framing::append_length_prefixed(out, frame.bytes);
    } else {
      framing::append_json_line(out, frame.bytes);
    }
    return out;
  }

  // Feeds bytes to the decoder and hands on what comes out; false once the stream is lost.
  template <class Decoder>
  bool consume(Decoder& d, std::string_view bytes, Transport t) {
    d.feed(bytes);
    for (int guard = 0; guard < 1 << 20 && !closing_or_closed(); ++guard) {
      framing::DecodeStep step = d.next();
      if (step.need_more()) return true;
      if (step.is_frame()) {
        deliver(Frame{std::move(step.payload),
                      t == Transport::tcp_binary ? FrameKind::binary : FrameKind::json});
        continue;
      }
      std::string code = t == Transport::tcp_json                   ? "line_too_long"
                         : step.reason.rfind("zero-length", 0) == 0 ? "zero_length_frame"
                                                                    : "frame_too_large";
      protocol_error(std::move(code), std::move(step.reason), !step.resynchronised);
      if (!step.resynchronised) return false;
    }
    return !closing_or_closed();
  }

  bool consume(std::string_view bytes) {
    return std::visit([&](auto& d) { return consume(d, bytes, transport()); }, decoder_);
  }

  asio::awaitable<void> read_loop() override {
    auto self = shared_from_this();
    if (!initial_.empty()) {
      count_in(initial_.size());
      consume(initial_);
      initial_.clear();
    }
    std::array<char, 16 * 1024> buf;
    std::string why = "the peer closed the connection";
    while (true) {
      boost::system::error_code ec;
      const std::size_t n = co_await stream_.async_read_some(
          asio::buffer(buf), asio::redirect_error(asio::use_awaitable, ec));
      if (ec) {
        if (ec != asio::error::eof) why = "read failed: " + ec.message();
        break;
      }
      count_in(n);
      if (closing_or_closed()) continue;  // draining until the peer closes its side
      consume(std::string_view(buf.data(), n));
    }
    read_ended(why);
  }

  asio::awaitable<boost::system::error_code> write_items(std::vector<OutItem>& items) override {
    std::vector<asio::const_buffer> buffers;
    buffers.reserve(items.size());
    for (const auto& item : items) buffers.push_back(asio::buffer(item.bytes));
    boost::system::error_code ec;
    co_await asio::async_write(stream_, buffers, asio::redirect_error(asio::use_awaitable, ec));
    co_return ec;
  }

  // Half-close after the last frame, then let the reader drain until the peer closes too,
  // so that the kernel does not reset the connection and destroy what was just sent.
  asio::awaitable<void> close_transport(const std::string&) override {
    boost::system::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    if (ec) co_return;
    linger_.expires_after(std::chrono::seconds(2));
    co_await linger_.async_wait(asio::redirect_error(asio::use_awaitable, ec));
  }

  void abort_transport() override {
    linger_.cancel();
    boost::system::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
    stream_.socket().close(ec);
  }

  beast::tcp_stream stream_;
  std::string initial_;
  asio::steady_timer linger_;
  std::variant<framing::LengthPrefixedDecoder, framing::LineDecoder> decoder_;
};

}  // namespace

void start_tcp_session(std::shared_ptr<Shared> shared, beast::tcp_stream stream, Transport t,
                       std::string initial, std::shared_ptr<Slot> slot, std::uint64_t id,
                       std::string remote, std::string address) {
  stream.expires_never();
  auto session =
      std::make_shared<TcpSession>(std::move(shared), std::move(stream), t, std::move(initial),
                                   std::move(slot), id, std::move(remote), std::move(address));
  session->go();
}

}  // namespace boyi::net::detail
