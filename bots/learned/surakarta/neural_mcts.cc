#include "bots/learned/surakarta/neural_mcts.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "bots/engines/surakarta/exchange.h"
#include "bots/engines/surakarta/loop_board.h"
#include "bots/search/common.h"

namespace boyi::bots::learned::surakarta_net {

using surakarta::Move;
using surakarta::State;

namespace {

bool same_position(const State& a, const State& b) {
  return a.hash() == b.hash() && a.ply() == b.ply() &&
         a.plies_since_capture() == b.plies_since_capture() &&
         a.pieces_mask(0) == b.pieces_mask(0) && a.pieces_mask(1) == b.pieces_mask(1) &&
         a.side() == b.side();
}

// The result of a finished game for the side that made the last move (`mover`).
float exact_value(const State& s, Seat mover) {
  const Outcome o = s.outcome();
  if (!o.winner.has_value()) return 0.0f;
  return *o.winner == mover ? 1.0f : -1.0f;
}

// Relative weights of the tactical prior: a capture that wins a piece, an even trade or a safe
// quiet move, a quiet move that walks into a capture.
constexpr float kWinningCapture = 8.0f;
constexpr float kNeutralMove = 1.0f;
constexpr float kHangingMove = 0.1f;

float tactical_weight(const surakarta_engine::LoopBoard& board, Seat side, const Move& m) {
  using surakarta_engine::square_bit;
  if (board.pieces(side ^ 1) & square_bit(m.to))
    return surakarta_engine::capture_gain(board, m.from, m.to) > 0 ? kWinningCapture : kNeutralMove;
  surakarta_engine::LoopBoard after = board;
  after.move(m.from, m.to);
  return surakarta_engine::en_prise(after, m.to, side) ? kHangingMove : kNeutralMove;
}

}  // namespace

NeuralMcts::NeuralMcts(std::shared_ptr<Evaluator> evaluator, const NeuralMctsOptions& options)
    : evaluator_(std::move(evaluator)),
      opt_(options),
      quiescence_(eval_weights_, options.quiescence_plies) {
  opt_.batch = std::max(1, opt_.batch);
}

float NeuralMcts::tactical_value(const State& s) {
  const bool late = limits_.past_stop();
  int v;
  if (opt_.quiescence_plies > 0 && !late) {
    limits_.nodes = 0;
    limits_.max_nodes = opt_.quiescence_nodes;
    limits_.aborted = false;
    v = quiescence_.value(s, -kInfinity, kInfinity, 0, &limits_);
  } else {
    v = surakarta_engine::evaluate(s, s.side(), eval_weights_);
  }
  if (v > kWinThreshold) return 1.0f;
  if (v < -kWinThreshold) return -1.0f;
  return static_cast<float>(2.0 / (1.0 + std::exp(-static_cast<double>(v) / opt_.scale)) - 1.0);
}

float NeuralMcts::leaf_value(float network_value, float tactical) const {
  return static_cast<float>((1.0 - opt_.mix) * network_value + opt_.mix * tactical);
}

void NeuralMcts::keep_subtree(std::int32_t idx, const TimeBudget& budget) {
  const std::size_t cap = std::max<std::size_t>(opt_.reuse_max_nodes, 1);
  staging_.clear();
  staging_.reserve(std::min(cap, nodes_.size()) + surakarta::MoveList::capacity());
  staging_.push_back(nodes_[idx]);
  staging_[0].parent = -1;
  bool full = false;
  // Breadth first: a kept node's first_child still points into nodes_ until it is visited.
  for (std::size_t k = 0; k < staging_.size(); ++k) {
    Node& n = staging_[k];
    if (n.num_children == 0) continue;
    if ((k & 4095) == 4095 && !full) full = budget.should_stop();
    full = full || staging_.size() + static_cast<std::size_t>(n.num_children) > cap;
    if (full) {  // a leaf again, expanded (and evaluated) anew when reached; a proven node
                 // keeps its exact value and needs no children
      n.expanded = n.terminal;
      n.num_children = 0;
      n.first_child = -1;
      continue;
    }
    const std::int32_t old_first = n.first_child;
    const int count = n.num_children;
    n.first_child = static_cast<std::int32_t>(staging_.size());
    for (int i = 0; i < count; ++i) {
      staging_.push_back(nodes_[old_first + i]);  // may move `n`: not used below
      staging_.back().parent = static_cast<std::int32_t>(k);
    }
  }
  nodes_.assign(staging_.begin(), staging_.end());
}

void NeuralMcts::reroot(const State& root, const TimeBudget& budget) {
  const auto fresh = [&] {
    nodes_.clear();
    nodes_.emplace_back();
    root_last_move_.reset();
  };
  if (!opt_.reuse || !root_state_ || nodes_.empty() || nodes_.size() >= opt_.max_nodes) {
    fresh();
  } else if (!same_position(*root_state_, root)) {
    std::int32_t found = -1;
    const Node& r = nodes_[0];
    for (int i = 0; i < r.num_children && found < 0; ++i) {
      const std::int32_t ci = r.first_child + i;
      State one = *root_state_;
      one.apply(nodes_[ci].move);
      if (same_position(one, root)) {
        found = ci;
        break;
      }
      const Node& c = nodes_[ci];
      for (int k = 0; k < c.num_children && !one.is_terminal(); ++k) {
        State two = one;
        two.apply(nodes_[c.first_child + k].move);
        if (same_position(two, root)) {
          found = c.first_child + k;
          break;
        }
      }
    }
    if (found < 0 || nodes_[found].terminal) {
      fresh();
    } else {
      root_last_move_ = nodes_[found].move;
      keep_subtree(found, budget);
    }
  }
  root_state_ = root;
}

std::int32_t NeuralMcts::select(std::int32_t idx) const {
  const Node& p = nodes_[idx];
  const double parent_q = p.visits > 0 ? -static_cast<double>(p.value_sum) / p.visits : 0.0;
  const double first_play = parent_q - opt_.first_play_reduction;
  const double sqrt_n = std::sqrt(static_cast<double>(p.visits + p.virtual_loss) + 1.0);
  std::int32_t best = p.first_child;
  double best_score = -std::numeric_limits<double>::infinity();
  for (int i = 0; i < p.num_children; ++i) {
    const std::int32_t ci = p.first_child + i;
    const Node& c = nodes_[ci];
    if (c.terminal && c.exact >= 1.0f) return ci;  // a won game: nothing to weigh
    const int n = c.visits + c.virtual_loss;
    double q;
    if (n == 0) {
      q = opt_.child_values ? static_cast<double>(c.minimax) : first_play;
    } else {
      q = (static_cast<double>(c.value_sum) - c.virtual_loss) / n;
      if (opt_.child_values)
        q = (1.0 - opt_.minimax_weight) * q + opt_.minimax_weight * static_cast<double>(c.minimax);
    }
    const double score = q + opt_.c_puct * c.prior * sqrt_n / (1.0 + n);
    if (score > best_score) {
      best_score = score;
      best = ci;
    }
  }
  return best;
}

void NeuralMcts::undo_virtual_loss(std::int32_t idx) {
  for (; idx > 0; idx = nodes_[idx].parent) --nodes_[idx].virtual_loss;
}

void NeuralMcts::back_up_minimax(std::int32_t idx) {
  for (; idx >= 0; idx = nodes_[idx].parent) {
    Node& n = nodes_[idx];
    if (n.terminal) {
      n.minimax = n.exact;
      continue;
    }
    float best = -2.0f;
    for (int i = 0; i < n.num_children; ++i)
      best = std::max(best, nodes_[n.first_child + i].minimax);
    n.minimax = -best;
  }
}

void NeuralMcts::back_up(std::int32_t idx, float value_for_mover, bool undo) {
  float v = value_for_mover;
  for (; idx >= 0; idx = nodes_[idx].parent) {
    Node& n = nodes_[idx];
    ++n.visits;
    n.value_sum += v;
    if (undo && idx > 0) --n.virtual_loss;
    v = -v;
  }
}

bool NeuralMcts::collect(const State& root, std::vector<Leaf>& leaves, std::int64_t& playouts) {
  State s = root;
  std::int32_t idx = 0;
  for (;;) {
    Node& n = nodes_[idx];
    if (n.terminal) {
      back_up(idx, n.exact, true);
      ++playouts;
      return true;
    }
    if (n.pending) {  // another descent of this step waits here already
      undo_virtual_loss(idx);
      return false;
    }
    if (!n.expanded) {
      // The children, exact where a move ends the game; a node with a winning move is a
      // proven win and needs no evaluation.
      surakarta::MoveList list;
      s.legal_moves(list);
      const auto first = static_cast<std::int32_t>(nodes_.size());
      bool wins = false;
      for (const Move& m : list) {
        Node c;
        c.move = m;
        c.parent = idx;
        State child = s;
        child.apply(m);
        if (child.is_terminal()) {
          c.terminal = true;
          c.exact = exact_value(child, s.side());
          c.minimax = c.exact;
          wins = wins || c.exact >= 1.0f;
        } else if (opt_.child_values) {
          c.minimax = -tactical_value(child);
        }
        nodes_.push_back(c);
      }
      Node& leaf = nodes_[idx];  // push_back may have moved it
      leaf.first_child = first;
      leaf.num_children = static_cast<std::int16_t>(list.size());
      leaf.expanded = true;
      ++playouts;
      if (opt_.child_values) back_up_minimax(idx);
      if (wins) {  // the side to move wins at once: exact, no network
        leaf.terminal = true;
        leaf.exact = -1.0f;
        back_up(idx, leaf.exact, true);
        return true;
      }
      leaf.pending = true;
      leaves.push_back({idx, s, opt_.mix > 0 ? tactical_value(s) : 0.0f});
      return true;
    }
    idx = select(idx);
    ++nodes_[idx].virtual_loss;
    s.apply(nodes_[idx].move);
  }
}

void NeuralMcts::expand(std::int32_t idx, const State& s, const NetOutput& out) {
  Node& n = nodes_[idx];
  n.pending = false;
  const Seat side = s.side();
  float top = -std::numeric_limits<float>::infinity();
  for (int i = 0; i < n.num_children; ++i)
    top = std::max(top, out.logits[policy_index(nodes_[n.first_child + i].move, side)]);
  double total = 0;
  for (int i = 0; i < n.num_children; ++i) {
    Node& c = nodes_[n.first_child + i];
    c.prior = std::exp(out.logits[policy_index(c.move, side)] - top);
    total += c.prior;
  }
  for (int i = 0; i < n.num_children; ++i)
    nodes_[n.first_child + i].prior = static_cast<float>(nodes_[n.first_child + i].prior / total);
  if (opt_.tactical_prior <= 0 || n.num_children == 0) return;
  const surakarta_engine::LoopBoard board(s);
  double weights = 0;
  float weight[surakarta::MoveList::capacity()];
  for (int i = 0; i < n.num_children; ++i) {
    weight[i] = tactical_weight(board, side, nodes_[n.first_child + i].move);
    weights += weight[i];
  }
  for (int i = 0; i < n.num_children; ++i) {
    Node& c = nodes_[n.first_child + i];
    c.prior = static_cast<float>((1.0 - opt_.tactical_prior) * c.prior +
                                 opt_.tactical_prior * weight[i] / weights);
  }
}

NeuralMctsResult NeuralMcts::search(const State& root, const TimeBudget& budget) {
  NeuralMctsResult result;
  if (root.is_terminal()) return result;
  surakarta::MoveList list;
  root.legal_moves(list);
  if (list.empty()) return result;
  result.has_move = true;
  result.move = list[0];
  if (list.size() == 1) return result;

  const auto registration = evaluator_->register_search();
  // Past the budget's soft deadline every quiescence stops and values stand on the evaluation.
  limits_.budget = &budget;
  limits_.stop_ns =
      budget.soft_deadline_ns() >= 0 ? budget.soft_deadline_ns() : budget.hard_deadline_ns();
  try {
    reroot(root, budget);
    result.reused_visits = nodes_[0].visits;
    result.reused_nodes = nodes_.size();
    std::vector<Leaf> leaves;
    std::int64_t playouts = 0;
    if (!nodes_[0].expanded) {
      leaves.clear();
      collect(root, leaves, playouts);
      if (!leaves.empty()) {
        planes_.resize(1);
        encode(root, root_last_move_, planes_[0]);
        const auto out = evaluator_->evaluate(planes_);
        expand(0, root, out[0]);
        back_up(0, -leaf_value(out[0].value, opt_.mix > 0 ? tactical_value(root) : 0.0f), false);
        ++result.evaluations;
      }
    }
    const TimeBudget own = budget.share(0.85);
    while (!nodes_[0].terminal) {
      if (opt_.max_playouts >= 0 && playouts >= opt_.max_playouts) break;
      if (own.soft_expired() || own.should_stop() || nodes_.size() >= opt_.max_nodes) break;
      leaves.clear();
      for (int b = 0; b < opt_.batch; ++b)
        if ((b > 0 && own.soft_expired()) || !collect(root, leaves, playouts)) break;
      if (leaves.empty()) continue;
      planes_.resize(leaves.size());
      for (std::size_t i = 0; i < leaves.size(); ++i)
        encode(leaves[i].state, nodes_[leaves[i].node].move, planes_[i]);
      const auto out = evaluator_->evaluate(planes_);
      for (std::size_t i = 0; i < leaves.size(); ++i) {
        expand(leaves[i].node, leaves[i].state, out[i]);
        back_up(leaves[i].node, -leaf_value(out[i].value, leaves[i].tactical_value), true);
      }
      result.evaluations += static_cast<std::int64_t>(leaves.size());
    }
    result.playouts = playouts;
  } catch (...) {
    nodes_.clear();
    root_state_.reset();
    limits_.budget = nullptr;
    throw;
  }
  limits_.budget = nullptr;

  // A winning move at once, else the most visited child (ties to the prior).
  const Node& r = nodes_[0];
  const Node* best = nullptr;
  for (int i = 0; i < r.num_children; ++i) {
    const Node& c = nodes_[r.first_child + i];
    if (c.terminal && c.exact >= 1.0f) {
      best = &c;
      break;
    }
    if (!best || c.visits > best->visits || (c.visits == best->visits && c.prior > best->prior))
      best = &c;
  }
  result.move = best->move;
  result.value = best->visits > 0 ? best->value_sum / best->visits : 0.0;
  result.nodes = nodes_.size();
  return result;
}

}  // namespace boyi::bots::learned::surakarta_net
