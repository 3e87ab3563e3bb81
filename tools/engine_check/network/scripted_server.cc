#include "tools/engine_check/network/scripted_server.h"

#include <array>
#include <boost/asio/buffer.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "protocol/framing/length_prefixed.h"
#include "protocol/framing/line_decoder.h"
#include "protocol/wire/json.h"

namespace boyi::engine_check {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using boost::system::error_code;

namespace {

// How long a dropped link waits for the bot to close its end before it is closed anyway.
constexpr auto kDropLinger = std::chrono::seconds(2);
// What the log shows of one message (records of long games are big).
constexpr std::size_t kLogBytes = 4 * 1024 * 1024;

// The transport from the first bytes, as server/net/sniff.cc decides it.
Wire sniff(const std::string& bytes) {
  std::size_t i = 0;
  while (i < bytes.size() &&
         (bytes[i] == ' ' || bytes[i] == '\t' || bytes[i] == '\r' || bytes[i] == '\n'))
    ++i;
  if (i < bytes.size() && bytes[i] == '{') return Wire::kTcpJson;
  if (i == bytes.size() && i < 256) return Wire::kUnknown;  // only whitespace so far
  for (std::string_view method : {"GET ", "POST ", "HEAD ", "PUT ", "OPTIONS "}) {
    const std::size_t n = std::min(bytes.size(), method.size());
    if (std::string_view(bytes).substr(0, n) != method.substr(0, n)) continue;
    return n == method.size() ? Wire::kWebSocket : Wire::kUnknown;
  }
  return Wire::kTcpBinary;
}

std::string json_of(const google::protobuf::Message& m) {
  auto line = protocol::to_json_line(m, kLogBytes);
  return line ? *line : "(cannot be shown: " + line.message() + ")";
}

std::string excerpt(std::string_view bytes) {
  std::string out;
  for (char c : bytes.substr(0, 80)) {
    const auto u = static_cast<unsigned char>(c);
    out += (u < 0x20 || u >= 0x7f) ? '.' : c;
  }
  return bytes.size() > 80 ? out + "..." : out;
}

}  // namespace

std::string wire_name(Wire wire) {
  switch (wire) {
    case Wire::kTcpBinary:
      return "TCP protobuf frames";
    case Wire::kTcpJson:
      return "TCP JSON lines";
    case Wire::kWebSocket:
      return "WebSocket";
    case Wire::kUnknown:
      break;
  }
  return "an unknown transport";
}

struct ScriptedServer::Io {
  asio::io_context context;
  asio::executor_work_guard<asio::io_context::executor_type> work{context.get_executor()};
  tcp::acceptor acceptor{context};
};

struct ScriptedServer::Link {
  struct Out {
    std::string bytes;
    bool text = false;
    bool ping = false;
  };
  explicit Link(tcp::socket s) : socket(std::move(s)) {}
  tcp::socket& raw() { return ws ? beast::get_lowest_layer(*ws).socket() : socket; }

  int id = 0;
  tcp::socket socket;  // moved into `ws` once the transport is a WebSocket
  std::unique_ptr<websocket::stream<beast::tcp_stream>> ws;
  bool ws_accepted = false;
  Wire wire = Wire::kUnknown;
  std::string sniffed;
  framing::LengthPrefixedDecoder frames{kMaxFrameBytes};
  framing::LineDecoder lines{kMaxFrameBytes};
  beast::flat_buffer buffer;
  http::request<http::string_body> request;
  std::array<char, 16384> chunk{};
  std::deque<Out> outbox;
  bool writing = false;
  bool reply_text = false;
  bool open = true;
  bool dropping = false;
  bool shut = false;
  CheckTime last_inbound{}, last_sent{}, dropped_at{};
};

ScriptedServer::ScriptedServer(CheckLog& log) : log_(log), io_(std::make_unique<Io>()) {}

ScriptedServer::~ScriptedServer() {
  error_code ec;
  io_->acceptor.close(ec);
  for (auto& [id, l] : links_) l->raw().close(ec);
  links_.clear();  // before the io_context: pending handlers are dropped, never run
}

Result<std::uint16_t> ScriptedServer::listen() {
  error_code ec;
  const tcp::endpoint at(asio::ip::make_address_v4("127.0.0.1"), 0);
  io_->acceptor.open(at.protocol(), ec);
  if (!ec) io_->acceptor.bind(at, ec);
  if (!ec) io_->acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) return fail("cannot listen on 127.0.0.1: " + ec.message());
  const auto port = io_->acceptor.local_endpoint(ec).port();
  if (ec) return fail("cannot listen on 127.0.0.1: " + ec.message());
  accept();
  return port;
}

void ScriptedServer::accept() {
  io_->acceptor.async_accept([this](error_code ec, tcp::socket socket) {
    if (ec) {
      if (ec != asio::error::operation_aborted) accept();
      return;
    }
    auto link = std::make_unique<Link>(std::move(socket));
    Link& l = *link;
    l.id = ++next_id_;
    l.last_inbound = CheckClock::now();
    links_[l.id] = std::move(link);
    log_.line("link " + std::to_string(l.id) + ": connected");
    push({Inbound::Kind::kOpened, l.id, l.last_inbound, {}, {}, {}, false});
    read_tcp(l);
    accept();
  });
}

void ScriptedServer::read_tcp(Link& l) {
  l.socket.async_read_some(asio::buffer(l.chunk), [this, &l](error_code ec, std::size_t n) {
    if (ec)
      return closed(l, ec == asio::error::eof ? "the bot closed the connection"
                                              : "reading failed: " + ec.message());
    const CheckTime at = CheckClock::now();
    l.last_inbound = at;
    std::string bytes(l.chunk.data(), n);
    if (l.wire == Wire::kUnknown) {
      l.sniffed += bytes;
      l.wire = sniff(l.sniffed);
      if (l.wire == Wire::kUnknown) return read_tcp(l);
      log_.line("link " + std::to_string(l.id) + ": speaks " + wire_name(l.wire));
      if (l.wire == Wire::kWebSocket) return upgrade(l);
      bytes = std::move(l.sniffed);
      l.sniffed.clear();
    }
    feed(l, bytes, at);
    if (l.open) read_tcp(l);
  });
}

void ScriptedServer::upgrade(Link& l) {
  l.ws = std::make_unique<websocket::stream<beast::tcp_stream>>(
      beast::tcp_stream(std::move(l.socket)));
  // The bytes read while sniffing begin the HTTP request.
  const auto room = l.buffer.prepare(l.sniffed.size());
  l.buffer.commit(asio::buffer_copy(room, asio::buffer(l.sniffed)));
  l.sniffed.clear();
  http::async_read(l.ws->next_layer(), l.buffer, l.request, [this, &l](error_code ec, std::size_t) {
    if (ec) return closed(l, "a broken HTTP request: " + ec.message());
    if (!websocket::is_upgrade(l.request)) {
      push({Inbound::Kind::kUnreadable,
            l.id,
            CheckClock::now(),
            {},
            "an HTTP request (" + std::string(l.request.target()) + ") without a WebSocket upgrade",
            v1::ERROR_CODE_BAD_FRAME,
            true});
      l.dropping = true;
      l.dropped_at = CheckClock::now();
      static const std::string kRefusal =
          "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\nContent-Length: 53\r\n"
          "Connection: close\r\n\r\nthe conformance server speaks the bot protocol only\r\n";
      l.outbox.push_back({kRefusal, false, false});
      l.ws_accepted = false;
      return write_next(l);
    }
    websocket::stream_base::timeout timeouts{};
    timeouts.handshake_timeout = std::chrono::seconds(5);
    timeouts.idle_timeout = websocket::stream_base::none();  // the script watches idleness
    timeouts.keep_alive_pings = false;
    l.ws->set_option(timeouts);
    l.ws->read_message_max(kMaxFrameBytes);
    l.ws->auto_fragment(false);
    l.ws->control_callback([&l](websocket::frame_type, beast::string_view) {
      l.last_inbound = CheckClock::now();  // a pong is a sign of life, as on the real server
    });
    l.ws->async_accept(l.request, [this, &l](error_code accept_ec) {
      if (accept_ec) return closed(l, "the WebSocket handshake failed: " + accept_ec.message());
      l.ws_accepted = true;
      read_ws(l);
      write_next(l);
    });
  });
}

void ScriptedServer::read_ws(Link& l) {
  l.ws->async_read(l.buffer, [this, &l](error_code ec, std::size_t) {
    if (ec) {
      if (ec == websocket::error::message_too_big)
        push({Inbound::Kind::kUnreadable,
              l.id,
              CheckClock::now(),
              {},
              "a WebSocket message over the limit of " + std::to_string(kMaxFrameBytes) + " bytes",
              v1::ERROR_CODE_FRAME_TOO_LARGE,
              true});
      return closed(l, ec == websocket::error::closed ? "the bot closed the WebSocket"
                       : ec == asio::error::eof       ? "the bot closed the connection"
                                                      : "reading failed: " + ec.message());
    }
    const CheckTime at = CheckClock::now();
    l.last_inbound = at;
    const bool text = l.ws->got_text();
    const std::string payload = beast::buffers_to_string(l.buffer.data());
    l.buffer.consume(l.buffer.size());
    if (!l.dropping) l.reply_text = text;
    if (payload.empty() && !l.dropping)
      push({Inbound::Kind::kUnreadable,
            l.id,
            at,
            {},
            "an empty WebSocket message",
            v1::ERROR_CODE_BAD_MESSAGE,
            false});
    else if (!payload.empty())
      deliver(l, payload, text, at);
    read_ws(l);
  });
}

void ScriptedServer::feed(Link& l, const std::string& bytes, CheckTime at) {
  const bool json = l.wire == Wire::kTcpJson;
  if (json)
    l.lines.feed(bytes);
  else
    l.frames.feed(bytes);
  for (;;) {
    auto step = json ? l.lines.next() : l.frames.next();
    if (step.need_more()) return;
    if (step.is_frame()) {
      deliver(l, step.payload, json, at);
      continue;
    }
    if (l.dropping) return;
    // A JSON line over the limit is skipped (the next line reads on); a broken length
    // prefix loses the stream.
    const bool too_large = step.reason.find("exceeds") != std::string::npos ||
                           step.reason.find("limit") != std::string::npos;
    push({Inbound::Kind::kUnreadable,
          l.id,
          at,
          {},
          step.reason + (json ? "" : " (the length prefix: 4 bytes, big-endian)"),
          too_large ? v1::ERROR_CODE_FRAME_TOO_LARGE : v1::ERROR_CODE_BAD_FRAME,
          !step.resynchronised});
    if (!step.resynchronised) return;
  }
}

void ScriptedServer::deliver(Link& l, const std::string& payload, bool json, CheckTime at) {
  Inbound in{Inbound::Kind::kMessage, l.id, at, {}, {}, {}, false};
  const Status st = json ? protocol::from_json(payload, &in.message, kMaxFrameBytes)
                         : protocol::parse_binary(payload, &in.message, kMaxFrameBytes);
  if (l.dropping) {
    // Lost with the connection; the script only hears what it was.
    if (log_.enabled())
      log_.line("bot> (link " + std::to_string(l.id) + ", after the drop, lost) " +
                (st ? json_of(in.message) : excerpt(payload)));
    if (!st) return;
    in.after_drop = true;
    return push(std::move(in));
  }
  if (!st) {
    log_.line("bot> (link " + std::to_string(l.id) + ", unreadable) " + excerpt(payload));
    push({Inbound::Kind::kUnreadable,
          l.id,
          at,
          {},
          st.message() + " in " + (json ? "\"" + excerpt(payload) + "\"" : "a protobuf frame"),
          v1::ERROR_CODE_BAD_MESSAGE,
          false});
    return;
  }
  if (log_.enabled()) log_.line("bot> (link " + std::to_string(l.id) + ") " + json_of(in.message));
  push(std::move(in));
}

void ScriptedServer::send(int link, const v1::ServerMessage& message) {
  Link* l = find(link);
  if (!l || !l->open || l->dropping) return;
  const bool json = l->wire == Wire::kTcpJson || (l->wire == Wire::kWebSocket && l->reply_text);
  auto payload = json ? protocol::to_json_line(message, kMaxFrameBytes)
                      : protocol::to_binary(message, kMaxFrameBytes);
  if (!payload) {
    log_.line("not sent (link " + std::to_string(link) + "): " + payload.message());
    return;
  }
  if (log_.enabled()) log_.line("bot< (link " + std::to_string(link) + ") " + json_of(message));
  Link::Out out;
  out.text = json;
  if (l->wire == Wire::kTcpJson)
    out.bytes = framing::encode_json_line(*payload);
  else if (l->wire == Wire::kTcpBinary)
    out.bytes = framing::encode_length_prefixed(*payload);
  else
    out.bytes = std::move(payload).value();
  l->outbox.push_back(std::move(out));
  l->last_sent = CheckClock::now();
  write_next(*l);
}

void ScriptedServer::ws_ping(int link) {
  Link* l = find(link);
  if (!l || !l->open || l->dropping || !l->ws) return;
  l->outbox.push_back({"", false, true});
  write_next(*l);
}

void ScriptedServer::drop(int link) {
  Link* l = find(link);
  if (!l || !l->open || l->dropping) return;
  log_.line("link " + std::to_string(link) + ": dropped by the server");
  l->dropping = true;
  l->dropped_at = CheckClock::now();
  write_next(*l);
}

void ScriptedServer::write_next(Link& l) {
  if (l.writing || !l.open) return;
  if (l.ws && !l.ws_accepted && !l.dropping) return;  // after the handshake
  if (l.outbox.empty()) {
    if (l.dropping && !l.shut) {
      // FIN after the last byte: the bot reads everything, then the end of the stream.
      l.shut = true;
      error_code ec;
      l.raw().shutdown(tcp::socket::shutdown_send, ec);
    }
    return;
  }
  l.writing = true;
  auto done = [this, &l](error_code ec) {
    l.writing = false;
    if (!l.outbox.empty()) l.outbox.pop_front();
    if (ec) {
      if (l.open) closed(l, "writing failed: " + ec.message());
      return;
    }
    write_next(l);
  };
  Link::Out& out = l.outbox.front();
  if (l.ws && l.ws_accepted) {
    if (out.ping) return l.ws->async_ping({}, done);
    l.ws->text(out.text);
    l.ws->async_write(asio::buffer(out.bytes), [done](error_code ec, std::size_t) { done(ec); });
    return;
  }
  asio::async_write(l.raw(), asio::buffer(out.bytes),
                    [done](error_code ec, std::size_t) { done(ec); });
}

void ScriptedServer::closed(Link& l, const std::string& why) {
  if (!l.open) return;
  l.open = false;
  error_code ec;
  l.raw().close(ec);
  log_.line("link " + std::to_string(l.id) + ": closed: " + why);
  push({Inbound::Kind::kClosed, l.id, CheckClock::now(), {}, why, {}, false});
}

void ScriptedServer::push(Inbound in) {
  inbox_.push_back(std::move(in));
}

std::optional<Inbound> ScriptedServer::next(CheckTime deadline) {
  for (;;) {
    const CheckTime now = CheckClock::now();
    for (auto& [id, l] : links_)
      if (l->open && l->dropping && now - l->dropped_at > kDropLinger)
        closed(*l, "closed by the server after the drop");
    if (!inbox_.empty() || now >= deadline) break;
    io_->context.run_one_until(deadline);
  }
  if (inbox_.empty()) return std::nullopt;
  Inbound in = std::move(inbox_.front());
  inbox_.pop_front();
  return in;
}

ScriptedServer::Link* ScriptedServer::find(int link) const {
  auto it = links_.find(link);
  return it == links_.end() ? nullptr : it->second.get();
}

bool ScriptedServer::is_open(int link) const {
  const Link* l = find(link);
  return l && l->open && !l->dropping;
}

Wire ScriptedServer::wire(int link) const {
  const Link* l = find(link);
  return l ? l->wire : Wire::kUnknown;
}

CheckTime ScriptedServer::last_inbound(int link) const {
  const Link* l = find(link);
  return l ? l->last_inbound : CheckTime{};
}

CheckTime ScriptedServer::last_sent(int link) const {
  const Link* l = find(link);
  return l ? l->last_sent : CheckTime{};
}

}  // namespace boyi::engine_check
