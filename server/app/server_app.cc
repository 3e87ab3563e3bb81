#include "server/app/server_app.h"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "server/accounts/accounts.h"
#include "server/app/app_context.h"
#include "server/app/hub.h"
#include "server/net/listener.h"

namespace boyi::app {
namespace asio = boost::asio;

AppMetrics::AppMetrics(net::MetricsRegistry& r)
    : registry(r),
      connections(r.gauge("boyi_sessions_open", "Protocol sessions (framed connections) open")),
      signed_in(r.gauge("boyi_sessions_signed_in", "Sessions signed in")),
      matches_running(r.gauge("boyi_matches_running", "Matches running")),
      matches_started(r.counter("boyi_matches_started_total", "Matches started")),
      moves_accepted(r.counter("boyi_moves_total", "Actions submitted", {{"result", "accepted"}})),
      moves_rejected(r.counter("boyi_moves_total", "Actions submitted", {{"result", "rejected"}})),
      relay_latency(r.histogram("boyi_move_relay_seconds",
                                "A move received -> its events queued to every recipient",
                                net::latency_buckets_seconds())) {}

void AppMetrics::match_finished(Ending ending) {
  registry
      .counter("boyi_matches_finished_total", "Matches finished, by ending",
               {{"ending", std::string(ending_name(ending))}})
      .inc();
}

void AppMetrics::error(v1::ErrorCode code) {
  registry
      .counter("boyi_errors_total", "Error replies sent, by code",
               {{"code", v1::ErrorCode_Name(code)}})
      .inc();
}

struct ServerApp::Impl {
  ServerConfig config;
  std::shared_ptr<Log> log;
  std::unique_ptr<storage::Database> db;
  std::unique_ptr<accounts::Accounts> accounts;
  asio::io_context ioc;
  std::unique_ptr<asio::thread_pool> match_pool;
  std::unique_ptr<asio::thread_pool> house_pool;
  std::optional<asio::executor_work_guard<asio::io_context::executor_type>> work;
  std::shared_ptr<net::MetricsRegistry> registry = std::make_shared<net::MetricsRegistry>();
  std::unique_ptr<AppMetrics> metrics;
  std::unique_ptr<AppContext> ctx;
  std::shared_ptr<Hub> hub;
  std::unique_ptr<net::Listener> listener;
  std::vector<std::thread> threads;
  std::unique_ptr<asio::steady_timer> heartbeat;
  std::uint16_t port = 0;

  std::mutex mu;
  std::condition_variable cv;
  bool stopping = false;
  bool stopped = false;

  void beat() {
    (void)db->record_heartbeat(storage::wall_clock_ms());
    heartbeat->expires_after(std::chrono::milliseconds(config.heartbeat_interval_ms));
    heartbeat->async_wait([this](const boost::system::error_code& ec) {
      if (!ec) beat();
    });
  }
};

ServerApp::ServerApp(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Result<std::unique_ptr<ServerApp>> ServerApp::start(ServerConfig config) {
  if (auto s = config.validate(); !s) return Error{s.message()};
  auto impl = std::make_unique<Impl>();
  impl->config = config;
  auto log = Log::create(config.log_format, config.log_level);
  if (!log) return Error{log.message()};
  impl->log = std::move(log).value();

  storage::DatabaseOptions opts(config.data_dir);
  opts.synchronous_full = config.storage_sync_full;
  auto db = storage::Database::open(opts);
  if (!db) return Error{"cannot open storage in " + config.data_dir.string() + ": " + db.message()};
  impl->db = std::move(db).value();
  impl->accounts = std::make_unique<accounts::Accounts>(*impl->db, config.argon2);
  impl->metrics = std::make_unique<AppMetrics>(*impl->registry);
  impl->ctx = std::unique_ptr<AppContext>(
      new AppContext{config, *impl->db, impl->ioc, *impl->metrics, *impl->log, {}, {}, {}});
  impl->match_pool = std::make_unique<asio::thread_pool>(config.match_threads);
  impl->ctx->match_executor = impl->match_pool->get_executor();
  impl->house_pool = std::make_unique<asio::thread_pool>(config.house_bot_threads);
  impl->ctx->house_executor = impl->house_pool->get_executor();
  impl->hub = std::make_shared<Hub>(*impl->ctx, *impl->accounts);
  impl->ctx->on_match_finished = [weak = std::weak_ptr<Hub>(impl->hub)](const std::string& id) {
    if (auto hub = weak.lock()) hub->match_finished(id);
  };
  if (auto s = impl->hub->prepare(); !s) return Error{s.message()};
  impl->log->info("matches_resumed", {{"count", impl->hub->resumed_matches()}});

  net::ListenerConfig lc;
  lc.address = config.address;
  lc.port = config.port;
  lc.limits = config.limits;
  std::error_code ec;
  if (!config.web_dir.empty() && std::filesystem::is_directory(config.web_dir, ec))
    lc.static_root = config.web_dir;
  impl->listener = std::make_unique<net::Listener>(impl->ioc, impl->hub, impl->registry, lc);
  impl->hub->add_routes(impl->listener->routes());
  auto port = impl->listener->start();
  if (!port)
    return Error{"cannot listen on " + config.address + ":" + std::to_string(config.port) + ": " +
                 port.message()};
  impl->port = *port;

  impl->work.emplace(impl->ioc.get_executor());
  impl->heartbeat = std::make_unique<asio::steady_timer>(impl->ioc);
  impl->beat();
  int n =
      config.threads > 0 ? config.threads : static_cast<int>(std::thread::hardware_concurrency());
  n = std::max(n, 2);
  for (int i = 0; i < n; ++i)
    impl->threads.emplace_back([&ioc = impl->ioc] {
      for (;;) {
        try {
          ioc.run();
          return;
        } catch (const std::exception&) {
          // A handler threw: keep serving (nothing from the network may stop the server).
        }
      }
    });
  impl->log->info("listening", {{"address", config.address},
                                {"port", impl->port},
                                {"data", config.data_dir.string()},
                                {"web", lc.static_root.string()},
                                {"threads", n}});
  return std::unique_ptr<ServerApp>(new ServerApp(std::move(impl)));
}

ServerApp::~ServerApp() {
  shutdown();
}

std::uint16_t ServerApp::port() const {
  return impl_->port;
}
std::size_t ServerApp::resumed_matches() const {
  return impl_->hub->resumed_matches();
}
std::size_t ServerApp::running_matches() const {
  return impl_->hub->live_matches();
}
net::MetricsRegistry& ServerApp::metrics() {
  return *impl_->registry;
}

void ServerApp::shutdown() {
  auto& d = *impl_;
  {
    std::unique_lock lock(d.mu);
    if (d.stopping) {
      d.cv.wait(lock, [&] { return d.stopped; });
      return;
    }
    d.stopping = true;
  }
  d.log->info("shutdown_started", {{"connections", d.listener->connection_count()}});
  std::mutex done_mu;
  std::condition_variable done_cv;
  bool closed = false;
  d.listener->shutdown("the server is shutting down", d.config.shutdown_deadline, [&] {
    std::lock_guard lock(done_mu);
    closed = true;
    done_cv.notify_all();
  });
  {
    std::unique_lock lock(done_mu);
    done_cv.wait_for(lock, d.config.shutdown_deadline + std::chrono::seconds(2),
                     [&] { return closed; });
  }
  d.hub->stop_matches();
  // A house bot still thinking stops at its move's deadline; queued thinking is dropped.
  d.house_pool->stop();
  d.house_pool->join();
  d.hub->stop_workers();
  d.match_pool->stop();
  d.match_pool->join();
  asio::post(d.ioc, [&d] { d.heartbeat->cancel(); });
  d.work.reset();
  // Let posted work (timers being cancelled) finish, then stop.
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  d.ioc.stop();
  for (auto& t : d.threads)
    if (t.joinable()) t.join();
  (void)d.db->record_heartbeat(storage::wall_clock_ms());
  d.log->info("shutdown_done", {{"matches_running", d.hub->live_matches()}});
  {
    std::lock_guard lock(d.mu);
    d.stopped = true;
  }
  d.cv.notify_all();
}

void ServerApp::wait() {
  std::unique_lock lock(impl_->mu);
  impl_->cv.wait(lock, [&] { return impl_->stopped; });
}

}  // namespace boyi::app
