// Zobrist key tables, filled at compile time from a fixed seed so hashes are
// stable across builds and machines (stored games and transposition tables
// may rely on that).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "base/rng.h"

namespace boyi {

template <std::size_t N>
constexpr std::array<std::uint64_t, N> make_zobrist_keys(std::uint64_t seed) {
  std::array<std::uint64_t, N> keys{};
  for (auto& k : keys) k = splitmix64(seed);
  return keys;
}

}  // namespace boyi
