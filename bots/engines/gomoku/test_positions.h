// Helpers of the `threat` engine's tests: positions from lists of stones.
#pragma once

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <string_view>

#include "base/rng.h"
#include "engine/gomoku/gomoku.h"

namespace boyi::bots::gomoku_threat::testing {

inline gomoku::Point pt(std::string_view text) {
  auto p = gomoku::parse_point(text);
  EXPECT_TRUE(p.ok()) << text;
  return p.ok() ? p.value() : gomoku::kNoPoint;
}

inline gomoku::Rules rules(std::string_view text) {
  auto r = gomoku::Rules::parse(text);
  EXPECT_TRUE(r.ok()) << r.message();
  return r.ok() ? r.value() : gomoku::Rules{};
}

// A position in normal play: `black` and `white` are points separated by
// spaces ("H8 I9"), `to_move` the colour to move.
inline gomoku::State stones(std::string_view rule_text, std::string_view black,
                            std::string_view white, gomoku::Colour to_move) {
  std::string cells(gomoku::kPoints, '.');
  auto put = [&](std::string_view list, char mark) {
    std::istringstream in{std::string(list)};
    std::string word;
    while (in >> word) cells[pt(word)] = mark;
  };
  put(black, 'X');
  put(white, 'O');
  std::string diagram;
  for (int row = gomoku::kSize - 1; row >= 0; --row) {
    diagram += cells.substr(static_cast<std::size_t>(row * gomoku::kSize), gomoku::kSize);
    diagram += '\n';
  }
  auto s = gomoku::State::from_diagram(rules(rule_text), diagram, to_move);
  EXPECT_TRUE(s.ok()) << s.message();
  return s.ok() ? s.value() : gomoku::State(rules(rule_text));
}

// A random open position: up to `stones_count` stones in the central 7x7
// square, each move of the game kept only while it does not end the game.
inline gomoku::State random_position(Rng& rng, const char* rule, int stones_count) {
  gomoku::State s(rules(rule));
  for (int i = 0; i < stones_count && !s.is_terminal(); ++i) {
    gomoku::Point p;
    do {
      p = gomoku::make_point(4 + static_cast<int>(rng.below(7)),
                             4 + static_cast<int>(rng.below(7)));
    } while (s.at(p) != gomoku::Cell::kEmpty);
    gomoku::State next = s;
    next.apply(gomoku::Move::place(p));
    if (next.is_terminal()) continue;  // keep the game open
    s = next;
  }
  return s;
}

}  // namespace boyi::bots::gomoku_threat::testing
