#include "bots/engines/gomoku/search.h"

#include <algorithm>
#include <cmath>

#include "bots/engines/gomoku/candidates.h"
#include "bots/search/common.h"

namespace boyi::bots::gomoku_threat {
namespace {

constexpr int kMaxPly = 96;
// Past the horizon only threats are played (the mover's fours, answers to open
// threes; a forced block costs no depth), and at most this many plies of them.
constexpr int kThreatPlies = 8;
constexpr int kExact = 1, kLower = 2, kUpper = 3;
// Quiet moves before this index are never reduced.
constexpr std::size_t kFullDepthMoves = 3;
constexpr int kAspiration = 60;  // half-width of the first window, in pattern units
constexpr std::int32_t kHistoryCap = 1 << 16;

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

// How many plies a quiet move at `index` loses at `depth` (0: none).
int reduction(int depth, std::size_t index) {
  if (depth < 3 || index < kFullDepthMoves) return 0;
  const double r = 0.4 + std::log(static_cast<double>(depth)) *
                             std::log(static_cast<double>(index)) / 2.6;
  return std::clamp(static_cast<int>(r), 1, depth - 2);
}

}  // namespace

AlphaBetaSearch::AlphaBetaSearch(SearchOptions options) : opt_(options) {
  table_.resize(std::size_t{1} << opt_.table_bits);
  mask_ = table_.size() - 1;
  move_stack_.resize(kMaxPly + 1);
  killers_.resize(kMaxPly + 1);
}

void AlphaBetaSearch::clear() {
  std::fill(table_.begin(), table_.end(), Entry{});
  for (auto& k : killers_) k.fill(gomoku::kNoPoint);
  for (auto& h : history_) h.fill(0);
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
  if (e.key == key && e.depth > depth && bound != kExact) return;
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

void AlphaBetaSearch::order(std::vector<Point>& moves, Point tt_move, int ply) const {
  const int me = static_cast<int>(pos_->to_move());
  const auto& killers = killers_[ply];
  std::array<std::pair<int, Point>, gomoku::kPoints> keyed;
  const std::size_t n = moves.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Point p = moves[i];
    // Candidates come best first by pattern value: keep that order, nudged by history.
    int key = -static_cast<int>(i) * 64;
    if (opt_.history) {
      key += std::min(history_[me][p], kHistoryCap) >> 10;
      if (p == killers[0]) key += 1 << 20;
      if (p == killers[1]) key += 1 << 19;
    }
    if (p == tt_move) key = 1 << 30;
    keyed[i] = {key, p};
  }
  std::stable_sort(keyed.begin(), keyed.begin() + n,
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  for (std::size_t i = 0; i < n; ++i) moves[i] = keyed[i].second;
}

void AlphaBetaSearch::reward(Point p, int depth, int ply) {
  if (!opt_.history) return;
  auto& killers = killers_[ply];
  if (killers[0] != p) {
    killers[1] = killers[0];
    killers[0] = p;
  }
  std::int32_t& h = history_[static_cast<int>(pos_->to_move())][p];
  h = std::min(kHistoryCap, h + depth * depth * 16);
}

// Past the horizon, in a position with no threat against the mover: the
// evaluation, or better, one of the mover's fours (the opponent's forced block
// costs no depth, so a line of fours is followed to its end or to the limit).
int AlphaBetaSearch::quiesce(int depth, int alpha, int beta, int ply) {
  Position& pos = *pos_;
  const int stand = leaf(ply);
  if (!opt_.quiescence_fours || depth <= -kThreatPlies || stand >= beta) return stand;
  const Colour me = pos.to_move();
  std::vector<Point>& fours = move_stack_[ply];
  fours.clear();
  pos.fours(me).for_each([&](Point p) {
    if (pos.playable(me, p)) fours.push_back(p);
  });
  if (fours.empty()) return stand;
  std::sort(fours.begin(), fours.end(), [&](Point a, Point b) {
    return move_score(pos, a) != move_score(pos, b) ? move_score(pos, a) > move_score(pos, b)
                                                    : a < b;
  });
  int best = stand;
  alpha = std::max(alpha, stand);
  for (std::size_t i = 0; i < fours.size(); ++i) {
    const Point p = move_stack_[ply][i];
    pos.play(p);
    const int v = -negamax(depth - 1, -beta, -alpha, ply + 1);
    pos.undo();
    if (aborted_) return best;
    if (v > best) best = v;
    if (v > alpha) alpha = v;
    if (alpha >= beta) break;
  }
  return best;
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
  if (depth <= 0 && status == MoveStatus::kMoves) return quiesce(depth, alpha, beta, ply);
  if (depth <= -kThreatPlies) return leaf(ply);
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
  order(moves, tt_move, ply);
  const bool quiet_node = status == MoveStatus::kMoves;
  const bool forced = moves.size() == 1;
  const int next = forced ? depth : depth - 1;
  const int alpha0 = alpha;
  const Colour me = pos.to_move();
  int best = -kInfinity;
  Point best_move = gomoku::kNoPoint;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Point p = move_stack_[ply][i];
    // Threat-making moves (a four or an open three) are never reduced.
    const bool quiet = quiet_node && p != tt_move && !pos.fours(me).contains(p) &&
                       !pos.threes(me).contains(p);
    const int r = opt_.reductions && quiet ? reduction(depth, i) : 0;
    pos.play(p);
    int v;
    if (i == 0) {
      v = -negamax(next, -beta, -alpha, ply + 1);
    } else {
      v = -negamax(next - r, -alpha - 1, -alpha, ply + 1);
      if (r > 0 && v > alpha && !aborted_) v = -negamax(next, -alpha - 1, -alpha, ply + 1);
      if (v > alpha && v < beta && !aborted_) v = -negamax(next, -beta, -alpha, ply + 1);
    }
    pos.undo();
    if (aborted_) return best > -kInfinity ? best : 0;
    if (v > best) {
      best = v;
      best_move = p;
    }
    if (v > alpha) alpha = v;
    if (alpha >= beta) {
      if (quiet_node) reward(p, depth, ply);
      break;
    }
  }
  const int bound = best <= alpha0 ? kUpper : best >= beta ? kLower : kExact;
  store(key, best, depth, bound, best_move, ply);
  return best;
}

// One iteration over the root moves in [alpha, beta]: the best score (a bound
// when outside the window), with `scored` holding each searched move's value.
int AlphaBetaSearch::root(int depth, int alpha, int beta, std::vector<Point>& root_moves,
                          std::vector<std::pair<int, Point>>& scored, Point& best_move) {
  Position& pos = *pos_;
  int best = -kInfinity;
  best_move = gomoku::kNoPoint;
  scored.clear();
  for (std::size_t i = 0; i < root_moves.size(); ++i) {
    const Point p = root_moves[i];
    pos.play(p);
    int v;
    if (i == 0) {
      v = -negamax(depth - 1, -beta, -alpha, 1);
    } else {
      v = -negamax(depth - 1, -alpha - 1, -alpha, 1);
      if (v > alpha && v < beta && !aborted_) v = -negamax(depth - 1, -beta, -alpha, 1);
    }
    pos.undo();
    if (aborted_) break;
    scored.emplace_back(v, p);
    if (v > best) {
      best = v;
      best_move = p;
    }
    if (v > alpha) alpha = v;
    if (alpha >= beta) break;
  }
  return best;
}

SearchReport AlphaBetaSearch::search(Position& pos, std::vector<Point> root_moves,
                                     const TimeBudget& budget) {
  pos_ = &pos;
  budget_ = &budget;
  nodes_ = 0;
  aborted_ = false;
  for (auto& k : killers_) k.fill(gomoku::kNoPoint);
  for (auto& h : history_)
    for (auto& v : h) v /= 4;  // the last move's history still helps, a little
  SearchReport report;
  if (root_moves.empty()) return report;
  report.move = root_moves.front();
  int last = 0;
  std::vector<std::pair<int, Point>> scored;
  for (int depth = 1; depth <= opt_.max_depth; ++depth) {
    int window = kAspiration;
    int alpha = -kInfinity, beta = kInfinity;
    if (opt_.aspiration && depth >= 4 && std::abs(last) < kWinThreshold) {
      alpha = last - window;
      beta = last + window;
    }
    Point best_move = gomoku::kNoPoint;
    int best = 0;
    for (;;) {
      best = root(depth, alpha, beta, root_moves, scored, best_move);
      if (aborted_) break;
      if (best <= alpha && alpha > -kInfinity) {
        window *= 4;
        alpha = best - window < -kWinThreshold ? -kInfinity : best - window;
      } else if (best >= beta && beta < kInfinity) {
        window *= 4;
        beta = best + window > kWinThreshold ? kInfinity : best + window;
      } else {
        break;
      }
    }
    if (!aborted_) {
      report.move = best_move;
      report.score = best;
    } else if (!scored.empty() && best_move != gomoku::kNoPoint &&
               best_move != scored.front().second && best > scored.front().first) {
      // Cut short, but a move beat the previous best (searched first) in this
      // iteration: it is the better one.
      report.move = best_move;
      report.score = best;
    }
    if (aborted_) break;
    last = best;
    report.depth = depth;
    if (std::abs(best) > kWinThreshold) break;  // proven
    // Best first next time; the rest by this iteration's values.
    std::stable_sort(scored.begin(), scored.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<Point> reordered;
    reordered.reserve(root_moves.size());
    for (const auto& s : scored) reordered.push_back(s.second);
    for (Point p : root_moves)
      if (std::find(reordered.begin(), reordered.end(), p) == reordered.end())
        reordered.push_back(p);
    root_moves = std::move(reordered);
    if (budget.soft_expired()) break;
    if (!budget.unlimited() && budget.soft_fraction() > 0.55) break;  // the next would not finish
  }
  report.nodes = nodes_;
  pos_ = nullptr;
  return report;
}

}  // namespace boyi::bots::gomoku_threat
