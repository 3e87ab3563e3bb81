#include "server/net/listener.h"

#include "server/net/detail.h"

namespace boyi::net {

std::string_view to_string(Transport t) {
  switch (t) {
    case Transport::tcp_binary:
      return "tcp-binary";
    case Transport::tcp_json:
      return "tcp-json";
    case Transport::websocket:
      return "ws";
  }
  return "unknown";
}

namespace detail {

NetMetrics::NetMetrics(MetricsRegistry& r)
    : registry(r),
      open(r.gauge("boyi_net_connections_open", "Accepted sockets not yet closed")),
      http_connections(r.counter("boyi_net_connections_total", "Connections accepted, by transport",
                                 {{"transport", "http"}})),
      slow_readers(r.counter("boyi_net_slow_readers_dropped_total",
                             "Connections closed because their send queue was full")) {
  for (Transport t : {Transport::tcp_binary, Transport::tcp_json, Transport::websocket}) {
    const Labels l{{"transport", std::string(to_string(t))}};
    auto& p = transport[static_cast<int>(t)];
    p.connections =
        &r.counter("boyi_net_connections_total", "Connections accepted, by transport", l);
    p.frames_in = &r.counter("boyi_net_frames_in_total", "Frames received", l);
    p.frames_out = &r.counter("boyi_net_frames_out_total", "Frames sent", l);
    p.bytes_in = &r.counter("boyi_net_bytes_in_total", "Bytes received (with framing)", l);
    p.bytes_out = &r.counter("boyi_net_bytes_out_total", "Bytes sent (with framing)", l);
  }
}

void NetMetrics::protocol_error(const std::string& code) {
  registry
      .counter("boyi_net_protocol_errors_total", "Protocol errors, by reason", {{"reason", code}})
      .inc();
}

void NetMetrics::rejected(const std::string& why) {
  registry
      .counter("boyi_net_connections_rejected_total", "Connections refused at a cap",
               {{"reason", why}})
      .inc();
}

void NetMetrics::http_request(int status) {
  registry
      .counter("boyi_net_http_requests_total", "HTTP responses, by status",
               {{"code", std::to_string(status)}})
      .inc();
}

Slot::~Slot() {
  shared_->release(address_);
}

std::shared_ptr<Slot> Shared::admit(const std::string& address, std::string& why) {
  std::lock_guard lock(mu);
  if (total >= limits.max_connections) {
    why = "total";
    return nullptr;
  }
  auto& n = per_address[address];
  if (n >= limits.max_connections_per_address) {
    why = "per_address";
    return nullptr;
  }
  ++n;
  ++total;
  metrics.open.inc();
  return std::make_shared<Slot>(shared_from_this(), address);
}

void Shared::release(const std::string& address) {
  std::lock_guard lock(mu);
  --total;
  metrics.open.dec();
  auto it = per_address.find(address);
  if (it != per_address.end() && --it->second == 0) per_address.erase(it);
}

void Shared::track(std::uint64_t id, std::weak_ptr<Closable> c) {
  std::lock_guard lock(mu);
  live[id] = std::move(c);
}

void Shared::untrack(std::uint64_t id) {
  std::lock_guard lock(mu);
  live.erase(id);
}

std::size_t Shared::count() {
  std::lock_guard lock(mu);
  return total;
}

std::string format_endpoint(const tcp::endpoint& ep) {
  const auto a = ep.address();
  if (a.is_v6() && !a.to_v6().is_v4_mapped()) {
    return "[" + a.to_string() + "]:" + std::to_string(ep.port());
  }
  const std::string s = a.is_v6()
                            ? asio::ip::make_address_v4(asio::ip::v4_mapped, a.to_v6()).to_string()
                            : a.to_string();
  return s + ":" + std::to_string(ep.port());
}

static std::string address_of(const tcp::endpoint& ep) {
  const auto a = ep.address();
  if (a.is_v6() && a.to_v6().is_v4_mapped())
    return asio::ip::make_address_v4(asio::ip::v4_mapped, a.to_v6()).to_string();
  return a.to_string();
}

}  // namespace detail

using namespace detail;

struct Listener::Impl : std::enable_shared_from_this<Impl> {
  Impl(asio::io_context& io, std::shared_ptr<ConnectionHandler> handler,
       std::shared_ptr<MetricsRegistry> metrics, ListenerConfig c)
      : ioc(io),
        config(std::move(c)),
        shared(std::make_shared<Shared>(io, std::move(handler), std::move(metrics), config.limits,
                                        config.static_root, config.serve_metrics)),
        acceptor(asio::make_strand(io)) {}

  asio::io_context& ioc;
  ListenerConfig config;
  std::shared_ptr<Shared> shared;
  tcp::acceptor acceptor;
  std::atomic<std::uint16_t> port{0};
  std::atomic<bool> shutdown_started{false};

  asio::awaitable<void> accept_loop() {
    auto self = shared_from_this();
    asio::steady_timer backoff(acceptor.get_executor());
    while (acceptor.is_open()) {
      boost::system::error_code ec;
      tcp::socket socket = co_await acceptor.async_accept(
          asio::make_strand(ioc), asio::redirect_error(asio::use_awaitable, ec));
      if (ec) {
        if (ec == asio::error::operation_aborted || !acceptor.is_open()) break;
        // Out of descriptors or similar: wait a little instead of spinning.
        backoff.expires_after(std::chrono::milliseconds(50));
        co_await backoff.async_wait(asio::redirect_error(asio::use_awaitable, ec));
        continue;
      }
      if (shared->shutting_down.load()) {
        socket.close(ec);
        continue;
      }
      const tcp::endpoint ep = socket.remote_endpoint(ec);
      if (ec) continue;
      std::string why;
      auto slot = shared->admit(address_of(ep), why);
      if (!slot) {
        refuse_connection(shared, std::move(socket), std::move(why));
        continue;
      }
      socket.set_option(tcp::no_delay(true), ec);
      start_raw_link(shared, std::move(socket), std::move(slot), format_endpoint(ep),
                     address_of(ep));
    }
  }

  asio::awaitable<void> run_shutdown(std::string reason, std::chrono::milliseconds deadline,
                                     std::function<void()> done) {
    auto self = shared_from_this();
    const auto until = Clock::now() + deadline;
    boost::system::error_code ec;
    acceptor.close(ec);
    try {
      shared->handler->on_shutdown();
    } catch (...) {
      // the handler's last words failed; closing goes on
    }
    std::vector<std::shared_ptr<Closable>> all;
    {
      std::lock_guard lock(shared->mu);
      for (auto& [id, weak] : shared->live) {
        if (auto c = weak.lock()) all.push_back(std::move(c));
      }
    }
    for (auto& c : all) c->close(reason);
    all.clear();
    asio::steady_timer timer(acceptor.get_executor());
    bool forced = false;
    const auto hard_until = until + std::chrono::seconds(1);
    while (shared->count() > 0 && Clock::now() < hard_until) {
      if (!forced && Clock::now() >= until) {
        forced = true;
        {
          std::lock_guard lock(shared->mu);
          for (auto& [id, weak] : shared->live) {
            if (auto c = weak.lock()) all.push_back(std::move(c));
          }
        }
        for (auto& c : all) c->abort(reason + " (shutdown deadline passed)");
        all.clear();
      }
      timer.expires_after(std::chrono::milliseconds(10));
      co_await timer.async_wait(asio::redirect_error(asio::use_awaitable, ec));
    }
    if (done) done();
  }
};

Listener::Listener(boost::asio::io_context& ioc, std::shared_ptr<ConnectionHandler> handler,
                   std::shared_ptr<MetricsRegistry> metrics, ListenerConfig config)
    : impl_(
          std::make_shared<Impl>(ioc, std::move(handler), std::move(metrics), std::move(config))) {}

Listener::~Listener() {
  asio::post(impl_->acceptor.get_executor(), [impl = impl_] {
    boost::system::error_code ec;
    impl->acceptor.close(ec);
  });
}

HttpRoutes& Listener::routes() {
  return impl_->shared->routes;
}

Result<std::uint16_t> Listener::start() {
  auto& acc = impl_->acceptor;
  boost::system::error_code ec;
  const auto address = asio::ip::make_address(impl_->config.address, ec);
  if (ec) return fail("bad listen address '" + impl_->config.address + "': " + ec.message());
  const tcp::endpoint ep(address, impl_->config.port);
  acc.open(ep.protocol(), ec);
  if (ec) return fail("cannot open a socket: " + ec.message());
  acc.set_option(asio::socket_base::reuse_address(true), ec);
  if (address.is_v6()) acc.set_option(asio::ip::v6_only(false), ec);
  acc.bind(ep, ec);
  if (ec) {
    acc.close(ec);
    return fail("cannot bind " + format_endpoint(ep) + ": " + ec.message());
  }
  acc.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) {
    acc.close(ec);
    return fail("cannot listen on " + format_endpoint(ep) + ": " + ec.message());
  }
  const auto port = acc.local_endpoint(ec).port();
  impl_->port.store(port);
  asio::co_spawn(
      acc.get_executor(),
      [impl = impl_]() -> asio::awaitable<void> { co_await impl->accept_loop(); }, asio::detached);
  return port;
}

std::uint16_t Listener::port() const {
  return impl_->port.load();
}

std::size_t Listener::connection_count() const {
  return impl_->shared->count();
}

void Listener::shutdown(std::string reason, std::chrono::milliseconds deadline,
                        std::function<void()> done) {
  if (impl_->shutdown_started.exchange(true)) return;
  impl_->shared->shutting_down.store(true);
  asio::co_spawn(
      impl_->acceptor.get_executor(),
      [impl = impl_, r = std::move(reason), deadline,
       d = std::move(done)]() mutable -> asio::awaitable<void> {
        co_await impl->run_shutdown(std::move(r), deadline, std::move(d));
      },
      asio::detached);
}

}  // namespace boyi::net
