// The house bots' strengths: for every game, strength 1..10 names a player spec (bots/player.h)
// and a thinking-time cap per move. 1 plays random legal moves, 2 the greedy one-ply player,
// 3 and 4 the generic searches with small budgets, 5..10 the game's own strong engine with
// growing caps; 10 thinks as long as the match's clocks allow. Strength 0 in a request means
// kDefaultHouseStrength. A game may also offer other house engines by name (the learned
// players among them): one plays in place of the level's player, under that level's cap. The
// table is served as JSON at GET /api/house-bots (README.md).
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

// Who plays a house seat: a strength, and the house engine in place of the level's own
// player ("" for the level's).
struct HouseChoice {
  std::uint32_t strength = 0;
  std::string engine;
  bool operator==(const HouseChoice&) const = default;
};

struct HouseLevel {
  int strength = 0;
  std::string engine;            // the house engine asked for; "" for the level's own player
  std::string spec;              // the player spec, e.g. "threat" or "alphabeta:depth=2"
  std::int64_t max_move_ms = 0;  // thinking-time cap for one move; -1: the clocks only
  std::string description;       // one line for people choosing a level
};

// The games that have house bots, in the order the API lists them.
const std::vector<std::string>& house_bot_games();

// The level of `strength` (1..10) for `game`, played by house engine `engine` when one is
// named (one of house_engines(game)), or why there is none.
Result<HouseLevel> house_level(std::string_view game, int strength, std::string_view engine = "");

// A house engine a game offers besides its levels' players.
struct HouseEngine {
  std::string name;         // its player spec, e.g. "td"
  std::string description;  // one line for people choosing it
  bool learned = false;     // a learned player (bots/learned_plugin.h)
};
// The house engines `game` offers on this server: a learned one only when the learned players
// can be loaded here (the first call loads them).
const std::vector<HouseEngine>& house_engines(std::string_view game);

// A requested strength as stored and played: 0 becomes the default; anything past 10 is an
// error whose text a client can show.
Result<int> resolve_house_strength(std::uint32_t requested);

// "House bot · 7", or "House bot · td · 7" for a house engine: the name a house seat shows.
std::string house_display_name(int strength, std::string_view engine = "");

// Every game's levels as the JSON document of GET /api/house-bots.
std::string house_levels_json(bool enabled);

}  // namespace boyi::app
