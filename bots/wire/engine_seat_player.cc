#include "bots/wire/engine_seat_player.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "bots/player.h"
#include "bots/search/adaptive_margin.h"
#include "bots/search/search_watchdog.h"
#include "bots/wire/seat_tracker.h"
#include "bots/wire/view_moves.h"
#include "engine/games.h"

namespace boyi::bots {

TimeControl time_control_for(const v1::TimeControl& match, const v1::Clocks& clocks, Seat seat,
                             const EngineSeatOptions& options) {
  TimeControl tc;
  tc.safety_margin_ms = options.safety_margin_ms;
  tc.increment_ms = match.increment_ms();
  tc.moves_to_go = options.moves_to_go;
  if (match.total_ms() > 0)
    tc.bank_ms = seat >= 0 && seat < clocks.remaining_ms_size() ? clocks.remaining_ms(seat)
                                                                : match.total_ms();
  if (match.per_move_ms() > 0) {
    // move_remaining_ms belongs to the seat whose clock runs; before it runs, the full limit.
    const bool ours = clocks.running() == seat || clocks.running_both();
    tc.per_move_ms = ours ? clocks.move_remaining_ms() : match.per_move_ms();
    // A margin as large as a short limit would leave the engine no time at all (200 ms of
    // margin at 200 ms a move made every engine answer at once): at most a quarter of it.
    tc.safety_margin_ms = std::min<Millis>(tc.safety_margin_ms, match.per_move_ms() / 4);
  }
  if (options.max_move_ms >= 0)
    tc.per_move_ms =
        tc.per_move_ms < 0 ? options.max_move_ms : std::min(tc.per_move_ms, options.max_move_ms);
  return tc;
}

namespace {

template <Game G>
class EngineSeatPlayer final : public SeatPlayer {
  static constexpr bool kHidden = std::is_same_v<G, junqi::State>;

 public:
  EngineSeatPlayer(std::unique_ptr<Player<G>> player, std::uint64_t seed,
                   const EngineSeatOptions& options)
      : player_(std::move(player)), rng_(seed ^ 0xfa11bac4ull), options_(options) {}

  std::string name() const override { return std::string(G::kName) + " " + player_->name(); }

  Status start(const v1::MatchStarted& started) override {
    if (Status st = tracker_.start(started); !st) return st;
    time_control_ = started.time_control();
    rules_text_ = started.rules();
    return Status::Ok();
  }

  Status observe(const v1::MatchEvent& event) override {
    const auto before = tracker_.last_seq();
    Status st = tracker_.observe(event);
    if (tracker_.last_seq() != before) refused_.clear();  // a new position
    return st;
  }

  void set_stop(const StopSignal* stop) override { stop_ = stop; }
  void set_move_cap_ms(std::int64_t ms) override { move_cap_ms_ = ms; }

  Result<std::string> choose(const v1::GameView& view, const v1::Clocks& clocks) override {
    if (!tracker_.started()) return fail("choose() before start()");
    if (view.viewer() != tracker_.seat()) return fail("a view of another seat");
    if (view.ply() != known_ply())
      return fail("the view is at ply " + std::to_string(view.ply()) + ", the seat knows ply " +
                  std::to_string(known_ply()));
    if (!view.can_act()) return fail("the seat may not act now");
    std::string move, why;
    if (watchdog_.busy()) {
      why = "the engine is still on the search its watchdog gave up";
    } else {
      const auto answer = think(clocks);
      if (!answer)
        why = "the engine did not answer by its watchdog";
      else if (!answer->error.empty())
        why = "the engine failed: " + answer->error;
      else if (answer->move.empty())
        why = "the engine gave no move";
      else
        move = answer->move;
    }
    if (!move.empty() && !allowed(move, view)) {
      why = "the engine's " + move + " may not be played";
      move.clear();
    }
    if (move.empty()) {
      auto fallback =
          random_move_from_view(std::string(G::kName), rules_text_, view, rng_, refused_);
      if (!fallback) return fallback;
      move = *fallback;
      if (options_.on_fallback) options_.on_fallback(why);
    }
    last_ = move;
    return move;
  }

  void rejected(const std::string& /*error*/) override {
    if (!last_.empty()) refused_.push_back(last_);
  }

 private:
  int known_ply() const {
    if constexpr (kHidden)
      return tracker_.knowledge().view.ply;
    else
      return tracker_.knowledge().ply();
  }

  // The engine's answer under its watchdog (nothing when the watchdog gave up on it), from a
  // copy of what the seat knows: an abandoned search may outlive this move.
  std::optional<SearchWatchdog::Answer> think(const v1::Clocks& clocks) {
    EngineSeatOptions options = options_;
    if (move_cap_ms_ >= 0)
      options.max_move_ms =
          options.max_move_ms < 0 ? move_cap_ms_ : std::min(options.max_move_ms, move_cap_ms_);
    TimeControl tc = time_control_for(time_control_, clocks, tracker_.seat(), options);
    // The watchdog guards the match's own limit for this move, not a cap of the host's: an
    // engine past its cap loses nothing.
    EngineSeatOptions uncapped = options;
    uncapped.max_move_ms = -1;
    TimeControl match_limit = time_control_for(time_control_, clocks, tracker_.seat(), uncapped);
    match_limit.safety_margin_ms = 0;
    const Millis limit = TimeBudget::hard_limit_ms(match_limit);
    tc.safety_margin_ms += adaptive_.extra_ms(limit);
    const Millis margin = std::max<Millis>(0, tc.safety_margin_ms);
    // It raises the search's stop halfway through the margin and gives up a millisecond before
    // the limit: a search slow to stop on a loaded machine still answers itself if it can.
    const auto began = std::chrono::steady_clock::now();
    std::optional<SearchWatchdog::Instant> raise_at;
    if (limit >= 0)
      raise_at = began + std::chrono::milliseconds(std::max<Millis>(0, limit - margin / 2));
    const auto grace = std::chrono::milliseconds(std::max<Millis>(1, margin / 2 - 1));
    auto answer = watchdog_.run(
        [this, tc, known = tracker_.knowledge(), seat = tracker_.seat(),
         rules = tracker_.rules()](const StopSignal& stop) {
          TimeBudget budget(tc);
          budget.set_stop(&stop);
          return engine_move(known, seat, rules, budget);
        },
        stop_, raise_at, grace);
    if (limit >= 0) {
      const double took = std::chrono::duration<double, std::milli>(
                              std::chrono::steady_clock::now() - began)
                              .count();
      adaptive_.observe(took - static_cast<double>(limit - margin));
    }
    return answer;
  }

  // The engine's move in notation; empty when the seat may not act by what it knows.
  std::string engine_move(const SeatKnowledge<G>& known, Seat seat,
                          const typename G::Rules& rules, const TimeBudget& budget) {
    if constexpr (kHidden) {
      const junqi::View& v = known.view;
      const bool deploying = !((v.deployed >> seat) & 1);
      if (v.outcome.finished() || (!deploying && v.to_move != seat)) return {};
      const junqi::Move m = player_->choose(known, seat, budget);
      if (deploying != (m.kind == junqi::Move::kDeploy)) return {};
      return junqi::State(rules).format_move(m);
    } else {
      (void)rules;
      if (known.is_terminal() || !known.can_act(seat)) return {};
      const auto m = player_->choose(known, seat, budget);
      if (!known.check(seat, m).ok()) return {};
      return known.format_move(m);
    }
  }

  // Whether `move` is an action the seat may send now (and was not refused already).
  bool allowed(const std::string& move, const v1::GameView& view) const {
    if (std::find(refused_.begin(), refused_.end(), move) != refused_.end()) return false;
    if (view.legal_moves_size() > 0)
      return std::find(view.legal_moves().begin(), view.legal_moves().end(), move) !=
             view.legal_moves().end();
    if constexpr (kHidden) {
      const junqi::State fresh(tracker_.rules());
      auto parsed = fresh.parse_move(tracker_.seat(), move);
      return parsed && parsed->kind == junqi::Move::kDeploy &&
             junqi::State::check_layout(parsed->layout).ok();
    } else {
      auto parsed = tracker_.knowledge().parse_move(tracker_.seat(), move);
      return parsed && tracker_.knowledge().check(tracker_.seat(), *parsed).ok();
    }
  }

  SeatTracker<G> tracker_;
  std::unique_ptr<Player<G>> player_;
  AdaptiveMargin adaptive_;  // grows with the lateness the answers meet
  SearchWatchdog watchdog_;  // after player_: a search still running ends before the player
  Rng rng_;
  EngineSeatOptions options_;
  v1::TimeControl time_control_;
  std::string rules_text_;
  std::string last_;                  // the last move answered
  std::vector<std::string> refused_;  // moves the server refused in this position
  const StopSignal* stop_ = nullptr;  // raised: answer at once (set_stop)
  std::int64_t move_cap_ms_ = -1;     // set_move_cap_ms
};

template <Game G>
Result<std::unique_ptr<SeatPlayer>> make_for(std::string_view spec, std::uint64_t seed,
                                             const EngineSeatOptions& options) {
  auto player = make_player<G>(spec, seed);
  if (!player) return fail(player.message());
  return make_engine_seat_player<G>(std::move(player).value(), seed, options);
}

}  // namespace

template <Game G>
std::unique_ptr<SeatPlayer> make_engine_seat_player(std::unique_ptr<Player<G>> player,
                                                    std::uint64_t seed,
                                                    const EngineSeatOptions& options) {
  return std::make_unique<EngineSeatPlayer<G>>(std::move(player), seed, options);
}
#define BOYI_INSTANTIATE_ENGINE_SEAT_PLAYER(G)                                        \
  template std::unique_ptr<SeatPlayer> make_engine_seat_player<G>(                   \
      std::unique_ptr<Player<G>>, std::uint64_t, const EngineSeatOptions&);
BOYI_FOR_EACH_GAME(BOYI_INSTANTIATE_ENGINE_SEAT_PLAYER)
#undef BOYI_INSTANTIATE_ENGINE_SEAT_PLAYER

Result<std::unique_ptr<SeatPlayer>> make_engine_seat_player(std::string_view game,
                                                            std::string_view spec,
                                                            std::uint64_t seed,
                                                            const EngineSeatOptions& options) {
  Result<std::unique_ptr<SeatPlayer>> made = Error{""};
  if (visit_game(game, [&]<Game G>() { made = make_for<G>(spec, seed, options); })) return made;
  return fail("no engine player for game '" + std::string(game) + "'");
}

}  // namespace boyi::bots
