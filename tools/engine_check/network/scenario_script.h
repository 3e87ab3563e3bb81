// One scenario as data: how the scripted server departs from a well-behaved one on purpose
// (Script), and what it saw the bot do that the verdict needs afterwards (Observed).
// network_scenarios.cc writes the scripts and judges what was observed; scenario_run.cc
// plays them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/outcome.h"
#include "tools/engine_check/network/scripted_server.h"

namespace boyi::engine_check {

struct Script {
  std::string name;
  Seat bot_seat = 0;
  int max_actions = 40;             // the match is ended (aborted) after this many actions
  std::int64_t reply_ms = 5;        // how long the other seat (the kit's player) thinks
  std::int64_t per_move_ms = 5000;  // the match's per-move limit
  std::int64_t disconnect_grace_ms = 10000;
  std::uint32_t idle_timeout_ms = 300000;  // Welcome.limits.idle_timeout_ms

  // The deliberate misbehaviour (all off: the server as it is).
  bool duplicate_events = false;  // every match_event twice, the second with the same seq
  // The answers to these moves of the bot (1 = its first) go out after the other seat's
  // reply instead of before it, with clock_update pushes around them.
  std::vector<int> swap_after;
  int drop_after = 0;     // the connection is dropped once the bot is to move after this move
  int refuse_move = 0;    // this legal move of the bot is refused once (ILLEGAL_MOVE)
  int long_think_at = 0;  // the other seat's move (1 = its first) that takes long_think_ms
  std::int64_t long_think_ms = 0;
};

struct Observed {
  bool connected = false;
  bool said_hello = false;
  bool signed_in = false;
  Wire wire = Wire::kUnknown;
  int sign_ins = 0;
  int actions = 0;
  int bot_moves = 0;  // accepted
  Outcome outcome;
  bool capped = false;  // ended by the kit at Script::max_actions
  bool bot_exited = false;
  std::int64_t slowest_ms = -1;  // the bot's slowest answer to being put to move
  std::uint32_t slowest_seq = 0;
  int pings = 0;
  std::vector<std::uint32_t> syncs;  // from_seq of every sync, in order

  int duplicates = 0;  // events sent twice
  int swaps = 0;       // pairs of events sent in the wrong order
  bool dropped = false;
  std::uint32_t drop_seq = 0;  // the last seq it was sent before the drop
  bool back = false;           // signed in again after the drop
  std::int64_t back_ms = 0;
  std::optional<std::uint32_t> resync_from;  // its first sync after coming back
  int moves_after_drop = 0;
  bool refused = false;
  std::string refused_move;
  std::optional<std::string> move_after_refusal;
  bool long_think = false;  // the other seat's long think happened
  bool idle_closed = false;
  bool server_ping_answered = false;
};

}  // namespace boyi::engine_check
