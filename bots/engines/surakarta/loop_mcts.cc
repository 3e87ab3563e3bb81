#include "bots/engines/surakarta/loop_mcts.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "bots/search/common.h"

namespace boyi::bots::surakarta_engine {

using surakarta::Move;
using surakarta::State;

LoopMcts::LoopMcts(const LoopMctsOptions& options, std::uint64_t seed)
    : opt_(options), quiescence_(options.eval, options.quiescence_plies), rng_(seed) {}

double LoopMcts::value(const State& s) {
  return value(s, opt_.quiescence_plies > 0);
}

double LoopMcts::value(const State& s, bool quiescence) {
  int v;
  if (quiescence) {
    limits_.nodes = 0;
    limits_.max_nodes = opt_.quiescence_nodes;
    limits_.aborted = false;
    v = quiescence_.value(s, -kInfinity, kInfinity, 0, &limits_);
  } else {
    v = evaluate(s, s.side(), opt_.eval);
  }
  if (v > kWinThreshold) return 1.0;
  if (v < -kWinThreshold) return 0.0;
  return 1.0 / (1.0 + std::exp(-static_cast<double>(v) / opt_.scale));
}

LoopMctsResult LoopMcts::search(const State& root, const TimeBudget& budget) {
  LoopMctsResult result;
  if (root.is_terminal()) return result;
  root.legal_moves(scratch_);
  if (scratch_.empty()) return result;
  result.has_move = true;
  result.move = scratch_[0];
  if (scratch_.size() == 1) return result;

  limits_.budget = &budget;
  limits_.stop_ns = budget.hard_deadline_ns();
  const TimeBudget own = budget.share(0.85);
  DeadlineWatch watch(own);
  watch_ = &watch;
  // Timed: the vector never grows by copying a large tree in the middle of a move.
  if (!budget.unlimited())
    nodes_.reserve(std::min<std::size_t>(opt_.max_nodes, std::size_t{1} << 22) + kMaxBranching);
  nodes_.clear();
  nodes_.emplace_back();
  stopped_ = false;
  expand(0, root);
  while (!watch.soft_expired()) {
    if (opt_.max_playouts >= 0 && result.playouts >= opt_.max_playouts) break;
    iterate(root);
    ++result.playouts;
  }
  watch_ = nullptr;
  limits_.budget = nullptr;
  // The most visited child, ties to the better minimax value; a finished win at once.
  const Node& r = nodes_[0];
  const Node* best = nullptr;
  for (int i = 0; i < r.num_children; ++i) {
    const Node& c = nodes_[r.first_child + i];
    if (c.terminal && c.minimax == 1.0f) {
      best = &c;
      break;
    }
    if (!best || c.visits > best->visits || (c.visits == best->visits && c.minimax > best->minimax))
      best = &c;
  }
  result.move = best->move;
  result.value = best->minimax;
  result.nodes = nodes_.size();
  return result;
}

void LoopMcts::expand(std::int32_t idx, const State& s) {
  surakarta::MoveList list;
  s.legal_moves(list);
  const auto first = static_cast<std::int32_t>(nodes_.size());
  for (const Move& m : list) {
    Node c;
    c.move = m;
    c.parent = idx;
    State child = s;
    child.apply(m);
    if (child.is_terminal()) {
      c.terminal = true;
      c.minimax = static_cast<float>(terminal_reward(child.outcome(), s.side()));
    } else {
      // Each quiescence is up to quiescence_nodes: past the deadline the rest of the
      // children get the evaluation alone, so an expansion ends within one valuation.
      stopped_ = stopped_ || (watch_ && watch_->should_stop());
      c.minimax = static_cast<float>(1.0 - value(child, opt_.quiescence_plies > 0 && !stopped_));
    }
    nodes_.push_back(c);
  }
  nodes_[idx].first_child = first;
  nodes_[idx].num_children = static_cast<std::int16_t>(list.size());
  back_up_minimax(idx);
}

void LoopMcts::back_up_minimax(std::int32_t idx) {
  while (idx >= 0) {
    Node& n = nodes_[idx];
    float best = 0;
    for (int i = 0; i < n.num_children; ++i)
      best = std::max(best, nodes_[n.first_child + i].minimax);
    const float v = 1.0f - best;
    if (idx != 0 && v == n.minimax) return;
    n.minimax = v;
    idx = n.parent;
  }
}

std::int32_t LoopMcts::select(std::int32_t idx) const {
  const Node& p = nodes_[idx];
  const double log_n = std::log(static_cast<double>(p.visits) + 1.0);
  const double w = opt_.minimax_weight;
  std::int32_t best = p.first_child;
  double best_score = -std::numeric_limits<double>::infinity();
  for (int i = 0; i < p.num_children; ++i) {
    const std::int32_t ci = p.first_child + i;
    const Node& c = nodes_[ci];
    if (c.terminal && c.minimax == 1.0f) return ci;  // a win ends the question here
    const double q = c.visits ? c.reward / c.visits : c.minimax;
    const double score =
        (1.0 - w) * q + w * c.minimax + opt_.exploration * std::sqrt(log_n / (c.visits + 1.0));
    if (score > best_score) {
      best_score = score;
      best = ci;
    }
  }
  return best;
}

double LoopMcts::playout(State& s) {
  const Seat first = s.side();
  for (int ply = 0; ply < opt_.rollout_limit && !s.is_terminal(); ++ply) {
    Move m;
    if (opt_.policy) {
      m = policy_.choose(s, scratch_, rng_);
    } else {
      s.legal_moves(scratch_);
      m = scratch_[rng_.below(static_cast<std::uint32_t>(scratch_.size()))];
    }
    s.apply(m);
  }
  if (s.is_terminal()) return terminal_reward(s.outcome(), first);
  const double v = value(s);
  return s.side() == first ? v : 1.0 - v;
}

void LoopMcts::iterate(const State& root) {
  State s = root;
  path_.clear();
  path_.push_back(0);
  std::int32_t idx = 0;
  while (nodes_[idx].num_children > 0) {
    idx = select(idx);
    s.apply(nodes_[idx].move);
    path_.push_back(idx);
  }
  // A leaf seen before grows its children (and the walk goes one step into them).
  if (!nodes_[idx].terminal && nodes_[idx].visits > 0 && nodes_.size() < opt_.max_nodes) {
    expand(idx, s);
    idx = select(idx);
    s.apply(nodes_[idx].move);
    path_.push_back(idx);
  }
  // The reward of the side that played into the leaf.
  double reward = nodes_[idx].terminal ? nodes_[idx].minimax : 1.0 - playout(s);
  for (std::size_t k = path_.size(); k-- > 0;) {
    Node& n = nodes_[path_[k]];
    ++n.visits;
    n.reward += static_cast<float>(reward);
    reward = 1.0 - reward;
  }
}

}  // namespace boyi::bots::surakarta_engine
