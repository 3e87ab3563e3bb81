// The 15x15 board with a 5-cell wall around it, and the line tests on it: runs
// of one colour and black's forbidden points under renju. The wall lets every
// 11-cell line window around a point be read without bounds checks; a
// precomputed table classifies each window (five, overline, fours, the points
// that would turn it into a straight four), so a forbidden test is 4 table
// look-ups plus, only when two lines hold a three, the recursive check of the
// three's completion points (RIF: a three whose completions are all forbidden
// is no three).
#pragma once

#include <array>
#include <cstdint>

#include "engine/gomoku/types.h"

namespace boyi::gomoku {

class Board {
 public:
  static constexpr int kPad = 5;
  static constexpr int kWidth = kSize + 2 * kPad;  // 25
  static constexpr int kCells = kWidth * kWidth;
  // Cell values; kWall is the padding outside the board.
  static constexpr std::uint8_t kEmpty = 0, kBlack = 1, kWhite = 2, kWall = 3;
  // Index steps of the 4 line directions: horizontal, vertical, the two diagonals.
  static constexpr std::array<int, 4> kSteps = {1, kWidth, kWidth + 1, kWidth - 1};

  Board();
  static constexpr int index(Point p) {
    return (point_row(p) + kPad) * kWidth + point_col(p) + kPad;
  }

  Cell at(Point p) const { return static_cast<Cell>(cells_[index(p)]); }
  void set(Point p, Cell c) { cells_[index(p)] = static_cast<std::uint8_t>(c); }
  const std::uint8_t* data() const { return cells_.data(); }
  bool operator==(const Board&) const = default;

 private:
  std::array<std::uint8_t, kCells> cells_;
};

// The longest run of `c` through p over the 4 directions, counting p as `c`
// (p itself may be empty or already hold c).
int longest_run(const Board& board, Point p, Cell c);

// Whether a stone of `c` at p makes five: exactly five in some direction when
// `exact`, five or more otherwise.
bool makes_five(const Board& board, Point p, Cell c, bool exact);

// Renju: why a black stone on the empty point p would be forbidden, or kNone.
// Exactly five takes precedence over every foul; then overline, double-four
// (two fours on one line count as two, e.g. X.XXX.X), double-three. A direction
// in which the stone makes a four does not also count as a three.
Foul forbidden_foul(const Board& board, Point p);

}  // namespace boyi::gomoku
