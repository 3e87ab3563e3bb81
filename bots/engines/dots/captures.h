// Which claims the side to move needs to consider (the forced captures of the seed paper's
// merged moves, made exact by the theory of loony moves):
//  - a claimable box whose last side leads to the ground, or to a box that does not then
//    become claimable (degree 3 or 4), or that claims a second box at once, is always taken:
//    taking it never costs anything (the opponent could take it and play on as we would);
//  - a claimable box leading into a chain is taken, except at the last two boxes of a chain
//    (the last four of a loop): there the choice is to take them, or to decline — draw the far
//    side (the middle of the loop's four) and hand them over as a double-cross, keeping
//    control. Taking all but the last two, then choosing, is never worse than stopping earlier.
// So a position is either free of claims (kNone), has one claim to make (kForced), or offers
// exactly two edges (kDecide): `take` or `decline`.
#pragma once

#include "bots/engines/dots/board.h"

namespace boyi::bots::dots_engine {

struct CaptureChoice {
  enum class Kind : std::uint8_t { kNone, kForced, kDecide };
  Kind kind = Kind::kNone;
  int take = -1;     // the edge that claims a box (kForced, kDecide)
  int decline = -1;  // kDecide: the double-dealing edge
  int handed = 0;    // kDecide: boxes the decline hands over (2 at a chain's end, 4 in a loop)
  Boxes boxes = 0;   // kDecide: those boxes
};

CaptureChoice capture_choice(Edges drawn, const Degrees& deg);

}  // namespace boyi::bots::dots_engine
