// A slow, obviously-correct reference for 五子棋, written straight from the
// rules text (docs/rules/gomoku.md) and sharing no move-generation or
// line-analysis code with the engine. It reads the position only through the
// State's public accessors. Tests compare the engine against it; the benchmark
// uses it as the same-run baseline.
#pragma once

#include <array>
#include <vector>

#include "engine/gomoku/gomoku.h"

namespace boyi::gomoku::reference {

// grid[x][y]: 0 empty, 1 black, 2 white; x = column (A = 0), y = row (1 = 0).
using Grid = std::array<std::array<int, kSize>, kSize>;

Grid grid_of(const State& state);

// Every legal action of the side to act, in no particular order.
std::vector<Move> legal_moves(const State& state);

// Renju: why a black stone at the empty (x, y) is forbidden, by the definitions
// (scan the lines, try the completions, recurse into the completions of threes).
Foul forbidden(Grid& grid, int x, int y);

// What a stone of `colour` at the empty p does under `rules`: a winning line,
// a foul (`foul` says which) or a full board.
Effect placement_effect(const Rules& rules, Grid grid, Point p, Colour colour, Foul& foul);

// Counts the leaves of the game tree to `depth` with these legal moves.
long long perft(const State& state, int depth);

}  // namespace boyi::gomoku::reference
