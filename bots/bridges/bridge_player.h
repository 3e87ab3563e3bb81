// Bridges: an existing competition engine program, run unchanged as a child
// process, playing one seat as a SeatPlayer. The bridge speaks the engine's own
// text protocol (docs/rules/engine-protocols.md):
//  - "junqi-ccgc": the competition's 军棋 referee protocol (INFO / NAME / START /
//    ARRAY / GO / BESTMOVE / RESULT / END), posts rotated to the engine's own frame;
//  - "sau": the competition platform protocol of 点格棋 and 苏拉卡尔塔 (name? /
//    new black|white / move ... / error / end / quit);
//  - "piskvork": the Gomoku brain protocol (START 15 / INFO / BEGIN / TURN /
//    BOARD / END / ABOUT).
// The bridge gives the engine the time it has, waits for it only until the seat's
// deadline less a margin, and turns a crash, a hang, garbage or an illegal move
// into an error from choose() that says what happened. It never blocks forever
// and never leaves a process behind. See README.md for each protocol's mapping.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "bots/wire/seat_player.h"

namespace boyi::bots {

class WarmEngines;

struct BridgeOptions {
  std::vector<std::string> argv;   // the engine program and its arguments
  std::string protocol;            // "junqi-ccgc", "sau" or "piskvork"
  int startup_timeout_ms = 10000;  // to start and answer the greeting (off the clock)
  int error_retries = 3;           // sau: illegal moves re-asked with `error` before giving up
  std::string log_path;            // optional transcript of every line both ways
  // Beyond the brief's fields (all optional):
  int move_margin_ms = 100;  // the engine is told its limit less this
  // How long past the seat's limit the bridge still waits for the engine and passes a late
  // answer on: the referee's clock alone decides whether it stands (a host raises the stop
  // signal, SeatPlayer::set_stop, when the match is over, which ends the wait at once).
  int late_answer_ms = 3000;
  int unlimited_move_ms = 60000;  // the wait for a move when the match has no clock
  int exit_grace_ms = 300;        // after the goodbye line, before the engine is killed
  // piskvork under the ccgc opening: who makes the decisions the brain protocol has no words
  // for (swap/keep, the offers of stone 5, white's choice). "engine:SPEC": a built-in player
  // (make_player spec; "" = engine:<the game's strong engine>); "brain": the brain decides the
  // swap through Gomocup's SWAP2BOARD, the built-in default the rest. Each such move's
  // comment in the record says who decided it.
  std::string opening_decider;
  // Engines started and greeted before their matches (engine_start.h), shared by the bridges
  // of one host; null: each bridge starts its engine at start().
  std::shared_ptr<WarmEngines> warm;
};

// Why `decider` is no BridgeOptions::opening_decider, or Ok (tools check it once, up front:
// the bridge makes its player only when the first decision comes).
Status check_opening_decider(std::string_view decider);

// The protocols and which games each one serves.
std::vector<std::string> bridge_protocols();
bool protocol_serves(std::string_view protocol, std::string_view game);

// Splits an engine command line into its arguments (no shell runs it): whitespace
// separates, single or double quotes group, a backslash escapes the next character
// (not inside single quotes). Errors: an unclosed quote, a trailing backslash, nothing.
Result<std::vector<std::string>> split_command_line(std::string_view command);

// A player of one seat of `game` ("junqi", "gomoku", "dots", "surakarta") that
// runs options.argv and speaks options.protocol. The engine starts at start().
Result<std::unique_ptr<SeatPlayer>> make_bridge_player(const BridgeOptions& options,
                                                       std::string_view game);

}  // namespace boyi::bots
