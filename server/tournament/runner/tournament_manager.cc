// TournamentManager: startup, the poll, match endings, and reconciling one tournament with
// what the pairing logic says (settle, plan, start, finish).
#include "server/tournament/runner/tournament_manager.h"

#include <algorithm>

#include <boost/asio/post.hpp>
#include <cstdio>
#include <set>

#include "server/hosting/storage_journal.h"
#include "server/tournament/ops/settle_policy.h"
#include "server/tournament/plan.h"
#include "server/tournament/runner/rating_update.h"
#include "server/tournament/standings.h"

namespace boyi::app {
namespace asio = boost::asio;
using storage::TournamentStatus;
using tournament::LoadedTournament;

namespace {
constexpr auto kPollInterval = std::chrono::seconds(1);
}  // namespace

TournamentManager::TournamentManager(AppContext& app, accounts::Accounts& accounts,
                                     Presence& presence, MatchIndex& matches)
    : app_(app),
      accounts_(accounts),
      presence_(presence),
      matches_(matches),
      store_(app.db),
      strand_(asio::make_strand(app.match_executor)),
      poll_timer_(app.ioc) {}

Status TournamentManager::load() {
  auto house = store_.house_entrants();
  if (!house) return Error{"cannot read the tournaments' house entrants: " + house.message()};
  std::lock_guard lock(mu_);
  for (const auto& e : *house)
    house_[e.user] = HouseChoice{static_cast<std::uint32_t>(e.strength), e.engine};
  return Status::Ok();
}

std::optional<HouseChoice> TournamentManager::house_choice(storage::Id user) const {
  std::lock_guard lock(mu_);
  if (auto it = house_.find(user); it != house_.end()) return it->second;
  return std::nullopt;
}

void TournamentManager::start() {
  asio::post(strand_, [self = shared_from_this()] {
    self->was_running_ = self->runs();
    if (self->was_running_) self->reconcile_all(true);
    self->arm_poll();
  });
}

void TournamentManager::stop() {
  // The timer is armed on the strand: cancelled there too (ThreadSanitizer saw the two race).
  asio::post(strand_, [self = shared_from_this()] {
    self->stopped_ = true;
    self->poll_timer_.cancel();
  });
}

void TournamentManager::arm_poll() {
  if (stopped_) return;
  poll_timer_.expires_after(kPollInterval);
  poll_timer_.async_wait([weak = weak_from_this()](const boost::system::error_code& ec) {
    auto self = weak.lock();
    if (ec || !self) return;
    asio::post(self->strand_, [self] { self->poll(); });
  });
}

void TournamentManager::poll() {
  if (stopped_) return;
  // Taking the role over from a server that stopped is a restart: games it was starting
  // start again.
  const bool running = runs(), taken_over = running && !was_running_;
  was_running_ = running;
  if (running) {
    reconcile_all(taken_over);
  } else {
    push_watched({});  // another server runs them: what it changed reaches subscribers here
  }
  arm_poll();
}

void TournamentManager::reconcile_all(bool after_restart) {
  auto list = store_.list(false, 1000);
  if (!list) {
    app_.log.warn("tournaments_not_read", {{"reason", list.message()}});
    return;
  }
  std::set<storage::Id> reconciled;
  for (const auto& t : *list) {
    reconcile(t.id, after_restart);
    reconciled.insert(t.id);
  }
  // A tournament cancelled while its games went on: their matches end later, and one that
  // ended where no hook settled it (on a node that does not run the tournaments, or just
  // before this server stopped) is settled here.
  if (auto ended = store_.ended_with_games_in_play(1000); !ended) {
    app_.log.warn("tournaments_not_read", {{"reason", ended.message()}});
  } else {
    for (storage::Id id : *ended)
      if (reconciled.insert(id).second) reconcile(id, after_restart);
  }
  // Subscribers of tournaments that just ended (by boyi-admin, say) hear of it too.
  push_watched(reconciled);
}

void TournamentManager::push_watched(const std::set<storage::Id>& skip) {
  std::vector<storage::Id> watched;
  {
    std::lock_guard lock(mu_);
    for (const auto& [id, peers] : subscribers_)
      if (!peers.empty() && !skip.contains(id)) watched.push_back(id);
  }
  for (storage::Id id : watched)
    if (auto t = tournament::load_tournament(store_, id); t) push_if_changed(*t, std::nullopt);
}

void TournamentManager::match_finished(const std::string& match_id) {
  auto id = hosting::parse_match_id(match_id);
  if (!id) return;
  asio::post(strand_, [self = shared_from_this(), match = id.value()] {
    if (self->stopped_ || !self->was_running_) return;
    auto game = self->store_.game_of_match(match);
    if (!game || !game->has_value()) return;
    self->reconcile((*game)->first);
  });
}

void TournamentManager::reconcile(storage::Id id, bool after_restart) {
  auto loaded = tournament::load_tournament(store_, id);
  if (!loaded) {
    app_.log.warn("tournament_not_loaded", {{"tournament", id}, {"reason", loaded.message()}});
    return;
  }
  LoadedTournament& t = loaded.value();
  if (after_restart) {
    if (auto n = store_.reset_starting(id); n && *n > 0)
      app_.log.info("tournament_games_reset", {{"tournament", id}, {"games", *n}});
  }
  std::optional<storage::Id> finished_game;
  const auto done_before = [&] {
    std::set<storage::Id> done;
    for (const auto& g : t.game_rows)
      if (g.state == "done") done.insert(g.id);
    return done;
  }();
  bool changed = settle_games(t, after_restart);
  if (changed) {
    auto again = tournament::load_tournament(store_, id);
    if (!again) return;
    t = std::move(again).value();
    for (const auto& g : t.game_rows)
      if (g.state == "done" && g.result != "bye" && !done_before.count(g.id)) finished_game = g.id;
  }
  if (t.row.status == TournamentStatus::kRunning) {
    if (plan_games(t)) {
      auto again = tournament::load_tournament(store_, id);
      if (!again) return;
      t = std::move(again).value();
    }
    if (t.row.status == TournamentStatus::kRunning) start_games(t);
  }
  push_if_changed(t, finished_game);
}

bool TournamentManager::settle_games(LoadedTournament& t, bool after_restart) {
  bool changed = false;
  for (const auto& g : t.game_rows) {
    if (g.state != "playing" || !g.match) continue;
    if (after_restart) {
      // A match made but never started (the server stopped in between) cannot resume:
      // settle it as aborted, so that the game is played again.
      auto m = app_.db.match_by_id(*g.match);
      if (m && m->status == storage::MatchStatus::kWaiting)
        (void)app_.db.finish_match(
            *g.match, {Ending::kAborted, std::nullopt, "the server stopped before it started"},
            storage::wall_clock_ms());
    }
    auto settled = store_.settle(g.id, tournament::settle_policy(t.settings.max_game_attempts),
                                 t.settings.rated ? glicko2_rater() : storage::RateGame{});
    if (!settled) {
      app_.log.error("tournament_game_not_settled",
                     {{"tournament", t.row.id}, {"game", g.id}, {"reason", settled.message()}});
      continue;
    }
    if (*settled == storage::Settled::kNothing) continue;
    changed = true;
    app_.log.info("tournament_game_settled",
                  {{"tournament", t.row.id},
                   {"game", g.id},
                   {"match", *g.match},
                   {"settled", *settled == storage::Settled::kDone     ? "done"
                               : *settled == storage::Settled::kReplay ? "replay"
                                                                       : "void"}});
  }
  return changed;
}

bool TournamentManager::plan_games(LoadedTournament& t) {
  const int n = static_cast<int>(t.entrants.size());
  auto plan = tournament::plan_next(t.settings, n, t.games);
  bool changed = false;
  const bool any_pending = std::any_of(t.game_rows.begin(), t.game_rows.end(),
                                       [](const auto& g) { return g.state == "pending"; });
  if (plan.void_unstarted && any_pending) {
    auto voided = store_.void_unstarted(t.row.id, "not needed: " + plan.note);
    if (!voided) {
      app_.log.error("tournament_games_not_voided",
                     {{"tournament", t.row.id}, {"reason", voided.message()}});
      return false;
    }
    if (*voided > 0) {
      app_.log.info("tournament_games_voided",
                    {{"tournament", t.row.id}, {"games", *voided}, {"note", plan.note}});
      // Planned again from the games as they now stand: with none under way, the
      // tournament is over now.
      auto again = tournament::load_tournament(store_, t.row.id);
      if (!again) return true;
      t = std::move(again).value();
      plan = tournament::plan_next(t.settings, n, t.games);
      changed = true;
    }
  }
  if (!plan.new_games.empty()) {
    std::vector<storage::NewGame> rows;
    for (const auto& g : plan.new_games) rows.push_back(tournament::to_new_game(g));
    if (auto s = store_.add_games(t.row.id, rows, plan.note); !s) {
      app_.log.error("tournament_games_not_added",
                     {{"tournament", t.row.id}, {"reason", s.message()}});
      return false;
    }
    app_.log.info("tournament_games_added",
                  {{"tournament", t.row.id}, {"games", rows.size()}, {"note", plan.note}});
    // A plan whose new games are all byes may already complete the tournament: plan again.
    return true;
  }
  if (plan.complete) {
    const std::string result = final_result(t);
    auto s = store_.transition(t.row.id, {TournamentStatus::kRunning}, TournamentStatus::kFinished,
                               "finished", std::nullopt, {}, result);
    if (!s) {
      app_.log.warn("tournament_not_finished", {{"tournament", t.row.id}, {"reason", s.message()}});
      return false;
    }
    app_.log.info("tournament_finished", {{"tournament", t.row.id}, {"result", result}});
    return true;
  }
  return changed;
}

std::string TournamentManager::final_result(const LoadedTournament& t) const {
  if (t.settings.format == tournament::Format::kSprt)
    return "SPRT " + tournament::describe(tournament::sprt_of(t.settings, t.games));
  const auto st =
      tournament::compute_standings(t.settings, static_cast<int>(t.entrants.size()), t.games);
  std::string winners;
  for (const auto& r : st.rows) {
    if (r.rank != 1) break;
    if (!winners.empty()) winners += ", ";
    winners += t.entrants[static_cast<std::size_t>(r.entrant)].name;
  }
  char points[32];
  std::snprintf(points, sizeof points, "%g", st.rows.empty() ? 0.0 : st.rows.front().points);
  if (t.settings.format == tournament::Format::kKnockout) return "champion: " + winners;
  return "winner: " + winners + " (" + points + " points)";
}

TournamentMatchRequest TournamentManager::match_request(const LoadedTournament& t,
                                                        const storage::TournamentGame& g) const {
  TournamentMatchRequest r;
  r.tournament = t.row.id;
  r.game = g.id;
  r.preset = t.row.preset;
  r.config.game = t.row.game;
  r.config.rules_text = t.row.rules;
  r.config.time = {t.row.time.total_ms, t.row.time.per_move_ms, t.row.time.increment_ms,
                   t.row.time.grace_ms};
  const int attempts = app_.config.illegal_move_attempts;
  r.config.illegal = attempts <= 1 ? referee::IllegalMovePolicy::lose_at_once()
                                   : referee::IllegalMovePolicy::retry(attempts);
  r.config.disconnect_grace_ms = t.settings.forfeit_wait_ms;
  r.config.spectator_delay_plies = app_.config.spectator_delay_plies;
  const std::array<int, 2> seats = {g.seat0, g.seat1.value_or(-1)};
  for (int s = 0; s < 2; ++s) {
    const auto& e = t.entrants[static_cast<std::size_t>(seats[static_cast<std::size_t>(s)])];
    r.seats[static_cast<std::size_t>(s)] = e.user;
    if (e.house_strength)
      r.house[static_cast<std::size_t>(s)] =
          HouseChoice{static_cast<std::uint32_t>(*e.house_strength), e.house_engine};
  }
  r.rated = t.settings.rated;
  if (!t.settings.openings.empty()) {
    // The k-th game of these two entrants (in the order the games were made) plays line
    // k / 2: the pair's seats alternate, so each opening is played from both sides.
    std::size_t k = 0;
    for (const auto& other : t.game_rows)
      if (other.id < g.id && other.seat1 &&
          std::minmax(other.seat0, *other.seat1) == std::minmax(g.seat0, seats[1]))
        ++k;
    r.opening = t.settings.openings[(k / 2) % t.settings.openings.size()];
  }
  return r;
}

void TournamentManager::start_games(const LoadedTournament& t) {
  const auto n = t.entrants.size();
  // Games the plan no longer needs are never started, even where voiding them failed (they
  // are voided at the next poll) or another node added them from an older view.
  if (tournament::plan_next(t.settings, static_cast<int>(n), t.games).void_unstarted) return;
  std::vector<int> busy(n, 0);
  int in_flight = 0;
  for (const auto& g : t.game_rows) {
    if (g.state != "starting" && g.state != "playing") continue;
    ++in_flight;
    for (int e : {g.seat0, g.seat1.value_or(-1)})
      if (e >= 0 && static_cast<std::size_t>(e) < n) ++busy[static_cast<std::size_t>(e)];
  }
  for (const auto& g : t.game_rows) {
    if (in_flight >= t.settings.concurrency) return;
    if (g.state != "pending" || !g.seat1) continue;
    if (g.seat0 < 0 || static_cast<std::size_t>(g.seat0) >= n || *g.seat1 < 0 ||
        static_cast<std::size_t>(*g.seat1) >= n)
      continue;
    auto& b0 = busy[static_cast<std::size_t>(g.seat0)];
    auto& b1 = busy[static_cast<std::size_t>(*g.seat1)];
    if (b0 >= t.settings.entrant_games_at_once || b1 >= t.settings.entrant_games_at_once) continue;
    if (auto s = store_.mark_starting(g.id); !s) continue;
    auto made = start_match(match_request(t, g));
    if (made) {  // stored with its link to the game, in one transaction
      ++in_flight;
      ++b0;
      ++b1;
      app_.log.info("tournament_game_started",
                    {{"tournament", t.row.id}, {"game", g.id}, {"match", *made}});
      continue;
    }
    app_.log.warn("tournament_game_not_started",
                  {{"tournament", t.row.id}, {"game", g.id}, {"reason", made.message()}});
    (void)store_.start_failed(g.id, made.message());
    return;  // try again at the next poll
  }
}

Result<std::string> TournamentManager::start_match(const TournamentMatchRequest& r) {
  MatchOpening o;
  o.config = r.config;
  o.origin = r.origin();
  o.opening = r.opening;
  for (int s = 0; s < 2; ++s) {
    const auto i = static_cast<std::size_t>(s);
    auto info = presence_.user_info(r.seats[i]);
    if (!info) return Error{"seat " + std::to_string(s) + ": " + info.message()};
    o.players[i] = *info;
    if (r.house[i]) {
      o.players[i].role = v1::ROLE_HOUSE_BOT;
      o.house[i] = *r.house[i];
    }
  }
  return matches_.open(std::move(o));
}

void TournamentManager::records(
    const std::string& match_id,
    std::function<void(std::optional<std::string>, std::optional<std::string>)> done) {
  auto host = matches_.find(match_id);
  if (!host || !host->finished()) return done(std::nullopt, std::nullopt);
  host->records_async(std::move(done));
}

}  // namespace boyi::app
