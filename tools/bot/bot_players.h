// What boyi-bot plays with: built-in engines by player spec, one for every game or one
// per game ("gomoku=renju", "junqi=ismcts:playouts=4000"), and optionally an external
// engine program bridged through its text protocol for the games that protocol serves.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "base/result.h"
#include "bots/client/bot.h"
#include "bots/wire/engine_seat_player.h"

namespace boyi::bots {

struct PlayerChoice {
  std::string default_spec;  // "": each game's own strong engine (default_player_spec)
  std::map<std::string, std::string> per_game;  // game -> spec
  // An external engine ("" for none): the command line and its protocol.
  std::string engine_command;
  std::string engine_protocol;
  std::string engine_log;       // optional transcript of the engine's lines
  std::string opening_decider;  // piskvork under the ccgc opening (BridgeOptions)
  // The external engine's start-up: its limit (to start and answer the greeting), and how
  // many engines are kept started and greeted ahead of the matches, so that no match's
  // clock runs while one starts (the matches the bot plays at once).
  int engine_startup_ms = 10000;
  int warm_engines = 1;
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

struct PlayerFactory {
  SeatPlayerFactory make;
  // Waits up to `wait` until the external engine kept ahead of the matches has started and
  // answered its greeting: Ok, or why not (Ok at once without an external engine).
  std::function<Status(std::chrono::milliseconds wait)> engine_ready;
};

// One player per match: the bridged engine where it serves the game, else the spec for
// the game. Fails at once (not at the first match) on a bad engine protocol. An external
// engine starts now (choice.warm_engines of them), before any match.
Result<PlayerFactory> make_player_factory(const PlayerChoice& choice);

}  // namespace boyi::bots
