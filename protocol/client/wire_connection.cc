#include "protocol/client/wire_connection.h"

#include <atomic>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <optional>
#include <utility>

#include "protocol/framing/length_prefixed.h"
#include "protocol/framing/line_decoder.h"
#include "protocol/wire/json.h"

namespace boyi::protocol {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
constexpr auto kNoThrow = asio::as_tuple(asio::use_awaitable);

std::string_view to_string(Transport transport) {
  switch (transport) {
    case Transport::tcp_binary:
      return "tcp-binary";
    case Transport::tcp_json:
      return "tcp-json";
    case Transport::ws_binary:
      return "ws-binary";
    case Transport::ws_text:
      return "ws-text";
  }
  return "?";
}

Result<Transport> parse_transport(std::string_view text) {
  if (text == "tcp") return Transport::tcp_binary;
  if (text == "json") return Transport::tcp_json;
  if (text == "ws") return Transport::ws_binary;
  for (Transport t :
       {Transport::tcp_binary, Transport::tcp_json, Transport::ws_binary, Transport::ws_text}) {
    if (to_string(t) == text) return t;
  }
  return Error{"unknown transport '" + std::string(text) +
               "' (tcp-binary, tcp-json, ws-binary, ws-text; or tcp, json, ws)"};
}

struct WireConnection::Impl : std::enable_shared_from_this<Impl> {
  Impl(asio::io_context& ioc, Transport t, WireOptions o)
      : strand(asio::make_strand(ioc)),
        transport(t),
        options(o),
        max_frame(o.max_send_bytes),
        deadline(strand),
        lines(o.max_receive_bytes),
        frames(o.max_receive_bytes) {}

  asio::strand<asio::io_context::executor_type> strand;
  Transport transport;
  WireOptions options;
  std::size_t max_frame;  // what is sent
  asio::steady_timer deadline;
  std::atomic<bool> open{false};
  std::atomic<bool> silent{false};                   // the owner is gone: no more callbacks
  std::optional<tcp::socket> socket;                 // TCP transports
  std::optional<websocket::stream<tcp::socket>> ws;  // WebSocket transports
  std::optional<tcp::resolver> resolver;             // while resolving
  WireCallbacks cb;
  struct Out {
    std::string bytes;
    bool text = false;
  };
  std::deque<Out> out;
  bool writing = false;
  bool connected = false;
  bool closed = false;
  int coroutines = 0;  // running on the strand: run() and write_loop()
  bool close_reported = false;
  std::string close_reason;
  framing::LineDecoder lines;
  framing::LengthPrefixedDecoder frames;

  // Closes the socket; the close is reported once the connection's coroutines have ended
  // (their pending reads and writes complete with errors), so nothing of the connection is
  // left on the io_context when on_closed runs.
  void finish(std::string reason) {
    if (closed) return;
    closed = true;
    open = false;
    deadline.cancel();
    if (resolver) resolver->cancel();
    beast::error_code ignored;
    if (socket) {
      socket->shutdown(tcp::socket::shutdown_both, ignored);
      socket->close(ignored);
    }
    if (ws) {
      beast::get_lowest_layer(*ws).shutdown(tcp::socket::shutdown_both, ignored);
      beast::get_lowest_layer(*ws).close(ignored);
    }
    close_reason = std::move(reason);
    report_close_when_idle();
  }

  // On the strand. Once closed and no coroutine runs: the one close callback, then the
  // callbacks are dropped (they may own the connection's owner).
  void report_close_when_idle() {
    if (!closed || coroutines > 0 || close_reported) return;
    close_reported = true;
    const bool was_connected = connected;
    connected = false;
    WireCallbacks callbacks = std::move(cb);
    cb = WireCallbacks{};
    if (silent) return;
    if (was_connected && callbacks.on_closed) callbacks.on_closed(std::move(close_reason));
    if (!was_connected && callbacks.on_connected) callbacks.on_connected(Error{close_reason});
  }

  // On the strand: runs `body` as one of the connection's coroutines.
  void spawn(asio::awaitable<void> body) {
    ++coroutines;
    asio::co_spawn(strand, counted(shared_from_this(), std::move(body)), asio::detached);
  }

  static asio::awaitable<void> counted(std::shared_ptr<Impl> self, asio::awaitable<void> body) {
    co_await std::move(body);
    --self->coroutines;
    self->report_close_when_idle();
  }

  void deliver(std::string_view payload, bool json) {
    v1::ServerMessage message;
    const std::size_t limit = options.max_receive_bytes;
    Status st = json ? protocol::from_json(payload, &message, limit)
                     : protocol::parse_binary(payload, &message, limit);
    if (silent) return;
    if (!st.ok()) {
      if (cb.on_decode_error) cb.on_decode_error(st.message());
      return;
    }
    if (message.has_ping() && options.answer_pings) {
      v1::ClientMessage pong;
      pong.mutable_pong()->set_nonce(message.ping().nonce());
      queue_message(pong);
    }
    if (cb.on_message) cb.on_message(std::move(message));
  }

  // On the strand.
  void queue_message(const v1::ClientMessage& m) {
    auto bytes = is_json(transport) ? protocol::to_json_line(m, max_frame)
                                    : protocol::to_binary(m, max_frame);
    if (!bytes.ok()) return;
    std::string payload = std::move(bytes).value();
    if (transport == Transport::tcp_binary) payload = framing::encode_length_prefixed(payload);
    if (transport == Transport::tcp_json) payload = framing::encode_json_line(payload);
    queue(Out{std::move(payload), transport == Transport::ws_text});
  }

  void queue(Out o) {
    if (closed) return;
    out.push_back(std::move(o));
    if (!writing && connected) {
      writing = true;
      spawn(write_loop(shared_from_this()));
    }
  }

  static asio::awaitable<void> write_loop(std::shared_ptr<Impl> self) {
    while (!self->out.empty() && !self->closed) {
      Out o = std::move(self->out.front());
      self->out.pop_front();
      if (self->ws) {
        self->ws->text(o.text);
        auto [ec, n] = co_await self->ws->async_write(asio::buffer(o.bytes), kNoThrow);
        if (ec) {
          self->finish("write: " + ec.message());
          break;
        }
      } else {
        auto [ec, n] = co_await asio::async_write(*self->socket, asio::buffer(o.bytes), kNoThrow);
        if (ec) {
          self->finish("write: " + ec.message());
          break;
        }
      }
    }
    self->writing = false;
  }

  static asio::awaitable<void> run(std::shared_ptr<Impl> self, std::string host,
                                   std::uint16_t port) {
    if (self->closed) co_return;  // closed before it started
    if (self->options.connect_timeout.count() > 0) {
      self->deadline.expires_after(self->options.connect_timeout);
      self->deadline.async_wait([weak = std::weak_ptr<Impl>(self)](const beast::error_code& ec) {
        auto me = weak.lock();
        if (!ec && me && !me->connected) me->finish("no connection within the timeout");
      });
    }
    self->resolver.emplace(self->strand);
    const std::string service = std::to_string(port);
    auto [rec, endpoints] = co_await self->resolver->async_resolve(host, service, kNoThrow);
    self->resolver.reset();
    if (self->closed) co_return;
    if (rec) co_return self->finish("resolve " + host + ": " + rec.message());
    // The socket lives in the Impl from here, so a timeout or close() can shut it.
    self->socket.emplace(self->strand);
    auto [cec, ep] = co_await asio::async_connect(*self->socket, endpoints, kNoThrow);
    if (self->closed) co_return;
    if (cec) co_return self->finish("connect: " + cec.message());
    beast::error_code ignored;
    self->socket->set_option(tcp::no_delay(true), ignored);
    if (is_websocket(self->transport)) {
      self->ws.emplace(std::move(*self->socket));
      self->socket.reset();
      self->ws->read_message_max(self->options.max_receive_bytes);
      const std::string target = "/";
      auto [hec] = co_await self->ws->async_handshake(host, target, kNoThrow);
      if (self->closed) co_return;
      if (hec) co_return self->finish("websocket handshake: " + hec.message());
    }
    self->deadline.cancel();
    self->connected = true;
    self->open = true;
    if (self->cb.on_connected && !self->silent) self->cb.on_connected(Status{});
    if (!self->out.empty() && !self->writing) {
      self->writing = true;
      self->spawn(write_loop(self));
    }
    if (self->ws) {
      beast::flat_buffer buffer;
      for (;;) {
        auto [ec, n] = co_await self->ws->async_read(buffer, kNoThrow);
        if (ec)
          co_return self->finish(ec == websocket::error::closed
                                     ? "closed by server: " +
                                           std::string(self->ws->reason().reason.c_str())
                                     : "read: " + ec.message());
        std::string payload = beast::buffers_to_string(buffer.data());
        buffer.consume(buffer.size());
        self->deliver(payload, !self->ws->got_binary());
        if (self->closed) co_return;
      }
    }
    std::string chunk(16 * 1024, '\0');
    for (;;) {
      auto [ec, n] = co_await self->socket->async_read_some(asio::buffer(chunk), kNoThrow);
      if (ec) co_return self->finish(ec == asio::error::eof ? "closed by server" : ec.message());
      std::string_view got(chunk.data(), n);
      bool json = self->transport == Transport::tcp_json;
      if (json)
        self->lines.feed(got);
      else
        self->frames.feed(got);
      for (;;) {
        framing::DecodeStep step = json ? self->lines.next() : self->frames.next();
        if (step.need_more()) break;
        if (step.is_error()) {
          if (self->cb.on_decode_error) self->cb.on_decode_error("framing: " + step.reason);
          if (!step.resynchronised) co_return self->finish("framing lost: " + step.reason);
          continue;
        }
        self->deliver(step.payload, json);
        if (self->closed) co_return;
      }
    }
  }
};

WireConnection::WireConnection(asio::io_context& ioc, Transport transport, WireOptions options)
    : impl_(std::make_shared<Impl>(ioc, transport, options)) {}

WireConnection::WireConnection(asio::io_context& ioc, Transport transport,
                               std::size_t max_frame_bytes)
    : WireConnection(
          ioc, transport,
          WireOptions{max_frame_bytes, max_frame_bytes, std::chrono::milliseconds{0}, true}) {}

WireConnection::~WireConnection() {
  impl_->silent = true;
  close();
}

void WireConnection::start(std::string host, std::uint16_t port, WireCallbacks callbacks) {
  asio::post(impl_->strand,
             [self = impl_, host = std::move(host), port, cb = std::move(callbacks)]() mutable {
               self->cb = std::move(cb);
               self->spawn(Impl::run(self, std::move(host), port));
             });
}

Status WireConnection::send(const v1::ClientMessage& message) {
  auto bytes = is_json(impl_->transport) ? protocol::to_json_line(message, impl_->max_frame)
                                         : protocol::to_binary(message, impl_->max_frame);
  if (!bytes.ok()) return Error{bytes.message()};
  std::string payload = std::move(bytes).value();
  if (impl_->transport == Transport::tcp_binary) {
    payload = framing::encode_length_prefixed(payload);
  } else if (impl_->transport == Transport::tcp_json) {
    payload = framing::encode_json_line(payload);
  }
  send_raw(std::move(payload), impl_->transport == Transport::ws_text);
  return {};
}

void WireConnection::send_raw(std::string bytes, bool ws_text) {
  asio::post(impl_->strand, [self = impl_, bytes = std::move(bytes), ws_text]() mutable {
    self->queue(Impl::Out{std::move(bytes), ws_text});
  });
}

void WireConnection::close(std::string reason) {
  asio::post(impl_->strand,
             [self = impl_, reason = std::move(reason)] { self->finish(std::move(reason)); });
}

bool WireConnection::is_open() const {
  return impl_->open;
}

Transport WireConnection::transport() const {
  return impl_->transport;
}

}  // namespace boyi::protocol
