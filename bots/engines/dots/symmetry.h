// The eight symmetries of the square board acting on edge masks, and the canonical form of a
// position (the least image of its drawn edges): the solver's table stores a position once
// for all its reflections and rotations, since the value of what remains to play depends only
// on the drawn edges.
#pragma once

#include <array>
#include <cstdint>

#include "bots/engines/dots/board.h"

namespace boyi::bots::dots_engine {

inline constexpr int kSymmetries = 8;

// The image of `edge` under symmetry `s` (0 is the identity).
int map_edge(int s, int edge);
// The inverse of symmetry `s`.
int inverse_symmetry(int s);
// The image of a mask of edges under symmetry `s`.
Edges map_edges(int s, Edges edges);

struct Canonical {
  Edges key = 0;
  int symmetry = 0;  // key == map_edges(symmetry, edges)
};
Canonical canonical(Edges edges);

}  // namespace boyi::bots::dots_engine
