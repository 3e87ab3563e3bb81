// A slow, obviously-correct reference for 点格棋, written straight from the rules text
// (docs/rules/dots.md) and sharing no move-generation or capture code with
// the engine: tests compare the fast generator against it and the benchmark uses it as the
// baseline. It reads a State only through its public accessors.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/dots/dots.h"

namespace boyi::dots::reference {

// The board as the rules describe it: which lines are drawn, who owns each box, who moves.
struct Board {
  // drawn[K][I][J]: K 0 horizontal / 1 vertical, I the line (0..5), J the segment (0..4).
  std::array<std::array<std::array<bool, 5>, 6>, 2> drawn{};
  std::array<std::array<int, 5>, 5> owner{};  // [row][col], -1 unclaimed
  int to_move = 0;
  bool over = false;

  static Board from(const State& state);
  // Legal edges in notation `KIJ`: every undrawn edge while the game runs.
  std::vector<std::string> legal_texts() const;
  // Draws the edge `KIJ` (must be legal): claims every box whose four sides are now drawn;
  // the mover keeps the turn if it claimed any, otherwise the other seat moves. Returns the
  // number of boxes claimed.
  int play(const std::string& text);
};

// The engine's Move for an edge text, from the edge index formula in the task statement.
Move move_from_text(const std::string& text);

// Legal moves of the side to move, in no particular order.
std::vector<Move> legal_moves(const State& state);

// Leaf counts of edge-by-edge play to `depth` plies.
struct PerftCounts {
  std::uint64_t nodes = 0;    // move sequences of exactly `depth` edges
  std::uint64_t claims = 0;   // edges (at any ply) that claimed at least one box
  std::uint64_t doubles = 0;  // edges that claimed two boxes
  std::uint64_t turns = 0;    // edges after which the other seat moves (the turn passed)
  bool operator==(const PerftCounts&) const = default;
};
PerftCounts perft(const State& state, int depth);

// The number of distinct sequences of `depth` whole turns (a turn: edges while they claim,
// up to and including the first edge that claims none or ends the game).
std::uint64_t turn_perft(const State& state, int depth);

}  // namespace boyi::dots::reference
