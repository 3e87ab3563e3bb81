#include "bots/games/heuristics.h"

namespace boyi::bots {

int surakarta_evaluate(const surakarta::State& s, Seat seat) {
  int v = 100 * (s.piece_count(seat) - s.piece_count(1 - seat));
  // The side to move's capture threats are worth a little.
  if (!s.is_terminal()) {
    surakarta::MoveList list;
    s.legal_moves(list);
    int captures = 0;
    for (const auto& m : list) captures += s.is_capture(m);
    v += (s.to_move() == seat ? 5 : -5) * std::min(captures, 6);
  }
  return v;
}

}  // namespace boyi::bots
