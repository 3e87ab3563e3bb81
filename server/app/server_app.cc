#include "server/app/server_app.h"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "server/accounts/accounts.h"
#include "server/cluster/cluster.h"
#include "server/core/app_context.h"
#include "server/core/presence.h"
#include "server/http/http_api.h"
#include "server/lobby/lobby.h"
#include "server/matches/match_index.h"
#include "server/net/listener.h"
#include "server/session/account_upkeep.h"
#include "server/matches/arbiter_desk.h"
#include "server/session/audit_requests.h"
#include "server/session/owned_bots.h"
#include "server/session/sessions.h"
#include "server/tournament/runner/tournament_manager.h"

namespace boyi::app {
namespace asio = boost::asio;

struct ServerApp::Impl {
  ServerConfig config;
  std::shared_ptr<Log> log;
  std::unique_ptr<storage::Database> db;
  std::unique_ptr<accounts::Accounts> accounts;
  // Destroyed last of the three (members go in reverse order): a house bot's strand is on
  // this pool, and a match holding house bots can outlive its handlers in the other two.
  std::unique_ptr<asio::thread_pool> house_pool;
  asio::io_context ioc;
  std::unique_ptr<asio::thread_pool> match_pool;
  std::optional<asio::executor_work_guard<asio::io_context::executor_type>> work;
  std::shared_ptr<net::MetricsRegistry> registry = std::make_shared<net::MetricsRegistry>();
  std::unique_ptr<AppMetrics> metrics;
  std::unique_ptr<crypto::SigningKey> signing_key;
  std::unique_ptr<AppContext> ctx;
  std::unique_ptr<Presence> presence;
  std::shared_ptr<Cluster> cluster;
  std::shared_ptr<MatchIndex> matches;
  std::shared_ptr<TournamentManager> tournaments;
  std::shared_ptr<Lobby> lobby;
  std::shared_ptr<Sessions> sessions;
  std::unique_ptr<OwnedBots> owned_bots;
  std::unique_ptr<AuditRequests> audit_requests;
  std::shared_ptr<ArbiterDesk> arbiter_desk;
  std::shared_ptr<AccountUpkeep> upkeep;
  std::shared_ptr<HttpApi> http;
  std::unique_ptr<net::Listener> listener;
  std::vector<std::thread> threads;
  std::unique_ptr<asio::steady_timer> heartbeat;
  std::uint16_t port = 0;

  std::mutex mu;
  std::condition_variable cv;
  bool stopping = false;
  bool stopped = false;

  // The parts, wired: sessions route each request to the part that answers it and tell the
  // lobby and the matches who comes and goes; matches tell tournaments when one ends.
  Status assemble();

  // A start that failed after joining the cluster leaves no relay threads behind.
  ~Impl() {
    if (cluster) cluster->stop();
  }

  void beat() {
    (void)db->record_heartbeat(storage::wall_clock_ms());
    heartbeat->expires_after(std::chrono::milliseconds(config.heartbeat_interval_ms));
    heartbeat->async_wait([this](const boost::system::error_code& ec) {
      if (!ec) beat();
    });
  }
};

Status ServerApp::Impl::assemble() {
  // The house bots' account (a bot user, so its matches are stored like any other). One
  // account for every level (its name stays, for the matches stored with it); in a match the
  // seat shows its level: "House bot · 7".
  constexpr std::string_view kHouseName = "house-random";
  auto u = db->user_by_name(kHouseName);
  if (!u) {
    auto made = accounts->create_bot(kHouseName);
    if (!made) return Error{"cannot create the house bot account: " + made.message()};
    u = made->user;
  }
  presence = std::make_unique<Presence>(*db, ctx->max_frame());
  presence->set_house({u->id, u->name, "House bot", v1::ROLE_HOUSE_BOT});

  auto joined = Cluster::join(*ctx, *presence);
  if (!joined) return Error{joined.message()};
  cluster = std::move(joined).value();
  matches = std::make_shared<MatchIndex>(*ctx, *presence, *cluster);
  cluster->set_hooks({[weak = std::weak_ptr<MatchIndex>(matches)](const auto& ids) {
                        if (auto m = weak.lock()) m->resume(ids);
                      },
                      [weak = std::weak_ptr<MatchIndex>(matches)](const auto& hosted) {
                        if (auto m = weak.lock()) m->keep_only(hosted);
                      },
                      [this] {
                        if (lobby) lobby->sweep();
                      }});
  tournaments = std::make_shared<TournamentManager>(*ctx, *accounts, *presence, *matches);
  matches->set_hooks(
      {[weak = std::weak_ptr<TournamentManager>(tournaments)](const std::string& id) {
         if (auto t = weak.lock()) t->match_finished(id);  // settles a tournament game
       },
       [weak = std::weak_ptr<TournamentManager>(tournaments)](storage::Id user) {
         auto t = weak.lock();
         return t ? t->house_choice(user) : std::nullopt;
       }});
  lobby = std::make_shared<Lobby>(*ctx, *presence, *matches, cluster->node());
  if (auto s = lobby->start(); !s) return Error{"cannot open the lobby: " + s.message()};
  if (cluster->enabled())
    lobby->set_other_nodes(
        {[c = cluster.get()](const v1::LobbyUpdate& update) {
           c->relay()->publish_lobby(c->alive_nodes(), update);
         },
         [c = cluster.get()](storage::Id node, storage::Id user, const v1::ServerMessage& m) {
           c->relay()->send_to_user(node, user, m);
         }});
  sessions = std::make_shared<Sessions>(*ctx, *accounts, *presence);
  sessions->set_events({[this](const UserInfo& user, bool first, v1::SignedIn& reply) {
                          for (auto& a : matches->active_matches(user.id))
                            *reply.add_active_matches() = a;
                          lobby->user_signed_in(user, first);
                        },
                        [this](std::uint64_t connection, const UserInfo& user, bool last) {
                          matches->connection_left(connection, user.id);
                          lobby->connection_left(connection, user, last);
                        }});
  lobby->add_routes(*sessions);
  matches->add_routes(*sessions);
  tournaments->add_routes(*sessions);
  owned_bots = std::make_unique<OwnedBots>(*ctx, *accounts, *presence);
  owned_bots->add_routes(*sessions);
  audit_requests = std::make_unique<AuditRequests>(*ctx);
  audit_requests->add_routes(*sessions);
  arbiter_desk = std::make_shared<ArbiterDesk>(*ctx, *matches);
  http = std::make_shared<HttpApi>(*ctx, *presence, *matches, *sessions);
  upkeep = std::make_shared<AccountUpkeep>(*ctx, *accounts, *presence, *sessions);

  // Tournaments first (they know which accounts are house entrants), then every running
  // match resumed, then the tournaments run (settling what ended while the server was down).
  // Several servers: the first heartbeat (which may take the tournaments' role) comes before
  // the tournaments start.
  if (auto s = tournaments->load(); !s) return s;
  if (auto s = matches->resume_running(); !s) return s;
  tournaments->set_runner_check([c = cluster.get()] { return c->runs_tournaments(); });
  cluster->start({[weak = std::weak_ptr<MatchIndex>(matches)](const Request& r) {
                    if (auto m = weak.lock()) m->relayed_request(r);
                  },
                  [weak = std::weak_ptr<MatchIndex>(matches)](std::uint64_t connection,
                                                              storage::Id user) {
                    if (auto m = weak.lock()) m->connection_left(connection, user);
                  },
                  {},
                  [weak = std::weak_ptr<Lobby>(lobby)](const v1::LobbyUpdate& update) {
                    if (auto l = weak.lock()) l->deliver(update);
                  }});
  tournaments->start();
  return Status::Ok();
}

ServerApp::ServerApp(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Result<std::unique_ptr<ServerApp>> ServerApp::start(ServerConfig config) {
  if (auto s = config.validate(); !s) return Error{s.message()};
  auto impl = std::make_unique<Impl>();
  impl->config = config;
  auto log = Log::create(config.log_format, config.log_level);
  if (!log) return Error{log.message()};
  impl->log = std::move(log).value();

  storage::DatabaseOptions opts(config.data_dir);
  opts.storage = config.storage;
  opts.synchronous_full = config.storage_sync_full;
  auto db = storage::Database::open(opts);
  if (!db) return Error{"cannot open storage: " + db.message()};
  impl->db = std::move(db).value();
  impl->accounts = std::make_unique<accounts::Accounts>(*impl->db, config.argon2);
  impl->metrics = std::make_unique<AppMetrics>(*impl->registry);
  const auto key_file = config.signing_key_file.empty() ? config.data_dir / "signing-key.pem"
                                                        : config.signing_key_file;
  std::error_code key_ec;
  if (key_file.has_parent_path()) std::filesystem::create_directories(key_file.parent_path(), key_ec);
  auto key = crypto::SigningKey::load_or_create(key_file);
  if (!key) return Error{key.message()};
  impl->signing_key = std::make_unique<crypto::SigningKey>(std::move(key).value());
  impl->ctx = std::unique_ptr<AppContext>(
      new AppContext{config, *impl->db, impl->ioc, *impl->metrics, *impl->log, {}, {},
                     impl->signing_key.get()});
  impl->match_pool = std::make_unique<asio::thread_pool>(config.match_threads);
  impl->ctx->match_executor = impl->match_pool->get_executor();
  impl->house_pool = std::make_unique<asio::thread_pool>(config.house_bot_threads);
  impl->ctx->house_executor = impl->house_pool->get_executor();
  if (auto s = impl->assemble(); !s) return Error{s.message()};
  impl->log->info("matches_resumed", {{"count", impl->matches->resumed_count()}});

  net::ListenerConfig lc;
  lc.address = config.address;
  lc.port = config.port;
  lc.limits = config.limits;
  std::error_code ec;
  if (!config.web_dir.empty() && std::filesystem::is_directory(config.web_dir, ec))
    lc.static_root = config.web_dir;
  impl->listener = std::make_unique<net::Listener>(impl->ioc, impl->sessions, impl->registry, lc);
  impl->http->add_routes(impl->listener->routes());
  impl->tournaments->add_http_routes(impl->listener->routes());  // /api/tournaments, /api/ratings
  auto port = impl->listener->start();
  if (!port)
    return Error{"cannot listen on " + config.address + ":" + std::to_string(config.port) + ": " +
                 port.message()};
  impl->port = *port;

  impl->work.emplace(impl->ioc.get_executor());
  impl->heartbeat = std::make_unique<asio::steady_timer>(impl->ioc);
  impl->beat();
  impl->upkeep->start();
  impl->arbiter_desk->start();
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
                                {"storage", impl->db->where()},
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
  return impl_->matches->resumed_count();
}
std::size_t ServerApp::running_matches() const {
  return impl_->matches->live_count();
}
std::size_t ServerApp::matches_in_memory() const {
  return impl_->matches->in_memory_count();
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
  d.matches->stop();
  d.tournaments->stop();
  // A house bot still thinking stops at its move's deadline; queued thinking is dropped.
  d.matches->stop_house_bots();
  d.house_pool->stop();
  d.house_pool->join();
  d.sessions->stop_workers();
  d.match_pool->stop();
  d.match_pool->join();
  // Nothing of this server writes a journal any more: the others may take its matches now.
  d.cluster->stop();
  asio::post(d.ioc, [&d] { d.heartbeat->cancel(); });
  d.upkeep->stop();
  d.arbiter_desk->stop();
  d.work.reset();
  // Let posted work (timers being cancelled) finish, then stop.
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  d.ioc.stop();
  for (auto& t : d.threads)
    if (t.joinable()) t.join();
  (void)d.db->record_heartbeat(storage::wall_clock_ms());
  d.log->info("shutdown_done", {{"matches_running", d.matches->live_count()}});
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
