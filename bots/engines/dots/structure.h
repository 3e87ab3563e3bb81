// Chains and loops: the boxes of exactly two undrawn sides link up into paths and cycles of
// the "strings and coins" graph. A chain runs between two ends, each the ground or a junction
// (a box of 3 or 4 undrawn sides); a loop closes on itself. Drawing any edge of a component
// offers its boxes: the opponent may take them all, or all but the last two (four in a loop)
// and keep control. Once no safe edge remains (structure.safe == 0), every move opens one.
//
// Which openings are worth searching: in a chain of three or more boxes every opening leaves
// the opponent the same two results (all taken; all but a double-cross taken), so one edge
// stands for all — except in a chain whose two ends are the same junction, where capturing
// runs on through that junction; in a chain of two the middle edge (the hard-hearted handout,
// which leaves no double-cross) is never worse than the ends; the two edges of a single box
// give the same result; any edge of a loop stands for the others.
#pragma once

#include <array>
#include <cstdint>

#include "bots/engines/dots/board.h"

namespace boyi::bots::dots_engine {

struct Component {
  bool loop = false;
  int length = 0;                             // boxes
  std::array<int, 2> ends{kGround, kGround};  // chains: ground or junction box
  Edges edges = 0;                            // its undrawn edges
  Boxes boxes = 0;
  bool is_long() const { return loop || length >= 3; }
};

struct Structure {
  std::array<Component, dots::kBoxes> parts{};
  int count = 0;
  Edges safe = 0;       // safe edges (board.h)
  Boxes junctions = 0;  // boxes of 3 or 4 undrawn sides
  Boxes claimable = 0;  // boxes of one undrawn side (analysis expects none)
  int unclaimed = 0;
  int undrawn = 0;

  const Component* begin() const { return parts.data(); }
  const Component* end() const { return parts.data() + count; }
  int long_chains() const;  // chains of three or more boxes
  int loops() const;
  // No safe edge, no junction: a sum of independent chains and loops (endgame.h solves it).
  bool simple() const { return safe == 0 && junctions == 0 && claimable == 0; }
};

Structure analyze(Edges drawn, const Degrees& deg);
inline Structure analyze(Edges drawn) {
  return analyze(drawn, Degrees(drawn));
}

// The edges that stand for a component's openings (see above), as a mask.
Edges openings(const Component& c, Edges drawn);

// Every edge worth searching in a position without claimable boxes: the safe edges and the
// openings of every component.
Edges candidate_edges(const Structure& s, Edges drawn);

}  // namespace boyi::bots::dots_engine
