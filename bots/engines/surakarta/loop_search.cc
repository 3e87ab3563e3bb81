#include "bots/engines/surakarta/loop_search.h"

#include <algorithm>
#include <limits>

#include "bots/engines/surakarta/exchange.h"
#include "bots/engines/surakarta/loop_board.h"
#include "bots/search/common.h"
#include "bots/search/transposition.h"
#include "base/rng.h"

namespace boyi::bots::surakarta_engine {

namespace {

using surakarta::Move;
using surakarta::MoveList;
using surakarta::State;
using Table = TranspositionTable<Move>;
using Scores = std::array<std::int64_t, MoveList::capacity()>;

enum : std::uint8_t { kEmpty, kExact, kLower, kUpper };

// Ordering tiers, highest first; quiet moves below the rescue tier sort by history.
constexpr std::int64_t kTableMove = std::int64_t{1} << 50;
constexpr std::int64_t kWinningCapture = std::int64_t{1} << 46;
constexpr std::int64_t kEvenCapture = std::int64_t{1} << 45;
constexpr std::int64_t kKiller = std::int64_t{1} << 43;
constexpr std::int64_t kRescue = std::int64_t{1} << 42;
constexpr std::int64_t kIntoCapture = std::int64_t{1} << 40;
constexpr std::int64_t kHistoryCap = std::int64_t{1} << 30;

// Beyond this many plies an adjudication cannot touch a search's values.
constexpr int kLimitHorizon = 160;

std::uint64_t mix(std::uint64_t tag, int value) {
  std::uint64_t x = (tag << 32) ^ static_cast<std::uint64_t>(value);
  return splitmix64(x);
}

int index_of(const Move& m) {
  return m.from * surakarta::kSquares + m.to;
}

void pick_next(Scores& score, std::size_t from, MoveList& list) {
  std::size_t best = from;
  for (std::size_t j = from + 1; j < list.size(); ++j)
    if (score[j] > score[best]) best = j;
  std::swap(score[best], score[from]);
  std::swap(list[best], list[from]);
}

}  // namespace

LoopSearch::LoopSearch(const LoopSearchOptions& options)
    : opt_(options),
      quiescence_(options.eval, options.quiescence_plies),
      table_(std::size_t{1} << std::clamp(options.tt_log2, 10, 26)) {}

std::uint64_t LoopSearch::key_of(const State& s) const {
  std::uint64_t key = s.hash();
  const auto& r = s.rules();
  if (r.no_capture_limit > 0)
    key ^= mix(1, std::min(kLimitHorizon, r.no_capture_limit - s.plies_since_capture()));
  if (r.max_plies > 0) key ^= mix(2, std::min(kLimitHorizon, r.max_plies - s.ply()));
  return key;
}

LoopSearch::Entry* LoopSearch::probe(std::uint64_t key) {
  Entry& e = table_[key & (table_.size() - 1)];
  return e.bound != kEmpty && e.key == key ? &e : nullptr;
}

void LoopSearch::store(std::uint64_t key, int score, int depth, int bound, const Move* move) {
  Entry& e = table_[key & (table_.size() - 1)];
  // Keep a deeper entry of this search unless it is the same position.
  if (e.bound != kEmpty && e.age == age_ && e.key != key && e.depth > depth) return;
  if (e.key == key && e.age == age_ && e.depth > depth && bound != kExact) return;
  const bool keep_move = e.key == key && e.has_move && !move;
  e.key = key;
  e.score = score;
  e.depth = static_cast<std::int16_t>(depth);
  e.bound = static_cast<std::uint8_t>(bound);
  e.age = age_;
  if (move) e.move = *move;
  e.has_move = move || keep_move;
}

void LoopSearch::order(const State& s, MoveList& list, const std::optional<Move>& first, int ply,
                       Scores& score) const {
  const Seat me = s.side();
  const LoopBoard board(s);
  // Whether each own piece can be won where it stands (computed once per square).
  std::array<std::int8_t, surakarta::kSquares> threatened;
  threatened.fill(-1);
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Move& m = list[i];
    std::int64_t v;
    if (first && *first == m) {
      v = kTableMove;
    } else if (s.is_capture(m)) {
      v = !opt_.exchange_order || capture_gain(board, m.from, m.to) > 0 ? kWinningCapture
                                                                        : kEvenCapture;
    } else if (ply < kMaxPly && killers_[ply][0] == m) {
      v = kKiller + 1;
    } else if (ply < kMaxPly && killers_[ply][1] == m) {
      v = kKiller;
    } else {
      v = history_[me][index_of(m)];
      if (opt_.exchange_order) {
        LoopBoard after = board;
        after.move(m.from, m.to);
        if (en_prise(after, m.to, me)) {
          v -= kIntoCapture;
        } else {
          if (threatened[m.from] < 0) threatened[m.from] = en_prise(board, m.from, me);
          if (threatened[m.from]) v += kRescue;
        }
      }
    }
    score[i] = v;
  }
}

int LoopSearch::child_value(const State& child, int depth, int alpha, int beta, int ply) {
  if (child.is_terminal()) return terminal_value(child, child.side() ^ 1, ply + 1);
  return -negamax(child, depth - 1, -beta, -alpha, ply + 1);
}

int LoopSearch::negamax(const State& s, int depth, int alpha, int beta, int ply) {
  if (depth <= 0 || ply >= kMaxPly) {
    if (opt_.quiescence_plies > 0) return quiescence_.value(s, alpha, beta, ply, &limits_);
    limits_.tick();
    return evaluate(s, s.side(), opt_.eval);
  }
  if (limits_.tick()) return 0;
  const bool pv = beta - alpha > 1;
  const std::uint64_t key = key_of(s);
  std::optional<Move> table_move;
  if (const Entry* e = probe(key)) {
    if (e->has_move) table_move = e->move;
    if (!pv && e->depth >= depth) {
      const int v = Table::from_table(e->score, ply);
      if (e->bound == kExact || (e->bound == kLower && v >= beta) ||
          (e->bound == kUpper && v <= alpha))
        return v;
    }
  }
  MoveList list;
  s.legal_moves(list);
  Scores score{};
  order(s, list, table_move, ply, score);
  const Seat me = s.side();
  const int alpha0 = alpha;
  int best = -kInfinity;
  std::optional<Move> best_move;
  MoveList quiets_tried;
  for (std::size_t i = 0; i < list.size(); ++i) {
    pick_next(score, i, list);
    const Move m = list[i];
    const bool capture = s.is_capture(m);
    State child = s;
    child.apply(m);
    int v;
    if (child.is_terminal() || i == 0 || !opt_.pvs) {
      v = child_value(child, depth, alpha, beta, ply);
    } else {
      int r = 0;
      if (opt_.lmr && depth >= 3 && i >= 4 && !capture && score[i] < kRescue)
        r = i >= 12 && depth >= 5 ? 2 : 1;
      v = -negamax(child, depth - 1 - r, -alpha - 1, -alpha, ply + 1);
      if (v > alpha && r > 0 && !limits_.aborted)
        v = -negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1);
      if (v > alpha && v < beta && !limits_.aborted)
        v = -negamax(child, depth - 1, -beta, -alpha, ply + 1);
    }
    if (limits_.aborted) return 0;
    if (v > best) {
      best = v;
      best_move = m;
    }
    if (v > alpha) alpha = v;
    if (alpha >= beta) {
      if (!capture) {
        if (ply < kMaxPly && killers_[ply][0] != m) {
          killers_[ply][1] = killers_[ply][0];
          killers_[ply][0] = m;
        }
        auto& h = history_[me];
        h[index_of(m)] = std::min(kHistoryCap, h[index_of(m)] + depth * depth);
        for (const Move& q : quiets_tried)
          h[index_of(q)] = std::max(-kHistoryCap, h[index_of(q)] - depth * depth);
      }
      break;
    }
    if (!capture) quiets_tried.push_back(m);
  }
  const int bound = best <= alpha0 ? kUpper : best >= beta ? kLower : kExact;
  store(key, Table::to_table(best, ply), depth, bound, best_move ? &*best_move : nullptr);
  return best;
}

LoopSearchResult LoopSearch::search(const State& root, const TimeBudget& budget, int depth_cap) {
  LoopSearchResult result;
  if (root.is_terminal()) return result;
  MoveList moves;
  root.legal_moves(moves);
  if (moves.empty()) return result;
  result.has_move = true;
  result.move = moves[0];
  if (moves.size() == 1) return result;

  ++age_;
  for (auto& side : history_)
    for (auto& h : side) h /= 8;
  killers_ = {};
  limits_ = {};
  limits_.max_nodes = opt_.max_nodes;
  limits_.budget = &budget;
  // Past the hard deadline never; with a bank to spend (soft before hard), an iteration may run
  // to twice the soft span before it is cut.
  const std::int64_t hard = budget.hard_deadline_ns(), soft = budget.soft_deadline_ns();
  const std::int64_t start = budget.clock().now_ns() - budget.elapsed_ns();
  limits_.stop_ns = hard;
  if (hard >= 0 && soft >= 0 && soft < hard)
    limits_.stop_ns = std::min(hard, soft + (soft - start));

  Scores score{};
  order(root, moves, std::nullopt, 0, score);
  for (std::size_t i = 0; i < moves.size(); ++i) pick_next(score, i, moves);

  const int max_depth = depth_cap > 0 ? std::min(depth_cap, opt_.max_depth) : opt_.max_depth;
  for (int depth = 1; depth <= max_depth; ++depth) {
    int alpha = -kInfinity;
    const int beta = kInfinity;
    std::optional<Move> best;
    int best_score = -kInfinity;
    std::vector<std::pair<int, Move>> scored;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      State child = root;
      child.apply(moves[i]);
      int v;
      if (i == 0 || !opt_.pvs || child.is_terminal()) {
        v = child_value(child, depth, alpha, beta, 0);
      } else {
        v = child_value(child, depth, alpha, alpha + 1, 0);
        if (v > alpha && !limits_.aborted) v = child_value(child, depth, alpha, beta, 0);
      }
      if (limits_.aborted) break;  // an interrupted move's value means nothing
      scored.emplace_back(v, moves[i]);
      if (v > best_score) {
        best_score = v;
        best = moves[i];
      }
      alpha = std::max(alpha, v);
    }
    // A partial iteration still searched its first move (last iteration's best) in full, and
    // any move that beat it with a full window: its best is at least as well founded.
    if (best) {
      result.move = *best;
      result.score = best_score;
    }
    if (limits_.aborted) break;
    result.depth = depth;
    store(key_of(root), Table::to_table(best_score, 0), depth, kExact, &*best);
    // The best first, the rest by their (bounded) values.
    std::stable_sort(scored.begin(), scored.end(), [&](const auto& a, const auto& b) {
      if ((a.second == *best) != (b.second == *best)) return a.second == *best;
      return a.first > b.first;
    });
    for (std::size_t i = 0; i < scored.size(); ++i) moves[i] = scored[i].second;
    if (std::abs(best_score) > kWinThreshold) break;  // proven
    if (budget.soft_expired()) break;
    // With a bank to spend, an iteration started past half the soft span rarely ends in it.
    if (soft >= 0 && soft < hard && budget.soft_fraction() > 0.5) break;
  }
  result.nodes = limits_.nodes;
  limits_.budget = nullptr;
  return result;
}

}  // namespace boyi::bots::surakarta_engine
