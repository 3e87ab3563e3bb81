// The 点格棋 engine reads a position as a bare mask of drawn edges (engine/dots/geometry.h):
// everything it needs — which boxes are claimed, which can be claimed now, which edges are
// safe — follows from the mask. In the "strings and coins" picture a box of degree d has d
// undrawn sides; a claimed box has degree 0. The side of a box on the board's border leads to
// the ground (kGround) instead of a neighbouring box.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "engine/dots/dots.h"

namespace boyi::bots::dots_engine {

using Edges = std::uint64_t;
using Boxes = std::uint32_t;
inline constexpr int kGround = -1;

constexpr Edges edge_bit(int edge) {
  return Edges{1} << edge;
}

constexpr Boxes box_bit(int box) {
  return Boxes{1} << box;
}

namespace detail {

// Column-major 5x5 bit layouts (vertical edges run down a column) to row-major box order:
// kTranspose[c][v] places the 5 bits v of column c at their boxes.
struct TransposeTable {
  std::array<std::array<Boxes, 32>, dots::kCells> t{};
  constexpr TransposeTable() {
    for (int c = 0; c < dots::kCells; ++c)
      for (int v = 0; v < 32; ++v)
        for (int r = 0; r < dots::kCells; ++r)
          if (v >> r & 1) t[c][v] |= Boxes{1} << (r * dots::kCells + c);
  }
};
inline constexpr TransposeTable kTranspose{};

constexpr Boxes column_major_to_boxes(std::uint64_t bits) {
  Boxes out = 0;
  for (int c = 0; c < dots::kCells; ++c) out |= kTranspose.t[c][(bits >> (5 * c)) & 31];
  return out;
}

}  // namespace detail

// Undrawn sides of every box, kept as three bit planes over the boxes (the binary digits of
// each degree): built from the edge mask in a few dozen word operations.
class Degrees {
 public:
  explicit Degrees(Edges drawn) { compute(drawn); }
  int operator[](int box) const {
    if (box == kGround) return 0;
    return static_cast<int>((plane_[0] >> box & 1) | (plane_[1] >> box & 1) << 1 |
                            (plane_[2] >> box & 1) << 2);
  }
  // Draws `edge` (undrawn before): the boxes it borders lose a side.
  void draw(int edge) { compute(drawn_ | edge_bit(edge)); }
  // The boxes of exactly `degree` undrawn sides, as a mask over box indices.
  Boxes with(int degree) const {
    Boxes m = dots::kAllBoxes;
    for (int i = 0; i < 3; ++i) m &= (degree >> i & 1) ? plane_[i] : ~plane_[i];
    return m;
  }
  Boxes unclaimed_boxes() const { return plane_[0] | plane_[1] | plane_[2]; }
  int unclaimed() const { return std::popcount(unclaimed_boxes()); }

 private:
  void compute(Edges drawn) {
    drawn_ = drawn;
    const Edges undrawn = ~drawn;
    const auto low = [](Edges e) { return static_cast<Boxes>(e) & dots::kAllBoxes; };
    const Boxes top = low(undrawn), bottom = low(undrawn >> dots::kCells);
    const Edges vertical = undrawn >> dots::kHorizontalEdges;
    const Boxes left = detail::column_major_to_boxes(vertical);
    const Boxes right = detail::column_major_to_boxes(vertical >> dots::kCells);
    // Sum four one-bit planes into three.
    const Boxes x1 = top ^ bottom, c1 = top & bottom, x2 = left ^ right, c2 = left & right;
    const Boxes c3 = x1 & x2;
    plane_ = {x1 ^ x2, c1 ^ c2 ^ c3, (c1 & c2) | (c3 & (c1 ^ c2))};
  }

  Edges drawn_ = 0;
  std::array<Boxes, 3> plane_{};
};

// The box on the other side of `edge` from `box`, or kGround.
inline int across(int edge, int box) {
  const auto& pair = dots::kEdgeBoxes[edge];
  return pair[0] == box ? pair[1] : pair[0];
}

// The lowest undrawn side of `box` that is not `except` (-1: any).
inline int undrawn_side(Edges drawn, int box, int except = -1) {
  Edges m = dots::kBoxMask[box] & ~drawn;
  if (except >= 0) m &= ~edge_bit(except);
  return m ? std::countr_zero(m) : -1;
}

// Boxes that drawing `edge` claims: 0, 1 or 2.
inline int claims(const Degrees& deg, int edge) {
  int n = 0;
  for (const std::int8_t b : dots::kEdgeBoxes[edge]) n += b >= 0 && deg[b] == 1;
  return n;
}

// Undrawn edges bordering only boxes of 3 or 4 undrawn sides (or the ground): drawing one
// neither claims a box nor offers one.
inline Edges safe_edges(Edges drawn, const Degrees& deg) {
  Edges unsafe = drawn;
  for (Boxes m = deg.with(1) | deg.with(2); m; m &= m - 1)
    unsafe |= dots::kBoxMask[std::countr_zero(m)];
  return ~unsafe & dots::kAllEdges;
}

}  // namespace boyi::bots::dots_engine
