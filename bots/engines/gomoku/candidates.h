// The moves the `threat` engine searches in a position, read from the threat
// sets: a five wins; an opponent's five point must be blocked (two, or one that
// is a foul for black, lose); a flex four wins in three plies; against an open
// three only the points that stop it and the mover's own fours are worth
// trying; otherwise the points near stones by attack plus defence value, best
// first, at most `width` of them. Renju black's fouls are never generated.
#pragma once

#include <vector>

#include "bots/engines/gomoku/position.h"

namespace boyi::bots::gomoku_threat {

enum class MoveStatus : std::uint8_t {
  kMoves,   // search `moves`
  kWinNow,  // moves[0] makes five
  kWinIn3,  // moves[0] makes a flex four the opponent cannot answer
  kLost,    // the opponent makes five next whatever we do (moves: the best try)
  kDefend,  // `moves` answer the opponent's five or open three
};

// Attack plus defence: the ordering score of p for the side to move.
int move_score(const Position& pos, Point p);

// With `quiet_list` false a quiet position (kMoves) only reports its status.
MoveStatus candidate_moves(const Position& pos, int width, std::vector<Point>& moves,
                           bool quiet_list = true);

}  // namespace boyi::bots::gomoku_threat
