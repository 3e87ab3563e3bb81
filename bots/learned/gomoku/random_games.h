// Test support: renju games of random moves near the stones, a winning five
// taken at once — cheap, varied positions with a result for the TD tests.
#pragma once

#include <cstdint>
#include <vector>

#include "bots/engines/gomoku/candidates.h"
#include "bots/engines/gomoku/position.h"
#include "base/rng.h"

namespace boyi::bots::learned::gomoku_td {

// Plays from black's H8 until a five or `max_stones`; hands every position
// before its move to `visit(position, black_stones)`. Returns the result for
// black: 1 or 0 for a five, 0.5 when the game was cut.
template <class Visit>
double play_random_game(std::uint64_t seed, int max_stones, Visit&& visit) {
  using gomoku::Colour;
  Rng rng(seed);
  gomoku_threat::Position pos(gomoku::RuleSet::kRenju);
  pos.play(gomoku::kH8);
  int black_stones = 1;
  while (pos.stones() < max_stones) {
    visit(static_cast<const gomoku_threat::Position&>(pos), black_stones);
    const Colour mover = pos.to_move();
    std::vector<gomoku::Point> moves;
    gomoku_threat::candidate_moves(pos, 8, moves);
    if (moves.empty()) break;
    const bool wins = pos.fives(mover).contains(moves.front());
    pos.play(wins ? moves.front() : moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
    black_stones += mover == Colour::kBlack;
    if (wins) return mover == Colour::kBlack ? 1 : 0;
  }
  return 0.5;
}

}  // namespace boyi::bots::learned::gomoku_td
