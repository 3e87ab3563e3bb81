// The search of the `neural` player: PUCT Monte-Carlo tree search guided by the residual
// policy/value network (AlphaZero-style, no rollouts), as the 苏拉卡尔塔 seed paper's network
// is meant to be used.
//
// - Expanding a node asks the network once: the policy logits, softmaxed over the legal moves,
//   are the children's priors; the value (for the side to move) is what is backed up.
// - A child is chosen by Q + c · P · sqrt(N) / (1 + n); an unvisited child's Q is its parent's
//   value less a first-play reduction.
// - Finished games are exact: a child that ends the game backs up its true result, and a node
//   with a winning move (a capture of the last piece, a win on adjudication) is a proven win —
//   the network is not asked, and the root plays such a move at once.
// - `batch` leaves are collected per step with virtual loss and evaluated in one request, which
//   the shared InferenceBatcher may merge with other searches' requests.
// - Tactical safety (past the paper): a leaf's value blends the network value with the loop
//   engines' capture quiescence value (`mix`), so a leaf cut in the middle of an exchange along
//   a loop is not valued as if the exchange never happened; and the prior moves a share
//   (`tactical_prior`) towards winning captures and away from quiet moves into a capture.
// - The tree is kept between moves: when the new position is a grandchild (or child) of the
//   last root, its subtree becomes the new root.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "bots/engines/surakarta/evaluation.h"
#include "bots/engines/surakarta/quiescence.h"
#include "bots/learned/surakarta/evaluator.h"
#include "bots/search/time_budget.h"
#include "engine/surakarta/surakarta.h"

namespace boyi::bots::learned::surakarta_net {

struct NeuralMctsOptions {
  double c_puct = 0.8;
  int batch = 4;                   // leaves evaluated together per step
  std::int64_t max_playouts = -1;  // < 0: until the budget runs out
  double first_play_reduction = 0.2;
  bool reuse = true;
  // At most this many nodes of the old tree are kept (breadth first, whole sibling groups), so
  // rerooting costs a bounded copy however large the tree grew over a long think or a long
  // repetition; the nodes whose children did not fit are expanded again when reached.
  std::size_t reuse_max_nodes = 1 << 17;
  // Leaf value = (1 - mix) * network value + mix * quiescence value (both for the side to move,
  // in [-1, 1]; the quiescence value is the loop-mcts one, 2 * logistic(q / scale) - 1).
  double mix = 0.5;
  int quiescence_plies = 6;
  int quiescence_nodes = 2000;
  double scale = 120;
  // Prior = (1 - tactical_prior) * policy + tactical_prior * tactical weights (winning captures
  // high, even trades and safe quiet moves equal, quiet moves into a capture low).
  double tactical_prior = 0.5;
  // Child values (as loop-mcts): expanding a node values each child by the quiescence; an
  // unvisited child's Q is that value (not the first-play reduction), and these values are backed
  // up minimax-fashion; a visited child is scored by (1 - minimax_weight) * mean +
  // minimax_weight * minimax value.
  bool child_values = true;
  double minimax_weight = 0.4;
  std::size_t max_nodes = 2'000'000;  // no expansion past this many nodes (~36 bytes each)
};

struct NeuralMctsResult {
  bool has_move = false;
  surakarta::Move move{};
  std::int64_t playouts = 0;     // leaves reached (evaluated, exact or proven)
  std::int64_t evaluations = 0;  // positions sent to the network
  std::size_t nodes = 0;
  std::int64_t reused_visits = 0;  // root visits carried over from the last search
  std::size_t reused_nodes = 0;    // nodes carried over (1: a fresh tree)
  double value = 0;                // the chosen child's mean value for the side to move
};

class NeuralMcts {
 public:
  NeuralMcts(std::shared_ptr<Evaluator> evaluator, const NeuralMctsOptions& options);

  // Searches until 85% of the budget's soft span or max_playouts. Throws what the evaluator
  // throws.
  NeuralMctsResult search(const surakarta::State& root, const TimeBudget& budget);

 private:
  struct Node {
    surakarta::Move move{};  // the move into this node
    bool expanded = false;
    bool terminal = false;  // the game is over here, or (proven) the side to move wins at once
    bool pending = false;   // waiting for its evaluation in the current step
    std::int16_t num_children = 0;
    std::int32_t parent = -1;
    std::int32_t first_child = -1;
    std::int32_t visits = 0;
    std::int32_t virtual_loss = 0;
    float prior = 0;
    float value_sum = 0;  // for the side that played `move`
    float exact = 0;      // terminal: the value for the side that played `move`
    float minimax = 0;    // child_values: the implicit minimax value for that side
  };
  struct Leaf {
    std::int32_t node;
    surakarta::State state;
    float tactical_value = 0;  // quiescence value for the side to move, in [-1, 1]
  };

  void reroot(const surakarta::State& root, const TimeBudget& budget);
  // Keeps the subtree of `idx` as the new tree, its top reuse_max_nodes nodes at most, copying
  // through staging_ (no allocation once grown) and stopping the copy at the hard deadline.
  void keep_subtree(std::int32_t idx, const TimeBudget& budget);
  std::int32_t select(std::int32_t idx) const;
  // Descends from the root with virtual loss; returns false when nothing more can be collected
  // in this step.
  bool collect(const surakarta::State& root, std::vector<Leaf>& leaves, std::int64_t& playouts);
  void expand(std::int32_t idx, const surakarta::State& s, const NetOutput& out);
  // The leaf value for the side to move from the network's value and the leaf's quiescence.
  float leaf_value(float network_value, float tactical_value) const;
  // The loop-mcts value of `s` for its side to move, in [-1, 1]: the capture quiescence (the
  // static evaluation alone once the search's deadline has passed) through a logistic.
  float tactical_value(const surakarta::State& s);
  void back_up(std::int32_t idx, float value_for_mover, bool undo_virtual_loss);
  void undo_virtual_loss(std::int32_t idx);
  void back_up_minimax(std::int32_t idx);

  std::shared_ptr<Evaluator> evaluator_;
  NeuralMctsOptions opt_;
  surakarta_engine::EvalWeights eval_weights_;
  surakarta_engine::Quiescence quiescence_;
  surakarta_engine::SearchLimits limits_;  // the quiescence's node limit and deadline
  std::vector<Node> nodes_;
  std::vector<Node> staging_;  // keep_subtree's copy, kept between moves
  std::optional<surakarta::State> root_state_;
  std::optional<surakarta::Move> root_last_move_;
  std::vector<Planes> planes_;
};

}  // namespace boyi::bots::learned::surakarta_net
