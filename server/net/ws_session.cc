// WebSocket connections: binary messages carry protobuf frames, text messages JSON frames.
#include <boost/beast/websocket.hpp>

#include "server/net/framed_session.h"

namespace boyi::net::detail {
namespace {

namespace websocket = boost::beast::websocket;

class WsSession final : public FramedSession {
 public:
  WsSession(std::shared_ptr<Shared> shared, beast::tcp_stream stream, std::shared_ptr<Slot> slot,
            std::uint64_t id, std::string remote, std::string address)
      : FramedSession(shared, stream.get_executor(), std::move(slot), id, Transport::websocket,
                      std::move(remote), std::move(address)),
        ws_(std::move(stream)) {}

  void go(http::request<http::string_body> request) {
    asio::co_spawn(
        strand_,
        [self = std::static_pointer_cast<WsSession>(shared_from_this()),
         req = std::move(request)]() mutable -> asio::awaitable<void> {
          co_await self->accept(std::move(req));
        },
        asio::detached);
  }

 private:
  asio::awaitable<void> accept(http::request<http::string_body> request) {
    auto self = shared_from_this();
    websocket::stream_base::timeout timeouts{};
    timeouts.handshake_timeout = std::chrono::seconds(5);
    timeouts.idle_timeout = websocket::stream_base::none();  // the watchdog does this
    timeouts.keep_alive_pings = false;
    ws_.set_option(timeouts);
    ws_.read_message_max(shared_->limits.max_frame_bytes);
    ws_.auto_fragment(false);
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(http::field::server, "boyi"); }));
    ws_.control_callback([this](websocket::frame_type, beast::string_view) { touch(); });
    boost::system::error_code ec;
    co_await ws_.async_accept(request, asio::redirect_error(asio::use_awaitable, ec));
    if (ec) {
      shared_->metrics.protocol_error("websocket_handshake");
      co_return;  // never opened: no handler calls; the slot goes with the session
    }
    touch();
    start();
  }

  std::string encode(Frame&& frame) const override { return std::move(frame.bytes); }

  asio::awaitable<void> read_loop() override {
    auto self = shared_from_this();
    beast::flat_buffer buffer;
    std::string why = "the peer closed the connection";
    while (true) {
      boost::system::error_code ec;
      const std::size_t n =
          co_await ws_.async_read(buffer, asio::redirect_error(asio::use_awaitable, ec));
      if (ec) {
        if (ec == websocket::error::message_too_big) {
          protocol_error("frame_too_large",
                         "WebSocket message exceeds the limit of " +
                             std::to_string(shared_->limits.max_frame_bytes) + " bytes",
                         true);
        }
        if (ec == websocket::error::closed) {
          const auto& r = ws_.reason();
          if (!r.reason.empty())
            why =
                "the peer closed the connection: " + std::string(r.reason.data(), r.reason.size());
        } else {
          why = "read failed: " + ec.message();
        }
        break;
      }
      count_in(n);
      const bool text = ws_.got_text();
      std::string bytes = beast::buffers_to_string(buffer.data());
      buffer.consume(buffer.size());
      if (closing_or_closed()) continue;
      if (bytes.empty()) {
        protocol_error("empty_frame", "empty WebSocket message", false);
        continue;
      }
      deliver(Frame{std::move(bytes), text ? FrameKind::json : FrameKind::binary});
    }
    read_ended(why);
  }

  asio::awaitable<boost::system::error_code> write_items(std::vector<OutItem>& items) override {
    boost::system::error_code ec;
    for (const auto& item : items) {
      if (item.ping) {
        co_await ws_.async_ping({}, asio::redirect_error(asio::use_awaitable, ec));
      } else {
        ws_.binary(item.kind == FrameKind::binary);
        co_await ws_.async_write(asio::buffer(item.bytes),
                                 asio::redirect_error(asio::use_awaitable, ec));
      }
      if (ec) break;
    }
    co_return ec;
  }

  asio::awaitable<void> close_transport(const std::string& reason) override {
    if (!ws_.is_open()) co_return;
    // A close frame's reason is at most 123 bytes.
    websocket::close_reason cr(websocket::close_code::normal);
    cr.reason = reason.substr(0, 123);
    boost::system::error_code ec;
    co_await ws_.async_close(cr, asio::redirect_error(asio::use_awaitable, ec));
  }

  void abort_transport() override {
    boost::system::error_code ec;
    auto& sock = beast::get_lowest_layer(ws_).socket();
    sock.shutdown(tcp::socket::shutdown_both, ec);
    sock.close(ec);
  }

  websocket::stream<beast::tcp_stream> ws_;
};

}  // namespace

void start_ws_session(std::shared_ptr<Shared> shared, beast::tcp_stream stream,
                      http::request<http::string_body> request, std::shared_ptr<Slot> slot,
                      std::uint64_t id, std::string remote, std::string address) {
  stream.expires_never();
  auto session = std::make_shared<WsSession>(std::move(shared), std::move(stream), std::move(slot),
                                             id, std::move(remote), std::move(address));
  session->go(std::move(request));
}

}  // namespace boyi::net::detail
