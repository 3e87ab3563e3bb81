// Negamax alpha-beta over any boyi::Game's fast path: iterative deepening, a
// transposition table on the engine's Zobrist hash, move ordering (TT move,
// two killers per ply, a history table, an optional game heuristic), an
// evaluation function, and an optional quiescence hook (moves that must be
// played out past the horizon: captures, completed boxes).
//
// Values are from the side to act at each node. A move after which the same
// seat acts again (点格棋: a completed box) keeps the sign and the window; any
// other move negates them. Proven wins and losses are kWinScore minus the
// distance in plies, so the fastest win and the slowest loss are chosen.
// With `prune` off the same code is plain minimax (the seed paper's baseline).
//
// The search is anytime: it returns the best move of the deepest completed
// iteration (or of the partial one once its first move is searched), stops
// starting iterations past the soft deadline and polls the hard one.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>

#include "bots/search/common.h"
#include "bots/search/time_budget.h"
#include "bots/search/transposition.h"

namespace boyi::bots {

template <Game G>
struct AlphaBetaHooks {
  using Move = typename G::Move;
  using MoveList = typename G::MoveList;
  // Required: the static value of a non-terminal position for `seat`, within
  // +-kWinThreshold.
  std::function<int(const G&, Seat)> evaluate;
  // Optional: the moves to search (a subset of the legal moves, never empty
  // when a legal move exists); default: every legal move.
  std::function<void(const G&, MoveList&)> generate;
  // Optional: an ordering score, higher first.
  std::function<int(const G&, const Move&)> order;
  // Optional quiescence: moves worth playing past the horizon.
  std::function<bool(const G&, const Move&)> noisy;
};

struct AlphaBetaOptions {
  int max_depth = 64;
  bool prune = true;  // false: plain minimax (no cuts, no table, no killers)
  bool use_tt = true;
  std::size_t tt_entries = std::size_t{1} << 18;
  int quiescence_depth = 8;     // plies of noisy moves past the horizon (0: off)
  std::int64_t max_nodes = -1;  // stop after this many nodes (-1: no limit)
};

template <class Move>
struct SearchResult {
  bool has_move = false;
  Move move{};
  int score = 0;  // for the side to act at the root
  int depth = 0;  // deepest completed iteration
  std::int64_t nodes = 0;
};

template <Game G>
class AlphaBeta {
 public:
  using Move = typename G::Move;
  using MoveList = typename G::MoveList;

  AlphaBeta(AlphaBetaHooks<G> hooks, AlphaBetaOptions options = {})
      : hooks_(std::move(hooks)), opt_(options), tt_(opt_.use_tt ? opt_.tt_entries : 1024) {}

  SearchResult<Move> search(const G& root, const TimeBudget& budget) {
    budget_ = &budget;
    nodes_ = 0;
    aborted_ = false;
    history_ = {};
    killers_ = {};
    last_best_.reset();
    SearchResult<Move> result;
    result.nodes = 0;
    if (root.is_terminal()) return result;
    MoveList first;
    generate(root, first);
    if (first.empty()) return result;
    result.has_move = true;
    result.move = first[0];
    if (first.size() == 1) {  // nothing to think about
      result.depth = 0;
      return result;
    }
    for (int depth = 1; depth <= opt_.max_depth; ++depth) {
      std::optional<Move> best;
      int best_score = -kInfinity;
      root_search(root, depth, best, best_score);
      if (best) {
        result.move = *best;
        result.score = best_score;
      }
      if (aborted_) break;
      result.depth = depth;
      if (std::abs(best_score) > kWinThreshold) break;  // proven
      if (budget.soft_expired()) break;
    }
    result.nodes = nodes_;
    return result;
  }

  std::int64_t nodes() const { return nodes_; }

 private:
  static constexpr int kMaxPly = 128;

  void generate(const G& s, MoveList& list) const {
    if (hooks_.generate) {
      hooks_.generate(s, list);
      if (!list.empty()) return;
    }
    s.legal_moves(list);
  }

  bool out_of_time() {
    if (aborted_) return true;
    if (opt_.max_nodes >= 0 && nodes_ >= opt_.max_nodes) aborted_ = true;
    if ((nodes_ & 255) == 0 && budget_->should_stop()) aborted_ = true;
    return aborted_;
  }

  std::size_t history_index(Seat seat, const Move& m) const {
    return static_cast<std::size_t>(seat & 1) * kHistory + (move_key(m) & (kHistory - 1));
  }

  // Scores every move for ordering into `score` (parallel to list).
  void order_moves(const G& s, const MoveList& list, int ply, const TTEntry<Move>* tte,
                   std::array<std::int64_t, MoveList::capacity()>& score) const {
    const Seat me = s.to_move();
    for (std::size_t i = 0; i < list.size(); ++i) {
      const Move& m = list[i];
      std::int64_t v = 0;
      if (tte && tte->has_move && tte->move == m) v += std::int64_t{1} << 50;
      if (ply < kMaxPly && opt_.prune) {
        if (killers_[ply][0] && *killers_[ply][0] == m)
          v += std::int64_t{1} << 40;
        else if (killers_[ply][1] && *killers_[ply][1] == m)
          v += std::int64_t{1} << 39;
      }
      if (hooks_.order) v += static_cast<std::int64_t>(hooks_.order(s, m)) << 16;
      v += history_[history_index(me, m)];
      score[i] = v;
    }
  }

  static std::size_t pick_next(std::array<std::int64_t, MoveList::capacity()>& score,
                               std::size_t from, std::size_t n, MoveList& list) {
    std::size_t best = from;
    for (std::size_t j = from + 1; j < n; ++j)
      if (score[j] > score[best]) best = j;
    if (best != from) {
      std::swap(score[best], score[from]);
      std::swap(list[best], list[from]);
    }
    return from;
  }

  // The value for the side to act in the child, seen by `me`.
  int child_value(const G& child, Seat me, int depth, int alpha, int beta, int ply) {
    if (child.is_terminal()) return terminal_score(child.outcome(), me, ply + 1);
    if (child.to_move() == me) return negamax(child, depth - 1, alpha, beta, ply + 1);
    return -negamax(child, depth - 1, -beta, -alpha, ply + 1);
  }

  void root_search(const G& root, int depth, std::optional<Move>& best, int& best_score) {
    MoveList list;
    generate(root, list);
    const TTEntry<Move>* tte = opt_.use_tt && opt_.prune ? tt_.probe(root.hash()) : nullptr;
    std::array<std::int64_t, MoveList::capacity()> score{};
    order_moves(root, list, 0, tte, score);
    // The previous iteration's best move goes first.
    if (last_best_) {
      for (std::size_t i = 0; i < list.size(); ++i)
        if (list[i] == *last_best_) score[i] = std::numeric_limits<std::int64_t>::max();
    }
    const Seat me = root.to_move();
    int alpha = -kInfinity;
    const int beta = kInfinity;
    for (std::size_t i = 0; i < list.size(); ++i) {
      pick_next(score, i, list.size(), list);
      G child = root;
      child.apply(list[i]);
      ++nodes_;
      const int v = child_value(child, me, depth, opt_.prune ? alpha : -kInfinity, beta, 0);
      if (aborted_) break;  // the value of an interrupted move is unreliable
      if (v > best_score) {
        best_score = v;
        best = list[i];
      }
      if (v > alpha) alpha = v;
    }
    if (best && !aborted_) {
      last_best_ = best;
      if (opt_.use_tt && opt_.prune)
        tt_.store(root.hash(), TranspositionTable<Move>::to_table(best_score, 0), depth,
                  Bound::kExact, &*best);
    }
  }

  int quiesce(const G& s, int alpha, int beta, int ply, int qdepth) {
    const Seat me = s.to_move();
    const int stand = hooks_.evaluate(s, me);
    if (!opt_.prune) {
      // Minimax has no window to stand on: only the static value.
      if (qdepth <= 0 || !hooks_.noisy) return stand;
    }
    if (qdepth <= 0 || !hooks_.noisy || ply >= kMaxPly) return stand;
    int best = stand;
    if (best >= beta) return best;
    if (best > alpha) alpha = best;
    MoveList list;
    s.legal_moves(list);
    for (const Move& m : list) {
      if (!hooks_.noisy(s, m)) continue;
      G child = s;
      child.apply(m);
      ++nodes_;
      if (out_of_time()) return best;
      int v;
      if (child.is_terminal())
        v = terminal_score(child.outcome(), me, ply + 1);
      else if (child.to_move() == me)
        v = quiesce(child, alpha, beta, ply + 1, qdepth - 1);
      else
        v = -quiesce(child, -beta, -alpha, ply + 1, qdepth - 1);
      if (v > best) best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
    return best;
  }

  int negamax(const G& s, int depth, int alpha, int beta, int ply) {
    if (out_of_time()) return 0;
    if (depth <= 0 || ply >= kMaxPly) return quiesce(s, alpha, beta, ply, opt_.quiescence_depth);
    const Seat me = s.to_move();
    const int alpha0 = alpha;
    const TTEntry<Move>* tte = nullptr;
    if (opt_.use_tt && opt_.prune) {
      tte = tt_.probe(s.hash());
      if (tte && tte->depth >= depth) {
        const int v = TranspositionTable<Move>::from_table(tte->score, ply);
        if (tte->bound == Bound::kExact) return v;
        if (tte->bound == Bound::kLower && v >= beta) return v;
        if (tte->bound == Bound::kUpper && v <= alpha) return v;
      }
    }
    MoveList list;
    generate(s, list);
    if (list.empty()) return hooks_.evaluate(s, me);  // no move but not over: static value
    std::array<std::int64_t, MoveList::capacity()> score{};
    order_moves(s, list, ply, tte, score);
    int best = -kInfinity;
    std::optional<Move> best_move;
    for (std::size_t i = 0; i < list.size(); ++i) {
      pick_next(score, i, list.size(), list);
      const Move& m = list[i];
      G child = s;
      child.apply(m);
      ++nodes_;
      const int v = opt_.prune ? child_value(child, me, depth, alpha, beta, ply)
                               : child_value(child, me, depth, -kInfinity, kInfinity, ply);
      if (aborted_) return best > -kInfinity ? best : v;
      if (v > best) {
        best = v;
        best_move = m;
      }
      if (v > alpha) alpha = v;
      if (opt_.prune && alpha >= beta) {
        if (ply < kMaxPly && !(killers_[ply][0] && *killers_[ply][0] == m)) {
          killers_[ply][1] = killers_[ply][0];
          killers_[ply][0] = m;
        }
        auto& h = history_[history_index(me, m)];
        h = std::min<std::int64_t>(h + depth * depth, 60000);
        break;
      }
    }
    if (opt_.use_tt && opt_.prune) {
      const Bound bound = best <= alpha0 ? Bound::kUpper
                          : best >= beta ? Bound::kLower
                                         : Bound::kExact;
      tt_.store(s.hash(), TranspositionTable<Move>::to_table(best, ply), depth, bound,
                best_move ? &*best_move : nullptr);
    }
    return best;
  }

  static constexpr std::size_t kHistory = 4096;
  AlphaBetaHooks<G> hooks_;
  AlphaBetaOptions opt_;
  TranspositionTable<Move> tt_;
  const TimeBudget* budget_ = nullptr;
  std::int64_t nodes_ = 0;
  bool aborted_ = false;
  std::optional<Move> last_best_;
  std::array<std::int64_t, 2 * kHistory> history_{};
  std::array<std::array<std::optional<Move>, 2>, kMaxPly> killers_{};
};

}  // namespace boyi::bots
