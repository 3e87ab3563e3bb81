// Reading a play-phase position from an ASCII diagram (the format to_text()
// writes): for edge-case tests, bots and analysis tools. Any text gives either
// a consistent state or an error with the line and the reason.
#include <bit>
#include <string>

#include "engine/junqi/junqi.h"

namespace boyi::junqi {

namespace {
constexpr std::size_t kMaxDiagram = 10000;

std::string line_error(int line, const std::string& why) {
  return "diagram line " + std::to_string(line) + ": " + why;
}
}  // namespace

Result<State> State::from_diagram(const Rules& rules, std::string_view diagram, Seat to_move,
                                  int no_battle) {
  if (diagram.size() > kMaxDiagram) return fail("diagram is too long");
  if (to_move != 0 && to_move != 1) return fail("the side to move must be seat 0 or 1");
  if (no_battle < 0 || no_battle >= rules.no_battle_limit)
    return fail("no-battle count must be in 0.." + std::to_string(rules.no_battle_limit - 1));
  State st(rules);
  int row = 0, line_no = 0;
  std::size_t pos = 0;
  while (pos <= diagram.size()) {
    std::size_t end = diagram.find('\n', pos);
    if (end == std::string_view::npos) end = diagram.size();
    const std::string_view line = diagram.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    std::string compact;
    for (char c : line) {
      if (static_cast<unsigned char>(c) > 127)
        return fail(line_error(line_no, "non-ASCII character"));
      if (c != ' ' && c != '\t' && c != '\r') compact += c;
    }
    if (compact.empty() || compact[0] == '#') continue;
    if (compact == "01234" && row == 0) continue;
    if (row >= kRows) return fail(line_error(line_no, "more than 12 rows"));
    const char want = static_cast<char>('A' + row);
    if (compact.size() != 6 || compact[0] != want)
      return fail(line_error(line_no, std::string("expected row ") + want +
                                          " followed by 5 cells, got '" + compact + "'"));
    for (int c = 0; c < kCols; ++c) {
      const char ch = compact[1 + c];
      const int post = post_at(row, c);
      if (ch == '.') continue;
      int owner, piece;
      if (ch >= 'A' && ch <= 'L') {
        owner = 0;
        piece = ch - 'A';
      } else if (ch >= 'a' && ch <= 'l') {
        owner = 1;
        piece = ch - 'a';
      } else if (ch == 'X' || ch == 'x') {
        return fail(line_error(line_no, "a hidden piece ('" + std::string(1, ch) +
                                            "') has no identity to place at " + post_name(post)));
      } else {
        return fail(line_error(line_no, "unknown cell '" + std::string(1, ch) + "' at " +
                                            post_name(post) +
                                            " (use '.', A-L for seat 0, a-l for seat 1)"));
      }
      if (st.count_[owner][piece] >= kPieceCount[piece])
        return fail(line_error(line_no, "seat " + std::to_string(owner) + " has more than " +
                                            std::to_string(kPieceCount[piece]) + " " +
                                            std::string(piece_name(piece))));
      st.put(post, owner, piece);
      if (piece == kFlag) st.flag_post_[owner] = static_cast<std::int8_t>(post);
    }
    ++row;
  }
  if (row != kRows) return fail("diagram has " + std::to_string(row) + " rows, needs 12 (A-L)");
  for (int s = 0; s < 2; ++s) {
    const std::string who = "seat " + std::to_string(s);
    if (st.count_[s][kFlag] != 1) return fail(who + " has no flag");
    const int own_flag = to_own_frame(st.flag_post_[s], s);
    if (own_flag != post_at(11, 1) && own_flag != post_at(11, 3))
      return fail(who + "'s flag at " + post_name(st.flag_post_[s]) +
                  " is not in its headquarters");
    for (std::uint64_t b = st.occ_[s]; b; b &= b - 1) {
      const int p = std::countr_zero(b);
      if (st.piece_at(p) == kMine && row_of(to_own_frame(p, s)) < 10)
        return fail(who + "'s mine at " + post_name(p) + " is outside its rows K-L");
    }
    if (st.count_[s][kMarshal] == 0) st.revealed_ |= static_cast<std::uint8_t>(1 << s);
  }
  st.deployed_ = 3;
  st.ply_ = 2;
  st.side_ = static_cast<std::uint8_t>(to_move);
  st.no_battle_ = static_cast<std::uint8_t>(no_battle);
  st.hash_ = st.compute_hash();
  st.lose_if_stuck();
  return st;
}

}  // namespace boyi::junqi
