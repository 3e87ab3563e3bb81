#include "server/net/net_test_util.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/executor_work_guard.hpp>
#include <cctype>
#include <fstream>
#include <random>

namespace boyi::net::test {

void EchoHandler::record(std::string e) {
  {
    std::lock_guard lock(mu_);
    events_.push_back(std::move(e));
  }
  cv_.notify_all();
}

void EchoHandler::on_open(const ConnectionPtr& c) {
  {
    std::lock_guard lock(mu_);
    open_[c->id()] = c;
  }
  record("open:" + std::string(to_string(c->transport())));
}

void EchoHandler::on_frame(const ConnectionPtr& c, Frame f) {
  record("frame:" + std::string(framing::to_string(f.kind)) + ":" + f.bytes);
  (void)c->send(std::move(f));
}

void EchoHandler::on_close(const ConnectionPtr& c, const std::string& reason) {
  {
    std::lock_guard lock(mu_);
    open_.erase(c->id());
  }
  record("close:" + reason);
}

void EchoHandler::on_protocol_error(const ConnectionPtr& c, const ProtocolError& e) {
  record("error:" + e.code + ":" + (e.fatal ? "fatal" : "ok") + ":" + e.message);
  if (c->transport() == Transport::tcp_binary) {
    (void)c->send(Frame{"error:" + e.code, FrameKind::binary});
  } else {
    (void)c->send(Frame{"{\"error\":\"" + e.code + "\"}", FrameKind::json});
  }
}

std::optional<Frame> EchoHandler::refusal(FrameKind kind, const ProtocolError& e) {
  if (kind == FrameKind::binary) return Frame{"full:" + e.message, kind};
  return Frame{"{\"error\":\"" + e.code + "\"}", kind};
}

void EchoHandler::on_shutdown() {
  for (auto& c : open_connections()) {
    (void)c->send(c->transport() == Transport::tcp_binary ? Frame{"bye", FrameKind::binary}
                                                          : Frame{"{\"bye\":1}", FrameKind::json});
  }
  record("shutdown");
}

std::optional<std::string> EchoHandler::wait_event(const std::string& prefix,
                                                   std::chrono::milliseconds timeout) {
  std::unique_lock lock(mu_);
  std::optional<std::string> found;
  cv_.wait_for(lock, timeout, [&] {
    for (const auto& e : events_) {
      if (e.rfind(prefix, 0) == 0) {
        found = e;
        return true;
      }
    }
    return false;
  });
  return found;
}

std::vector<std::string> EchoHandler::events() {
  std::lock_guard lock(mu_);
  return events_;
}

std::vector<ConnectionPtr> EchoHandler::open_connections() {
  std::lock_guard lock(mu_);
  std::vector<ConnectionPtr> out;
  for (auto& [id, c] : open_) out.push_back(c);
  return out;
}

bool EchoHandler::wait_open(std::size_t n, std::chrono::milliseconds timeout) {
  std::unique_lock lock(mu_);
  return cv_.wait_for(lock, timeout, [&] { return open_.size() >= n; });
}

NetLimits test_limits() {
  NetLimits l;
  l.max_frame_bytes = 1024;
  l.max_send_queue_bytes = 64 * 1024;
  l.max_send_queue_frames = 256;
  l.idle_timeout = 10s;
  l.sniff_timeout = 5s;
  l.close_flush_timeout = 2s;
  l.max_http_body_bytes = 4096;
  return l;
}

TestServer::TestServer(NetLimits limits) {
  std::random_device rd;
  root_ = std::filesystem::temp_directory_path() /
          ("boyi-net-test-" + std::to_string(::getpid()) + "-" + std::to_string(rd()));
  std::filesystem::create_directories(root_ / "www" / "sub");
  std::ofstream(root_ / "www" / "index.html") << "<h1>boyi</h1>";
  std::ofstream(root_ / "www" / "app.js") << "console.log(1);";
  std::ofstream(root_ / "www" / "sub" / "data.json") << "{\"x\":1}";
  std::ofstream(root_ / "secret.txt") << "top secret";
  std::filesystem::create_symlink(root_ / "secret.txt", root_ / "www" / "escape.txt");

  handler_ = std::make_shared<EchoHandler>();
  metrics_ = std::make_shared<MetricsRegistry>();
  ListenerConfig config;
  config.address = "127.0.0.1";
  config.port = 0;
  config.limits = limits;
  config.static_root = root_ / "www";
  listener_ = std::make_unique<Listener>(ioc_, handler_, metrics_, config);
  listener_->routes().add_route("GET", "/api/echo", [](const HttpRequest& r) {
    return HttpResponse{
        200, "application/json", "{\"path\":\"" + r.path + "\",\"query\":\"" + r.query + "\"}", {}};
  });
  listener_->routes().add_route("POST", "/api/later",
                                AsyncHttpHandler([](const HttpRequest& r, HttpResponder respond) {
                                  std::thread([r, respond] {
                                    std::this_thread::sleep_for(20ms);
                                    respond(HttpResponse{201, "text/plain", "got " + r.body, {}});
                                  }).detach();
                                }));
  listener_->routes().add_route("GET", "/api/dropped",
                                AsyncHttpHandler([](const HttpRequest&, HttpResponder) {}));
  auto port = listener_->start();
  if (port.ok()) port_ = port.value();
  for (int i = 0; i < 2; ++i) {
    threads_.emplace_back([this] {
      auto guard = boost::asio::make_work_guard(ioc_);
      ioc_.run();
    });
  }
}

bool TestServer::shutdown(std::chrono::milliseconds deadline) {
  if (shut_) return true;
  shut_ = true;
  std::mutex mu;
  std::condition_variable cv;
  bool done = false;
  listener_->shutdown("server shutting down", deadline, [&] {
    std::lock_guard lock(mu);
    done = true;
    cv.notify_all();
  });
  std::unique_lock lock(mu);
  return cv.wait_for(lock, deadline + 3s, [&] { return done; });
}

TestServer::~TestServer() {
  shutdown();
  ioc_.stop();
  for (auto& t : threads_) t.join();
  listener_.reset();
  std::error_code ec;
  std::filesystem::remove_all(root_, ec);
}

TcpClient::TcpClient(std::uint16_t port, int receive_buffer) {
  fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd_ < 0) return;
  if (receive_buffer > 0) {
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &receive_buffer, sizeof receive_buffer);
  }
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd_);
    fd_ = -1;
  }
}

TcpClient::~TcpClient() {
  if (fd_ >= 0) ::close(fd_);
}

bool TcpClient::send(std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// One recv with a deadline: >0 bytes, 0 closed, -1 timeout/error.
static ssize_t recv_some(int fd, char* buf, std::size_t size,
                         std::chrono::steady_clock::time_point until) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
      until - std::chrono::steady_clock::now());
  if (left.count() <= 0) return -1;
  pollfd p{fd, POLLIN, 0};
  if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) return -1;
  const ssize_t n = ::recv(fd, buf, size, 0);
  return n < 0 ? 0 : n;  // a reset counts as closed
}

std::string TcpClient::read(std::size_t n, std::chrono::milliseconds timeout) {
  const auto until = std::chrono::steady_clock::now() + timeout;
  std::string out;
  char buf[4096];
  while (out.size() < n) {
    const ssize_t got = recv_some(fd_, buf, std::min(sizeof buf, n - out.size()), until);
    if (got <= 0) break;
    out.append(buf, static_cast<std::size_t>(got));
  }
  return out;
}

bool TcpClient::read_until_closed(std::string& out, std::chrono::milliseconds timeout) {
  const auto until = std::chrono::steady_clock::now() + timeout;
  char buf[4096];
  while (true) {
    const ssize_t got = recv_some(fd_, buf, sizeof buf, until);
    if (got == 0) return true;
    if (got < 0) return false;
    out.append(buf, static_cast<std::size_t>(got));
  }
}

template <class Decoder>
std::optional<std::string> TcpClient::next(Decoder& d, std::chrono::milliseconds timeout) {
  const auto until = std::chrono::steady_clock::now() + timeout;
  char buf[4096];
  while (true) {
    auto step = d.next();
    if (step.is_frame()) return step.payload;
    if (step.is_error()) return "!" + step.reason;
    const ssize_t got = recv_some(fd_, buf, sizeof buf, until);
    if (got <= 0) return std::nullopt;
    d.feed(std::string_view(buf, static_cast<std::size_t>(got)));
  }
}

std::optional<std::string> TcpClient::next_binary(std::chrono::milliseconds timeout) {
  return next(bin_, timeout);
}
std::optional<std::string> TcpClient::next_line(std::chrono::milliseconds timeout) {
  return next(lines_, timeout);
}

HttpReply http_request(std::uint16_t port, const std::string& method, const std::string& target,
                       const std::string& body, const std::vector<std::string>& extra_headers) {
  TcpClient c(port);
  HttpReply reply;
  if (!c.connected()) return reply;
  std::string req = method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
  for (const auto& h : extra_headers) req += h + "\r\n";
  if (!body.empty()) req += "Content-Length: " + std::to_string(body.size()) + "\r\n";
  req += "\r\n" + body;
  c.send(req);
  std::string raw;
  c.read_until_closed(raw);
  const auto end = raw.find("\r\n\r\n");
  if (raw.rfind("HTTP/1.1 ", 0) != 0 || end == std::string::npos) return reply;
  reply.status = std::atoi(raw.c_str() + 9);
  std::size_t pos = raw.find("\r\n") + 2;
  while (pos < end) {
    const auto eol = raw.find("\r\n", pos);
    const std::string line = raw.substr(pos, eol - pos);
    const auto colon = line.find(':');
    if (colon != std::string::npos) {
      std::string name = line.substr(0, colon);
      std::transform(name.begin(), name.end(), name.begin(),
                     [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
      std::string value = line.substr(colon + 1);
      value.erase(0, value.find_first_not_of(' '));
      reply.headers[name] = value;
    }
    pos = eol + 2;
  }
  reply.body = raw.substr(end + 4);
  return reply;
}

}  // namespace boyi::net::test

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

namespace boyi::net::test {

WsOutcome ws_session(std::uint16_t port, const std::vector<Frame>& frames, std::size_t expect,
                     std::chrono::milliseconds timeout) {
  namespace asio = boost::asio;
  namespace beast = boost::beast;
  namespace websocket = beast::websocket;
  asio::io_context ioc;
  WsOutcome out;
  auto run = [&]() -> asio::awaitable<void> {
    websocket::stream<beast::tcp_stream> ws(co_await asio::this_coro::executor);
    boost::system::error_code ec;
    co_await beast::get_lowest_layer(ws).async_connect(
        asio::ip::tcp::endpoint(asio::ip::make_address("127.0.0.1"), port),
        asio::redirect_error(asio::use_awaitable, ec));
    if (ec) co_return;
    co_await ws.async_handshake("127.0.0.1", "/ws", asio::redirect_error(asio::use_awaitable, ec));
    if (ec) {
      out.error = ec.message();
      co_return;
    }
    out.connected = true;
    for (const auto& f : frames) {
      ws.binary(f.kind == FrameKind::binary);
      co_await ws.async_write(asio::buffer(f.bytes), asio::redirect_error(asio::use_awaitable, ec));
      if (ec) break;
    }
    beast::flat_buffer buffer;
    while (out.received.size() < expect) {
      co_await ws.async_read(buffer, asio::redirect_error(asio::use_awaitable, ec));
      if (ec) {
        out.error = ec.message();
        if (ec == websocket::error::closed) {
          out.close_code = static_cast<int>(ws.reason().code);
          out.close_reason.assign(ws.reason().reason.data(), ws.reason().reason.size());
        }
        co_return;
      }
      out.received.push_back(Frame{beast::buffers_to_string(buffer.data()),
                                   ws.got_text() ? FrameKind::json : FrameKind::binary});
      buffer.consume(buffer.size());
    }
    co_await ws.async_close(websocket::close_code::normal,
                            asio::redirect_error(asio::use_awaitable, ec));
  };
  asio::co_spawn(ioc, run(), asio::detached);
  ioc.run_for(timeout);
  return out;
}

}  // namespace boyi::net::test
