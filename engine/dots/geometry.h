// Board geometry of 点格棋 as compile-time tables: which edges surround each
// box and which boxes each edge borders. The fast path in state.cc reads only
// these tables and 64-bit masks; the reference generator does not use them.
//
// Edge index (see docs/rules/dots.md for the notation):
//   horizontal edge, line i (row of dots 0..5), segment j (column 0..4): i*5 + j       (0..29)
//   vertical edge,   line i (column of dots 0..5), segment j (row 0..4): 30 + i*5 + j  (30..59)
// Box index: row*5 + col (0..24).
#pragma once

#include <array>
#include <cstdint>

namespace boyi::dots {

inline constexpr int kDots = 6;   // dots per side
inline constexpr int kCells = 5;  // boxes per side
inline constexpr int kBoxes = 25;
inline constexpr int kEdges = 60;
inline constexpr int kHorizontalEdges = 30;

inline constexpr std::uint64_t kAllEdges = (std::uint64_t{1} << kEdges) - 1;
inline constexpr std::uint32_t kAllBoxes = (std::uint32_t{1} << kBoxes) - 1;

constexpr int horizontal_edge(int line, int segment) {
  return line * kCells + segment;
}
constexpr int vertical_edge(int line, int segment) {
  return kHorizontalEdges + line * kCells + segment;
}

// The four sides of box (row, col): top, bottom, left, right.
constexpr std::array<int, 4> box_sides(int row, int col) {
  return {horizontal_edge(row, col), horizontal_edge(row + 1, col), vertical_edge(col, row),
          vertical_edge(col + 1, row)};
}

namespace detail {

constexpr std::array<std::uint64_t, kBoxes> make_box_masks() {
  std::array<std::uint64_t, kBoxes> masks{};
  for (int r = 0; r < kCells; ++r)
    for (int c = 0; c < kCells; ++c)
      for (int e : box_sides(r, c)) masks[r * kCells + c] |= std::uint64_t{1} << e;
  return masks;
}

// For each edge, the (at most two) boxes it borders; -1 fills the unused slot.
constexpr std::array<std::array<std::int8_t, 2>, kEdges> make_edge_boxes() {
  std::array<std::array<std::int8_t, 2>, kEdges> boxes{};
  for (auto& b : boxes) b = {-1, -1};
  for (int r = 0; r < kCells; ++r)
    for (int c = 0; c < kCells; ++c)
      for (int e : box_sides(r, c)) {
        auto& slot = boxes[e][0] < 0 ? boxes[e][0] : boxes[e][1];
        slot = static_cast<std::int8_t>(r * kCells + c);
      }
  return boxes;
}

}  // namespace detail

// kBoxMask[b]: the four edges of box b as a mask over edge indices.
inline constexpr std::array<std::uint64_t, kBoxes> kBoxMask = detail::make_box_masks();
// kEdgeBoxes[e]: the boxes edge e borders (one for border edges, two inside).
inline constexpr std::array<std::array<std::int8_t, 2>, kEdges> kEdgeBoxes =
    detail::make_edge_boxes();

static_assert(kBoxMask[0] == ((1ull << 0) | (1ull << 5) | (1ull << 30) | (1ull << 35)));
static_assert(kEdgeBoxes[0][0] == 0 && kEdgeBoxes[0][1] == -1);
static_assert(kEdgeBoxes[5][0] == 0 && kEdgeBoxes[5][1] == 5);

}  // namespace boyi::dots
