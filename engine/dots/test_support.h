// Helpers shared by the 点格棋 tests.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/dots/dots.h"

namespace boyi::dots::testing {

inline std::vector<std::string> sorted_texts(const State& s) {
  MoveList list;
  s.legal_moves(list);
  std::vector<std::string> out;
  for (const Move m : list) out.push_back(s.format_move(m));
  std::sort(out.begin(), out.end());
  return out;
}

// A position from a diagram that the test expects to be valid.
inline State diagram(std::string_view text, Seat to_move) {
  auto s = State::from_diagram(Rules{}, text, to_move);
  EXPECT_TRUE(s.ok()) << s.message() << "\n" << text;
  return s.ok() ? *s : State(Rules{});
}

inline Move edge(std::string_view text) {
  auto m = State(Rules{}).parse_move(0, text);
  EXPECT_TRUE(m.ok()) << m.message();
  return m.ok() ? *m : Move{};
}

}  // namespace boyi::dots::testing
