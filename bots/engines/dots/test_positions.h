// Diagram helpers for the 点格棋 engine's tests (and reference_positions.h).
#pragma once

#include <string_view>

#include <gtest/gtest.h>

#include "bots/engines/dots/reference_positions.h"

namespace boyi::bots::dots_engine::testing {

inline dots::State diagram(std::string_view text, Seat to_move = 0) {
  auto s = dots::State::from_diagram(dots::Rules{}, text, to_move);
  EXPECT_TRUE(s.ok()) << s.message() << "\n" << text;
  return s.ok() ? *s : dots::State(dots::Rules{});
}

inline int edge(std::string_view text) {
  auto m = dots::State(dots::Rules{}).parse_move(0, text);
  EXPECT_TRUE(m.ok()) << m.message();
  return m.ok() ? m->edge : -1;
}

}  // namespace boyi::bots::dots_engine::testing
