// The `threat` engine's decisions in the ccgc opening (三手交换五手N打):
//  - stone 2 (white, next to H8), stone 3 (black, inside the central 5x5) and the swap, from
//    the measured scores of the 26 standard openings (ccgc_book.h): black makes the most
//    balanced opening it can, since the seat playing white then takes the better side; white's
//    stone 2 is the one after which black can balance least; white swaps when black's
//    expected score is above one half;
//  - the N offers for stone 5 (black): white will pick the offer worst for
//    black, so offer the N points whose value after white's best reply is
//    highest; symmetric-equivalent points are never both offered (the engine's
//    legal moves leave them out);
//  - the choice (white): the offered point whose value for white is highest.
#pragma once

#include <cstdint>
#include <vector>

#include "base/rng.h"
#include "bots/engines/gomoku/analyst.h"
#include "engine/gomoku/gomoku.h"

namespace boyi::bots::gomoku_threat {

// Every candidate is valued by a search from empty tables, so a value depends
// on the position alone (not on what was searched before it).
class OpeningPlayer {
 public:
  // `seed`: the choice among equally balanced openings.
  explicit OpeningPlayer(AnalystOptions options, std::uint64_t seed = 1);

  // The action for the opening step of s (s.step() is kStone1..kChoose, not kStone4).
  gomoku::Move choose(const gomoku::State& s, const TimeBudget& budget);

  // The points for stone 5 ranked best first for black, with their values.
  std::vector<std::pair<Point, int>> rank_offers(const gomoku::State& s, const TimeBudget& budget);

 private:
  gomoku::Move second_stone(const gomoku::State& s);
  gomoku::Move third_stone(const gomoku::State& s);
  gomoku::Move swap_or_keep(const gomoku::State& s) const;
  // Without the book (the option book=0).
  gomoku::Move second_stone_by_search(const gomoku::State& s, const TimeBudget& budget);
  gomoku::Move third_stone_by_search(const gomoku::State& s, const TimeBudget& budget);
  int black_advantage(const gomoku::State& s, const TimeBudget& budget);
  // Of (move, imbalance) pairs, one with the most (or least) imbalance, at random among ties.
  gomoku::Move pick_balanced(const std::vector<std::pair<gomoku::Move, double>>& scored, bool most);
  gomoku::Move offer(const gomoku::State& s, const TimeBudget& budget);
  gomoku::Move pick(const gomoku::State& s, const TimeBudget& budget);

  // The value of pos for its side to move, `depth` plies deep.
  int value(Position& pos, const TimeBudget& budget, int depth);
  // The search depth that `candidates` searches can share `budget` at.
  int depth_for(const TimeBudget& budget, std::size_t candidates) const;

  bool book_;
  Rng rng_;
  Analyst analyst_;
  // The ranked offers of the position being offered on (one offer per action).
  std::uint64_t plan_key_ = 0;
  std::vector<Point> plan_;
};

}  // namespace boyi::bots::gomoku_threat
