// Precomputed geometry of the fast path: the two loops as 24-position circuits, which circuit
// positions each square occupies, and the 8-neighbourhood of each square. Internal to the engine;
// the reference generator builds its own loops from the rules text.
#pragma once

#include <array>
#include <cstdint>

#include "engine/surakarta/surakarta.h"

namespace boyi::surakarta::detail {

inline constexpr int kLoopLength = 24;
inline constexpr int kLoops = 2;  // 0 inner (lines 1 and 4), 1 outer (lines 2 and 3)

// Circuit position -> square. Positions 0-5 row y=a left to right, 6-11 column x=b downwards,
// 12-17 row y=b right to left, 18-23 column x=a upwards, with a = 1 (inner) or 2 (outer) and
// b = 5 - a. An arc joins positions 5-6, 11-12, 17-18 and 23-0: stepping from position i to i+1
// crosses an arc exactly when i+1 is a multiple of 6.
constexpr std::array<std::array<std::uint8_t, kLoopLength>, kLoops> make_circuits() {
  std::array<std::array<std::uint8_t, kLoopLength>, kLoops> c{};
  for (int l = 0; l < kLoops; ++l) {
    const int a = l + 1, b = kSize - 1 - a;
    for (int i = 0; i < 6; ++i) {
      c[l][i] = static_cast<std::uint8_t>(square_of(i, a));
      c[l][6 + i] = static_cast<std::uint8_t>(square_of(b, i));
      c[l][12 + i] = static_cast<std::uint8_t>(square_of(5 - i, b));
      c[l][18 + i] = static_cast<std::uint8_t>(square_of(a, 5 - i));
    }
  }
  return c;
}
inline constexpr auto kCircuit = make_circuits();

// Square -> mask of the circuit positions it occupies on each loop (0, 1 or 2 bits).
constexpr std::array<std::array<std::uint32_t, kSquares>, kLoops> make_loop_bits() {
  std::array<std::array<std::uint32_t, kSquares>, kLoops> bits{};
  for (int l = 0; l < kLoops; ++l)
    for (int i = 0; i < kLoopLength; ++i) bits[l][kCircuit[l][i]] |= std::uint32_t{1} << i;
  return bits;
}
inline constexpr auto kLoopBits = make_loop_bits();

constexpr std::array<std::uint64_t, kSquares> make_neighbours() {
  std::array<std::uint64_t, kSquares> n{};
  for (int s = 0; s < kSquares; ++s)
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const int x = x_of(s) + dx, y = y_of(s) + dy;
        if ((dx || dy) && x >= 0 && x < kSize && y >= 0 && y < kSize)
          n[s] |= std::uint64_t{1} << square_of(x, y);
      }
  return n;
}
inline constexpr auto kNeighbours = make_neighbours();

}  // namespace boyi::surakarta::detail
