// Text forms of the game: move notation, event renderings, views, the full
// state, and positions read from ASCII diagrams.
#include <string>

#include "engine/gomoku/gomoku.h"

namespace boyi::gomoku {
namespace {

std::string move_text(const Move& m) {
  switch (m.action) {
    case Action::kPlace:
      return format_point(m.point);
    case Action::kSwap:
      return "swap";
    case Action::kKeep:
      return "keep";
    case Action::kOffer:
      return "offer " + format_point(m.point);
    case Action::kChoose:
      return "choose " + format_point(m.point);
  }
  return "?";
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

std::string seat_text(Seat s, Seat black_seat) {
  return "seat " + std::to_string(s) + " (" + (s == black_seat ? "black" : "white") + ")";
}

// The lines every full-state and view rendering share.
struct Picture {
  const Rules* rules;
  std::array<Cell, kPoints> board;
  Seat black_seat;
  Step step;
  Seat to_move;
  int ply;
  const Point* offers;
  int offer_count;
  bool has_last;
  Move last;
  Colour last_colour;
  const PointSet* forbidden;
  Outcome outcome;
};

std::string render(const Picture& p) {
  std::string s = "gomoku " + p.rules->to_string() + "\n";
  s += "black: seat " + std::to_string(p.black_seat) + ", white: seat " +
       std::to_string(1 - p.black_seat) + "\n";
  s += "ply " + std::to_string(p.ply) + ", step " + std::string(step_name(p.step));
  if (p.step == Step::kOffer)
    s += " (" + std::to_string(p.offer_count) + " of " + std::to_string(p.rules->fifth_n) +
         " offered)";
  if (p.outcome.finished())
    s += ", game over: " + describe(p.outcome) + "\n";
  else
    s += ", to act: " + seat_text(p.to_move, p.black_seat) + "\n";
  s += "last: ";
  s += p.has_last ? std::string(colour_name(p.last_colour)) + " " + move_text(p.last) : "-";
  s += "\n";
  PointSet offered;
  if (p.offer_count > 0) {
    s += "offered:";
    for (int i = 0; i < p.offer_count; ++i) {
      s += ' ';
      s += format_point(p.offers[i]);
      offered.insert(p.offers[i]);
    }
    s += "\n";
  }
  if (p.forbidden != nullptr && !p.forbidden->empty()) {
    s += "forbidden:";
    p.forbidden->for_each([&](Point q) {
      s += ' ';
      s += format_point(q);
    });
    s += "\n";
  }
  const std::string letters = "   A B C D E F G H I J K L M N O\n";
  s += letters;
  for (int row = kSize - 1; row >= 0; --row) {
    if (row + 1 < 10) s += ' ';
    s += std::to_string(row + 1);
    for (int col = 0; col < kSize; ++col) {
      const Point q = make_point(col, row);
      char c = '.';
      if (p.board[q] == Cell::kBlack)
        c = 'X';
      else if (p.board[q] == Cell::kWhite)
        c = 'O';
      else if (offered.contains(q))
        c = '?';
      else if (p.forbidden != nullptr && p.forbidden->contains(q))
        c = '#';
      s += ' ';
      s += c;
    }
    s += ' ' + std::to_string(row + 1) + "\n";
  }
  s += letters;
  return s;
}

}  // namespace

std::string State::format_move(const Move& move) const {
  return move_text(move);
}

Result<Move> State::parse_move(Seat /*seat*/, std::string_view text) const {
  if (text.size() > 64) return fail("move text is too long");
  text = trim(text);
  if (text.empty())
    return fail("empty move (expected a point such as H8, swap, keep, offer H8 or choose H8)");
  for (char c : text)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f)
      return fail("move text has a character that is not printable ASCII");
  if (text == "swap") return Move::swap();
  if (text == "keep") return Move::keep();
  const auto space = text.find(' ');
  if (space != std::string_view::npos) {
    const std::string_view word = text.substr(0, space);
    const std::string_view rest = trim(text.substr(space + 1));
    if (word != "offer" && word != "choose")
      return fail("unknown action '" + std::string(word) + "' (expected offer or choose)");
    auto p = parse_point(rest);
    if (!p.ok()) return fail(p.message());
    return word == "offer" ? Move::offer(p.value()) : Move::choose(p.value());
  }
  auto p = parse_point(text);
  if (!p.ok()) return fail(p.message());
  // At the choice of stone 5 a bare point means that choice.
  return step_ == Step::kChoose ? Move::choose(p.value()) : Move::place(p.value());
}

std::string State::render_event(const Event& e, Seat /*viewer*/) {
  std::string s = std::string(colour_name(e.colour)) + " " + move_text(e.move);
  switch (e.effect) {
    case Effect::kFive:
      s += ": five, seat " + std::to_string(e.winner) + " wins";
      break;
    case Effect::kFoul:
      s += ": foul (" + std::string(foul_name(e.foul)) + "), seat " + std::to_string(e.winner) +
           " wins";
      break;
    case Effect::kBoardFull:
      s += ": board full, draw";
      break;
    case Effect::kNone:
      break;
  }
  return s;
}

View State::view(Seat seat) const {
  View v;
  v.rules = rules_;
  v.viewer = seat == 0 || seat == 1 ? seat : kPublic;
  for (int p = 0; p < kPoints; ++p) v.board[p] = board_.at(static_cast<Point>(p));
  v.black_seat = black_seat_;
  v.step = step_;
  v.to_move = to_move();
  v.colour_to_move = colour_to_move_;
  v.ply = ply_;
  v.offer_count = offer_count_;
  for (int i = 0; i < 5; ++i) v.offers[i] = i < offer_count_ ? offers_[i] : kNoPoint;
  v.has_last_move = has_last_move_;
  v.last_move = last_move_;
  v.last_colour = last_colour_;
  const bool black_places = step_ == Step::kStone1 || step_ == Step::kStone3 ||
                            step_ == Step::kOffer || step_ == Step::kPlay;
  if (!is_terminal() && colour_to_move_ == Colour::kBlack && black_places)
    v.forbidden = forbidden_points();
  v.outcome = outcome();
  return v;
}

std::string View::to_text() const {
  std::string s = viewer == kPublic ? std::string("viewer: public\n")
                                    : "viewer: " + seat_text(viewer, black_seat) + "\n";
  s += render(Picture{&rules, board, black_seat, step, to_move, ply, offers.data(), offer_count,
                      has_last_move, last_move, last_colour, &forbidden, outcome});
  return s;
}

std::string State::to_text() const {
  std::array<Cell, kPoints> cells{};
  for (int p = 0; p < kPoints; ++p) cells[p] = board_.at(static_cast<Point>(p));
  return render(Picture{&rules_, cells, black_seat_, step_, to_move(), ply_, offers_.data(),
                        offer_count_, has_last_move_, last_move_, last_colour_, nullptr,
                        outcome()});
}

Result<State> State::from_diagram(const Rules& rules, std::string_view diagram, Colour to_move,
                                  Seat black_seat, Step step) {
  if (diagram.size() > 8192) return fail("diagram is too long");
  if (step != Step::kPlay && step != Step::kOffer)
    return fail("a position from a diagram starts at step play or offer");
  if (black_seat != 0 && black_seat != 1) return fail("the seat playing black must be 0 or 1");
  State st(rules);
  int rows = 0, line_no = 0;
  bool footer_seen = false;
  while (!diagram.empty()) {
    const auto nl = diagram.find('\n');
    std::string_view line = diagram.substr(0, nl);
    diagram = nl == std::string_view::npos ? std::string_view() : diagram.substr(nl + 1);
    ++line_no;
    const std::string where = "diagram line " + std::to_string(line_no);
    std::string compact;
    for (char c : line) {
      if (static_cast<unsigned char>(c) >= 0x80) return fail(where + ": non-ASCII character");
      if (c != ' ' && c != '\t' && c != '\r') compact += c;
    }
    if (compact.empty()) continue;
    if (compact == "ABCDEFGHIJKLMNO") {
      if (rows > 0) footer_seen = true;
      continue;
    }
    if (footer_seen || rows == kSize) return fail(where + ": more than 15 rows");
    const int expected = kSize - rows;  // row numbers run 15 down to 1
    std::string_view cells = compact;
    for (int end = 0; end < 2; ++end) {
      std::size_t digits = 0;
      if (end == 0)
        while (digits < cells.size() && cells[digits] >= '0' && cells[digits] <= '9') ++digits;
      else
        while (digits < cells.size() && cells[cells.size() - 1 - digits] >= '0' &&
               cells[cells.size() - 1 - digits] <= '9')
          ++digits;
      if (digits == 0) continue;
      if (digits > 2) return fail(where + ": bad row number");
      const std::string_view label =
          end == 0 ? cells.substr(0, digits) : cells.substr(cells.size() - digits);
      const int number =
          label.size() == 1 ? label[0] - '0' : (label[0] - '0') * 10 + label[1] - '0';
      if (number != expected)
        return fail(where + ": row number " + std::to_string(number) + " where row " +
                    std::to_string(expected) + " was expected");
      cells = end == 0 ? cells.substr(digits) : cells.substr(0, cells.size() - digits);
    }
    if (cells.size() != static_cast<std::size_t>(kSize))
      return fail(where + ": a row must have 15 cells, this one has " +
                  std::to_string(cells.size()));
    for (int col = 0; col < kSize; ++col) {
      const Point p = make_point(col, expected - 1);
      switch (cells[col]) {
        case 'X':
          st.put_stone(p, Colour::kBlack);
          break;
        case 'O':
          st.put_stone(p, Colour::kWhite);
          break;
        case '.':
        case '+':
        case '#':
        case '?':
          break;
        default:
          return fail(where + ": '" + std::string(1, cells[col]) + "' is not a cell (use . X O)");
      }
    }
    ++rows;
  }
  if (rows != kSize) return fail("a diagram needs 15 rows, this one has " + std::to_string(rows));
  if (st.stones_ == kPoints) return fail("the board is full");
  for (int p = 0; p < kPoints; ++p) {
    const Cell c = st.board_.at(static_cast<Point>(p));
    if (c == Cell::kEmpty) continue;
    const int run = longest_run(st.board_, static_cast<Point>(p), c);
    // Standard: only exactly five wins; renju: black five wins and a black
    // overline was a foul; freestyle and renju white: five or more wins.
    const bool won = rules.rule == RuleSet::kStandard ? run == 5 : run >= 5;
    const bool black = c == Cell::kBlack;
    if (won)
      return fail(std::string("the diagram already has a finished line of ") +
                  (black ? "black" : "white") + " through " + format_point(static_cast<Point>(p)));
  }
  st.step_ = Step::kPlay;
  st.colour_to_move_ = to_move;
  st.black_seat_ = static_cast<std::uint8_t>(black_seat);
  st.ply_ = st.stones_;
  if (step == Step::kOffer) {
    st.colour_to_move_ = Colour::kBlack;
    st.enter_offers();
  }
  st.hash_ = st.compute_hash();
  return st;
}

}  // namespace boyi::gomoku
