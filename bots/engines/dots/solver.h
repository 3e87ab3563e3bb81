// The exact solver: the score the side to move can force in what remains of the game — its
// future boxes minus the opponent's, whatever was claimed before — by fail-soft alpha-beta
// over the moves worth searching (captures.h, structure.h) with a transposition table keyed
// by the canonical drawn edges (symmetry.h). Forced claims are made inside a node, so a node
// is a decision; the value depends on the drawn edges alone. A loony endgame of independent
// chains and loops is valued by arithmetic (endgame.h), and openings of long chains and loops
// that cannot reach the window are cut by the bound the opponent's two answers give.
//
// It stops at the budget's hard deadline, at an earlier instant of the caller's choice or
// after a number of nodes, and then answers nothing; what it had proven stays in the table, so
// a later call (the next move, a larger budget) goes on from there.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "bots/engines/dots/board.h"
#include "bots/engines/dots/endgame.h"
#include "bots/search/time_budget.h"

namespace boyi::bots::dots_engine {

struct SolverOptions {
  int table_log2 = 20;     // entries in the table (16 bytes each)
  bool symmetry = true;    // key the table by the canonical position
  bool arithmetic = true;  // value simple loony endgames by arithmetic
};

struct SolverLimits {
  const TimeBudget* budget = nullptr;  // stop at its hard deadline (nullptr: never)
  std::int64_t stop_at_ns = -1;        // and at this instant of budget's clock (-1: none)
  std::int64_t max_nodes = -1;         // and after this many nodes (-1: none)
};

struct Solution {
  int value = 0;  // for the side to move: its future boxes minus the opponent's
  int edge = -1;  // an optimal edge to draw now
};

class Solver {
 public:
  explicit Solver(SolverOptions options = {});

  // The exact value and an optimal edge.
  std::optional<Solution> solve(Edges drawn, const SolverLimits& limits = {});
  std::optional<int> value(Edges drawn, const SolverLimits& limits = {});
  // Whether the side to move can score at least `target` (a null-window search, much cheaper
  // than the exact value); `edge` reaches it when `value` >= target. `value` is a bound:
  // >= target proves it, < target refutes it.
  std::optional<Solution> solve_at_least(Edges drawn, int target, const SolverLimits& limits = {});

  std::int64_t nodes() const { return nodes_; }  // searched by the last call
  void clear();

 private:
  struct Entry {
    Edges key = ~Edges{0};
    std::int8_t lower = 0, upper = 0;
    std::int8_t move = -1;     // best edge, in the canonical frame
    std::uint8_t undrawn = 0;  // size of the subtree it stands for (replacement priority)
  };

  int search(Edges drawn, int alpha, int beta, int* best_edge);
  const Entry* probe(Edges key) const;
  void store(Edges key, int lower, int upper, int move, int undrawn);
  bool poll();
  void begin(const SolverLimits& limits);

  SolverOptions options_;
  std::vector<Entry> table_;
  int shift_ = 0;
  SolverLimits limits_;
  std::int64_t nodes_ = 0;
  bool stopped_ = false;
  SimpleEndgame endgame_;
};

}  // namespace boyi::bots::dots_engine
