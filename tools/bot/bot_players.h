// What boyi-bot plays with: built-in engines by player spec, one for every game or one
// per game ("gomoku=renju", "junqi=ismcts:playouts=4000"), and optionally an external
// engine program bridged through its text protocol for the games that protocol serves.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "bots/client/bot.h"
#include "bots/wire/engine_seat_player.h"
#include "base/result.h"

namespace boyi::bots {

struct PlayerChoice {
  std::string default_spec;  // "": each game's own strong engine (default_player_spec)
  std::map<std::string, std::string> per_game;  // game -> spec
  // An external engine ("" for none): the command line and its protocol.
  std::string engine_command;
  std::string engine_protocol;
  std::string engine_log;  // optional transcript of the engine's lines
  std::string opening_decider;  // piskvork under the ccgc opening (BridgeOptions)
  EngineSeatOptions engine_options;
  std::uint64_t seed = 1;
};

// The player a game gets when none is named: its first strong engine (bots/engines), else
// UCT.
std::string default_player_spec(const std::string& game);

// Reads the --player values: "SPEC" (every game) or "GAME=SPEC" (one game). Checks that
// every spec makes a player for the games it is meant for.
Status read_player_specs(const std::vector<std::string>& values, PlayerChoice& choice);

// Whether external engines can be bridged in this build, and the protocols.
bool bridges_available();
std::vector<std::string> bridge_protocol_names();

// One player per match: the bridged engine where it serves the game, else the spec for
// the game. Fails at once (not at the first match) on a bad engine protocol.
Result<SeatPlayerFactory> make_player_factory(const PlayerChoice& choice);

}  // namespace boyi::bots
