#include <bit>

#include "bots/games/heuristics.h"

namespace boyi::bots {

bool dots_completes_box(const dots::State& s, const dots::Move& m) {
  for (const std::int8_t b : dots::kEdgeBoxes[m.edge])
    if (b >= 0 && s.sides_drawn(b) == 3) return true;
  return false;
}

int dots_order(const dots::State& s, const dots::Move& m) {
  int v = 0;
  for (const std::int8_t b : dots::kEdgeBoxes[m.edge]) {
    if (b < 0) continue;
    const int sides = s.sides_drawn(b);
    if (sides == 3)
      v += 100;  // claims a box
    else if (sides == 2)
      v -= 50;  // offers a box to the opponent
  }
  return v;
}

int dots_evaluate(const dots::State& s, Seat seat) {
  int v = 100 * (s.score(seat) - s.score(1 - seat));
  // Boxes with three sides belong to whoever acts next.
  int open = 0;
  for (int b = 0; b < dots::kBoxes; ++b)
    if (s.box_owner(b) == kPublic && s.sides_drawn(b) == 3) ++open;
  v += (s.to_move() == seat ? 60 : -60) * open;
  return v;
}

}  // namespace boyi::bots
