// The bot's connection: resolve, connect (with a deadline), the WebSocket upgrade, then
// a read loop decoding frames or lines and a write loop draining a queue. Coroutines on
// the bot's single io thread. Every argument of an awaited call is a named local first
// (server/net/README.md: GCC 12 may destroy a temporary argument twice).
#include "bots/client/connection.h"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <optional>
#include <utility>

#include "protocol/framing/length_prefixed.h"
#include "protocol/framing/line_decoder.h"
#include "protocol/wire/json.h"

namespace boyi::bots {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {
constexpr auto kNoThrow = asio::as_tuple(asio::use_awaitable);
}

struct ServerConnection::Impl : std::enable_shared_from_this<Impl> {
  Impl(asio::io_context& io, Transport t, std::size_t max_send, std::size_t max_receive)
      : ioc(io),
        transport(t),
        max_send_bytes(max_send),
        max_receive_bytes(max_receive),
        deadline(io),
        lines(max_receive),
        frames(max_receive) {}

  asio::io_context& ioc;
  Transport transport;
  std::size_t max_send_bytes, max_receive_bytes;
  asio::steady_timer deadline;
  std::optional<tcp::socket> socket;                 // TCP transports
  std::optional<websocket::stream<tcp::socket>> ws;  // WebSocket
  ConnectionCallbacks cb;
  std::deque<std::string> out;
  bool writing = false;
  bool opened = false;
  bool finished = false;
  bool silent = false;  // closed by the owner's destructor: no more callbacks
  framing::LineDecoder lines;
  framing::LengthPrefixedDecoder frames;

  tcp::socket* raw_socket() {
    if (ws) return &beast::get_lowest_layer(*ws);
    return socket ? &*socket : nullptr;
  }

  void finish(const std::string& reason) {
    if (finished) return;
    finished = true;
    deadline.cancel();
    if (tcp::socket* s = raw_socket()) {
      beast::error_code ignored;
      s->shutdown(tcp::socket::shutdown_both, ignored);
      s->close(ignored);
    }
    if (silent) return;
    if (!opened) {
      if (cb.on_open) cb.on_open(Error{reason});
    } else if (cb.on_closed) {
      cb.on_closed(reason);
    }
  }

  void deliver(std::string_view payload, bool json) {
    v1::ServerMessage message;
    Status st = json ? protocol::from_json(payload, &message, max_receive_bytes)
                     : protocol::parse_binary(payload, &message, max_receive_bytes);
    if (!st.ok()) {
      if (cb.on_bad_message && !silent) cb.on_bad_message(st.message());
      return;
    }
    if (cb.on_message && !silent) cb.on_message(std::move(message));
  }

  void start_writing() {
    if (writing || !opened || finished || out.empty()) return;
    writing = true;
    asio::co_spawn(ioc, write_loop(shared_from_this()), asio::detached);
  }

  static asio::awaitable<void> write_loop(std::shared_ptr<Impl> self) {
    while (!self->out.empty() && !self->finished) {
      std::string bytes = std::move(self->out.front());
      self->out.pop_front();
      auto buffer = asio::buffer(bytes);
      if (self->ws) {
        self->ws->binary(true);
        auto [ec, n] = co_await self->ws->async_write(buffer, kNoThrow);
        if (ec) self->finish("write: " + ec.message());
      } else {
        auto [ec, n] = co_await asio::async_write(*self->socket, buffer, kNoThrow);
        if (ec) self->finish("write: " + ec.message());
      }
    }
    self->writing = false;
  }

  static asio::awaitable<void> run(std::shared_ptr<Impl> self, std::string host,
                                   std::uint16_t port) {
    tcp::resolver resolver(self->ioc);
    const std::string service = std::to_string(port);
    auto [rec, endpoints] = co_await resolver.async_resolve(host, service, kNoThrow);
    if (self->finished) co_return;
    if (rec) co_return self->finish("resolve " + host + ": " + rec.message());
    self->socket.emplace(self->ioc);
    auto [cec, endpoint] = co_await asio::async_connect(*self->socket, endpoints, kNoThrow);
    if (self->finished) co_return;
    if (cec) co_return self->finish("connect: " + cec.message());
    beast::error_code ignored;
    self->socket->set_option(tcp::no_delay(true), ignored);
    if (self->transport == Transport::websocket) {
      self->ws.emplace(std::move(*self->socket));
      self->socket.reset();
      self->ws->read_message_max(self->max_receive_bytes);
      const std::string target = "/";
      auto [hec] = co_await self->ws->async_handshake(host, target, kNoThrow);
      if (self->finished) co_return;
      if (hec) co_return self->finish("websocket upgrade: " + hec.message());
    }
    self->deadline.cancel();
    self->opened = true;
    if (self->cb.on_open && !self->silent) self->cb.on_open(Status{});
    self->start_writing();
    if (self->ws)
      co_await read_websocket(self);
    else
      co_await read_stream(self);
  }

  static asio::awaitable<void> read_websocket(std::shared_ptr<Impl> self) {
    beast::flat_buffer buffer;
    while (!self->finished) {
      auto [ec, n] = co_await self->ws->async_read(buffer, kNoThrow);
      if (self->finished) co_return;
      if (ec) {
        co_return self->finish(ec == websocket::error::closed ? "closed by the server"
                                                              : "read: " + ec.message());
      }
      const auto data = buffer.cdata();
      const std::string_view payload(static_cast<const char*>(data.data()), data.size());
      self->deliver(payload, !self->ws->got_binary());
      buffer.consume(buffer.size());
    }
  }

  static asio::awaitable<void> read_stream(std::shared_ptr<Impl> self) {
    const bool json = self->transport == Transport::tcp_json;
    std::string chunk(16 * 1024, '\0');
    while (!self->finished) {
      auto buffer = asio::buffer(chunk);
      auto [ec, n] = co_await self->socket->async_read_some(buffer, kNoThrow);
      if (self->finished) co_return;
      if (ec) {
        co_return self->finish(ec == asio::error::eof ? "closed by the server"
                                                      : "read: " + ec.message());
      }
      const std::string_view got(chunk.data(), n);
      if (json)
        self->lines.feed(got);
      else
        self->frames.feed(got);
      for (;;) {
        framing::DecodeStep step = json ? self->lines.next() : self->frames.next();
        if (step.need_more()) break;
        if (step.is_error()) {
          if (self->cb.on_bad_message && !self->silent) self->cb.on_bad_message(step.reason);
          if (!step.resynchronised) co_return self->finish("framing lost: " + step.reason);
          continue;
        }
        self->deliver(step.payload, json);
        if (self->finished) co_return;
      }
    }
  }
};

ServerConnection::ServerConnection(asio::io_context& ioc, Transport transport,
                                   std::size_t max_send_bytes, std::size_t max_receive_bytes)
    : impl_(std::make_shared<Impl>(ioc, transport, max_send_bytes, max_receive_bytes)) {}

ServerConnection::~ServerConnection() {
  impl_->silent = true;
  impl_->finish("closed");
}

void ServerConnection::open(const std::string& host, std::uint16_t port,
                            std::chrono::milliseconds timeout, ConnectionCallbacks callbacks) {
  impl_->cb = std::move(callbacks);
  impl_->deadline.expires_after(timeout);
  impl_->deadline.async_wait([weak = std::weak_ptr<Impl>(impl_)](const beast::error_code& ec) {
    auto self = weak.lock();
    if (!ec && self && !self->opened) self->finish("no connection within the timeout");
  });
  asio::co_spawn(impl_->ioc, Impl::run(impl_, host, port), asio::detached);
}

Status ServerConnection::send(const v1::ClientMessage& message) {
  if (impl_->finished) return fail("the connection is closed");
  const bool json = impl_->transport == Transport::tcp_json;
  auto bytes = json ? protocol::to_json_line(message, impl_->max_send_bytes)
                    : protocol::to_binary(message, impl_->max_send_bytes);
  if (!bytes) return fail(bytes.message());
  std::string payload = std::move(bytes).value();
  if (impl_->transport == Transport::tcp_binary) payload = framing::encode_length_prefixed(payload);
  if (json) payload = framing::encode_json_line(payload);
  impl_->out.push_back(std::move(payload));
  impl_->start_writing();
  return Status::Ok();
}

void ServerConnection::close(const std::string& reason) {
  impl_->finish(reason);
}

bool ServerConnection::is_open() const {
  return impl_->opened && !impl_->finished;
}

}  // namespace boyi::bots
