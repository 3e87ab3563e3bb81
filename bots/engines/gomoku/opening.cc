#include "bots/engines/gomoku/opening.h"

#include <algorithm>
#include <cstdlib>

#include "bots/engines/gomoku/candidates.h"

namespace boyi::bots::gomoku_threat {
namespace {

using gomoku::Move;
using gomoku::State;
using gomoku::Step;

// Every candidate is searched to the same even depth, so that their values are
// comparable (the evaluation favours the side to move at the leaves); with
// little time per candidate, a shallower one.
constexpr int kDepth = 4;
constexpr int kShallowDepth = 2;
constexpr Millis kDeepMillis = 40;  // per candidate, for kDepth
constexpr std::size_t kOfferCandidates = 12;

std::vector<Move> legal(const State& s) {
  State::MoveList list;
  s.legal_moves(list);
  return {list.begin(), list.end()};
}

}  // namespace

OpeningPlayer::OpeningPlayer(AnalystOptions options)
    : analyst_([&] {
        options.table_bits = 16;
        // No bonus for the side to move: a bonus that large makes values at
        // leaves of different parity (a threat answered past the horizon)
        // incomparable, and here every candidate must be weighed alike.
        options.weights.own_percent = 100;
        options.weights.best_percent = 0;
        return options;
      }()) {}

int OpeningPlayer::depth_for(const TimeBudget& budget, std::size_t candidates) const {
  if (budget.unlimited()) return kDepth;
  const std::int64_t left_ns = budget.soft_deadline_ns() - budget.clock().now_ns();
  const auto per_candidate_ms =
      left_ns / 1'000'000 / static_cast<std::int64_t>(std::max<std::size_t>(candidates, 1));
  return per_candidate_ms >= kDeepMillis ? kDepth : kShallowDepth;
}

int OpeningPlayer::value(Position& pos, const TimeBudget& budget, int depth) {
  analyst_.clear();
  return analyst_.value(pos, budget, depth);
}

Move OpeningPlayer::choose(const State& s, const TimeBudget& budget) {
  switch (s.step()) {
    case Step::kStone1:
      return Move::place(gomoku::kH8);
    case Step::kStone2:
      return second_stone(s, budget);
    case Step::kStone3:
      return third_stone(s, budget);
    case Step::kSwap:
      return black_advantage(s, slice(budget, 0.9)) > kSwapMargin ? Move::swap() : Move::keep();
    case Step::kOffer:
      return offer(s, budget);
    case Step::kChoose:
      return pick(s, budget);
    default:
      break;
  }
  const auto moves = legal(s);
  return moves.empty() ? Move{} : moves.front();
}

Move OpeningPlayer::second_stone(const State& s, const TimeBudget& budget) {
  // The neighbours of H8 fall into two classes (direct and diagonal); one of each.
  const std::array<Point, 2> tries = {gomoku::make_point(7, 8), gomoku::make_point(8, 8)};
  Point best = tries[0];
  int best_value = 0;
  const int depth = depth_for(budget, tries.size());
  for (std::size_t i = 0; i < tries.size(); ++i) {
    Position pos(s, analyst_.options().weights);
    pos.play(tries[i]);
    const int black = value(pos, slice(budget, 0.9 / static_cast<double>(tries.size() - i)), depth);
    if (i == 0 || black < best_value) {
      best = tries[i];
      best_value = black;
    }
  }
  return Move::place(best);
}

int OpeningPlayer::black_advantage(const State& s, const TimeBudget& budget) {
  Position pos(s, analyst_.options().weights);
  if (pos.to_move() == Colour::kBlack) pos.pass();  // white is to play stone 4
  return -value(pos, budget, depth_for(budget, 1));
}

Move OpeningPlayer::third_stone(const State& s, const TimeBudget& budget) {
  const auto moves = legal(s);
  Move best = moves.front();
  int best_gap = 0;
  const int depth = depth_for(budget, moves.size());
  for (std::size_t i = 0; i < moves.size(); ++i) {
    Position pos(s, analyst_.options().weights);
    pos.play(moves[i].point);
    const TimeBudget b = slice(budget, 0.9 / static_cast<double>(moves.size() - i));
    const int advantage = -value(pos, b, depth);
    const int gap = std::abs(advantage - kSwapMargin);
    if (i == 0 || gap < best_gap) {
      best = moves[i];
      best_gap = gap;
    }
  }
  return best;
}

std::vector<std::pair<Point, int>> OpeningPlayer::rank_offers(const State& s,
                                                              const TimeBudget& budget) {
  Position pos(s, analyst_.options().weights);
  std::vector<Point> points;
  for (const Move& m : legal(s))
    if (m.action == gomoku::Action::kOffer && pos.near().contains(m.point))
      points.push_back(m.point);
  std::sort(points.begin(), points.end(), [&](Point a, Point b) {
    const int sa = move_score(pos, a), sb = move_score(pos, b);
    return sa != sb ? sa > sb : a < b;
  });
  if (points.size() > kOfferCandidates) points.resize(kOfferCandidates);
  std::vector<std::pair<Point, int>> ranked;
  const int depth = depth_for(budget, points.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    pos.play(points[i]);
    const TimeBudget b = slice(budget, 0.9 / static_cast<double>(points.size() - i));
    ranked.emplace_back(points[i], -value(pos, b, depth));
    pos.undo();
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  return ranked;
}

Move OpeningPlayer::offer(const State& s, const TimeBudget& budget) {
  const std::uint64_t key = Position(s, analyst_.options().weights).hash() ^
                            static_cast<std::uint64_t>(s.rules().fifth_n);
  if (s.offer_count() == 0 || key != plan_key_ || plan_.empty()) {
    plan_.clear();
    for (const auto& [p, v] : rank_offers(s, budget)) plan_.push_back(p);
    plan_key_ = key;
  }
  const auto moves = legal(s);
  for (Point p : plan_)
    for (const Move& m : moves)
      if (m.point == p) return m;
  // Every planned point is taken or mirrors an offer: the best other legal one.
  const Position pos(s, analyst_.options().weights);
  Move best = moves.front();
  int best_score = -1;
  for (const Move& m : moves) {
    const int v = move_score(pos, m.point);
    if (v > best_score) {
      best = m;
      best_score = v;
    }
  }
  return best;
}

Move OpeningPlayer::pick(const State& s, const TimeBudget& budget) {
  const auto moves = legal(s);
  Move best = moves.front();
  int best_value = 0;
  const int depth = depth_for(budget, moves.size());
  for (std::size_t i = 0; i < moves.size(); ++i) {
    Position pos(s, analyst_.options().weights);
    pos.pass();  // black's stone 5, then white to move
    pos.play(moves[i].point);
    const TimeBudget b = slice(budget, 0.9 / static_cast<double>(moves.size() - i));
    const int white = value(pos, b, depth);
    if (i == 0 || white > best_value) {
      best = moves[i];
      best_value = white;
    }
  }
  return best;
}

}  // namespace boyi::bots::gomoku_threat
