// The house bots' strengths: for every game, strength 1..10 names a player spec (bots/player.h)
// and a thinking-time cap per move. 1 plays random legal moves, 2 the greedy one-ply player,
// 3 and 4 the generic searches with small budgets, 5..10 the game's own strong engine with
// growing caps; 10 thinks as long as the match's clocks allow. Strength 0 in a request means
// kDefaultHouseStrength. The table is served as JSON at GET /api/house-bots (README.md).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"

namespace boyi::app {

inline constexpr int kMinHouseStrength = 1;
inline constexpr int kMaxHouseStrength = 10;
inline constexpr int kDefaultHouseStrength = 6;

struct HouseLevel {
  int strength = 0;
  std::string spec;              // the player spec, e.g. "threat" or "alphabeta:depth=2"
  std::int64_t max_move_ms = 0;  // thinking-time cap for one move; -1: the clocks only
  std::string description;       // one line for people choosing a level
};

// The games that have house bots, in the order the API lists them.
const std::vector<std::string>& house_bot_games();

// The level of `strength` (1..10) for `game`, or why there is none.
Result<HouseLevel> house_level(std::string_view game, int strength);

// A requested strength as stored and played: 0 becomes the default; anything past 10 is an
// error whose text a client can show.
Result<int> resolve_house_strength(std::uint32_t requested);

// "House bot · 7": the name a house seat shows in a match.
std::string house_display_name(int strength);

// Every game's levels as the JSON document of GET /api/house-bots.
std::string house_levels_json(bool enabled);

}  // namespace boyi::app
