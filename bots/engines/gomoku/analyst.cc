#include "bots/engines/gomoku/analyst.h"

#include <algorithm>

#include "bots/engines/gomoku/candidates.h"
#include "bots/search/common.h"

namespace boyi::bots::gomoku_threat {
namespace {

constexpr std::size_t kMaxDefenceMoves = 28;

SearchOptions search_options(const AnalystOptions& o) {
  SearchOptions s;
  s.max_depth = o.max_depth;
  s.width = o.width;
  s.max_nodes = o.max_nodes;
  s.leaf_vcf_nodes = o.leaf_vcf_nodes;
  s.table_bits = o.table_bits;
  s.evaluator = o.evaluator.get();
  s.reductions = o.reductions;
  s.quiescence_fours = o.quiescence_fours;
  s.history = o.history;
  s.aspiration = o.aspiration;
  return s;
}

void add_unique(std::vector<Point>& out, Point p) {
  if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
}

}  // namespace

TimeBudget slice(const TimeBudget& b, double fraction) {
  if (b.unlimited()) return b;
  const std::int64_t now = b.clock().now_ns();
  const std::int64_t soft = b.soft_deadline_ns() >= 0 ? b.soft_deadline_ns() : b.hard_deadline_ns();
  const auto share = static_cast<std::int64_t>(static_cast<double>(soft - now) * fraction);
  return b.until(now + std::max<std::int64_t>(0, share));
}

Analyst::Analyst(AnalystOptions options)
    : opt_(options), threats_(options.table_bits - 2), search_(search_options(options)) {}

void Analyst::clear() {
  threats_.clear();
  search_.clear();
}

std::vector<Point> Analyst::refute(Position& pos, const std::vector<Point>& moves, bool vct,
                                   const TimeBudget& budget) {
  ThreatLimits limits;
  limits.max_depth = vct ? opt_.vct_depth : 30;
  limits.max_nodes = std::max<std::int64_t>(500, (vct ? opt_.vct_nodes : opt_.vcf_nodes) / 8);
  std::vector<Point> kept, unchecked;
  for (Point p : moves) {
    if (budget.should_stop()) {
      unchecked.push_back(p);
      continue;
    }
    pos.play(p);
    const ThreatResult r =
        vct ? threats_.vct(pos, limits, &budget) : threats_.vcf(pos, limits, &budget);
    pos.undo();
    if (r == ThreatResult::kNoWin) kept.push_back(p);
    if (r == ThreatResult::kUnknown) unchecked.push_back(p);
  }
  // Moves whose check ran out of time or nodes may still defend: after the proven ones.
  kept.insert(kept.end(), unchecked.begin(), unchecked.end());
  return kept;
}

std::vector<Point> Analyst::defence_moves(Position& pos, const std::vector<Point>& base) {
  const Colour me = pos.to_move(), them = gomoku::other(me);
  std::vector<Point> out;
  // The opponent's winning line (its threats and the answers it expects),
  // then its four points and our own fours, then the usual candidates.
  for (Point p : threats_.line())
    if (pos.playable(me, p)) add_unique(out, p);
  std::vector<Point> extra;
  pos.fours(them).for_each([&](Point p) {
    if (pos.playable(me, p)) extra.push_back(p);
  });
  pos.fours(me).for_each([&](Point p) {
    if (pos.playable(me, p)) extra.push_back(p);
  });
  std::sort(extra.begin(), extra.end(),
            [&](Point a, Point b) { return move_score(pos, a) > move_score(pos, b); });
  for (Point p : extra) add_unique(out, p);
  for (Point p : base) add_unique(out, p);
  if (out.size() > kMaxDefenceMoves) out.resize(kMaxDefenceMoves);
  return out;
}

Decision Analyst::decide(Position& pos, const TimeBudget& budget) {
  Decision d;
  std::vector<Point> moves;
  const MoveStatus status = candidate_moves(pos, opt_.root_width, moves);
  if (moves.empty()) return d;
  if (status != MoveStatus::kMoves && (status != MoveStatus::kDefend || moves.size() == 1)) {
    d.move = moves.front();
    d.reason = Reason::kForced;
    return d;
  }
  ThreatLimits vcf_limits;
  vcf_limits.max_depth = 30;
  vcf_limits.max_nodes = opt_.vcf_nodes;
  ThreatLimits vct_limits;
  vct_limits.max_depth = opt_.vct_depth;
  vct_limits.max_nodes = opt_.vct_nodes;
  if (!budget.unlimited() && opt_.max_nodes < 0) {
    vcf_limits.max_nodes = vct_limits.max_nodes = std::int64_t{1} << 40;
    vct_limits.max_depth = std::max(opt_.vct_depth, opt_.timed_vct_depth);
  }
  if (opt_.vcf) {
    const TimeBudget b = slice(budget, 0.1);
    if (threats_.vcf(pos, vcf_limits, &b) == ThreatResult::kWin) {
      d.move = threats_.first_move();
      d.reason = Reason::kVcf;
      return d;
    }
    if (opt_.defend) {
      pos.pass();
      const TimeBudget b2 = slice(budget, 0.1);
      const ThreatResult r = threats_.vcf(pos, vcf_limits, &b2);
      pos.undo_pass();
      if (r == ThreatResult::kWin) {
        d.opponent_vcf = true;
        const std::vector<Point> kept =
            refute(pos, defence_moves(pos, moves), false, slice(budget, 0.25));
        if (!kept.empty()) moves = kept;
      }
    }
  }
  if (opt_.vct) {
    const TimeBudget b = slice(budget, 0.2);
    if (threats_.vct(pos, vct_limits, &b) == ThreatResult::kWin) {
      d.move = threats_.first_move();
      d.reason = Reason::kVct;
      return d;
    }
    if (opt_.defend && !d.opponent_vcf) {
      pos.pass();
      const TimeBudget b2 = slice(budget, 0.2);
      const ThreatResult r = threats_.vct(pos, vct_limits, &b2);
      pos.undo_pass();
      if (r == ThreatResult::kWin) {
        d.opponent_vct = true;
        const std::vector<Point> kept =
            refute(pos, defence_moves(pos, moves), true, slice(budget, 0.35));
        if (!kept.empty()) moves = kept;
      }
    }
  }
  SearchOptions so = search_options(opt_);
  if (budget.unlimited()) so.max_depth = std::min(so.max_depth, opt_.unlimited_depth);
  search_.set_max_depth(so.max_depth);
  search_.set_max_nodes(opt_.max_nodes);
  search_.set_reductions(opt_.reductions);
  const SearchReport r = search_.search(pos, moves, slice(budget, 1.0));
  d.move = r.move;
  d.score = r.score;
  d.depth = r.depth;
  return d;
}

int Analyst::value(Position& pos, const TimeBudget& budget, int depth) {
  std::vector<Point> moves;
  switch (candidate_moves(pos, opt_.root_width, moves)) {
    case MoveStatus::kWinNow:
      return kWinScore - 1;
    case MoveStatus::kWinIn3:
      return kWinScore - 3;
    case MoveStatus::kLost:
      return -(kWinScore - 2);
    default:
      break;
  }
  if (moves.empty()) return 0;
  search_.set_max_depth(depth);
  search_.set_max_nodes(opt_.max_nodes);
  // Values at a fixed depth are compared with each other (the opening's
  // decisions): every move searched to the full depth.
  search_.set_reductions(false);
  return search_.search(pos, moves, budget).score;
}

}  // namespace boyi::bots::gomoku_threat
