#include "bots/engines/junqi/belief_search.h"

#include <algorithm>
#include <cmath>

#include "bots/engines/junqi/activation.h"
#include "bots/engines/junqi/evaluation.h"

namespace boyi::bots {

using namespace junqi;

namespace {

std::uint16_t move_code(const Move& m) {
  return static_cast<std::uint16_t>(m.from * 64 + m.to);
}
Move code_move(std::uint16_t key) {
  return Move::step(key / 64, key % 64);
}

// The outcome code of `m` by `mover`, seen in the state after it (as
// State::apply_checked reports it).
int step_code(bool battle, const State& after, const Move& m, Seat mover) {
  if (!battle) return kPlainMove;
  if (after.empty(m.to)) return kBothRemoved;
  return after.owner_at(m.to) == mover ? kAttackerWon : kAttackerRemoved;
}

}  // namespace

JunqiBeliefSearch::JunqiBeliefSearch(JunqiSearchOptions options, std::uint64_t seed)
    : opt_(options), rng_(seed) {}

std::int32_t JunqiBeliefSearch::add_node(std::uint16_t key, Seat mover, std::int32_t parent) {
  const auto idx = static_cast<std::int32_t>(nodes_.size());
  Node n;
  n.key = key;
  n.mover = static_cast<std::int8_t>(mover);
  if (parent >= 0) {
    n.next_sibling = nodes_[parent].first_child;
    nodes_.push_back(n);
    nodes_[parent].first_child = idx;
  } else {
    nodes_.push_back(n);
  }
  return idx;
}

double JunqiBeliefSearch::move_q(std::int32_t m) const {
  const Node& mv = nodes_[m];
  if (mv.visits == 0) return 0;
  double q = 0;
  for (std::int32_t o = mv.first_child; o >= 0; o = nodes_[o].next_sibling)
    q += nodes_[o].visits * nodes_[o].q;
  return q / mv.visits;
}

double JunqiBeliefSearch::blended(std::int32_t decision, std::int32_t m) const {
  const Node& mv = nodes_[m];
  const double mean = mv.wins / mv.visits;
  if (!opt_.q_learning) return mean;
  const Node& d = nodes_[decision];
  const double u = d.u_count ? d.u_sum / d.u_count : 0.5;
  const double qv = std::clamp(u + move_q(m), 0.0, 1.0);
  return (1 - opt_.q_weight) * mean + opt_.q_weight * qv;
}

std::int32_t JunqiBeliefSearch::select_move(std::int32_t node, const State& s, bool own) {
  const bool room = nodes_.size() < opt_.max_nodes;
  if (own) {
    if (!nodes_[node].expanded && room) {
      junqi_activated_moves(s, node == 0 ? opt_.root_pieces : opt_.pieces, cands_);
      // Shuffled so unvisited moves are tried in random order.
      for (std::size_t i = cands_.size(); i > 1; --i)
        std::swap(cands_[i - 1], cands_[rng_.below(static_cast<std::uint32_t>(i))]);
      for (const Move& m : cands_) add_node(move_code(m), s.side(), node);
      nodes_[node].expanded = true;
    }
    std::int32_t best = -1;
    double best_score = -1e300;
    const double log_n = std::log(static_cast<double>(nodes_[node].visits + 1));
    for (std::int32_t c = nodes_[node].first_child; c >= 0; c = nodes_[c].next_sibling) {
      Node& ch = nodes_[c];
      ++ch.avail;
      if (ch.visits == 0) {
        if (best_score < 1e300) {
          best_score = 1e300;
          best = c;
        }
        continue;
      }
      const double sc = blended(node, c) + opt_.exploration * std::sqrt(log_n / ch.visits);
      if (sc > best_score) {
        best_score = sc;
        best = c;
      }
    }
    return best;
  }
  // The enemy: the activated moves of this world, matched against the children.
  junqi_activated_moves(s, opt_.pieces, cands_);
  std::int32_t best = -1;
  double best_score = -1e300;
  std::uint32_t untried = 0;
  std::uint16_t untried_key = 0;
  for (const Move& m : cands_) {
    const std::uint16_t key = move_code(m);
    std::int32_t c = nodes_[node].first_child;
    while (c >= 0 && nodes_[c].key != key) c = nodes_[c].next_sibling;
    if (c < 0) {
      if (rng_.below(++untried) == 0) untried_key = key;
      continue;
    }
    Node& ch = nodes_[c];
    ++ch.avail;
    if (ch.visits == 0) continue;
    const double sc =
        blended(node, c) +
        opt_.exploration * std::sqrt(std::log(static_cast<double>(ch.avail)) / ch.visits);
    if (sc > best_score) {
      best_score = sc;
      best = c;
    }
  }
  if (untried && room) {
    const std::int32_t c = add_node(untried_key, s.side(), node);
    nodes_[c].avail = 1;
    return c;
  }
  return best;
}

std::int32_t JunqiBeliefSearch::outcome_child(std::int32_t move_node, int code, bool& created) {
  created = false;
  for (std::int32_t o = nodes_[move_node].first_child; o >= 0; o = nodes_[o].next_sibling)
    if (nodes_[o].key == code) return o;
  if (nodes_.size() >= opt_.max_nodes) return -1;
  created = true;
  return add_node(static_cast<std::uint16_t>(code), nodes_[move_node].mover, move_node);
}

void JunqiBeliefSearch::iterate(State s, Seat me) {
  path_.clear();
  std::int32_t node = 0;
  const bool q = opt_.q_learning;
  while (!s.is_terminal()) {
    const Seat mover = s.side();
    const std::int32_t m = select_move(node, s, mover == me);
    if (m < 0) break;
    nodes_[node].mover = static_cast<std::int8_t>(mover);
    const Move move = code_move(nodes_[m].key);
    Step step{node, m, -1, mover, 0, 0};
    if (q) step.u_before = junqi_win_chance(s, mover, opt_.eval_scale);
    const bool battle = !s.empty(move.to);
    s.apply(move);
    if (q) step.u_after = junqi_win_chance(s, mover, opt_.eval_scale);
    bool created = false;
    step.outcome = outcome_child(m, step_code(battle, s, move, mover), created);
    path_.push_back(step);
    if (step.outcome < 0 || created) break;
    node = step.outcome;
  }
  for (int ply = 0; ply < opt_.rollout && !s.is_terminal(); ++ply) {
    const Move mv = junqi_playout_move(s, scratch_, rng_);
    if (scratch_.empty()) break;
    s.apply(mv);
  }
  double reward[2];
  reward[0] = junqi_win_chance(s, 0, opt_.eval_scale);
  reward[1] = 1.0 - reward[0];
  backup(reward);
}

void JunqiBeliefSearch::backup(const double reward[2]) {
  ++nodes_[0].visits;
  for (const Step& st : path_) {
    Node& mv = nodes_[st.move];
    ++mv.visits;
    mv.wins += reward[st.mover];
    if (st.outcome >= 0) ++nodes_[st.outcome].visits;
    Node& d = nodes_[st.decision];  // its visits were counted as an outcome (or the root)
    d.u_sum += st.u_before;
    ++d.u_count;
  }
  if (!opt_.q_learning) return;
  // From the leaf up, so each target reads the freshest values below it.
  for (std::size_t t = path_.size(); t-- > 0;) {
    const Step& st = path_[t];
    if (st.outcome < 0) continue;
    double future;
    if (t + 2 < path_.size() && path_[t + 2].mover == st.mover) {
      // The mover's next decision: its evaluation there plus the activated
      // pieces' joint policy over their Q values.
      const std::int32_t next = path_[t + 2].decision;
      double expected = 0, total = 0;
      for (std::int32_t c = nodes_[next].first_child; c >= 0; c = nodes_[c].next_sibling) {
        if (nodes_[c].visits == 0) continue;
        expected += nodes_[c].visits * move_q(c);
        total += nodes_[c].visits;
      }
      future = path_[t + 2].u_before - st.u_after + (total > 0 ? expected / total : 0);
    } else {
      future = reward[st.mover] - st.u_after;
    }
    const double target = (st.u_after - st.u_before) + opt_.gamma * future;
    Node& o = nodes_[st.outcome];
    const double rate = std::max(opt_.alpha, 1.0 / std::max(1, o.visits));
    o.q = (1 - rate) * o.q + rate * target;
  }
}

JunqiSearchResult JunqiBeliefSearch::search(const JunqiWorldSampler& sampler, Seat me,
                                            const TimeBudget& budget) {
  JunqiSearchResult result;
  nodes_.clear();
  nodes_.reserve(std::min<std::size_t>(opt_.max_nodes, 1 << 16));
  add_node(0, me, -1);
  std::vector<State> worlds;
  std::optional<State> first;
  for (int attempt = 0; attempt < 8 && !first; ++attempt) {
    first = sampler.sample(rng_);
    if (first && (first->is_terminal() || first->side() != me)) first.reset();
  }
  if (!first) return result;
  worlds.push_back(*first);
  junqi_activated_moves(*first, opt_.root_pieces, cands_);
  if (cands_.empty()) return result;
  result.has_move = true;
  result.move = cands_[0];
  const bool single = cands_.size() == 1;
  std::size_t next_world = 0;
  while (true) {
    if (opt_.max_playouts >= 0 && result.playouts >= opt_.max_playouts) break;
    if (result.playouts > 0 && (budget.soft_expired() || budget.should_stop())) break;
    if (single && result.playouts > 0) break;
    if (static_cast<int>(worlds.size()) < opt_.worlds) {
      if (auto w = sampler.sample(rng_); w && !w->is_terminal() && w->side() == me)
        worlds.push_back(std::move(*w));
    }
    iterate(worlds[next_world++ % worlds.size()], me);
    ++result.playouts;
  }
  result.worlds = static_cast<int>(worlds.size());
  result.nodes = nodes_.size();
  std::int32_t max_visits = 0;
  for (std::int32_t c = nodes_[0].first_child; c >= 0; c = nodes_[c].next_sibling)
    max_visits = std::max(max_visits, nodes_[c].visits);
  double best = -1e300;
  for (std::int32_t c = nodes_[0].first_child; c >= 0; c = nodes_[c].next_sibling) {
    const Node& ch = nodes_[c];
    JunqiRootStat stat;
    stat.move = code_move(ch.key);
    stat.visits = ch.visits;
    stat.mean = ch.visits ? ch.wins / ch.visits : 0;
    stat.q = opt_.q_learning ? move_q(c) : 0;
    result.root.push_back(stat);
    if (ch.visits == 0) continue;
    // Among the moves UCT visited at least half as often as the most visited,
    // the best blended value (only the most visited without Q-learning).
    double value;
    if (opt_.q_learning) {
      if (2 * ch.visits < max_visits) continue;
      value = blended(0, c);
    } else {
      value = static_cast<double>(ch.visits) + stat.mean * 1e-3;
    }
    if (value > best) {
      best = value;
      result.move = stat.move;
    }
  }
  return result;
}

}  // namespace boyi::bots
