// The `threat` engine's decisions in the ccgc opening (三手交换五手N打), each
// from searched values of the positions it can lead to:
//  - stone 2 (white, next to H8): the neighbour after which black's best is least;
//  - stone 3 (black, inside the central 5x5): the most balanced point, since the
//    seat playing white may then swap colours and take whichever side is better;
//  - swap or keep: swap when black's side is better than the margin by which a
//    search overrates black here (white still picks black's stone 5 of N);
//  - the N offers for stone 5 (black): white will pick the offer worst for
//    black, so offer the N points whose value after white's best reply is
//    highest; symmetric-equivalent points are never both offered (the engine's
//    legal moves leave them out);
//  - the choice (white): the offered point whose value for white is highest.
#pragma once

#include <cstdint>
#include <vector>

#include "bots/engines/gomoku/analyst.h"
#include "engine/gomoku/gomoku.h"

namespace boyi::bots::gomoku_threat {

// Black's advantage that counts as balanced after stone 3 (evaluation units):
// about the median over the 26 standard openings by these searches (black
// has a stone more at their leaves).
inline constexpr int kSwapMargin = 335;

// Every candidate is valued by a search from empty tables, so a value depends
// on the position alone (not on what was searched before it).
class OpeningPlayer {
 public:
  explicit OpeningPlayer(AnalystOptions options);

  // The action for the opening step of s (s.step() is kStone1..kChoose, not kStone4).
  gomoku::Move choose(const gomoku::State& s, const TimeBudget& budget);

  // Black's advantage after three stones with white to play stone 4.
  int black_advantage(const gomoku::State& s, const TimeBudget& budget);
  // The points for stone 5 ranked best first for black, with their values.
  std::vector<std::pair<Point, int>> rank_offers(const gomoku::State& s, const TimeBudget& budget);

 private:
  gomoku::Move second_stone(const gomoku::State& s, const TimeBudget& budget);
  gomoku::Move third_stone(const gomoku::State& s, const TimeBudget& budget);
  gomoku::Move offer(const gomoku::State& s, const TimeBudget& budget);
  gomoku::Move pick(const gomoku::State& s, const TimeBudget& budget);

  // The value of pos for its side to move, `depth` plies deep.
  int value(Position& pos, const TimeBudget& budget, int depth);
  // The search depth that `candidates` searches can share `budget` at.
  int depth_for(const TimeBudget& budget, std::size_t candidates) const;

  Analyst analyst_;
  // The ranked offers of the position being offered on (one offer per action).
  std::uint64_t plan_key_ = 0;
  std::vector<Point> plan_;
};

}  // namespace boyi::bots::gomoku_threat
