// The local arena: one match between two SeatPlayers without a server, refereed by the
// one referee (protocol::WireMatch over a MemoryJournal): each seat gets exactly the
// messages the server would send it — its own MatchStarted, every accepted action as a
// MatchEvent rendered for that seat with its view, MatchEnded — and is asked to move
// whenever it can act. Seats that act at the same time (军棋's deployment) think at the
// same time. The clocks are the referee's, on real time: the same bank, per-move limit,
// increment and grace for both seats, whether a seat is a built-in engine or an external
// program. A refused action is reported with rejected() and counts against the seat's
// illegal-move attempts (the last one loses). A player that fails (start(), observe() or
// choose() returns an error) loses at once by disconnect forfeit: the detail quotes its
// error; unless it could not play the game at all (SeatPlayer::cannot_play: a bridge that
// cannot tell its engine the opening), which aborts the match as void (no winner).
//
// This is the no-server way to run bridged and built-in engines against each other;
// boyi-match and the bridge tests build on it.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "bots/wire/seat_player.h"
#include "boyi/v1/boyi.pb.h"
#include "engine/core/outcome.h"

namespace boyi::bots {

struct ArenaMove {
  Seat actor = 0;
  std::string move;          // full notation
  std::int64_t time_ms = 0;  // the referee's measured thinking time
  std::string comment;       // the player's note on it (SeatPlayer::comment), as a server keeps it
};

struct ArenaOptions {
  std::string match_id = "arena";
  int illegal_move_attempts = 3;  // refused actions in the match before a seat loses; 1 = at once
  std::int64_t grace_ms = 200;    // the referee's network grace: a limit falls only beyond it
  int max_actions = 20000;        // still running after this many actions: aborted, no winner
  std::function<void(const ArenaMove&)> on_move;  // optional: called after each accepted action
  // Actions played for the seats before the players take over (an opening from a suite), in
  // the game's notation, each by the seat whose turn it is. The players observe them.
  std::vector<std::string> opening;
};

struct ArenaResult {
  std::string rules;  // the canonical rules text played (every key, defaults included)
  Outcome outcome;
  std::vector<ArenaMove> moves;
  std::array<std::string, 2> failure;  // a seat's player error, "" if none
  // Why a seat's player could not play the game (SeatPlayer::cannot_play), "" if it could:
  // the match was aborted, void, through no fault of the engine.
  std::array<std::string, 2> cannot_play;
  std::array<int, 2> illegal_attempts{};       // refused actions per seat
  std::array<std::int64_t, 2> remaining_ms{};  // the clocks at the end (0 when no bank)
  std::string final_text;                      // the full final position
};

// Plays one match: seat0 and seat1 (distinct objects) under `rules` ("" for the
// game's defaults) and `time` (0 fields: that limit off; no increment without a bank). Errors only
// for a bad game, rules or options; everything the players do ends in the outcome.
Result<ArenaResult> play_arena_match(std::string_view game, std::string_view rules,
                                     const v1::TimeControl& time, SeatPlayer& seat0,
                                     SeatPlayer& seat1, const ArenaOptions& options = {});

}  // namespace boyi::bots
