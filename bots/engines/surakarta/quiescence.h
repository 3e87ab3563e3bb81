// Capture quiescence for the 苏拉卡尔塔 engines: past the horizon only captures are played, so a
// search never stops in the middle of an exchange along a loop. The side to move may stand pat
// on the evaluation; captures are tried best exchange first, hopeless ones skipped (delta
// pruning), and the line is bounded in plies. Also what the node limits and deadline polling
// of the searches share.
#pragma once

#include <cstdint>

#include "bots/engines/surakarta/evaluation.h"
#include "bots/search/time_budget.h"
#include "engine/surakarta/surakarta.h"

namespace boyi::bots::surakarta_engine {

// Counts nodes and tells a search when to stop: after max_nodes, when the budget's stop signal
// is raised, or at stop_ns on the budget's clock (which may come before its hard deadline).
struct SearchLimits {
  const TimeBudget* budget = nullptr;  // null: no deadline and no signal (set for one search)
  std::int64_t stop_ns = -1;
  std::int64_t max_nodes = -1;
  std::int64_t nodes = 0;
  bool aborted = false;

  // One more node; true once the search must stop.
  bool tick() {
    ++nodes;
    if (max_nodes >= 0 && nodes >= max_nodes) aborted = true;
    if ((nodes & 511) == 0 && past_stop()) aborted = true;
    return aborted;
  }
  // Stopped from outside, or past stop_ns (one clock read).
  bool past_stop() const {
    return budget &&
           (budget->stop_raised() || (stop_ns >= 0 && budget->clock().now_ns() >= stop_ns));
  }
};

// The value of a finished game for `seat`, `ply` plies below the root.
int terminal_value(const surakarta::State& s, Seat seat, int ply);

class Quiescence {
 public:
  Quiescence(const EvalWeights& weights, int max_plies) : w_(weights), max_plies_(max_plies) {}

  // The value of the running position `s` for its side to move within (alpha, beta); `ply`
  // counts from the root for the scores of finished games. Polls `limits` (which may be null).
  int value(const surakarta::State& s, int alpha, int beta, int ply, SearchLimits* limits);

  const EvalWeights& weights() const { return w_; }

 private:
  int search(const surakarta::State& s, int alpha, int beta, int ply, int depth);

  EvalWeights w_;
  int max_plies_;
  SearchLimits* limits_ = nullptr;
  SearchLimits own_limits_;
};

}  // namespace boyi::bots::surakarta_engine
