// The `threat` engine's alpha-beta: principal-variation negamax with iterative
// deepening, aspiration windows and a transposition table over the
// threat-restricted candidates of candidates.h. Forced replies extend the line
// instead of using up depth. Past the horizon the side to move may stand on the
// evaluation or play on with its fours (each forces a block, so this is a VCF
// inside the search), and open threes are still answered, for a few plies.
// Quiet moves are ordered by pattern value, killers and history, and the late
// ones searched with a reduced depth first (late-move reductions). The pattern
// evaluation at the leaves, and optionally a small VCF probe there so that a
// leaf with a forced win by fours is scored as won.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "bots/engines/gomoku/evaluator.h"
#include "bots/engines/gomoku/position.h"
#include "bots/engines/gomoku/threat_search.h"
#include "bots/search/time_budget.h"

namespace boyi::bots::gomoku_threat {

struct SearchOptions {
  int max_depth = 24;
  int width = 10;                   // candidates per node below the root
  std::int64_t max_nodes = -1;      // -1: no limit
  std::int64_t leaf_vcf_nodes = 0;  // VCF probe at the leaves (0: none)
  int table_bits = 19;
  // The leaf evaluation; none: the pattern sum (Position::evaluate).
  const PositionEvaluator* evaluator = nullptr;
  bool reductions = true;        // late-move reductions of quiet moves
  bool quiescence_fours = true;  // past the horizon, the mover's fours are tried
  bool history = true;           // killer and history move ordering
  bool aspiration = true;        // iterations start from a window around the last score
};

struct SearchReport {
  Point move = gomoku::kNoPoint;
  int score = 0;  // for the side to move at the root
  int depth = 0;  // deepest completed iteration
  std::int64_t nodes = 0;
};

class AlphaBetaSearch {
 public:
  explicit AlphaBetaSearch(SearchOptions options = {});

  // The best of `root_moves` (playable, non-empty) for the side to move.
  SearchReport search(Position& pos, std::vector<Point> root_moves, const TimeBudget& budget);
  void set_max_depth(int depth) { opt_.max_depth = depth; }
  void set_max_nodes(std::int64_t nodes) { opt_.max_nodes = nodes; }
  void set_reductions(bool on) { opt_.reductions = on; }
  void clear();

 private:
  struct Entry {
    std::uint64_t key = 0;
    int score = 0;
    std::int8_t depth = -1;
    std::uint8_t bound = 0;  // 1 exact, 2 lower, 3 upper
    Point move = gomoku::kNoPoint;
  };

  int negamax(int depth, int alpha, int beta, int ply);
  int quiesce(int depth, int alpha, int beta, int ply);
  int root(int depth, int alpha, int beta, std::vector<Point>& root_moves,
           std::vector<std::pair<int, Point>>& scored, Point& best_move);
  void order(std::vector<Point>& moves, Point tt_move, int ply) const;
  void reward(Point p, int depth, int ply);
  int leaf(int ply);
  int static_value() const;
  bool out_of_time();
  void store(std::uint64_t key, int score, int depth, int bound, Point move, int ply);

  SearchOptions opt_;
  Position* pos_ = nullptr;
  const TimeBudget* budget_ = nullptr;
  std::int64_t nodes_ = 0;
  bool aborted_ = false;
  std::vector<Entry> table_;
  std::uint64_t mask_ = 0;
  ThreatSearch leaf_vcf_{14};
  std::vector<std::vector<Point>> move_stack_;
  // Move ordering: two killers a ply, and history by colour and point.
  std::vector<std::array<Point, 2>> killers_;
  std::array<std::array<std::int32_t, gomoku::kPoints>, 2> history_{};
};

}  // namespace boyi::bots::gomoku_threat
