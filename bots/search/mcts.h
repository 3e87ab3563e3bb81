// Monte-Carlo tree search over any boyi::Game's fast path.
//
// UCT (Kocsis & Szepesvári): descend by UCB1, q + c * sqrt(ln N / n), with q the
// mean reward of the seat that made the move (so a seat that acts twice in a
// row, 点格棋 after a box, is handled without special cases); expand a leaf once
// it has been visited `expand_after` times (the seed paper's visit threshold);
// play out with random moves (engine/core/playout.h) or a policy; back the
// result up. The move answered is the most visited root child.
//
// Options:
//  - AMAF: every move a seat played later in the iteration counts for that
//    seat's sibling with the same move. α-AMAF (the 点格棋 seed paper) scores a
//    child (1-α)·q_uct + α·q_amaf; RAVE uses β = sqrt(k / (3n + k)) instead of a
//    fixed α, fading AMAF out as real visits accumulate.
//  - flat: no tree below the root; the root's moves are sampled in turn and the
//    best mean is answered (the seed paper's "MCTS" baseline, against "UCT").
//  - reuse: the subtree of the new position (found by hash within the old tree)
//    is kept between moves, its top `reuse_max_nodes` nodes (breadth first) at most,
//    so keeping it costs a bounded copy whatever the size of the old tree.
// Anytime: iterations run until the budget's soft deadline or `max_playouts`; every
// long step (the search for the new root, the copy of the kept tree, each iteration)
// polls a DeadlineWatch, so the answer comes inside the hard deadline on a loaded
// machine too.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "base/rng.h"
#include "bots/search/common.h"
#include "bots/search/deadline_watch.h"
#include "bots/search/time_budget.h"
#include "engine/core/playout.h"

namespace boyi::bots {

enum class AmafMode : std::uint8_t { kOff, kAlpha, kRave };

struct MctsOptions {
  double exploration = 1.0;  // c of UCB1
  int expand_after = 1;      // visits of a leaf before its children are made
  bool flat = false;         // flat Monte Carlo at the root only
  AmafMode amaf = AmafMode::kOff;
  double amaf_alpha = 0.3;  // α-AMAF weight
  double rave_k = 500;      // RAVE equivalence parameter
  int rollout_limit = -1;   // plies per playout before `cutoff_value` (-1: to the end)
  std::int64_t max_playouts = -1;
  bool reuse = true;
  std::size_t max_nodes = 2'000'000;      // stop expanding past this many nodes
  std::size_t reuse_max_nodes = 1 << 17;  // at most this many nodes kept between moves
};

template <Game G>
struct MctsHooks {
  using Move = typename G::Move;
  using MoveList = typename G::MoveList;
  // Optional playout policy: a legal move of `s` (list is scratch space).
  std::function<Move(const G&, MoveList&, Rng&)> rollout_move;
  // Optional: the reward in [0, 1] for `seat` of a playout cut at rollout_limit
  // (default: 0.5).
  std::function<double(const G&, Seat)> cutoff_value;
  // Optional: the moves the tree considers (a non-empty subset of the legal moves).
  std::function<void(const G&, MoveList&)> generate;
  // Optional: the reward in [0, 1] for seat 0 of a playout position whose result is already
  // known (say, solved exactly), which ends the playout there; nullopt plays on.
  std::function<std::optional<double>(const G&)> settle;
};

template <class Move>
struct RootStat {
  Move move{};
  std::int64_t visits = 0;
  double mean = 0;  // for the root's seat
  bool operator==(const RootStat&) const = default;
};

template <class Move>
struct MctsResult {
  bool has_move = false;
  Move move{};
  std::int64_t playouts = 0;
  std::size_t nodes = 0;
  bool reused = false;
  std::size_t kept = 0;              // nodes kept from the previous search
  std::vector<RootStat<Move>> root;  // every root child
};

// A set of (seat, move) pairs for one iteration's AMAF update; cleared in O(1).
class AmafSet {
 public:
  void clear() {
    if (++stamp_ == 0) {
      std::fill(stamps_.begin(), stamps_.end(), 0u);
      stamp_ = 1;
    }
  }
  void insert(std::uint64_t key) {
    std::size_t i = key & kMask;
    for (std::size_t probes = 0; probes < kSize; ++probes, i = (i + 1) & kMask) {
      if (stamps_[i] != stamp_) {
        stamps_[i] = stamp_;
        keys_[i] = key;
        return;
      }
      if (keys_[i] == key) return;
    }
  }
  bool contains(std::uint64_t key) const {
    std::size_t i = key & kMask;
    for (std::size_t probes = 0; probes < kSize; ++probes, i = (i + 1) & kMask) {
      if (stamps_[i] != stamp_) return false;
      if (keys_[i] == key) return true;
    }
    return false;
  }
  static std::uint64_t key(Seat seat, std::uint64_t move_key) {
    return move_key ^ (seat == 1 ? 0x9E3779B97F4A7C15ull : 0);
  }

 private:
  static constexpr std::size_t kSize = 1 << 13, kMask = kSize - 1;
  std::vector<std::uint32_t> stamps_ = std::vector<std::uint32_t>(kSize, 0);
  std::vector<std::uint64_t> keys_ = std::vector<std::uint64_t>(kSize, 0);
  std::uint32_t stamp_ = 1;
};

template <Game G>
class Mcts {
 public:
  using Move = typename G::Move;
  using MoveList = typename G::MoveList;

  explicit Mcts(MctsOptions options = {}, MctsHooks<G> hooks = {}, std::uint64_t seed = 1)
      : opt_(options), hooks_(std::move(hooks)), rng_(seed) {}

  MctsResult<Move> search(const G& root, const TimeBudget& budget) {
    MctsResult<Move> result;
    if (root.is_terminal()) return result;
    DeadlineWatch watch(budget);
    // A timed search never grows its vector by copying (a copy of a large tree is
    // tens of milliseconds); the pages are touched only as the tree grows.
    if (!budget.unlimited()) nodes_.reserve(std::min(opt_.max_nodes, kReservedNodes) + kSlack);
    prepare_root(root, result, watch);
    if (nodes_[0].num_children == 0) expand(0, root);
    if (nodes_[0].num_children == 0) return result;
    result.has_move = true;
    result.move = nodes_[nodes_[0].first_child].move;
    if (nodes_[0].num_children > 1) {
      while (true) {
        if (opt_.max_playouts >= 0 && result.playouts >= opt_.max_playouts) break;
        if (watch.soft_expired()) break;
        iterate(root);
        ++result.playouts;
      }
    }
    result.nodes = nodes_.size();
    const Node& r = nodes_[0];
    std::int64_t best_visits = -1;
    double best_mean = -1;
    for (int i = 0; i < r.num_children; ++i) {
      const Node& c = nodes_[r.first_child + i];
      const double mean = c.visits ? c.wins / static_cast<double>(c.visits) : 0.0;
      result.root.push_back({c.move, c.visits, mean});
      // Most visited (flat: best mean), ties to the better mean.
      const bool better =
          opt_.flat ? (mean > best_mean || (mean == best_mean && c.visits > best_visits))
                    : (c.visits > best_visits || (c.visits == best_visits && mean > best_mean));
      if (better) {
        best_visits = c.visits;
        best_mean = mean;
        result.move = c.move;
      }
    }
    return result;
  }

  // What the current tree knows of position `s` (its node found as reuse finds it, the root
  // included): that node's statistics and its subtree's, breadth first, `limit` nodes at
  // most; empty when it is not in the tree.
  std::vector<RootStat<Move>> subtree_stats(const G& s, std::size_t limit) {
    const TimeBudget unlimited;
    DeadlineWatch watch(unlimited);
    std::vector<RootStat<Move>> out;
    const std::int32_t found = find_node(s, watch, true);
    if (found < 0) return out;
    std::vector<std::int32_t> queue{found};
    for (std::size_t k = 0; k < queue.size() && out.size() < limit; ++k) {
      const Node& n = nodes_[queue[k]];
      out.push_back({n.move, n.visits, n.visits ? n.wins / static_cast<double>(n.visits) : 0.0});
      for (int i = 0; i < n.num_children; ++i) queue.push_back(n.first_child + i);
    }
    return out;
  }
  std::size_t tree_size() const { return nodes_.size(); }
  MctsOptions& options() { return opt_; }

 private:
  struct Node {
    Move move{};
    std::int32_t parent = -1;
    std::int32_t first_child = -1;
    std::int32_t num_children = 0;
    Seat mover = kPublic;  // the seat that played `move`
    std::int16_t ply = -1;
    std::uint64_t hash = 0;  // of the position after `move`, once visited
    std::int64_t visits = 0;
    double wins = 0;  // reward of `mover`
    std::int64_t amaf_visits = 0;
    double amaf_wins = 0;
  };

  // Makes nodes_[0] the node of `root`: the old tree's node of that position with its
  // subtree (bounded), or a fresh root.
  void prepare_root(const G& root, MctsResult<Move>& result, DeadlineWatch& watch) {
    if (opt_.reuse && !opt_.flat && !nodes_.empty()) {
      const std::int32_t found = find_node(root, watch, false);
      if (found > 0) {
        keep_subtree(found, watch);
        result.reused = true;
        result.kept = nodes_.size();
        return;
      }
    }
    nodes_.clear();
    Node r;
    r.hash = root.hash();
    r.ply = static_cast<std::int16_t>(root.ply());
    nodes_.push_back(r);
  }

  // The node of `s` among the old tree's first few levels (visited nodes only, breadth
  // first, a bounded number of them), or -1.
  std::int32_t find_node(const G& s, DeadlineWatch& watch, bool with_root) {
    frontier_.clear();
    if (!nodes_.empty()) frontier_.push_back({0, 0});
    for (std::size_t k = 0; k < frontier_.size() && k < kMaxExamined; ++k) {
      const auto [idx, depth] = frontier_[k];
      const Node& n = nodes_[idx];
      if ((idx != 0 || with_root) && n.hash == s.hash() && n.ply == s.ply()) return idx;
      if ((k & kPollMask) == kPollMask && watch.should_stop()) return -1;
      if (depth < 4)
        for (int i = 0; i < n.num_children; ++i)
          if (nodes_[n.first_child + i].visits > 0)
            frontier_.push_back({n.first_child + i, depth + 1});
    }
    return -1;
  }

  // Re-roots the tree at `found`: its subtree is copied breadth first, whole sibling groups,
  // until reuse_max_nodes or the deadline; the nodes whose children did not fit become leaves
  // (their own statistics stay). The copy goes through a buffer kept between moves, so
  // nothing is allocated once both have grown.
  void keep_subtree(std::int32_t found, DeadlineWatch& watch) {
    staging_.clear();
    staging_.reserve(opt_.reuse_max_nodes + kSlack);
    staging_.push_back(nodes_[found]);
    staging_[0].parent = -1;
    bool full = false;
    for (std::size_t k = 0; k < staging_.size(); ++k) {
      const std::int32_t old_first = staging_[k].first_child;
      const int count = staging_[k].num_children;
      if (old_first < 0) continue;
      if ((k & kPollMask) == kPollMask && !full) full = watch.should_stop();
      full = full || staging_.size() + static_cast<std::size_t>(count) >
                         std::max<std::size_t>(opt_.reuse_max_nodes, 1);
      if (full) {
        staging_[k].first_child = -1;
        staging_[k].num_children = 0;
        continue;
      }
      staging_[k].first_child = static_cast<std::int32_t>(staging_.size());
      for (int i = 0; i < count; ++i) {
        staging_.push_back(nodes_[old_first + i]);
        staging_.back().parent = static_cast<std::int32_t>(k);
      }
    }
    nodes_.assign(staging_.begin(), staging_.end());
  }

  void generate(const G& s, MoveList& list) const {
    if (hooks_.generate) {
      hooks_.generate(s, list);
      if (!list.empty()) return;
    }
    s.legal_moves(list);
  }

  void expand(std::int32_t idx, const G& s) {
    if (nodes_.size() >= opt_.max_nodes && idx != 0) return;
    MoveList list;
    generate(s, list);
    if (list.empty()) return;
    // Shuffle so unvisited children are tried in random order.
    for (std::size_t i = list.size(); i > 1; --i)
      std::swap(list[i - 1], list[rng_.below(static_cast<std::uint32_t>(i))]);
    const std::int32_t first = static_cast<std::int32_t>(nodes_.size());
    const Seat mover = s.to_move();
    for (const Move& m : list) {
      Node c;
      c.move = m;
      c.parent = idx;
      c.mover = mover;
      nodes_.push_back(c);
    }
    nodes_[idx].first_child = first;
    nodes_[idx].num_children = static_cast<std::int32_t>(list.size());
  }

  double child_score(const Node& parent, const Node& c) const {
    const double q = c.wins / static_cast<double>(c.visits);
    double value = q;
    if (opt_.amaf != AmafMode::kOff && c.amaf_visits > 0) {
      const double qa = c.amaf_wins / static_cast<double>(c.amaf_visits);
      const double beta =
          opt_.amaf == AmafMode::kAlpha
              ? opt_.amaf_alpha
              : std::sqrt(opt_.rave_k / (3.0 * static_cast<double>(c.visits) + opt_.rave_k));
      value = (1.0 - beta) * q + beta * qa;
    }
    return value + opt_.exploration * std::sqrt(std::log(static_cast<double>(parent.visits)) /
                                                static_cast<double>(c.visits));
  }

  std::int32_t select(std::int32_t idx) {
    const Node& n = nodes_[idx];
    if (opt_.flat && idx == 0) {  // flat Monte Carlo: the least sampled move
      std::int32_t best = n.first_child;
      for (int i = 1; i < n.num_children; ++i)
        if (nodes_[n.first_child + i].visits < nodes_[best].visits) best = n.first_child + i;
      return best;
    }
    std::int32_t best = -1;
    double best_score = -1e300;
    for (int i = 0; i < n.num_children; ++i) {
      const std::int32_t ci = n.first_child + i;
      const Node& c = nodes_[ci];
      if (c.visits == 0) return ci;  // every child once first (shuffled at expansion)
      const double sc = child_score(n, c);
      if (sc > best_score) {
        best_score = sc;
        best = ci;
      }
    }
    return best;
  }

  void iterate(const G& root) {
    G s = root;
    path_.clear();
    path_.push_back(0);
    std::int32_t idx = 0;
    while (nodes_[idx].num_children > 0 && !s.is_terminal()) {
      idx = select(idx);
      s.apply(nodes_[idx].move);
      Node& n = nodes_[idx];
      n.hash = s.hash();
      n.ply = static_cast<std::int16_t>(s.ply());
      path_.push_back(idx);
      if (opt_.flat) break;
    }
    if (!opt_.flat && !s.is_terminal() && nodes_[idx].num_children == 0 &&
        nodes_[idx].visits + 1 >= opt_.expand_after) {
      expand(idx, s);
      if (nodes_[idx].num_children > 0) {
        idx = select(idx);
        s.apply(nodes_[idx].move);
        nodes_[idx].hash = s.hash();
        nodes_[idx].ply = static_cast<std::int16_t>(s.ply());
        path_.push_back(idx);
      }
    }
    // Playout.
    const bool amaf = opt_.amaf != AmafMode::kOff;
    if (amaf) amaf_set_.clear();
    int plies = 0;
    std::optional<double> settled;
    while (!s.is_terminal()) {
      if (hooks_.settle && (settled = hooks_.settle(s))) break;
      if (opt_.rollout_limit >= 0 && plies >= opt_.rollout_limit) break;
      const Seat mover = s.to_move();
      Move m;
      if (hooks_.rollout_move) {
        m = hooks_.rollout_move(s, scratch_, rng_);
      } else {
        s.legal_moves(scratch_);
        if (scratch_.empty()) break;
        m = scratch_[rng_.below(static_cast<std::uint32_t>(scratch_.size()))];
      }
      if (amaf) amaf_set_.insert(AmafSet::key(mover, move_key(m)));
      s.apply(m);
      ++plies;
    }
    double reward[2];
    if (settled) {
      reward[0] = *settled;
      reward[1] = 1.0 - reward[0];
    } else if (s.is_terminal()) {
      const Outcome o = s.outcome();
      reward[0] = terminal_reward(o, 0);
      reward[1] = terminal_reward(o, 1);
    } else if (hooks_.cutoff_value) {
      reward[0] = hooks_.cutoff_value(s, 0);
      reward[1] = 1.0 - reward[0];
    } else {
      reward[0] = reward[1] = 0.5;
    }
    // Back-up (and AMAF: children of each path node whose move its mover played later).
    for (std::size_t k = path_.size(); k-- > 0;) {
      Node& n = nodes_[path_[k]];
      ++n.visits;
      if (n.mover != kPublic) n.wins += reward[n.mover];
      if (amaf) {
        for (int i = 0; i < n.num_children; ++i) {
          Node& c = nodes_[n.first_child + i];
          if (amaf_set_.contains(AmafSet::key(c.mover, move_key(c.move)))) {
            ++c.amaf_visits;
            c.amaf_wins += reward[c.mover];
          }
        }
        if (n.mover != kPublic) amaf_set_.insert(AmafSet::key(n.mover, move_key(n.move)));
      }
    }
  }

  static constexpr std::size_t kReservedNodes = std::size_t{1} << 22;  // at most reserved
  static constexpr std::size_t kSlack = 4096;                          // one expansion past the cap
  static constexpr std::size_t kMaxExamined = std::size_t{1} << 16;    // looking for the new root
  static constexpr std::size_t kPollMask = 1023;                       // a poll per 1024 nodes

  MctsOptions opt_;
  MctsHooks<G> hooks_;
  Rng rng_;
  std::vector<Node> nodes_;
  std::vector<Node> staging_;                           // the kept subtree on its way
  std::vector<std::pair<std::int32_t, int>> frontier_;  // (node, depth) looking for the root
  std::vector<std::int32_t> path_;
  MoveList scratch_;
  AmafSet amaf_set_;
};

}  // namespace boyi::bots
