#include "engine/junqi/test_util.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/junqi/reference.h"

namespace boyi::junqi::testing {

std::vector<std::string> sorted_texts(const State& st, const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (const Move& m : moves) out.push_back(st.format_move(m));
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> fast_texts(const State& st) {
  State::MoveList list;
  st.legal_moves(list);
  return sorted_texts(st, std::vector<Move>(list.begin(), list.end()));
}

std::vector<std::string> reference_texts(const State& st) {
  return sorted_texts(st, reference::legal_moves(st));
}

State deployed(std::string_view red, std::string_view blue, const Rules& rules) {
  State st(rules);
  for (Seat s : {0, 1}) {
    auto m = st.parse_move(s, s == 0 ? red : blue);
    EXPECT_TRUE(m.ok()) << m.message();
    if (!m.ok()) return st;
    auto e = st.apply_checked(s, *m);
    EXPECT_TRUE(e.ok()) << e.message();
  }
  return st;
}

State diagram(std::string_view text, Seat to_move, const Rules& rules, int no_battle) {
  auto st = State::from_diagram(rules, text, to_move, no_battle);
  EXPECT_TRUE(st.ok()) << st.message();
  return st.ok() ? *st : State(rules);
}

int expected_code(int attacker, int defender) {
  if (defender < 0) return kPlainMove;
  if (defender == kFlag) return kAttackerWon;
  if (attacker == kBomb || defender == kBomb) return kBothRemoved;
  if (defender == kMine) return attacker == kEngineer ? kAttackerWon : kAttackerRemoved;
  const int ra = 9 - attacker, rd = 9 - defender;  // a=9 .. i=1
  if (ra > rd) return kAttackerWon;
  if (ra < rd) return kAttackerRemoved;
  return kBothRemoved;
}

Event play(State& st, std::string_view text) {
  const Seat seat = st.to_move();
  auto m = st.parse_move(seat, text);
  EXPECT_TRUE(m.ok()) << m.message();
  if (!m.ok()) return {};
  auto e = st.apply_checked(seat, *m);
  EXPECT_TRUE(e.ok()) << text << ": " << e.message();
  return e.ok() ? *e : Event{};
}

std::uint64_t perft(const State& st, int depth) {
  State::MoveList list;
  st.legal_moves(list);
  if (depth == 1) return list.size();
  std::uint64_t n = 0;
  for (const Move& m : list) {
    State next = st;
    next.apply(m);
    n += perft(next, depth - 1);
  }
  return n;
}

std::uint64_t perft_reference(const State& st, int depth) {
  const std::vector<Move> moves = reference::legal_moves(st);
  if (depth == 1) return moves.size();
  std::uint64_t n = 0;
  for (const Move& m : moves) {
    State next = st;
    auto e = next.apply_checked(st.to_move(), m);
    EXPECT_TRUE(e.ok());
    n += perft_reference(next, depth - 1);
  }
  return n;
}

}  // namespace boyi::junqi::testing
