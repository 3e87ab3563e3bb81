// One game of a boyi-match whose players include an external engine: both players are
// SeatPlayers — the external one bridged (bots/bridges/), a built-in one as an engine seat
// player (bots/wire/engine_seat_player.h) — and the arena (bots/arena/) referees it as the
// server would, with the match's clocks measured around each answer. A player that fails
// (crash, hang, garbage, an engine that would not start) loses by disconnect forfeit.
#pragma once

#include "base/result.h"
#include "tools/match/local_match.h"

namespace boyi::match {

// Game `index` of the match: engine A sits in seat 0 when the index is even.
Result<GameRecord> play_arena_game(const MatchConfig& config, int index);

}  // namespace boyi::match
