// Search for hidden information over a Determinizer: something that samples a
// full state consistent with one seat's knowledge,
//   std::optional<G> sample(Rng&) const.
//
//  - DeterminizedUct: the ensemble method. Sample `worlds` states, run UCT on
//    each with an equal share of the time and playouts, and answer the move
//    with the most visits summed over the worlds (the seat's own moves are the
//    same in every world, since they depend only on what the seat sees).
//  - determinized_vote: any perfect-information searcher (alpha-beta, minimax)
//    run on each sampled world; the move chosen most often wins.
//  - Ismcts: single-observer information-set MCTS (Cowling, Powley, Whitehouse
//    2012). One tree over the seat's information sets, a new determinization per
//    iteration; at each node only the children legal in this world compete,
//    with UCB1 over their availability counts instead of the parent's visits.
#pragma once

#include <cmath>
#include <concepts>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <vector>

#include "bots/search/common.h"
#include "bots/search/mcts.h"
#include "bots/search/time_budget.h"
#include "base/rng.h"

namespace boyi::bots {

template <class D, class G>
concept Determinizer = Game<G> && requires(const D d, Rng& rng) {
  { d.sample(rng) } -> std::same_as<std::optional<G>>;
};

// The move chosen most often (ties: the first reached) among per-world answers.
template <class Move>
std::optional<Move> most_common(const std::vector<std::pair<Move, double>>& votes) {
  std::vector<std::pair<Move, double>> tally;
  for (const auto& [m, w] : votes) {
    bool found = false;
    for (auto& [tm, tw] : tally)
      if (tm == m) {
        tw += w;
        found = true;
        break;
      }
    if (!found) tally.emplace_back(m, w);
  }
  if (tally.empty()) return std::nullopt;
  std::size_t best = 0;
  for (std::size_t i = 1; i < tally.size(); ++i)
    if (tally[i].second > tally[best].second) best = i;
  return tally[best].first;
}

// Runs `search(world, budget) -> std::optional<Move>` on `worlds` sampled
// states with equal time shares and returns the most common answer.
template <Game G, class D, class Search>
requires Determinizer<D, G> std::optional<typename G::Move> determinized_vote(
    const D& det, int worlds, Rng& rng, const TimeBudget& budget, Search&& search) {
  std::vector<std::pair<typename G::Move, double>> votes;
  for (int w = 0; w < worlds; ++w) {
    if (w > 0 && (budget.soft_expired() || budget.should_stop())) break;
    std::optional<G> world = det.sample(rng);
    if (!world || world->is_terminal()) continue;
    const TimeBudget share = budget.share(static_cast<double>(w + 1) / worlds);
    if (auto m = search(*world, share)) votes.emplace_back(*m, 1.0);
  }
  return most_common(votes);
}

template <Game G>
struct DeterminizedResult {
  bool has_move = false;
  typename G::Move move{};
  std::int64_t playouts = 0;
  int worlds = 0;
};

template <Game G, class D>
requires Determinizer<D, G> DeterminizedResult<G> determinized_uct(const D& det, int worlds,
                                                                   const MctsOptions& options,
                                                                   const MctsHooks<G>& hooks,
                                                                   Rng& rng,
                                                                   const TimeBudget& budget) {
  DeterminizedResult<G> out;
  std::vector<std::pair<typename G::Move, double>> visits;
  MctsOptions per_world = options;
  per_world.reuse = false;
  if (options.max_playouts >= 0)
    per_world.max_playouts = std::max<std::int64_t>(1, options.max_playouts / worlds);
  for (int w = 0; w < worlds; ++w) {
    if (w > 0 && (budget.soft_expired() || budget.should_stop())) break;
    std::optional<G> world = det.sample(rng);
    if (!world || world->is_terminal()) continue;
    Mcts<G> mcts(per_world, hooks, rng());
    const auto r = mcts.search(*world, budget.share(static_cast<double>(w + 1) / worlds));
    if (!r.has_move) continue;
    ++out.worlds;
    out.playouts += r.playouts;
    if (r.root.empty()) visits.emplace_back(r.move, 1.0);
    for (const auto& st : r.root) visits.emplace_back(st.move, static_cast<double>(st.visits));
  }
  if (auto m = most_common(visits)) {
    out.has_move = true;
    out.move = *m;
  }
  return out;
}

template <Game G, class D>
requires Determinizer<D, G>
class Ismcts {
 public:
  using Move = typename G::Move;
  using MoveList = typename G::MoveList;

  Ismcts(MctsOptions options, MctsHooks<G> hooks, std::uint64_t seed)
      : opt_(options), hooks_(std::move(hooks)), rng_(seed) {}

  DeterminizedResult<G> search(const D& det, const TimeBudget& budget) {
    DeterminizedResult<G> out;
    nodes_.clear();
    nodes_.push_back(Node{});
    std::optional<G> first = det.sample(rng_);
    if (!first || first->is_terminal()) return out;
    MoveList list;
    first->legal_moves(list);
    if (list.empty()) return out;
    out.has_move = true;
    out.move = list[0];
    if (list.size() > 1) {
      while (true) {
        if (opt_.max_playouts >= 0 && out.playouts >= opt_.max_playouts) break;
        if (budget.soft_expired() || budget.should_stop()) break;
        std::optional<G> world = out.playouts == 0 ? first : det.sample(rng_);
        if (!world || world->is_terminal()) break;
        iterate(*world);
        ++out.playouts;
      }
    }
    std::int64_t best = -1;
    for (std::int32_t c : nodes_[0].children)
      if (nodes_[c].visits > best) {
        best = nodes_[c].visits;
        out.move = nodes_[c].move;
      }
    out.worlds = static_cast<int>(out.playouts);
    return out;
  }

 private:
  struct Node {
    Move move{};
    Seat mover = kPublic;
    std::int64_t visits = 0;
    std::int64_t avail = 0;
    double wins = 0;
    std::vector<std::int32_t> children;
  };

  void iterate(G s) {
    path_.clear();
    path_.push_back(0);
    std::int32_t idx = 0;
    MoveList list;
    while (!s.is_terminal()) {
      s.legal_moves(list);
      if (list.empty()) break;
      const Seat mover = s.to_move();
      // Children legal in this world; the first legal move without a child is expanded.
      std::int32_t best = -1;
      double best_score = -1e300;
      std::optional<Move> untried;
      std::size_t untried_count = 0;
      for (const Move& m : list) {
        std::int32_t child = -1;
        for (std::int32_t c : nodes_[idx].children)
          if (nodes_[c].move == m) {
            child = c;
            break;
          }
        if (child < 0) {
          // Reservoir sampling: a uniformly random untried move.
          if (rng_.below(static_cast<std::uint32_t>(++untried_count)) == 0) untried = m;
          continue;
        }
        Node& c = nodes_[child];
        ++c.avail;
        const double q = c.visits ? c.wins / static_cast<double>(c.visits) : 0.5;
        const double sc =
            c.visits ? q + opt_.exploration * std::sqrt(std::log(static_cast<double>(c.avail)) /
                                                        static_cast<double>(c.visits))
                     : 1e100;
        if (sc > best_score) {
          best_score = sc;
          best = child;
        }
      }
      if (untried) {
        Node n;
        n.move = *untried;
        n.mover = mover;
        n.avail = 1;
        const auto ni = static_cast<std::int32_t>(nodes_.size());
        nodes_.push_back(std::move(n));
        nodes_[idx].children.push_back(ni);
        s.apply(*untried);
        path_.push_back(ni);
        break;
      }
      idx = best;
      s.apply(nodes_[idx].move);
      path_.push_back(idx);
    }
    // Playout.
    int plies = 0;
    while (!s.is_terminal()) {
      if (opt_.rollout_limit >= 0 && plies >= opt_.rollout_limit) break;
      Move m;
      if (hooks_.rollout_move) {
        m = hooks_.rollout_move(s, scratch_, rng_);
      } else {
        s.legal_moves(scratch_);
        if (scratch_.empty()) break;
        m = scratch_[rng_.below(static_cast<std::uint32_t>(scratch_.size()))];
      }
      s.apply(m);
      ++plies;
    }
    double reward[2] = {0.5, 0.5};
    if (s.is_terminal()) {
      reward[0] = terminal_reward(s.outcome(), 0);
      reward[1] = terminal_reward(s.outcome(), 1);
    } else if (hooks_.cutoff_value) {
      reward[0] = hooks_.cutoff_value(s, 0);
      reward[1] = 1.0 - reward[0];
    }
    for (std::int32_t i : path_) {
      Node& n = nodes_[i];
      ++n.visits;
      if (n.mover != kPublic) n.wins += reward[n.mover];
    }
  }

  MctsOptions opt_;
  MctsHooks<G> hooks_;
  Rng rng_;
  std::vector<Node> nodes_;
  std::vector<std::int32_t> path_;
  MoveList scratch_;
};

}  // namespace boyi::bots
