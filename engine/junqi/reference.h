// A slow, obviously-correct legal-move generator written straight from the
// rules text (docs/rules/junqi.md, "Board" and "Moves"), sharing no code
// with the engine's generator: it reads the board only through State's public
// accessors and works on (row, column) pairs. Tests compare the two; the
// benchmark uses it as the baseline.
#pragma once

#include <vector>

#include "engine/junqi/junqi.h"

namespace boyi::junqi::reference {

// Every legal step of the side to move, each (from, to) once; empty during
// deployment and after the end of the game.
std::vector<Move> legal_moves(const State& state);

// Every step the pieces of `side` could make on the current board, whoever is
// to move and whether or not the game is over (to judge "no legal move").
std::vector<Move> steps_of(const State& state, Seat side);

}  // namespace boyi::junqi::reference
