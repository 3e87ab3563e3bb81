// What every fuzz target shares: a broken invariant is a finding (libFuzzer saves the input
// that broke it), and the input as text and as lines.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

namespace boyi::fuzz {

// Aborts with the reason: only for a broken promise of the code under test, never for an
// input the code rightly refuses.
[[noreturn]] inline void broken(const char* what, std::string_view detail = {}) {
  std::fprintf(stderr, "fuzz invariant broken: %s [%.*s]\n", what, static_cast<int>(detail.size()),
               detail.data());
  std::abort();
}

#define BOYI_FUZZ_CHECK(cond, detail)                   \
  do {                                                  \
    if (!(cond)) ::boyi::fuzz::broken(#cond, (detail)); \
  } while (0)

inline std::string_view text_of(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// The lines of `text` without their '\n' (and a '\r' before it); the last may be unended.
inline std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> out;
  while (!text.empty()) {
    const auto nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.push_back(line);
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return out;
}

}  // namespace boyi::fuzz
