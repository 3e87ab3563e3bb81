#include "bots/engines/surakarta/exchange.h"

#include <algorithm>
#include <bit>

namespace boyi::bots::surakarta_engine {

int capture_gain(LoopBoard board, int from, int to) {
  // gain[d]: what the side making the d-th capture has won if the exchange stops after it.
  int gain[32];
  int d = 0;
  Seat mover = (board.pieces(0) >> from) & 1 ? 1 : 0;  // the side that answers
  gain[0] = 1;
  board.move(from, to);
  while (d + 1 < 32) {
    const std::uint64_t attackers = board.hitters_of(to) & board.pieces(mover);
    if (!attackers) break;
    ++d;
    gain[d] = 1 - gain[d - 1];
    board.move(std::countr_zero(attackers), to);
    mover ^= 1;
  }
  // Each side may decline to go on capturing.
  while (d > 0) {
    gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
    --d;
  }
  return gain[0];
}

int exchange_on(const LoopBoard& board, int square, Seat attacker) {
  std::uint64_t attackers = board.hitters_of(square) & board.pieces(attacker);
  int best = 0;
  for (; attackers && best < 1; attackers &= attackers - 1)
    best = std::max(best, capture_gain(board, std::countr_zero(attackers), square));
  return best;
}

}  // namespace boyi::bots::surakarta_engine
