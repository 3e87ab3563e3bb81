// Static exchange analysis on one square: every piece is worth the same in 苏拉卡尔塔, so an
// exchange is a count of who captures last. Used to order captures (a capture that cannot be
// answered first), to find quiet moves that walk into a capture, and by the playout policy.
#pragma once

#include "bots/engines/surakarta/loop_board.h"

namespace boyi::bots::surakarta_engine {

// Pieces net `side` wins when its piece on `from` captures on `to` and both sides then go on
// capturing on `to` while it pays: 1 (the piece is won) or 0 (an even trade).
int capture_gain(LoopBoard board, int from, int to);

// Pieces net `attacker` can win on the occupied `square` by starting an exchange there: 0 when
// it has no capture onto it that pays.
int exchange_on(const LoopBoard& board, int square, Seat attacker);

// Whether the piece of `side` on `square` can be won by the other side's exchange.
inline bool en_prise(const LoopBoard& board, int square, Seat side) {
  return exchange_on(board, square, side ^ 1) > 0;
}

}  // namespace boyi::bots::surakarta_engine
