// MatchIndex: the server's matches by id, and the one way a match is opened. A new match
// (from the lobby or a tournament) is stored and started; a running match is resumed from
// storage at startup; a finished one is loaded from storage when a request names it. Each
// is a MatchHost on its own strand. The index also answers the match requests (move, resign,
// sync, spectate, views, records, listings) by routing them to their host.
//
// Thread-safe: its own mutex guards the index (never held while calling a host or a hook).
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "bots/search/stop_signal.h"
#include "server/cluster/cluster.h"
#include "server/core/presence.h"
#include "server/core/request.h"
#include "server/hosting/storage_journal.h"
#include "server/house/house_levels.h"
#include "server/matches/house_quota.h"
#include "server/matches/match_host.h"

namespace boyi::app {

// A match to open: its setup, where it comes from, who plays, and which seats a house bot
// plays (as whom).
struct MatchOpening {
  referee::MatchConfig config;  // match_id unset
  hosting::MatchOrigin origin;
  std::array<UserInfo, 2> players;
  std::array<std::optional<HouseChoice>, 2> house;
  // The lobby's house seats store their choice with the match, so a restart resumes them
  // as they were; a tournament's house entrants take theirs from the tournament.
  bool store_house_choice = false;
  // The user whose house-bot slot (reserve_house_match) this match uses; 0: none.
  storage::Id house_slot = 0;
  // Actions played for the seats before they take over (a tournament's opening suite).
  std::vector<std::string> opening;
};

class MatchIndex : public std::enable_shared_from_this<MatchIndex> {
 public:
  struct Hooks {
    // A match ended, or could not start (on the match's strand): tournaments settle it.
    std::function<void(const std::string& match_id)> finished;
    // How a house entrant's account plays, if it is one (tournaments).
    std::function<std::optional<HouseChoice>(storage::Id user)> house_choice;
  };

  // `cluster`: which matches this server hosts when several share one database.
  MatchIndex(AppContext& app, Presence& presence, Cluster& cluster);
  void set_hooks(Hooks hooks) { hooks_ = std::move(hooks); }  // before serving

  // Registers the match requests: move, resign, sync, spectate, unspectate, get_view,
  // get_record, list_matches.
  void add_routes(RequestRoutes& routes);

  // Stores the match and starts it: the seats' online connections get MatchStarted. Its id,
  // or why it could not be stored. A match that is stored but cannot start is finished as
  // aborted, its players are told, and hooks.finished runs.
  Result<std::string> open(MatchOpening opening);
  // Every match that was running when the server stopped, rebuilt from its journal (before
  // serving); one that cannot be rebuilt is finished as aborted. With several servers, only
  // those this node took over (the cluster's adopt hook calls resume(ids) instead).
  Status resume_running();
  // These running matches, rebuilt from their journals (those already here are skipped).
  void resume(const std::vector<storage::Id>& matches);
  // Several servers: the matches this node hosts by the database. Any other live one here
  // was taken over by another node: it stops, leaves the index, and its connections are
  // told SHUTTING_DOWN with its match id (to Sync it again).
  void keep_only(const std::set<storage::Id>& hosted);
  // A running match that this server does not host (another one does).
  bool hosted_elsewhere(const std::string& match_id);

  // A live match, or a finished one loaded from storage; null when there is none.
  std::shared_ptr<MatchHost> find(const std::string& match_id);
  // Running matches first (with several servers, those the others host too), then finished
  // ones (in memory, then from storage), each once.
  v1::MatchList list(const std::string& game, bool include_finished, int limit);
  std::vector<MatchSnapshot> live_snapshots() const;
  // The running matches: this server's, and with several servers the others' too (read from
  // storage: their spectators are not counted).
  std::vector<MatchSnapshot> running_everywhere() const;
  // One match as a listing shows it: one here (running, or finished from storage), or with
  // several servers a running one another server hosts; none when there is no such match.
  std::optional<MatchSnapshot> snapshot_of(const std::string& match_id);
  // The user's running matches (ids).
  std::vector<std::string> playing(storage::Id user) const;
  // What SignedIn.active_matches says for the user (with several servers, also the running
  // matches other servers host, read from storage).
  std::vector<v1::ActiveMatch> active_matches(storage::Id user);

  // The connection signed out or closed: matches it plays in or watches are told (and,
  // with several servers, the servers it reached through the relay).
  void connection_left(std::uint64_t connection, storage::Id user);
  // A match request a client of another server sent through the relay (cluster/relay.h).
  void relayed_request(const Request& r) { request(r); }

  void stop();  // the server is stopping: every match's timers stop
  std::size_t live_count() const;
  std::size_t in_memory_count() const;  // running and recently finished
  std::size_t resumed_count() const;
  // Shutdown: every house bot's search stops now and answers (its answer is dropped), so the
  // house-bot threads are free within the shutdown deadline.
  void stop_house_bots() { house_shared_.stop_all.raise(); }

  // A slot for one more lobby house-bot match of `user` (house_quota.h), to be named in the
  // opening (MatchOpening::house_slot); or the error to answer with.
  std::optional<std::pair<v1::ErrorCode, std::string>> reserve_house_match(storage::Id user);

 private:
  std::shared_ptr<MatchHost> make_host(StoredMatch stored, std::array<UserInfo, 2> players,
                                       const std::array<std::optional<HouseChoice>, 2>& house);
  void add(const std::shared_ptr<MatchHost>& host);
  void add_hosted_elsewhere(storage::Id user, std::vector<v1::ActiveMatch>& out);
  // Rebuilds each stored running match (resume_running, resume).
  void resume_each(std::vector<StoredMatch> running);
  void on_finished(const std::string& match_id);
  void start_failed(const std::string& match_id, const Status& why);
  void request(const Request& r);
  // Several servers: a request for a running match another server hosts is sent there (or,
  // while that server's matches are being taken over, answered SHUTTING_DOWN); false when no
  // other server hosts it.
  bool forwarded_elsewhere(const Request& r, const std::string& match_id);
  void list_request(const Request& r);
  // A listing's entry for a stored match (the ply from its journal's last event).
  MatchSnapshot stored_snapshot(const storage::Match& row) const;
  // Several servers: every running match as storage has it (those hosted here too), read at
  // most once a heartbeat: listings on every connection would otherwise each read them all.
  std::vector<MatchSnapshot> running_in_storage() const;
  // The analysis board (analysis_requests.cc).
  void analyze_request(const Request& r);
  bool admit_analysis(storage::Id user, std::string& why);

  AppContext& app_;
  Presence& presence_;
  Cluster& cluster_;
  Hooks hooks_;
  void release_house_slot(const std::string& match_id);
  void evict_finished(const std::string& match_id);  // under mu_

  HouseBotsShared house_shared_;  // the stop every house bot's own chains to, the pool's load
  mutable std::mutex mu_;
  // Analyses under way (one per user) and each user's allowance; under mu_.
  struct AnalysisAllowance {
    double tokens = 0;
    std::chrono::steady_clock::time_point at{};
  };
  std::set<storage::Id> analyses_running_;
  std::map<storage::Id, AnalysisAllowance> analysis_allowance_;
  std::map<std::string, std::shared_ptr<MatchHost>> matches_;  // live (and recently finished)
  std::deque<std::string> finished_order_;  // the finished ones still in matches_, oldest first
  std::map<storage::Id, std::set<std::string>> playing_;     // user -> running match ids
  std::map<std::uint64_t, std::set<std::string>> watching_;  // connection -> spectated ids
  HouseQuota house_quota_;
  std::map<std::string, storage::Id> house_slots_;  // lobby house-bot match -> its slot's user
  std::size_t resumed_ = 0;
  // running_in_storage's copy, and when it was read.
  mutable std::mutex stored_mu_;
  mutable std::vector<MatchSnapshot> stored_running_;
  mutable std::chrono::steady_clock::time_point stored_at_{};
};

}  // namespace boyi::app
