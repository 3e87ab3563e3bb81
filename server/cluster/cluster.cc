#include "server/cluster/cluster.h"

#include <boost/asio/ip/host_name.hpp>
#include <cstdlib>
#include <filesystem>

namespace boyi::app {

namespace {

// At most this many matches are taken over in one go (a beat takes the rest), so a node
// that just lost a peer shares the peer's matches with the other survivors.
constexpr int kTakeOverBatch = 16;

std::string default_node_name(const ServerConfig& config) {
  std::error_code ec;
  auto dir = std::filesystem::absolute(config.data_dir, ec);
  std::string host;
  try {
    host = boost::asio::ip::host_name();
  } catch (const std::exception&) {
    host = "localhost";
  }
  return host + ":" + (ec ? config.data_dir.string() : dir.lexically_normal().string());
}

}  // namespace

Cluster::Cluster(AppContext& app, storage::Id node, std::string name,
                 std::shared_ptr<Relay> relay)
    : app_(app),
      store_(app.db),
      node_(node),
      name_(std::move(name)),
      relay_(std::move(relay)),
      timer_(app.ioc) {}

Result<std::shared_ptr<Cluster>> Cluster::join(AppContext& app, Presence& presence) {
  if (!app.db.is_postgres()) return std::shared_ptr<Cluster>(new Cluster(app, 0, "", nullptr));
  const std::string name =
      app.config.node_name.empty() ? default_node_name(app.config) : app.config.node_name;
  auto node = storage::ClusterStore(app.db).register_node(name);
  if (!node) return Error{node.message()};
  auto relay = Relay::open(app, presence, *node);
  if (!relay) return Error{relay.message()};
  app.db.set_hosting_node(*node);
  app.log.info("cluster_joined", {{"node", *node}, {"name", name}});
  return std::shared_ptr<Cluster>(new Cluster(app, *node, name, std::move(relay).value()));
}

std::optional<storage::ClusterStore::Host> Cluster::host_elsewhere(storage::Id match) {
  if (!enabled()) return std::nullopt;
  const auto now = std::chrono::steady_clock::now();
  const auto fresh = std::chrono::milliseconds(app_.config.heartbeat_interval_ms);
  {
    std::lock_guard lock(hosts_mu_);
    if (auto it = hosts_.find(match); it != hosts_.end() && now - it->second.second < fresh)
      return storage::ClusterStore::Host{it->second.first, true};
  }
  auto host = store_.host_of(match, app_.config.node_lease_ms);
  if (!host || host->node == 0 || host->node == node_) return std::nullopt;
  if (host->alive) {
    std::lock_guard lock(hosts_mu_);
    hosts_[match] = {host->node, now};
  }
  return *host;
}

std::set<storage::Id> Cluster::alive_nodes() {
  if (!enabled()) return {};
  auto alive = store_.alive_nodes(app_.config.node_lease_ms);
  if (!alive) return {};
  return {alive->begin(), alive->end()};
}

void Cluster::forget_host(const std::string& match_id) {
  const auto id = std::strtoll(match_id.c_str(), nullptr, 10);
  std::lock_guard lock(hosts_mu_);
  hosts_.erase(id);
}

Status Cluster::claim(storage::Id match) {
  if (!enabled()) return Status::Ok();
  return store_.claim_match(match, node_);
}

void Cluster::release(storage::Id match) {
  if (!enabled()) return;
  if (auto s = store_.release_match(match); !s)
    app_.log.warn("match_not_released", {{"match", match}, {"reason", s.message()}});
}

bool Cluster::hosts(storage::Id match) {
  if (!enabled()) return true;
  auto owner = store_.owner_of(match);
  return !owner || *owner == node_;
}

std::size_t Cluster::take_over_now() {
  if (!enabled()) return 0;
  std::lock_guard lock(beat_mu_);
  std::size_t total = 0;
  for (;;) {
    auto taken = store_.take_over_matches(node_, app_.config.node_lease_ms, kTakeOverBatch);
    if (!taken) {
      app_.log.warn("takeover_failed", {{"reason", taken.message()}});
      break;
    }
    if (taken->empty()) break;
    total += taken->size();
    takeovers_ += static_cast<std::int64_t>(taken->size());
    app_.log.info("matches_taken_over", {{"node", node_}, {"count", taken->size()}});
    if (hooks_.adopt) hooks_.adopt(*taken);
    // Clients that reached these matches through another node are told to Sync again.
    std::vector<std::string> ids;
    for (storage::Id id : *taken) ids.push_back(std::to_string(id));
    std::vector<storage::Id> live;
    for (const auto& n : nodes())
      if (n.alive) live.push_back(n.id);
    relay_->announce_moved(ids, live);
    if (taken->size() < static_cast<std::size_t>(kTakeOverBatch)) break;
  }
  return total;
}

void Cluster::start(Relay::Hooks relay_hooks) {
  if (!enabled()) return;
  relay_hooks.moved = [weak = weak_from_this()](const std::string& match_id) {
    if (auto self = weak.lock()) self->forget_host(match_id);
  };
  relay_->start(std::move(relay_hooks));
  beat();  // the first at once: the role is known before serving
}

void Cluster::arm() {
  timer_.expires_after(std::chrono::milliseconds(app_.config.heartbeat_interval_ms));
  timer_.async_wait([weak = weak_from_this()](const boost::system::error_code& ec) {
    auto self = weak.lock();
    if (ec || !self) return;
    self->beat();
  });
}

void Cluster::beat() {
  {
    std::lock_guard lock(beat_mu_);
    if (stopped_) return;
    if (auto s = store_.heartbeat(node_); !s)
      app_.log.warn("heartbeat_failed", {{"node", node_}, {"reason", s.message()}});
    auto role = store_.hold_role(kTournamentRole, node_, app_.config.node_lease_ms);
    if (role && *role != tournament_role_.load()) {
      tournament_role_ = *role;
      app_.log.info(*role ? "tournament_role_taken" : "tournament_role_lost", {{"node", node_}});
    }
    if (auto mine = store_.matches_of(node_); mine && hooks_.hosted)
      hooks_.hosted(std::set<storage::Id>(mine->begin(), mine->end()));
  }
  take_over_now();
  {  // what host_elsewhere remembers lasts a heartbeat
    std::lock_guard lock(hosts_mu_);
    const auto stale = std::chrono::steady_clock::now() -
                       std::chrono::milliseconds(app_.config.heartbeat_interval_ms);
    std::erase_if(hosts_, [&](const auto& entry) { return entry.second.second < stale; });
  }
  const auto all = nodes();
  // The clients of nodes gone (and what was on its way to them) are forgotten.
  std::set<storage::Id> alive;
  for (const auto& n : all)
    if (n.alive) alive.insert(n.id);
  if (!all.empty()) {
    relay_->forget_nodes_except(alive);
    if (auto s = store_.drop_relay_to_ended(node_, app_.config.node_lease_ms); !s)
      app_.log.warn("relay_cleanup_failed", {{"reason", s.message()}});
  }
  auto& r = app_.metrics.registry;
  r.gauge("boyi_node_takeovers", "Matches this server took over from other servers")
      .set(static_cast<double>(takeovers_.load()));
  r.gauge("boyi_relay_messages_sent", "Messages this server relayed to the others")
      .set(static_cast<double>(relay_->relayed()));
  r.gauge("boyi_relay_messages_dropped", "Messages not relayed: the queue was full")
      .set(static_cast<double>(relay_->dropped()));
  for (const auto& n : all) {
    const net::Labels labels{{"node", n.name}};
    r.gauge("boyi_cluster_node_matches", "Running matches each server hosts", labels)
        .set(static_cast<double>(n.matches));
    r.gauge("boyi_cluster_node_takeovers", "Matches each server took over", labels)
        .set(static_cast<double>(n.takeovers));
    r.gauge("boyi_cluster_node_alive", "1 while the server's lease holds", labels)
        .set(n.alive ? 1 : 0);
  }
  if (hooks_.beaten) hooks_.beaten();
  std::lock_guard lock(beat_mu_);
  if (!stopped_) arm();
}

std::vector<storage::ClusterNode> Cluster::nodes() {
  if (!enabled()) return {};
  auto all = store_.nodes(app_.config.node_lease_ms);
  if (!all) return {};
  return std::move(all).value();
}

void Cluster::stop() {
  if (!enabled()) return;
  {
    // beat() arms the timer under this lock too: the timer is never used from two threads.
    std::lock_guard lock(beat_mu_);
    if (stopped_) return;
    stopped_ = true;
    timer_.cancel();
  }
  if (auto s = store_.release_role(kTournamentRole, node_); !s)
    app_.log.warn("tournament_role_not_released", {{"reason", s.message()}});
  if (auto s = store_.mark_stopped(node_); !s)
    app_.log.warn("node_not_marked_stopped", {{"node", node_}, {"reason", s.message()}});
  relay_->stop();
}

}  // namespace boyi::app
