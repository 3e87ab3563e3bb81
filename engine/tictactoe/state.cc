#include <array>

#include "engine/core/zobrist.h"
#include "engine/tictactoe/tictactoe.h"

namespace boyi::tictactoe {
namespace {

constexpr auto kKeys = make_zobrist_keys<2 * kCells + 1>(0x7ac70e);
constexpr std::uint64_t kSideKey = kKeys[2 * kCells];

std::uint64_t key(int cell, Cell c) {
  return kKeys[static_cast<std::size_t>(2 * cell + (c == Cell::kO ? 1 : 0))];
}

constexpr std::array<std::array<int, 3>, 8> kLines = {
    {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}};

}  // namespace

std::string Rules::to_string() const {
  return misere ? "misere=1" : "misere=0";
}

Result<Rules> Rules::parse(std::string_view text) {
  Rules r;
  while (!text.empty()) {
    const auto space = text.find(' ');
    const std::string_view item = text.substr(0, space);
    text = space == std::string_view::npos ? std::string_view{} : text.substr(space + 1);
    if (item.empty()) continue;
    if (item == "misere=0")
      r.misere = false;
    else if (item == "misere=1")
      r.misere = true;
    else
      return Error{"unknown tic-tac-toe rule '" + std::string(item) + "' (known: misere=0|1)"};
  }
  return r;
}

void State::legal_moves(MoveList& list) const {
  list.clear();
  if (is_terminal()) return;
  for (int c = 0; c < kCells; ++c)
    if (at(c) == Cell::kEmpty) list.push_back({static_cast<std::uint8_t>(c)});
}

Status State::check(Seat seat, const Move& move) const {
  if (is_terminal()) return Error{"the game is over"};
  if (seat != to_move()) return Error{"it is not your turn"};
  if (move.cell >= kCells) return Error{"no such cell"};
  if (at(move.cell) != Cell::kEmpty) return Error{cell_name(move.cell) + " is taken"};
  return Status::Ok();
}

Result<Event> State::apply_checked(Seat seat, const Move& move) {
  if (auto s = check(seat, move); !s) return Error{s.message()};
  apply(move);
  return Event{move, seat};
}

void State::apply(const Move& move) {
  const Cell c = ply_ % 2 == 0 ? Cell::kX : Cell::kO;
  board_[move.cell] = c;
  hash_ ^= key(move.cell, c) ^ kSideKey;
  ++ply_;
  settle();
}

void State::settle() {
  for (const auto& line : kLines) {
    const Cell c = at(line[0]);
    if (c == Cell::kEmpty || at(line[1]) != c || at(line[2]) != c) continue;
    const int maker = c == Cell::kX ? 0 : 1;
    outcome_ = {Ending::kNormal, static_cast<Seat>(rules_.misere ? 1 - maker : maker),
                rules_.misere ? "three in a row (misère: it loses)" : "three in a row"};
    return;
  }
  if (ply_ == kCells) outcome_ = {Ending::kNormal, std::nullopt, "the board is full"};
}

std::uint64_t State::compute_hash() const {
  std::uint64_t h = ply_ % 2 ? kSideKey : 0;
  for (int c = 0; c < kCells; ++c)
    if (at(c) != Cell::kEmpty) h ^= key(c, at(c));
  return h;
}

std::string cell_name(int cell) {
  return {static_cast<char>('a' + cell % 3), static_cast<char>('1' + cell / 3)};
}

Result<Move> State::parse_move(Seat, std::string_view text) const {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'c' || text[1] < '1' || text[1] > '3')
    return Error{"'" + std::string(text.substr(0, 20)) + "' is not a cell a1..c3"};
  return Move{static_cast<std::uint8_t>((text[1] - '1') * 3 + (text[0] - 'a'))};
}

std::string State::format_move(const Move& move) const {
  return cell_name(move.cell);
}

View State::view(Seat viewer) const {
  return View{viewer, board_, to_move(), outcome_};
}

std::string View::to_text() const {
  std::string out;
  for (int row = 2; row >= 0; --row) {
    for (int col = 0; col < 3; ++col) {
      const Cell c = board[static_cast<std::size_t>(row * 3 + col)];
      out += c == Cell::kX ? 'X' : c == Cell::kO ? 'O' : '.';
    }
    out += '\n';
  }
  return out;
}

std::string State::to_text() const {
  return view(kPublic).to_text();
}

std::string State::render_event(const Event& event, Seat) {
  return cell_name(event.move.cell);
}

}  // namespace boyi::tictactoe
