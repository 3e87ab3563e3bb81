// TournamentManager: runs the stored tournaments inside the server. For each running
// tournament it settles games whose matches ended (once: storage/tournament_store.h), asks
// the pairing logic what comes next (server/tournament/plan.h), stores those games, and
// starts pending games as matches (through the match index) up to the tournament's concurrency, one
// game per entrant at a time unless its settings allow more. Paused and cancelled
// tournaments start nothing new; their games in progress finish and count.
//
// Everything runs on the manager's own strand (on the match threads, which may wait on
// storage). It wakes when a match ends, when an admin acts over HTTP, and on a poll every
// second, which also picks up what boyi-admin changed in the database and, after a
// restart, carries on where the stored games say.
//
// Subscribers (SubscribeTournament) get TournamentStandings pushes as games finish and the
// status changes.
#pragma once

#include <array>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "referee/match_config.h"
#include "server/accounts/accounts.h"
#include "server/core/app_context.h"
#include "server/core/presence.h"
#include "server/core/request.h"
#include "server/hosting/storage_journal.h"
#include "server/matches/match_index.h"
#include "server/net/http_routes.h"
#include "server/storage/tournament_store.h"
#include "server/tournament/ops/tournament_ops.h"

namespace boyi::app {

// A tournament game to start as a match.
struct TournamentMatchRequest {
  storage::Id tournament = 0;
  storage::Id game = 0;  // the tournament game ('starting') the match plays
  std::string preset;
  referee::MatchConfig config;  // match_id unset
  std::array<storage::Id, 2> seats{};
  std::array<std::optional<HouseChoice>, 2> house;  // a house bot plays that seat as this
  bool rated = false;
  std::vector<std::string> opening;  // from the tournament's suite (Settings::openings)

  hosting::MatchOrigin origin() const {
    auto o = hosting::MatchOrigin::casual(preset);
    o.rated = rated;
    o.tournament = tournament;
    o.tournament_game = game;
    return o;
  }
};

class TournamentManager : public std::enable_shared_from_this<TournamentManager> {
 public:
  // Its games are played as matches opened in `matches`; seats are named by `presence`.
  TournamentManager(AppContext& app, accounts::Accounts& accounts, Presence& presence,
                    MatchIndex& matches);

  // Reads which accounts are house entrants (before matches are resumed).
  Status load();
  // Settles what ended while the server was down, then runs; starts the poll.
  void start();
  // Several servers: one runs the tournaments (the cluster's role), checked on each poll;
  // the others answer requests about them but start and settle nothing. Before start().
  void set_runner_check(std::function<bool()> runs) { runs_ = std::move(runs); }
  void stop();

  // A match ended (any match: those of no tournament are ignored).
  void match_finished(const std::string& match_id);
  // How a house entrant's account plays, if it is one.
  std::optional<HouseChoice> house_choice(storage::Id user) const;

  // Registers the protocol's tournament requests (list, subscribe, unsubscribe, join).
  void add_routes(RequestRoutes& routes);
  // Protocol requests (tournament_protocol.cc).
  void list(const Peer& peer, std::uint64_t request_id, bool include_finished);
  void subscribe(const Peer& peer, std::uint64_t request_id, const std::string& tournament_id);
  void unsubscribe(const Peer& peer, std::uint64_t request_id, const std::string& tournament_id);
  // `engine_protocol`: a bot's bridged engine's protocol ("" none), refused a suite it
  // cannot be told.
  void join(const Peer& peer, std::uint64_t request_id, const UserInfo& user,
            const std::string& tournament_id, const std::string& engine_protocol);
  // An admin's announcement (AnnounceTournament): stored as a tournament event, audited,
  // pushed to the subscribers with the standings.
  void announce(const Peer& peer, std::uint64_t request_id, const UserInfo& admin,
                const std::string& tournament_id, const std::string& text);

  // The HTTP API (tournament_http.cc).
  void add_http_routes(net::HttpRoutes& routes);

 private:
  using Strand = boost::asio::strand<boost::asio::any_io_executor>;

  void poll();
  void arm_poll();
  void reconcile_all(bool after_restart);
  // Pushes the standings of every subscribed tournament (but those in `skip`) that changed.
  void push_watched(const std::set<storage::Id>& skip);
  // One tournament: settle, plan, start games, finish; pushes when something changed.
  void reconcile(storage::Id id, bool after_restart = false);
  bool settle_games(tournament::LoadedTournament& t, bool after_restart);
  bool plan_games(tournament::LoadedTournament& t);
  void start_games(const tournament::LoadedTournament& t);
  std::string final_result(const tournament::LoadedTournament& t) const;
  TournamentMatchRequest match_request(const tournament::LoadedTournament& t,
                                       const storage::TournamentGame& g) const;
  // Opens the game's match (seats as paired, house bots where the tournament has them,
  // linked to the game in the transaction that stores it); its id, or why not.
  Result<std::string> start_match(const TournamentMatchRequest& r);
  // A finished match's records (JSON and the competition's text), for bundles.
  void records(
      const std::string& match_id,
      std::function<void(std::optional<std::string> json, std::optional<std::string> text)> done);

  // HTTP (tournament_http.cc); on the strand.
  void http_get(const net::HttpRequest& req, net::HttpResponder done);
  void http_post(const net::HttpRequest& req, net::HttpResponder done);
  void http_ratings(const net::HttpRequest& req, net::HttpResponder done);
  // The admin the request signs in as; a refusal's message starts "FORBIDDEN:" (not an
  // admin) or "THROTTLED:<seconds>:" (the sign-in throttle), else it is a failed sign-in.
  Result<storage::User> http_admin(const net::HttpRequest& req);
  void bundle(tournament::LoadedTournament t, bool text, net::HttpResponder done);

  // Pushes (tournament_protocol.cc).
  void push_if_changed(const tournament::LoadedTournament& t,
                       std::optional<storage::Id> finished_game);
  v1::TournamentStandings standings_message(const tournament::LoadedTournament& t,
                                            std::optional<storage::Id> finished_game);
  v1::TournamentSummary summary_message(const tournament::LoadedTournament& t) const;
  // The arbiter's announcements (tournament events of that kind), the last 20, oldest first.
  std::vector<storage::TournamentEvent> announcements(storage::Id tournament);
  void send(const Peer& peer, v1::ServerMessage m) const;
  void error(const Peer& peer, std::uint64_t request_id, v1::ErrorCode code,
             std::string text) const;

  bool runs() const { return !runs_ || runs_(); }

  std::function<bool()> runs_;
  bool was_running_ = false;  // on the strand: the last poll ran the tournaments
  AppContext& app_;
  accounts::Accounts& accounts_;
  Presence& presence_;
  MatchIndex& matches_;
  storage::TournamentStore store_;
  Strand strand_;
  boost::asio::steady_timer poll_timer_;
  bool stopped_ = false;  // strand only

  mutable std::mutex mu_;                     // house_, subscribers_, signatures_
  std::map<storage::Id, HouseChoice> house_;  // house entrant account -> how it plays
  std::map<storage::Id, std::vector<Peer>> subscribers_;
  std::map<storage::Id, std::string> signatures_;  // what subscribers were last told
};

}  // namespace boyi::app
