// Cluster: this server as one node of several sharing one PostgreSQL database
// (README.md). It registers the node, renews its leases with a heartbeat, claims each match
// the node opens, takes over the matches of nodes that stopped or fell silent, and holds the
// role of running the tournaments while no other live node does. On SQLite (one server) it
// is off: every claim succeeds and nothing is taken over.
//
// The heartbeat runs on the io_context; each beat is a few statements on the database. The
// hooks run on that thread, never under the cluster's lock.
#pragma once

#include <atomic>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "server/cluster/relay.h"
#include "server/core/app_context.h"
#include "server/storage/cluster_store.h"

namespace boyi::app {

// The role of running the tournaments (server/tournament/runner).
inline constexpr std::string_view kTournamentRole = "tournaments";

class Cluster : public std::enable_shared_from_this<Cluster> {
 public:
  struct Hooks {
    // This node has just taken these matches over: resume them from their journals.
    std::function<void(const std::vector<storage::Id>&)> adopt;
    // After each heartbeat, the matches this node hosts by the database: a live match in
    // memory that is not among them was taken over by another node and must go.
    std::function<void(const std::set<storage::Id>&)> hosted;
    // After each heartbeat (the lobby forgets the users of nodes that died).
    std::function<void()> beaten{};
  };

  // Joins the cluster when the database is PostgreSQL (a new node row; journal appends are
  // fenced by it from now on; the relay's connections open); off on SQLite.
  static Result<std::shared_ptr<Cluster>> join(AppContext& app, Presence& presence);
  bool enabled() const { return node_ != 0; }
  storage::Id node() const { return node_; }
  const std::string& name() const { return name_; }
  void set_hooks(Hooks hooks) { hooks_ = std::move(hooks); }  // before take_over_now

  // This node hosts the new match (before its start entry); always OK when off.
  Status claim(storage::Id match);
  // The match ended here.
  void release(storage::Id match);
  // The node hosting a running match another node hosts: its id and whether its lease
  // holds; none when this node hosts it, nobody does, or it is off. A live host is remembered
  // for a heartbeat (or until the match moves), so a relayed game does not ask the database
  // at every move.
  std::optional<storage::ClusterStore::Host> host_elsewhere(storage::Id match);
  // The relay to the other nodes (null when off).
  Relay* relay() const { return relay_.get(); }
  // The nodes alive now, by the database (this one included).
  std::set<storage::Id> alive_nodes();


  // Whether this node hosts the match now (asked again before dropping one: the heartbeat's
  // list may be older than a match just opened). True when off, or when the database cannot
  // say (a node drops nothing it cannot prove lost).
  bool hosts(storage::Id match);
  // Takes over, and adopts, everything no live node hosts (before serving, then on each
  // heartbeat). How many matches it took.
  std::size_t take_over_now();
  // Whether this node runs the tournaments (always, when off).
  bool runs_tournaments() const { return !enabled() || tournament_role_.load(); }

  void start(Relay::Hooks relay_hooks);  // the heartbeat, the relay
  // A clean stop: the node is marked stopped, so the others take its matches at once.
  void stop();

  std::int64_t takeovers() const { return takeovers_.load(); }
  // Every node alive or hosting something, with its figures (empty when off).
  std::vector<storage::ClusterNode> nodes();

 private:
  Cluster(AppContext& app, storage::Id node, std::string name, std::shared_ptr<Relay> relay);
  void beat();
  void arm();
  void forget_host(const std::string& match_id);

  AppContext& app_;
  storage::ClusterStore store_;
  const storage::Id node_;
  const std::string name_;
  std::shared_ptr<Relay> relay_;
  Hooks hooks_;
  boost::asio::steady_timer timer_;
  std::mutex beat_mu_;  // one beat (or take_over_now) at a time
  bool stopped_ = false;
  std::atomic<bool> tournament_role_{false};
  // host_elsewhere's memory: match -> (live host, when asked).
  std::mutex hosts_mu_;
  std::map<storage::Id, std::pair<storage::Id, std::chrono::steady_clock::time_point>> hosts_;
  std::atomic<std::int64_t> takeovers_{0};
};

}  // namespace boyi::app
