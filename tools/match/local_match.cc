#include "tools/match/local_match.h"

#include <algorithm>
#include <atomic>
#include <fstream>
#include <mutex>
#include <thread>

#include "base/rng.h"
#include "base/words.h"
#include "bots/bridges/bridge_player.h"
#include "bots/wire/engine_seat_player.h"
#include "engine/opening.h"
#include "engine/protocol_openings.h"
#include "engine/registry.h"
#include "tools/match/arena_game.h"
#include "tools/match/external_engine.h"

namespace boyi::match {

double GameRecord::a_score() const {
  if (!outcome.winner.has_value()) return 0.5;
  return *outcome.winner == a_seat ? 1.0 : 0.0;
}

namespace {

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
    if (g.void_game) {
      ++result.voids;
      continue;
    }
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

// The rules and built-in specs are checked by making the players once, then every game
// goes through the arena (the one referee).
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

// Every game's opening against each external engine in the seat it plays there: refused
// here, before any game, rather than played in another position than the referee's.
Status check_engine_openings(const MatchConfig& c) {
  if (c.openings.empty() && c.random_opening_plies <= 0) return Status::Ok();
  for (int i = 0; i < c.games; ++i) {
    std::vector<std::string> opening;
    if (!c.openings.empty()) {
      opening = c.openings[static_cast<std::size_t>(i / 2) % c.openings.size()];
    } else {
      auto random = random_opening(c, i);
      if (!random) return Error{random.message()};
      opening = std::move(random).value();
    }
    const Seat a_seat = i % 2 == 0 ? 0 : 1;
    for (const bool is_a : {true, false}) {
      const std::string& spec = is_a ? c.first : c.second;
      if (!is_external_spec(spec)) continue;
      auto engine = parse_external_spec(spec, c.game);
      if (!engine) return Error{engine.message()};
      const Seat seat = is_a ? a_seat : 1 - a_seat;
      if (auto st = check_protocol_opening(engine->protocol, c.game, c.rules, opening, seat); !st)
        return fail(std::string(is_a ? "A" : "B") + " in game " + std::to_string(i + 1) + " (" +
                    (c.openings.empty() ? "--random-opening" : "--openings") +
                    "): " + st.message());
    }
  }
  return Status::Ok();
}

}  // namespace

Status validate(const MatchConfig& c) {
  if (c.games < 1) return fail("--games must be at least 1");
  if (c.concurrency < 1) return fail("--concurrency must be at least 1");
  if (c.startup_ms < 1) return fail("--startup-ms must be at least 1");
  if (!find_game(c.game))
    return fail("unknown game '" + c.game + "' (junqi, gomoku, dots, surakarta)");
  for (const auto* spec : {&c.first, &c.second}) {
    if (!is_external_spec(*spec)) continue;
    auto engine = parse_external_spec(*spec, c.game);
    if (!engine) return Error{engine.message()};
    if (auto found = find_program(engine->argv.front()); !found) return Error{found.message()};
  }
  for (std::size_t i = 0; i < c.openings.size(); ++i)
    if (auto st = check_opening(c.game, c.rules, c.openings[i]); !st)
      return fail("--openings: line " + std::to_string(i + 1) + ": " + st.message());
  if (auto st = bots::check_opening_decider(c.opening_decider); !st)
    return fail("--opening-decider: " + st.message());
  return check_engine_openings(c);
}

bool uses_external_engine(const MatchConfig& c) {
  return is_external_spec(c.first) || is_external_spec(c.second);
}

Result<MatchResult> run_match(const MatchConfig& c,
                              const std::function<void(const GameRecord&)>& on_game) {
  if (auto st = validate(c); !st) return Error{st.message()};
  return run_arena_games(c, on_game);
}

std::string game_log(const MatchConfig& c, const GameRecord& r) {
  const std::string& s0 = r.a_seat == 0 ? c.first : c.second;
  const std::string& s1 = r.a_seat == 0 ? c.second : c.first;
  const std::string result = !r.outcome.winner ? "1/2-1/2" : *r.outcome.winner == 0 ? "1-0" : "0-1";
  std::string out;
  out += "[Game \"" + c.game + "\"]\n";
  out += "[Round \"" + std::to_string(r.index + 1) + "\"]\n";
  out += "[Rules \"" + r.rules + "\"]\n";
  out += "[Seat0 \"" + s0 + "\"]\n";
  out += "[Seat1 \"" + s1 + "\"]\n";
  out += "[Result \"" + result + "\"]\n";
  out += "[Ending \"" + std::string(ending_name(r.outcome.ending)) + "\"]\n";
  out += "[Detail \"" + r.outcome.detail + "\"]\n";
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    out += std::to_string(i + 1) + ". " + std::to_string(r.movers[i]) + " " + r.moves[i];
    // A mover's note, as PGN writes comments (a note holds no braces' closing one).
    if (i < r.comments.size() && !r.comments[i].empty()) {
      std::string note = r.comments[i];
      std::replace(note.begin(), note.end(), '}', ')');
      out += " {" + note + "}";
    }
    out += "\n";
  }
  out += result + "\n\n";
  return out;
}

Result<std::vector<std::string>> random_opening(const MatchConfig& c, int index) {
  // Both games of a pair (the engines on either side) start from the same actions.
  Rng rng(c.seed * 0xD1B54A32D192ED03ull + static_cast<std::uint64_t>(index / 2) + 1);
  return boyi::random_opening(c.game, c.rules, c.random_opening_plies, rng);
}

}  // namespace boyi::match
