// Helpers shared by the gomoku tests.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/gomoku/gomoku.h"
#include "engine/gomoku/reference.h"

namespace boyi::gomoku::testing {

inline std::vector<std::string> sorted_texts(const State& s, const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (const Move& m : moves) out.push_back(s.format_move(m));
  std::sort(out.begin(), out.end());
  return out;
}

inline std::vector<Move> fast_moves(const State& s) {
  MoveList list;
  s.legal_moves(list);
  return {list.begin(), list.end()};
}

inline std::vector<std::string> fast_texts(const State& s) {
  return sorted_texts(s, fast_moves(s));
}

inline std::vector<std::string> reference_texts(const State& s) {
  return sorted_texts(s, reference::legal_moves(s));
}

inline Point pt(std::string_view text) {
  auto p = parse_point(text);
  EXPECT_TRUE(p.ok()) << text;
  return p.ok() ? p.value() : kNoPoint;
}

inline State diagram(const Rules& rules, std::string_view text, Colour to_move = Colour::kBlack) {
  auto s = State::from_diagram(rules, text, to_move);
  EXPECT_TRUE(s.ok()) << s.message();
  return s.ok() ? s.value() : State(rules);
}

inline Rules rules_of(std::string_view text) {
  auto r = Rules::parse(text);
  EXPECT_TRUE(r.ok()) << r.message();
  return r.ok() ? r.value() : Rules{};
}

// Plays `text` (seat to act) through the checked path; returns its event.
inline Event play(State& s, std::string_view text) {
  const Seat seat = s.to_move();
  auto m = s.parse_move(seat, text);
  EXPECT_TRUE(m.ok()) << text << ": " << m.message();
  if (!m.ok()) return {};
  auto e = s.apply_checked(seat, m.value());
  EXPECT_TRUE(e.ok()) << text << ": " << e.message();
  return e.ok() ? e.value() : Event{};
}

// The reason `text` is rejected for the seat to act ("" if it is accepted).
inline std::string rejection(const State& s, std::string_view text) {
  auto m = s.parse_move(s.to_move(), text);
  if (!m.ok()) return "parse: " + m.message();
  Status st = s.check(s.to_move(), m.value());
  return st.ok() ? "" : st.message();
}

}  // namespace boyi::gomoku::testing
