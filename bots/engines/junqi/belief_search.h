// The search of the `belief` engine: UCT over worlds sampled from the beliefs,
// with the seed paper's high-value multi-piece activation and Q-learning
// coordination (张小川 等, 一种军棋机器博弈的多棋子协同博弈方法, 2020).
//
// One tree for the whole search, over what our seat observes: a decision
// node's children are moves, a move's children the outcome codes seen after
// it, so a node is an information set of ours and every iteration may run in a
// different sampled world (a world is drawn per iteration until `worlds`
// distinct ones exist, then they are cycled). At each node only the activated
// moves compete (activation.h): the moves of a few high-value pieces plus the
// answers to danger; our own nodes expand them once, the enemy's per world
// (its legal moves depend on its identities), with UCB1 over availability
// counts. A short playout (activation.h's policy) ends in the evaluation
// (evaluation.h).
//
// Q-learning coordination: every outcome node carries Q(S_t, a_t) for the
// side that moved, learnt at each backup by the seed's rule
//   Q <- (1 - α) Q + α [ r + γ Σ_a' π(a' | S_{t+1}) Q(S_{t+1}, a') ]
// with r the change in the mover's evaluation the move itself caused,
// S_{t+1} the mover's next decision, and π the activated pieces' joint policy
// there as the simulations played it (visit shares), so a piece's move is
// valued with the follow-up of the others. α = 0.4 and γ = 0.6 are the seed's
// best pair; the learning rate is 1/n until it falls to α. A move's Q is the
// mean over its outcomes; UCB selection and the final choice use a blend of
// the Monte-Carlo mean and the Q value (the final choice among the moves UCT
// visited at least half as often as the most visited, the seed's "activated
// high-value moves").
#pragma once

#include <cstdint>
#include <vector>

#include "bots/engines/junqi/world_sampler.h"
#include "bots/search/time_budget.h"
#include "base/rng.h"
#include "engine/junqi/junqi.h"

namespace boyi::bots {

struct JunqiSearchOptions {
  double exploration = 0.6;  // c of UCB1 (rewards in [0, 1])
  int pieces = 4;            // activated pieces per node below the root (0: every move)
  int root_pieces = 7;       // activated pieces at the root
  bool q_learning = true;
  double alpha = 0.4;
  double gamma = 0.6;
  double q_weight = 0.25;  // weight of the Q value against the Monte-Carlo mean
  int rollout = 6;         // playout plies before the evaluation
  int worlds = 256;        // distinct sampled worlds
  double eval_scale = 120;
  std::int64_t max_playouts = -1;
  std::size_t max_nodes = 1'000'000;  // about 50 MB
};

struct JunqiRootStat {
  junqi::Move move{};
  std::int64_t visits = 0;
  double mean = 0;  // Monte-Carlo mean for us
  double q = 0;     // Q value (0 when off)
};

struct JunqiSearchResult {
  bool has_move = false;
  junqi::Move move{};
  std::int64_t playouts = 0;
  int worlds = 0;
  std::size_t nodes = 0;
  std::vector<JunqiRootStat> root;
};

class JunqiBeliefSearch {
 public:
  JunqiBeliefSearch(JunqiSearchOptions options, std::uint64_t seed);

  // Searches for `me`, who is to move in the sampler's worlds.
  JunqiSearchResult search(const JunqiWorldSampler& sampler, Seat me, const TimeBudget& budget);

 private:
  // Decision nodes (the root and every outcome) hold move children; move nodes
  // hold outcome children. Children form a singly linked list.
  struct Node {
    std::uint16_t key = 0;   // move: from * 64 + to; outcome: the step code
    std::int8_t mover = -1;  // move nodes: who moves; decision nodes: who decides here
    bool expanded = false;   // own decision nodes: every activated move is a child
    std::int32_t first_child = -1;
    std::int32_t next_sibling = -1;
    std::int32_t visits = 0;
    std::int32_t avail = 0;
    double wins = 0;   // move nodes: the mover's rewards
    double q = 0;      // outcome nodes: Q of the step into them, for its mover
    double u_sum = 0;  // decision nodes: the decider's evaluation here, summed
    std::int32_t u_count = 0;
  };

  struct Step {
    std::int32_t decision;  // where the move was chosen
    std::int32_t move;      // its move node
    std::int32_t outcome;   // the outcome node reached
    Seat mover;
    double u_before, u_after;  // the mover's evaluation around the move
  };
  std::int32_t add_node(std::uint16_t key, Seat mover, std::int32_t parent_list_head);
  std::int32_t select_move(std::int32_t node, const junqi::State& s, bool own);
  std::int32_t outcome_child(std::int32_t move_node, int code, bool& created);
  void iterate(junqi::State s, Seat me);
  void backup(const double reward[2]);
  double move_q(std::int32_t move_node) const;
  double blended(std::int32_t decision, std::int32_t move_node) const;

  JunqiSearchOptions opt_;
  Rng rng_;
  std::vector<Node> nodes_;
  std::vector<Step> path_;
  junqi::State::MoveList scratch_;
  junqi::State::MoveList cands_;
};

}  // namespace boyi::bots
