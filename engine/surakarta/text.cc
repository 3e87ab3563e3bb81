// Everything textual: the rules value, move notation, views, event renderings and the diagram
// reader. Nothing here may crash on bad input; every error says what was wrong.
#include <bit>

#include "base/options.h"
#include "base/words.h"
#include "engine/surakarta/loops.h"
#include "engine/surakarta/surakarta.h"

namespace boyi::surakarta {
namespace {

// Quotes untrusted text for an error message: printable ASCII as is, other bytes as \xNN,
// cut after 24 bytes so an overlong input gives a short message.
std::string quoted(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "'";
  for (std::size_t i = 0; i < text.size() && i < 24; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  if (text.size() > 24) out += "...";
  return out + "'";
}

std::string seat_text(Seat seat) {
  if (seat == kPublic) return "spectator";
  return "seat " + std::to_string(seat) + " (" + std::string(side_name(seat)) + ")";
}

char cell_char(Cell c) {
  return c == Cell::kBlack ? 'B' : c == Cell::kWhite ? 'W' : '.';
}

std::string board_text(const std::array<Cell, kSquares>& board) {
  std::string s = "  ABCDEF\n";
  for (int y = 0; y < kSize; ++y) {
    s += static_cast<char>('A' + y);
    s += ' ';
    for (int x = 0; x < kSize; ++x) s += cell_char(board[square_of(x, y)]);
    s += '\n';
  }
  return s;
}

std::string status_text(const View& v) {
  std::string s = "ply " + std::to_string(v.ply) + ", plies since capture " +
                  std::to_string(v.plies_since_capture) + ", pieces black " +
                  std::to_string(v.pieces[0]) + " white " + std::to_string(v.pieces[1]) + "\n";
  if (v.outcome.finished()) return s + "game over: " + describe(v.outcome) + "\n";
  return s + "to move: " + seat_text(v.to_move) + "\n";
}

}  // namespace

std::string Rules::to_string() const {
  return join_options({{"no_capture_limit", std::to_string(no_capture_limit)},
                       {"max_plies", std::to_string(max_plies)}});
}

Result<Rules> Rules::parse(std::string_view text) {
  auto options = parse_options(text);
  if (!options) return fail(options.message());
  Rules rules;
  for (const auto& [key, value] : *options) {
    if (key == "no_capture_limit") {
      auto v = parse_int_option(key, value, 0, 10000);
      if (!v) return fail(v.message());
      rules.no_capture_limit = *v;
    } else if (key == "max_plies") {
      auto v = parse_int_option(key, value, 0, 100000);
      if (!v) return fail(v.message());
      rules.max_plies = *v;
    } else {
      return fail("unknown surakarta rules option " + quoted(key) +
                  " (known: no_capture_limit, max_plies)");
    }
  }
  return rules;
}

std::string move_text(const Move& move) {
  auto letter = [](int square, bool y) {
    if (square >= kSquares) return '?';
    return static_cast<char>('A' + (y ? y_of(square) : x_of(square)));
  };
  return {letter(move.from, false), letter(move.from, true), letter(move.to, false),
          letter(move.to, true)};
}

std::string State::format_move(const Move& move) const {
  return move_text(move);
}

// The notation is the same for both seats (absolute coordinates), so the seat is not needed.
Result<Move> State::parse_move(Seat, std::string_view text) const {
  if (text.size() != 4)
    return fail("a move is four letters A-F (start x, start y, end x, end y), got " + quoted(text));
  for (char c : text)
    if (c < 'A' || c > 'F') return fail("a move is four capital letters A-F, got " + quoted(text));
  const Move m{static_cast<std::uint8_t>(square_of(text[0] - 'A', text[1] - 'A')),
               static_cast<std::uint8_t>(square_of(text[2] - 'A', text[3] - 'A'))};
  if (m.from == m.to) return fail("move " + quoted(text) + " starts and ends on the same point");
  return m;
}

View State::view(Seat viewer) const {
  View v;
  v.viewer = viewer;
  for (int s = 0; s < kSquares; ++s) v.board[s] = cell_at(s);
  v.to_move = to_move();
  v.ply = ply_;
  v.plies_since_capture = since_capture_;
  v.pieces = {piece_count(0), piece_count(1)};
  v.outcome = outcome();
  return v;
}

std::string View::to_text() const {
  return "viewer: " + seat_text(viewer) + "\n" + board_text(board) + status_text(*this);
}

std::string State::to_text() const {
  const View v = view(kPublic);
  return "rules: " + rules_.to_string() + "\n" + board_text(v.board) + status_text(v);
}

std::string State::render_event(const Event& event, Seat) {
  std::string s = "ply " + std::to_string(event.ply) + ": " + seat_text(event.seat) + " ";
  s += move_text(event.move);
  if (event.capture) s += " captures on " + move_text(event.move).substr(2);
  return s;
}

Result<State> State::from_diagram(const Rules& rules, std::string_view diagram, Seat to_move,
                                  int ply, int plies_since_capture) {
  if (diagram.size() > 4096) return fail("diagram is too long (over 4096 bytes)");
  if (to_move != 0 && to_move != 1) return fail("the side to move must be seat 0 or 1");
  if (ply < 0 || ply > 1000000 || plies_since_capture < 0 || plies_since_capture > ply)
    return fail("need 0 <= plies_since_capture <= ply <= 1000000");
  State st(rules);
  st.bb_ = {0, 0};
  int rows = 0, line_no = 0;
  std::size_t pos = 0;
  while (pos <= diagram.size()) {
    std::size_t end = diagram.find('\n', pos);
    if (end == std::string_view::npos) end = diagram.size();
    std::string cells;
    for (char c : diagram.substr(pos, end - pos))
      if (c != ' ' && c != '\t' && c != '\r') cells += c;
    pos = end + 1;
    ++line_no;
    if (cells.empty()) continue;
    const std::string where = "diagram line " + std::to_string(line_no) + ": ";
    if (rows == 0 && cells == "ABCDEF") continue;  // column header
    if (rows == kSize) return fail(where + "more than 6 rows");
    if (cells.size() == kSize + 1 && cells[0] == 'A' + rows) cells.erase(0, 1);  // row letter
    if (cells.size() != kSize)
      return fail(where + "a row has 6 cells (B, W or .), got " + quoted(cells));
    for (int x = 0; x < kSize; ++x) {
      const char c = cells[x];
      const std::uint64_t bit = std::uint64_t{1} << square_of(x, rows);
      if (c == 'B')
        st.bb_[0] |= bit;
      else if (c == 'W')
        st.bb_[1] |= bit;
      else if (c != '.')
        return fail(where + "cell " + quoted(std::string_view(&cells[x], 1)) + " is not B, W or .");
    }
    ++rows;
  }
  if (rows != kSize) return fail("diagram has " + std::to_string(rows) + " rows, needs 6");
  for (Seat s : {0, 1})
    if (std::popcount(st.bb_[s]) > kPiecesPerSide)
      return fail("diagram has more than 12 " + std::string(side_name(s)) + " pieces");
  if (!st.bb_[0] && !st.bb_[1]) return fail("diagram has no pieces at all");
  st.loop_occ_ = {0, 0};
  for (int l = 0; l < detail::kLoops; ++l)
    for (int s = 0; s < kSquares; ++s)
      if (((st.bb_[0] | st.bb_[1]) >> s) & 1) st.loop_occ_[l] |= detail::kLoopBits[l][s];
  st.side_ = static_cast<std::uint8_t>(to_move);
  st.ply_ = ply;
  st.since_capture_ = plies_since_capture;
  st.hash_ = st.compute_hash();
  st.update_end();
  return st;
}

namespace {
bool platform_letters(std::string_view text) {
  if (text.size() != 4) return false;
  for (char c : text)
    if (c < 'A' || c > 'F') return false;
  return true;
}
}  // namespace

Result<std::string> State::format_platform_action(std::string_view notation) {
  if (!platform_letters(notation))
    return Error{"not a 苏拉卡尔塔 move: '" + std::string(notation.substr(0, 80)) + "'"};
  return "move " + std::string(notation);
}

Result<std::string> State::parse_platform_action(std::string_view line) {
  // Exactly two words: "move" and the four letters.
  const auto words = split_words(line);
  if (words.size() != 2 || words[0] != "move" || !platform_letters(words[1]))
    return Error{"expected 'move XYXY' (letters A-F), got '" + std::string(line.substr(0, 80)) +
                 (line.size() > 80 ? "...'" : "'")};
  return std::string(words[1]);
}

}  // namespace boyi::surakarta
