#include "tools/match/arena_game.h"

#include <algorithm>
#include <array>
#include <limits>
#include <memory>

#include "bots/arena/arena.h"
#include "bots/bridges/bridge_player.h"
#include "bots/wire/engine_seat_player.h"
#include "tools/match/external_engine.h"

namespace boyi::match {

namespace {

std::uint32_t wire_ms(std::int64_t ms) {
  if (ms <= 0) return 0;  // 0 on the wire: that limit is off
  return static_cast<std::uint32_t>(
      std::min<std::int64_t>(ms, std::numeric_limits<std::uint32_t>::max()));
}

v1::TimeControl time_control(const MatchConfig& c) {
  v1::TimeControl tc;
  tc.set_total_ms(wire_ms(c.bank_ms));
  tc.set_per_move_ms(wire_ms(c.per_move_ms));
  tc.set_increment_ms(c.bank_ms > 0 ? wire_ms(c.increment_ms) : 0);
  return tc;
}

Result<std::unique_ptr<bots::SeatPlayer>> make_seat_player(const MatchConfig& c,
                                                           const std::string& spec,
                                                           std::uint64_t seed,
                                                           const std::string& log_name) {
  if (!is_external_spec(spec)) {
    bots::EngineSeatOptions options;
    options.safety_margin_ms = c.safety_margin_ms;
    return bots::make_engine_seat_player(c.game, spec, seed, options);
  }
  auto engine = parse_external_spec(spec, c.game);
  if (!engine) return Error{engine.message()};
  bots::BridgeOptions options;
  options.argv = engine->argv;
  options.protocol = engine->protocol;
  options.opening_decider = c.opening_decider;
  options.startup_timeout_ms = c.startup_ms;
  options.move_margin_ms = static_cast<int>(std::max<std::int64_t>(0, c.safety_margin_ms));
  if (!c.engine_log_dir.empty()) options.log_path = c.engine_log_dir + "/" + log_name;
  return bots::make_bridge_player(options, c.game);
}

}  // namespace

Result<GameRecord> play_arena_game(const MatchConfig& c, int index) {
  GameRecord rec;
  rec.index = index;
  rec.a_seat = index % 2 == 0 ? 0 : 1;
  const std::uint64_t seed = c.seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(index);
  std::array<std::unique_ptr<bots::SeatPlayer>, 2> players;
  for (Seat s = 0; s < 2; ++s) {
    const bool is_a = s == rec.a_seat;
    const std::string log_name =
        "game-" + std::to_string(index + 1) + (is_a ? "-A" : "-B") + ".txt";
    auto p = make_seat_player(c, is_a ? c.first : c.second, seed ^ (s ? 0xB0B : 0xA11CE), log_name);
    if (!p) return Error{std::string(is_a ? "A" : "B") + ": " + p.message()};
    players[s] = std::move(p).value();
  }
  bots::ArenaOptions options;
  options.match_id = "boyi-match-" + std::to_string(index + 1);
  options.illegal_move_attempts = 1;  // as the local runner: an illegal action loses at once
  options.grace_ms = c.grace_ms;
  options.max_actions = c.max_plies;
  if (!c.openings.empty()) {
    options.opening = c.openings[static_cast<std::size_t>(index / 2) % c.openings.size()];
  } else if (c.random_opening_plies > 0) {
    auto opening = random_opening(c, index);
    if (!opening) return Error{opening.message()};
    options.opening = std::move(opening).value();
  }
  auto r =
      bots::play_arena_match(c.game, c.rules, time_control(c), *players[0], *players[1], options);
  if (!r) return Error{r.message()};
  rec.outcome = r->outcome;
  rec.rules = r->rules;
  for (const auto& m : r->moves) {
    rec.moves.push_back(m.move);
    rec.movers.push_back(m.actor);
    rec.comments.push_back(m.comment);
    (m.actor == rec.a_seat ? rec.a_ms : rec.b_ms) += m.time_ms;
  }
  for (Seat s = 0; s < 2; ++s) {
    if (!r->cannot_play[s].empty()) {
      rec.void_game = true;
      rec.note = std::string(s == rec.a_seat ? "A" : "B") +
                 "'s bridge could not play (void): " + r->cannot_play[s];
    } else if (!r->failure[s].empty()) {
      rec.note = std::string(s == rec.a_seat ? "A" : "B") + " failed: " + r->failure[s];
    }
  }
  if (rec.note.empty() && rec.outcome.ending == Ending::kIllegalMove) rec.note = rec.outcome.detail;
  return rec;
}

}  // namespace boyi::match
