#include "tools/load/echo_baseline.h"

#include <atomic>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

namespace boyi::load {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;
constexpr auto kNoThrow = asio::as_tuple(asio::use_awaitable);

namespace {

asio::awaitable<void> echo_session(tcp::socket socket) {
  websocket::stream<tcp::socket> ws(std::move(socket));
  ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
  auto [aec] = co_await ws.async_accept(kNoThrow);
  if (aec) co_return;
  beast::flat_buffer buffer;
  for (;;) {
    auto [rec, n] = co_await ws.async_read(buffer, kNoThrow);
    if (rec) co_return;
    ws.text(ws.got_text());
    auto [wec, m] = co_await ws.async_write(buffer.data(), kNoThrow);
    if (wec) co_return;
    buffer.consume(buffer.size());
  }
}

asio::awaitable<void> echo_accept(tcp::acceptor& acceptor) {
  for (;;) {
    tcp::socket socket(asio::make_strand(acceptor.get_executor()));
    auto [ec] = co_await acceptor.async_accept(socket, kNoThrow);
    if (ec) co_return;
    socket.set_option(tcp::no_delay(true));
    asio::co_spawn(socket.get_executor(), echo_session(std::move(socket)), asio::detached);
  }
}

struct ClientShared {
  ClientShared(const EchoOptions& options, std::uint16_t p) : opt(options), port(p) {}
  const EchoOptions& opt;
  std::uint16_t port;
  std::atomic<bool> measuring{false}, stopping{false};
  std::atomic<std::uint64_t> connected{0}, messages{0};
  Latencies latency;
};

// A pair of connections taking turns: A sends, waits for its echo, thinks; then B; ...
asio::awaitable<void> echo_pair(ClientShared& s) {
  auto ex = co_await asio::this_coro::executor;
  std::vector<std::unique_ptr<websocket::stream<tcp::socket>>> ws;
  for (int k = 0; k < 2; ++k) {
    tcp::socket sock(ex);
    auto [cec] =
        co_await sock.async_connect({asio::ip::make_address("127.0.0.1"), s.port}, kNoThrow);
    if (cec) co_return;
    sock.set_option(tcp::no_delay(true));
    ws.push_back(std::make_unique<websocket::stream<tcp::socket>>(std::move(sock)));
    auto [hec] = co_await ws.back()->async_handshake("127.0.0.1", "/", kNoThrow);
    if (hec) co_return;
    ws.back()->binary(true);
    ++s.connected;
  }
  const std::string payload(s.opt.message_bytes, 'm');
  beast::flat_buffer buffer;
  asio::steady_timer timer(ex);
  for (int turn = 0; !s.stopping; turn ^= 1) {
    if (s.opt.think_ms > 0) {
      timer.expires_after(std::chrono::milliseconds(s.opt.think_ms));
      co_await timer.async_wait(kNoThrow);
    }
    const auto t0 = Clock::now();
    auto [wec, wn] = co_await ws[turn]->async_write(asio::buffer(payload), kNoThrow);
    if (wec) break;
    auto [rec, rn] = co_await ws[turn]->async_read(buffer, kNoThrow);
    if (rec) break;
    buffer.consume(buffer.size());
    if (s.measuring) {
      s.latency.add(
          std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t0).count());
      ++s.messages;
    }
  }
  for (auto& w : ws) {
    beast::error_code ignored;
    w->next_layer().close(ignored);
  }
}

}  // namespace

EchoReport run_echo_baseline(const EchoOptions& opt) {
  asio::io_context server_ioc;
  tcp::acceptor acceptor(server_ioc, {asio::ip::make_address("127.0.0.1"), 0});
  acceptor.listen(asio::socket_base::max_listen_connections);
  const std::uint16_t port = acceptor.local_endpoint().port();
  asio::co_spawn(server_ioc, echo_accept(acceptor), asio::detached);
  std::vector<std::thread> server_threads;
  for (int i = 0; i < std::max(1, opt.server_threads); ++i) {
    server_threads.emplace_back([&] { server_ioc.run(); });
  }

  asio::io_context client_ioc;
  auto guard = asio::make_work_guard(client_ioc);
  ClientShared shared(opt, port);
  std::vector<std::thread> client_threads;
  for (int i = 0; i < std::max(1, opt.client_threads); ++i) {
    client_threads.emplace_back([&] { client_ioc.run(); });
  }
  const auto ramp_start = Clock::now();
  for (int i = 0; i < opt.pairs; ++i) {
    asio::co_spawn(asio::make_strand(client_ioc), echo_pair(shared), asio::detached);
    std::this_thread::sleep_until(ramp_start +
                                  std::chrono::duration<double>(opt.ramp_s * (i + 1) / opt.pairs));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  shared.measuring = true;
  const auto t0 = Clock::now();
  std::this_thread::sleep_for(std::chrono::duration<double>(opt.duration_s));
  shared.measuring = false;
  EchoReport r;
  r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  shared.stopping = true;
  std::this_thread::sleep_for(std::chrono::milliseconds(std::max(100, opt.think_ms * 4)));
  guard.reset();
  client_ioc.stop();
  for (auto& t : client_threads) t.join();
  beast::error_code ignored;
  acceptor.close(ignored);
  server_ioc.stop();
  for (auto& t : server_threads) t.join();
  r.connected = shared.connected;
  r.messages = shared.messages;
  r.latency = shared.latency.summary();
  return r;
}

}  // namespace boyi::load
