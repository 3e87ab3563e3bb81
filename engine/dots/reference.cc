#include "engine/dots/reference.h"

namespace boyi::dots::reference {
namespace {

// Box (row, col) is bounded by horizontal lines row and row+1 at segment col, and by
// vertical lines col and col+1 at segment row.
bool complete(const Board& b, int row, int col) {
  return b.drawn[0][row][col] && b.drawn[0][row + 1][col] && b.drawn[1][col][row] &&
         b.drawn[1][col + 1][row];
}

void count(const Board& board, int depth, PerftCounts& out) {
  if (board.over) return;
  for (const std::string& text : board.legal_texts()) {
    Board next = board;
    const int mover = next.to_move;
    const int claimed = next.play(text);
    if (claimed > 0) ++out.claims;
    if (claimed == 2) ++out.doubles;
    if (!next.over && next.to_move != mover) ++out.turns;
    if (depth == 1)
      ++out.nodes;
    else
      count(next, depth - 1, out);
  }
}

std::uint64_t turns(const Board& board, int depth) {
  if (depth == 0) return 1;
  if (board.over) return 0;
  std::uint64_t n = 0;
  for (const std::string& text : board.legal_texts()) {
    Board next = board;
    const int mover = next.to_move;
    next.play(text);
    if (next.over || next.to_move != mover)
      n += turns(next, depth - 1);  // the turn ended with this edge
    else
      n += turns(next, depth);  // same turn goes on
  }
  return n;
}

}  // namespace

Board Board::from(const State& state) {
  Board b;
  for (int k = 0; k < 2; ++k)
    for (int i = 0; i < 6; ++i)
      for (int j = 0; j < 5; ++j) {
        const std::string text = {static_cast<char>('A' + k), static_cast<char>('A' + i),
                                  static_cast<char>('A' + j)};
        b.drawn[k][i][j] = state.edge_drawn(move_from_text(text).edge);
      }
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c) b.owner[r][c] = state.box_owner(r * 5 + c);
  b.over = state.is_terminal();
  b.to_move = b.over ? -1 : state.to_move();
  return b;
}

std::vector<std::string> Board::legal_texts() const {
  std::vector<std::string> out;
  if (over) return out;
  for (int k = 0; k < 2; ++k)
    for (int i = 0; i < 6; ++i)
      for (int j = 0; j < 5; ++j)
        if (!drawn[k][i][j])
          out.push_back(
              {static_cast<char>('A' + k), static_cast<char>('A' + i), static_cast<char>('A' + j)});
  return out;
}

int Board::play(const std::string& text) {
  drawn[text[0] - 'A'][text[1] - 'A'][text[2] - 'A'] = true;
  int claimed = 0;
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c)
      if (owner[r][c] < 0 && complete(*this, r, c)) {
        owner[r][c] = to_move;
        ++claimed;
      }
  bool all_claimed = true;
  for (const auto& row : owner)
    for (int o : row) all_claimed = all_claimed && o >= 0;
  if (all_claimed) {
    over = true;
    to_move = -1;
  } else if (claimed == 0) {
    to_move = 1 - to_move;
  }
  return claimed;
}

Move move_from_text(const std::string& text) {
  const int k = text[0] - 'A', i = text[1] - 'A', j = text[2] - 'A';
  return Move{static_cast<std::uint8_t>(k * 30 + i * 5 + j)};
}

std::vector<Move> legal_moves(const State& state) {
  std::vector<Move> out;
  for (const std::string& text : Board::from(state).legal_texts())
    out.push_back(move_from_text(text));
  return out;
}

PerftCounts perft(const State& state, int depth) {
  PerftCounts out;
  if (depth == 0) {
    out.nodes = 1;
    return out;
  }
  count(Board::from(state), depth, out);
  return out;
}

std::uint64_t turn_perft(const State& state, int depth) {
  return turns(Board::from(state), depth);
}

}  // namespace boyi::dots::reference
