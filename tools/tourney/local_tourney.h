// The local mode: a whole tournament between engines on one machine, in one call — like
// cutechess-cli for these games. It starts the Boyi server in this process on a loopback
// port with a temporary data folder, makes one bot account per engine, creates and starts
// the tournament there, connects each engine as a bot (bots/client: built-in engines by
// player spec, or external programs through bots/bridges), follows the games, and prints
// the standings; the report and the records bundles can be written to a folder.
#pragma once

#include <cstdint>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "base/result.h"
#include "server/tournament/settings.h"

namespace boyi::tourney {

// One entrant: NAME=SPEC (a built-in player spec, bots/player.h) or
// NAME=cmd:PROTOCOL:COMMAND (an external engine, bridged: junqi-ccgc, sau, piskvork).
struct EngineEntry {
  std::string name;
  std::string spec;      // built-in: the player spec
  std::string protocol;  // external: the protocol ...
  std::string command;   // ... and the command line
  bool external() const { return !command.empty(); }
};
Result<EngineEntry> parse_engine(const std::string& text);

struct TourneyOptions {
  std::string game;    // "junqi", "gomoku", "dots", "surakarta"
  std::string preset;  // instead of game/rules/time
  std::string rules;
  std::int64_t total_ms = 60'000;
  std::int64_t increment_ms = 0;
  std::int64_t per_move_ms = 0;
  tournament::Settings settings;
  std::vector<EngineEntry> engines;
  std::filesystem::path data_dir;  // empty: a temporary one, removed at the end
  std::filesystem::path out_dir;   // empty: nothing written
  std::uint64_t seed = 1;
  // piskvork brains under the ccgc opening: who decides what the protocol cannot ask
  // (BridgeOptions::opening_decider).
  std::string opening_decider;
  // External engines: the limit to start and answer the greeting, off the clock.
  int startup_ms = 10000;
  bool quiet = false;           // no line per game
  std::int64_t timeout_ms = 0;  // give up after this long (0: never)
};

// Runs the tournament to its end; the exit code: 0 finished, 1 failed (the error), 3 timed
// out (the standings so far are printed).
Result<int> run_local_tourney(const TourneyOptions& options, std::ostream& out);

}  // namespace boyi::tourney
