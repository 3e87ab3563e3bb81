#include "bots/engines/gomoku/search.h"

#include <algorithm>

#include "bots/engines/gomoku/candidates.h"
#include "bots/search/common.h"

namespace boyi::bots::gomoku_threat {
namespace {

constexpr int kMaxPly = 96;
// Past the horizon only threats are answered (open threes; fours are forced
// and cost no depth), and at most this many plies of them.
constexpr int kThreatPlies = 8;
constexpr int kExact = 1, kLower = 2, kUpper = 3;

int to_table(int score, int ply) {
  if (score > kWinThreshold) return score + ply;
  if (score < -kWinThreshold) return score - ply;
  return score;
}
int from_table(int score, int ply) {
  if (score > kWinThreshold) return score - ply;
  if (score < -kWinThreshold) return score + ply;
  return score;
}

}  // namespace

AlphaBetaSearch::AlphaBetaSearch(SearchOptions options) : opt_(options) {
  table_.resize(std::size_t{1} << opt_.table_bits);
  mask_ = table_.size() - 1;
  move_stack_.resize(kMaxPly + 1);
}

void AlphaBetaSearch::clear() {
  std::fill(table_.begin(), table_.end(), Entry{});
}

bool AlphaBetaSearch::out_of_time() {
  if (aborted_) return true;
  ++nodes_;
  if (opt_.max_nodes >= 0 && nodes_ > opt_.max_nodes) aborted_ = true;
  if ((nodes_ & 255) == 0 && budget_->should_stop()) aborted_ = true;
  return aborted_;
}

void AlphaBetaSearch::store(std::uint64_t key, int score, int depth, int bound, Point move,
                            int ply) {
  Entry& e = table_[key & mask_];
  if (e.key == key && e.depth > depth) return;
  e.key = key;
  e.score = to_table(score, ply);
  e.depth = static_cast<std::int8_t>(std::clamp(depth, -1, 127));
  e.bound = static_cast<std::uint8_t>(bound);
  e.move = move;
}

int AlphaBetaSearch::leaf(int ply) {
  Position& pos = *pos_;
  if (opt_.leaf_vcf_nodes > 0) {
    ThreatLimits limits;
    limits.max_depth = 10;
    limits.max_nodes = opt_.leaf_vcf_nodes;
    if (leaf_vcf_.vcf(pos, limits, budget_) == ThreatResult::kWin)
      return kWinScore - ply - 2 * static_cast<int>(leaf_vcf_.line().size());
  }
  return static_value();
}

int AlphaBetaSearch::static_value() const {
  return opt_.evaluator != nullptr ? opt_.evaluator->evaluate(*pos_) : pos_->evaluate();
}

int AlphaBetaSearch::negamax(int depth, int alpha, int beta, int ply) {
  if (out_of_time()) return 0;
  Position& pos = *pos_;
  if (pos.stones() >= gomoku::kPoints) return 0;  // a full board is a draw
  std::vector<Point>& moves = move_stack_[ply];
  const MoveStatus status = candidate_moves(pos, opt_.width, moves, depth > 0);
  switch (status) {
    case MoveStatus::kWinNow:
      return kWinScore - (ply + 1);
    case MoveStatus::kWinIn3:
      return kWinScore - (ply + 3);
    case MoveStatus::kLost:
      return -(kWinScore - (ply + 2));
    default:
      break;
  }
  if (ply >= kMaxPly - 1) return static_value();
  if (depth <= 0 && (status == MoveStatus::kMoves || depth <= -kThreatPlies)) return leaf(ply);
  const std::uint64_t key = pos.hash();
  Point tt_move = gomoku::kNoPoint;
  const Entry& e = table_[key & mask_];
  if (e.key == key && e.bound != 0) {
    tt_move = e.move;
    if (e.depth >= depth) {
      const int v = from_table(e.score, ply);
      if (e.bound == kExact) return v;
      if (e.bound == kLower && v >= beta) return v;
      if (e.bound == kUpper && v <= alpha) return v;
    }
  }
  if (tt_move != gomoku::kNoPoint) {
    auto it = std::find(moves.begin(), moves.end(), tt_move);
    if (it != moves.end()) std::rotate(moves.begin(), it, it + 1);
  }
  const bool forced = moves.size() == 1;
  const int next = forced ? depth : depth - 1;
  const int alpha0 = alpha;
  int best = -kInfinity;
  Point best_move = gomoku::kNoPoint;
  // The list of this ply is reused by the children's plies: iterate a copy.
  const std::vector<Point> list = moves;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Point p = list[i];
    pos.play(p);
    int v;
    if (i == 0) {
      v = -negamax(next, -beta, -alpha, ply + 1);
    } else {
      v = -negamax(next, -alpha - 1, -alpha, ply + 1);
      if (v > alpha && v < beta && !aborted_) v = -negamax(next, -beta, -alpha, ply + 1);
    }
    pos.undo();
    if (aborted_) return best > -kInfinity ? best : 0;
    if (v > best) {
      best = v;
      best_move = p;
    }
    if (v > alpha) alpha = v;
    if (alpha >= beta) break;
  }
  const int bound = best <= alpha0 ? kUpper : best >= beta ? kLower : kExact;
  store(key, best, depth, bound, best_move, ply);
  return best;
}

SearchReport AlphaBetaSearch::search(Position& pos, std::vector<Point> root_moves,
                                     const TimeBudget& budget) {
  pos_ = &pos;
  budget_ = &budget;
  nodes_ = 0;
  aborted_ = false;
  SearchReport report;
  if (root_moves.empty()) return report;
  report.move = root_moves.front();
  for (int depth = 1; depth <= opt_.max_depth; ++depth) {
    int alpha = -kInfinity;
    const int beta = kInfinity;
    int best = -kInfinity;
    Point best_move = gomoku::kNoPoint;
    std::vector<std::pair<int, Point>> scored;
    for (std::size_t i = 0; i < root_moves.size(); ++i) {
      const Point p = root_moves[i];
      pos.play(p);
      int v;
      if (i == 0) {
        v = -negamax(depth - 1, -beta, -alpha, 1);
      } else {
        v = -negamax(depth - 1, -alpha - 1, -alpha, 1);
        if (v > alpha && !aborted_) v = -negamax(depth - 1, -beta, -alpha, 1);
      }
      pos.undo();
      if (aborted_) break;
      scored.emplace_back(v, p);
      if (v > best) {
        best = v;
        best_move = p;
      }
      if (v > alpha) alpha = v;
    }
    // The first move (the previous best) always completes first, so even an
    // interrupted iteration's best is the best of what it compared.
    if (best_move != gomoku::kNoPoint) {
      report.move = best_move;
      report.score = best;
    }
    if (aborted_) break;
    report.depth = depth;
    if (std::abs(best) > kWinThreshold) break;  // proven
    // Best first next time; the rest by this iteration's values.
    std::stable_sort(scored.begin(), scored.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (std::size_t i = 0; i < scored.size(); ++i) root_moves[i] = scored[i].second;
    if (budget.soft_expired()) break;
    if (!budget.unlimited() && budget.soft_fraction() > 0.45) break;  // the next would not finish
  }
  report.nodes = nodes_;
  pos_ = nullptr;
  return report;
}

}  // namespace boyi::bots::gomoku_threat
