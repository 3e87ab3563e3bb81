// boyi-engine-check --server: a scripted Boyi server on loopback that a network bot connects
// to, misbehaving on purpose within the protocol (protocol/README.md) to check that the bot
// copes: repeated events, events out of order, a dropped connection (reconnect, sign in, Sync
// from the right seq), a refused move, a long silence (keep-alive). Its matches are refereed
// by a real WireMatch; the other seat is a built-in player.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/result.h"
#include "tools/engine_check/check_report.h"

namespace boyi::engine_check {

struct NetworkCheckOptions {
  std::string game;  // dots, gomoku, surakarta, junqi
  // The bot's command; {host}, {port} and {token} in any argument are replaced by the
  // scripted server's address and the bot token it accepts.
  std::vector<std::string> argv;
  std::vector<std::string> scenarios;  // names to run; empty: all
  std::int64_t move_ms = 5000;         // the per-move limit of the scripted matches
  std::int64_t startup_ms = 10000;     // the bot must sign in within this
  std::uint64_t seed = 1;
  std::string log_path;  // optional: every message both ways, as JSON
};

// The names of the scenarios, in the order they run.
std::vector<std::string> network_scenarios();

// Runs the bot through each scenario (a fresh bot process each) and reports; an error only
// when the check itself cannot run (no such game, a port cannot be opened).
Result<Report> run_network_check(const NetworkCheckOptions& options);

}  // namespace boyi::engine_check
