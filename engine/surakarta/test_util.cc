#include "engine/surakarta/test_util.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace boyi::surakarta::testing {

State diagram(std::string_view text, Seat to_move, const Rules& rules, int ply,
              int plies_since_capture) {
  auto st = State::from_diagram(rules, text, to_move, ply, plies_since_capture);
  if (!st.ok()) {
    ADD_FAILURE() << "bad diagram: " << st.message();
    return State(rules);
  }
  return st.value();
}

std::vector<std::string> fast_texts(const State& state) {
  MoveList list;
  state.legal_moves(list);
  std::vector<std::string> out;
  for (const Move& m : list) out.push_back(state.format_move(m));
  std::sort(out.begin(), out.end());
  return out;
}

Move move(const State& state, std::string_view text) {
  auto m = state.parse_move(state.side(), text);
  if (!m.ok()) {
    ADD_FAILURE() << "bad move text: " << m.message();
    return Move{};
  }
  return *m;
}

std::vector<std::string> point_texts(const std::vector<Point>& path) {
  std::vector<std::string> out;
  for (const Point& p : path)
    out.push_back({static_cast<char>('A' + p.x), static_cast<char>('A' + p.y)});
  return out;
}

}  // namespace boyi::surakarta::testing
