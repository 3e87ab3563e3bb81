// How the `threat` engine decides a move in normal play, and how it values a
// position (used by the opening decisions):
//  1. a five, a forced block, a flex four: at once;
//  2. its own VCF, then (if the opponent, given a free move, would have a VCF)
//     only the moves after which that VCF is gone;
//  3. its own VCT, then likewise against the opponent's VCT;
//  4. alpha-beta over what is left.
// Each step gets a share of the move's time; with no deadline, node limits
// keep every step finite.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "bots/engines/gomoku/position.h"
#include "bots/engines/gomoku/search.h"
#include "bots/engines/gomoku/threat_search.h"
#include "bots/search/time_budget.h"

namespace boyi::bots::gomoku_threat {

struct AnalystOptions {
  bool vcf = true;
  bool vct = true;
  bool defend = true;       // restrict the moves against the opponent's VCF/VCT
  int max_depth = 24;       // alpha-beta depth with a deadline
  int unlimited_depth = 6;  // and without one
  int width = 10;
  int root_width = 16;
  std::int64_t max_nodes = -1;
  std::int64_t vcf_nodes = 60000;
  std::int64_t vct_nodes = 40000;
  int vct_depth = 9;
  // With a deadline the root's own threat searches are bounded by their share
  // of the time instead of the node limits, and VCT may go this deep.
  int timed_vct_depth = 13;
  std::int64_t leaf_vcf_nodes = 0;
  int table_bits = 19;  // alpha-beta table (the threat table is 2 bits smaller)
  // The alpha-beta's refinements (SearchOptions), each switchable for ablations.
  bool reductions = true;
  bool quiescence_fours = true;
  bool history = true;
  bool aspiration = true;
  // The ccgc opening's stones 2 and 3 and the swap from the measured book (ccgc_book.h);
  // off, from searches of the three stones (the engine before the book, for comparison).
  bool opening_book = true;
  EvalWeights weights = default_weights();
  // The alpha-beta leaf evaluation (none: the pattern sum with `weights`).
  std::shared_ptr<const PositionEvaluator> evaluator;
};

// What decided a move (for tests and logs).
enum class Reason : std::uint8_t { kForced, kVcf, kVct, kSearch };

struct Decision {
  Point move = gomoku::kNoPoint;
  Reason reason = Reason::kSearch;
  int score = 0;
  int depth = 0;
  bool opponent_vcf = false;  // the opponent threatened a VCF (the moves were restricted)
  bool opponent_vct = false;
};

class Analyst {
 public:
  explicit Analyst(AnalystOptions options = {});

  // The move for the side to move in pos (which has a playable point).
  Decision decide(Position& pos, const TimeBudget& budget);
  // The value of pos for the side to move, by a search `depth` plies deep
  // (less if `budget` runs out first).
  int value(Position& pos, const TimeBudget& budget, int depth);

  const AnalystOptions& options() const { return opt_; }
  // Forgets every stored result (so that a value depends on the position only).
  void clear();

 private:
  // Of `moves`, those after which the opponent has no forced win (kept order).
  std::vector<Point> refute(Position& pos, const std::vector<Point>& moves, bool vct,
                            const TimeBudget& budget);
  std::vector<Point> defence_moves(Position& pos, const std::vector<Point>& base);

  AnalystOptions opt_;
  ThreatSearch threats_;
  AlphaBetaSearch search_;
};

// A budget ending at `fraction` of what is left of `b`'s soft span (never after
// its hard deadline); unlimited when b is.
TimeBudget slice(const TimeBudget& b, double fraction);

}  // namespace boyi::bots::gomoku_threat
