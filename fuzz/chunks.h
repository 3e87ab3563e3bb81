// Splits of one input into chunks, as a socket might deliver it: the sizes come from the
// input's length, so a run is reproducible from the input alone.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace boyi::fuzz {

inline std::vector<std::string_view> chunks_of(std::string_view bytes) {
  std::vector<std::string_view> out;
  std::uint32_t state = static_cast<std::uint32_t>(bytes.size()) * 2654435761u + 1;
  while (!bytes.empty()) {
    state = state * 1103515245u + 12345u;
    const std::size_t n = std::min<std::size_t>(bytes.size(), 1 + (state >> 16) % 23);
    out.push_back(bytes.substr(0, n));
    bytes.remove_prefix(n);
  }
  return out;
}

}  // namespace boyi::fuzz
