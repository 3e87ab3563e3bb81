#include "tools/match/local_match.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>

#include "bots/player.h"
#include "bots/wire/engine_seat_player.h"
#include "engine/dots/dots.h"
#include "engine/gomoku/gomoku.h"
#include "engine/junqi/junqi.h"
#include "engine/registry.h"
#include "engine/surakarta/surakarta.h"
#include "tools/match/arena_game.h"
#include "tools/match/external_engine.h"

namespace boyi::match {

double GameRecord::a_score() const {
  if (!outcome.winner.has_value()) return 0.5;
  return *outcome.winner == a_seat ? 1.0 : 0.0;
}

namespace {

using bots::SeatKnowledge;

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// What each seat is shown: the state itself for perfect information, the view
// and event views for 军棋.
template <Game G>
struct Knowledge {
  std::array<SeatKnowledge<G>, 2> seat;
  explicit Knowledge(const G& s) : seat{s, s} {}
  void update(const G& s, const typename G::Event*) { seat = {s, s}; }
  const SeatKnowledge<G>& of(Seat s) const { return seat[s]; }
};

template <>
struct Knowledge<junqi::State> {
  std::array<bots::JunqiSeatInfo, 2> seat;
  explicit Knowledge(const junqi::State& s) {
    for (Seat i = 0; i < 2; ++i) {
      seat[i].rules = s.rules();
      seat[i].seat = i;
      seat[i].view = s.view(i);
    }
  }
  void update(const junqi::State& s, const junqi::Event* e) {
    for (Seat i = 0; i < 2; ++i) {
      if (e) seat[i].events.push_back(junqi::State::event_view(*e, i));
      seat[i].view = s.view(i);
    }
  }
  const bots::JunqiSeatInfo& of(Seat s) const { return seat[s]; }
};

template <Game G>
Result<GameRecord> play_game(const MatchConfig& c, const typename G::Rules& rules, int index) {
  GameRecord rec;
  rec.index = index;
  rec.a_seat = index % 2 == 0 ? 0 : 1;
  std::array<std::unique_ptr<bots::Player<G>>, 2> players;
  const std::uint64_t seed = c.seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(index);
  for (Seat s = 0; s < 2; ++s) {
    const std::string& spec = s == rec.a_seat ? c.first : c.second;
    auto p = bots::make_player<G>(spec, seed ^ (s ? 0xB0B : 0xA11CE));
    if (!p) return Error{p.message()};
    players[s] = std::move(p).value();
  }
  G state(rules);
  Knowledge<G> know(state);
  std::array<std::int64_t, 2> bank{c.bank_ms, c.bank_ms};
  std::array<std::int64_t, 2> used{0, 0};
  auto finish = [&](Ending ending, Seat loser, std::string detail) {
    rec.outcome.ending = ending;
    rec.outcome.winner = 1 - loser;
    rec.outcome.detail = std::move(detail);
  };
  int plies = 0;
  while (!state.is_terminal() && !rec.outcome.finished()) {
    if (plies >= c.max_plies) {
      rec.outcome.ending = Ending::kAborted;
      rec.outcome.detail = "move cap of the match runner";
      break;
    }
    // Who acts: the side to move, or every seat still to act in a simultaneous phase.
    std::vector<Seat> actors;
    if (state.to_move() != kPublic)
      actors.push_back(state.to_move());
    else
      for (Seat s = 0; s < 2; ++s)
        if (state.can_act(s)) actors.push_back(s);
    if (actors.empty()) {
      rec.outcome.ending = Ending::kAborted;
      rec.outcome.detail = "nobody can act";
      break;
    }
    // In a simultaneous phase every seat decides from the same knowledge.
    const Knowledge<G> before = know;
    for (Seat s : actors) {
      bots::TimeControl tc;
      tc.per_move_ms = c.per_move_ms;
      tc.bank_ms = bank[s] < 0 ? -1 : bank[s];
      tc.increment_ms = c.increment_ms;
      tc.safety_margin_ms = c.safety_margin_ms;
      const std::int64_t t0 = now_ns();
      const bots::TimeBudget budget(tc);
      const typename G::Move move = players[s]->choose(before.of(s), s, budget);
      const std::int64_t ms = (now_ns() - t0) / 1'000'000;
      used[s] += ms;
      if ((c.per_move_ms >= 0 && ms > c.per_move_ms + c.grace_ms) ||
          (bank[s] >= 0 && ms > bank[s] + c.grace_ms)) {
        finish(Ending::kTimeForfeit, s,
               "seat " + std::to_string(s) + " took " + std::to_string(ms) + " ms");
        break;
      }
      if (bank[s] >= 0) bank[s] = std::max<std::int64_t>(0, bank[s] - ms) + c.increment_ms;
      const std::string text = state.format_move(move);
      auto event = state.apply_checked(s, move);
      if (!event) {
        rec.note = "seat " + std::to_string(s) + " played '" + text + "': " + event.message();
        finish(Ending::kIllegalMove, s, rec.note);
        break;
      }
      rec.moves.push_back(text);
      rec.movers.push_back(s);
      know.update(state, &*event);
      ++plies;
    }
  }
  if (!rec.outcome.finished()) rec.outcome = state.outcome();
  rec.a_ms = used[rec.a_seat];
  rec.b_ms = used[1 - rec.a_seat];
  return rec;
}

using PlayOne = std::function<Result<GameRecord>(int index)>;

// Plays every game, `concurrency` at a time, and counts the results for engine A.
Result<MatchResult> run_games(const MatchConfig& c, const PlayOne& play_one,
                              const std::function<void(const GameRecord&)>& on_game) {
  MatchResult result;
  result.games.resize(static_cast<std::size_t>(std::max(0, c.games)));
  std::atomic<int> next{0};
  std::mutex mu;
  std::string error;
  auto worker = [&] {
    while (true) {
      const int i = next.fetch_add(1);
      if (i >= c.games) return;
      auto rec = play_one(i);
      std::lock_guard lock(mu);
      if (!rec) {
        error = rec.message();
        next = c.games;
        return;
      }
      result.games[static_cast<std::size_t>(i)] = *rec;
      if (on_game) on_game(*rec);
    }
  };
  const int threads = std::clamp(c.concurrency, 1, std::max(1, c.games));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (!error.empty()) return Error{error};
  for (const auto& g : result.games) {
    const double s = g.a_score();
    if (s == 1.0)
      ++result.wins;
    else if (s == 0.0)
      ++result.losses;
    else
      ++result.draws;
    const bool a_lost = g.outcome.winner.has_value() && *g.outcome.winner != g.a_seat;
    const bool b_lost = g.outcome.winner.has_value() && *g.outcome.winner == g.a_seat;
    if (g.outcome.ending == Ending::kTimeForfeit) {
      result.a_time_forfeits += a_lost;
      result.b_time_forfeits += b_lost;
    }
    if (g.outcome.ending == Ending::kIllegalMove) {
      result.a_illegal += a_lost;
      result.b_illegal += b_lost;
    }
    if (g.outcome.ending == Ending::kDisconnectForfeit) {
      result.a_failures += a_lost;
      result.b_failures += b_lost;
    }
  }
  return result;
}

template <Game G>
Result<MatchResult> run_game(const MatchConfig& c,
                             const std::function<void(const GameRecord&)>& on_game) {
  auto rules = G::Rules::parse(c.rules);
  if (!rules) return Error{"rules: " + rules.message()};
  for (const auto* spec : {&c.first, &c.second}) {
    auto p = bots::make_player<G>(*spec, 1);
    if (!p) return Error{p.message()};
  }
  return run_games(
      c, [&](int index) { return play_game<G>(c, *rules, index); }, on_game);
}

// Games with an external engine: the rules and built-in specs are checked by making the
// players once, then every game goes through the arena.
Result<MatchResult> run_arena_games(const MatchConfig& c,
                                    const std::function<void(const GameRecord&)>& on_game) {
  if (auto bad = create_game(c.game, c.rules); !bad) return Error{"rules: " + bad.message()};
  for (const auto* spec : {&c.first, &c.second}) {
    if (is_external_spec(*spec)) continue;
    auto p = bots::make_engine_seat_player(c.game, *spec, 1);
    if (!p) return Error{p.message()};
  }
  return run_games(
      c, [&](int index) { return play_arena_game(c, index); }, on_game);
}

}  // namespace

Status validate(const MatchConfig& c) {
  if (c.games < 1) return fail("--games must be at least 1");
  if (c.concurrency < 1) return fail("--concurrency must be at least 1");
  if (!find_game(c.game))
    return fail("unknown game '" + c.game + "' (junqi, gomoku, dots, surakarta)");
  for (const auto* spec : {&c.first, &c.second}) {
    if (!is_external_spec(*spec)) continue;
    auto engine = parse_external_spec(*spec, c.game);
    if (!engine) return Error{engine.message()};
    if (auto found = find_program(engine->argv.front()); !found) return Error{found.message()};
  }
  return Status::Ok();
}

bool uses_external_engine(const MatchConfig& c) {
  return is_external_spec(c.first) || is_external_spec(c.second);
}

Result<MatchResult> run_match(const MatchConfig& c,
                              const std::function<void(const GameRecord&)>& on_game) {
  if (auto st = validate(c); !st) return Error{st.message()};
  if (uses_external_engine(c)) return run_arena_games(c, on_game);
  if (c.game == "junqi") return run_game<junqi::State>(c, on_game);
  if (c.game == "gomoku") return run_game<gomoku::State>(c, on_game);
  if (c.game == "dots") return run_game<dots::State>(c, on_game);
  return run_game<surakarta::State>(c, on_game);
}

std::string game_log(const MatchConfig& c, const GameRecord& r) {
  const std::string& s0 = r.a_seat == 0 ? c.first : c.second;
  const std::string& s1 = r.a_seat == 0 ? c.second : c.first;
  const std::string result = !r.outcome.winner ? "1/2-1/2" : *r.outcome.winner == 0 ? "1-0" : "0-1";
  std::string out;
  out += "[Game \"" + c.game + "\"]\n";
  out += "[Round \"" + std::to_string(r.index + 1) + "\"]\n";
  out += "[Rules \"" + c.rules + "\"]\n";
  out += "[Seat0 \"" + s0 + "\"]\n";
  out += "[Seat1 \"" + s1 + "\"]\n";
  out += "[Result \"" + result + "\"]\n";
  out += "[Ending \"" + std::string(ending_name(r.outcome.ending)) + "\"]\n";
  out += "[Detail \"" + r.outcome.detail + "\"]\n";
  for (std::size_t i = 0; i < r.moves.size(); ++i)
    out += std::to_string(i + 1) + ". " + std::to_string(r.movers[i]) + " " + r.moves[i] + "\n";
  out += result + "\n\n";
  return out;
}

}  // namespace boyi::match
