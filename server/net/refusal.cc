// A socket over a connection cap: told SERVER_FULL in the transport it speaks, then closed.
// Refusals are bounded too (kMaxRefusalsInFlight, each for at most kRefusalTimeout), so a
// flood past the cap costs no more than a few sockets; past that bound a socket is closed
// without a word.
#include <boost/beast/websocket.hpp>
#include <optional>

#include "protocol/framing/length_prefixed.h"
#include "protocol/framing/line_decoder.h"
#include "server/net/detail.h"
#include "server/net/sniff.h"

namespace boyi::net::detail {
namespace {

namespace websocket = boost::beast::websocket;

constexpr int kMaxRefusalsInFlight = 64;
constexpr std::chrono::seconds kRefusalTimeout{3};
// RFC 6455 close code 1013: "try again later".
constexpr websocket::close_code kTryAgainLater = static_cast<websocket::close_code>(1013);

class Refusal : public std::enable_shared_from_this<Refusal> {
 public:
  Refusal(std::shared_ptr<Shared> shared, tcp::socket socket, std::string why)
      : shared_(std::move(shared)), stream_(std::move(socket)), why_(std::move(why)) {}
  ~Refusal() { --shared_->refusals_in_flight; }

  asio::awaitable<void> run() {
    auto self = shared_from_this();
    stream_.expires_after(kRefusalTimeout);
    const ProtocolError error{"server_full", message(), true, nullptr};
    Sniffed kind = Sniffed::need_more;
    while (kind == Sniffed::need_more) {
      boost::system::error_code ec;
      const std::size_t n = co_await stream_.async_read_some(
          buffer_.prepare(512), asio::redirect_error(asio::use_awaitable, ec));
      if (ec) co_return;
      buffer_.commit(n);
      const auto data = buffer_.data();
      kind = sniff_transport(std::string_view(static_cast<const char*>(data.data()), data.size()));
    }
    if (kind == Sniffed::http) {
      co_await refuse_http(error);
      co_return;
    }
    const auto frame = framed(kind == Sniffed::json ? FrameKind::json : FrameKind::binary, error);
    if (!frame) co_return;
    const std::string bytes = kind == Sniffed::json ? framing::encode_json_line(frame->bytes)
                                                    : framing::encode_length_prefixed(frame->bytes);
    boost::system::error_code ec;
    co_await asio::async_write(stream_, asio::buffer(bytes),
                               asio::redirect_error(asio::use_awaitable, ec));
    stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
  }

 private:
  std::string message() const {
    return why_ == "per_address" ? "too many connections from your address; try again later"
                                 : "the server is full; try again later";
  }

  std::optional<Frame> framed(FrameKind kind, const ProtocolError& error) {
    try {
      return shared_->handler->refusal(kind, error);
    } catch (...) {
      return std::nullopt;  // nothing to say: the socket is closed all the same
    }
  }

  // A WebSocket upgrade is accepted so the client reads SERVER_FULL (as a JSON text
  // message) and the close code 1013; any other request gets 503.
  asio::awaitable<void> refuse_http(const ProtocolError& error) {
    http::request_parser<http::string_body> parser;
    parser.header_limit(static_cast<std::uint32_t>(shared_->limits.max_http_header_bytes));
    parser.body_limit(shared_->limits.max_http_body_bytes);
    boost::system::error_code ec;
    co_await http::async_read(stream_, buffer_, parser,
                              asio::redirect_error(asio::use_awaitable, ec));
    if (ec) co_return;
    auto req = parser.release();
    if (websocket::is_upgrade(req)) {
      // The WebSocket owns the socket from here (as a WsSession's does), for as long as the
      // refusal lives.
      ws_.emplace(std::move(stream_));
      auto& ws = *ws_;
      co_await ws.async_accept(req, asio::redirect_error(asio::use_awaitable, ec));
      if (ec) co_return;
      if (const auto frame = framed(FrameKind::json, error)) {
        ws.text(true);
        co_await ws.async_write(asio::buffer(frame->bytes),
                                asio::redirect_error(asio::use_awaitable, ec));
      }
      // A named reason: GCC 12 mishandles temporaries that live across a co_await.
      const websocket::close_reason reason(kTryAgainLater, "server full");
      if (!ec) co_await ws.async_close(reason, asio::redirect_error(asio::use_awaitable, ec));
      co_return;
    }
    http::response<http::string_body> res{http::status::service_unavailable, req.version()};
    res.set(http::field::server, "boyi");
    res.set(http::field::content_type, "text/plain; charset=utf-8");
    res.set(http::field::retry_after, "5");
    res.keep_alive(false);
    res.body() = error.message + "\n";
    res.prepare_payload();
    co_await http::async_write(stream_, res, asio::redirect_error(asio::use_awaitable, ec));
    stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
  }

  std::shared_ptr<Shared> shared_;
  beast::tcp_stream stream_;
  std::optional<websocket::stream<beast::tcp_stream>> ws_;
  beast::flat_buffer buffer_;
  std::string why_;
};

}  // namespace

void refuse_connection(std::shared_ptr<Shared> shared, tcp::socket socket, std::string why) {
  shared->metrics.rejected(why);
  if (shared->shutting_down.load() || ++shared->refusals_in_flight > kMaxRefusalsInFlight) {
    --shared->refusals_in_flight;
    boost::system::error_code ec;
    socket.close(ec);
    return;
  }
  auto refusal = std::make_shared<Refusal>(shared, std::move(socket), std::move(why));
  auto executor = asio::make_strand(shared->ioc);
  asio::co_spawn(
      executor, [refusal]() -> asio::awaitable<void> { co_await refusal->run(); }, asio::detached);
}

}  // namespace boyi::net::detail
