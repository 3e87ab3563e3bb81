// The search of `loop-mcts`: UCT with implicit minimax backups (Lanctot, Winands, Pepels and
// Sturtevant, 2014), built for 苏拉卡尔塔's sharp exchanges where plain averages hide a refutation.
//
// - Expanding a node values every child at once by the capture quiescence over the loop
//   evaluation (a cut in the middle of an exchange is settled first), squashed to a win
//   probability; those values are backed up minimax-fashion through the tree.
// - A child is chosen by (1 - w) * mean reward + w * minimax value + c * sqrt(ln N / (n + 1)):
//   unvisited children are tried in the order of their values, a refuted one is left alone.
// - Playouts follow playout_policy.h (winning captures first, no moves into a capture) and are cut
//   after a few plies, where the same quiescence values the position.
// Finished games are exact values in both averages and minimax, so short forced wins and losses
// propagate. The tree is rebuilt for every move. The budget is polled through a DeadlineWatch
// at every iteration and before every child's valuation, so a move is answered inside the hard
// deadline on a loaded machine too.
#pragma once

#include <cstdint>
#include <vector>

#include "base/rng.h"
#include "bots/engines/surakarta/evaluation.h"
#include "bots/engines/surakarta/playout_policy.h"
#include "bots/engines/surakarta/quiescence.h"
#include "bots/search/deadline_watch.h"
#include "bots/search/time_budget.h"
#include "engine/surakarta/surakarta.h"

namespace boyi::bots::surakarta_engine {

struct LoopMctsOptions {
  double exploration = 0.15;    // c
  double minimax_weight = 0.4;  // w (0: plain UCT averages)
  int rollout_limit = 8;        // playout plies before the cut (0: value the leaf itself)
  bool policy = true;           // false: uniform random playouts
  int quiescence_plies = 6;     // at every valuation (0: the evaluation alone)
  int quiescence_nodes = 2000;  // at most per valuation (then the evaluation stands)
  double scale = 120;           // evaluation units per unit of the logistic
  std::int64_t max_playouts = -1;
  std::size_t max_nodes = 2'000'000;  // no expansion past this many nodes (32 bytes each)
  EvalWeights eval;
};

struct LoopMctsResult {
  bool has_move = false;
  surakarta::Move move{};
  std::int64_t playouts = 0;
  std::size_t nodes = 0;
  double value = 0.5;  // the chosen child's minimax value for the side to move
};

class LoopMcts {
 public:
  LoopMcts(const LoopMctsOptions& options, std::uint64_t seed);

  // Iterates until 85% of the budget's soft span (the rest is slack for the last expansion and
  // the answer) or max_playouts; the hard deadline also cuts every quiescence.
  LoopMctsResult search(const surakarta::State& root, const TimeBudget& budget);

  // The value in [0, 1] of the running position `s` for its side to move.
  double value(const surakarta::State& s);

 private:
  struct Node {
    surakarta::Move move{};
    bool terminal = false;
    std::uint8_t pad = 0;
    std::int16_t num_children = 0;
    std::int32_t parent = -1;
    std::int32_t first_child = -1;
    std::int32_t visits = 0;
    float reward = 0;   // summed rewards of the side that played `move`
    float minimax = 0;  // the implicit minimax value for that side
  };

  void iterate(const surakarta::State& root);
  void expand(std::int32_t idx, const surakarta::State& s);
  std::int32_t select(std::int32_t idx) const;
  void back_up_minimax(std::int32_t idx);
  double playout(surakarta::State& s);  // the reward of the side that acts first in `s`
  double value(const surakarta::State& s, bool quiescence);

  static constexpr std::size_t kMaxBranching = 4096;  // an expansion past max_nodes

  LoopMctsOptions opt_;
  Quiescence quiescence_;
  PlayoutPolicy policy_;
  SearchLimits limits_;
  Rng rng_;
  std::vector<Node> nodes_;
  std::vector<std::int32_t> path_;
  surakarta::MoveList scratch_;
  DeadlineWatch* watch_ = nullptr;  // this search's, while it runs
  bool stopped_ = false;            // the watch said stop: valuations without quiescence
};

}  // namespace boyi::bots::surakarta_engine
