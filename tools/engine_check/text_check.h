// boyi-engine-check --protocol junqi-ccgc|sau|piskvork: a competition engine run unchanged
// (as a child process, as the bridges run it) through scripted scenarios of its text protocol
// (docs/rules/engine-protocols.md), as strictly as a referee would: the handshake and the
// engine's name, whole games from both seats against a random player with every answer's form,
// legality and time checked, the protocol's error paths (sau `error`, piskvork's unknown
// commands and BOARD), and the goodbye. Every scenario starts a fresh process.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/result.h"
#include "tools/engine_check/check_report.h"

namespace boyi::engine_check {

struct TextCheckOptions {
  std::string protocol;              // junqi-ccgc, sau, piskvork
  std::string game;                  // junqi, dots, surakarta, gomoku ("" : the protocol's game)
  std::string rules;                 // the game's rules text ("": its defaults)
  std::vector<std::string> argv;     // the engine's command, run as is (no shell)
  int games = 2;                     // whole games, the engine's seat alternating
  std::int64_t bank_ms = 60'000;     // each side's time for a game (told to the engine)
  std::int64_t move_ms = 5'000;      // piskvork: timeout_turn; others: a warning past it
  std::int64_t startup_ms = 10'000;  // the handshake's answer, from the process start
  std::int64_t exit_ms = 2'000;      // after the goodbye, until the process has exited
  std::int64_t memory_mb = 512;      // peak resident memory allowed (piskvork: max_memory)
  int max_moves = 400;               // per game: a longer game is ended (END) and counted
  std::uint64_t seed = 1;
  std::string log_path;  // optional: the transcript of every scenario, both ways
};

// The protocol's game when --game is not given (sau: none, it serves two).
std::string default_game(const std::string& protocol);

// Runs every scenario and reports; an error only when the check cannot run at all (an
// unknown protocol, a game the protocol does not serve, bad rules).
Result<Report> run_text_check(const TextCheckOptions& options);

}  // namespace boyi::engine_check
