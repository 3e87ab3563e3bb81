#include "bots/engines/gomoku/opening.h"

#include <algorithm>
#include <cstdlib>

#include "bots/engines/gomoku/candidates.h"
#include "bots/engines/gomoku/ccgc_book.h"

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
// Without the book: black's advantage that counts as balanced after stone 3 (evaluation
// units), about the median over the 26 standard openings by these searches (black has a stone
// more at their leaves).
constexpr int kSwapMargin = 335;

// Openings whose expected scores differ by less than this are equally balanced: the player
// picks among them at random, so that its games do not all start alike.
constexpr double kBalanceTie = 0.02;

std::vector<Move> legal(const State& s) {
  State::MoveList list;
  s.legal_moves(list);
  return {list.begin(), list.end()};
}

// The one stone of `colour` on the board other than H8 (the opening's stone 2 or 3).
Point stone_besides_centre(const State& s, Colour colour) {
  for (int p = 0; p < gomoku::kPoints; ++p) {
    const auto point = static_cast<Point>(p);
    if (point != gomoku::kH8 && s.at(point) == gomoku::stone_of(colour)) return point;
  }
  return gomoku::kNoPoint;
}

// How far from even black's game is after three stones (0 even, 0.5 a sure result); an
// opening outside the book counts as the least balanced.
double imbalance(Point white, Point black) {
  const BookOpening* opening = find_opening(white, black);
  return opening ? std::abs(expected_black_score(*opening) - 0.5) : 0.5;
}

}  // namespace

OpeningPlayer::OpeningPlayer(AnalystOptions options, std::uint64_t seed)
    : book_(options.opening_book), rng_(seed), analyst_([&] {
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
      return book_ ? second_stone(s) : second_stone_by_search(s, budget);
    case Step::kStone3:
      return book_ ? third_stone(s) : third_stone_by_search(s, budget);
    case Step::kSwap:
      if (book_) return swap_or_keep(s);
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

Move OpeningPlayer::pick_balanced(const std::vector<std::pair<Move, double>>& scored, bool most) {
  double best = scored.front().second;
  for (const auto& [m, v] : scored) best = most ? std::max(best, v) : std::min(best, v);
  std::vector<Move> ties;
  for (const auto& [m, v] : scored)
    if (std::abs(v - best) < kBalanceTie) ties.push_back(m);
  return ties[rng_.below(static_cast<std::uint32_t>(ties.size()))];
}

Move OpeningPlayer::second_stone(const State& s) {
  // Black will make the most balanced opening it can after this stone, and white then takes
  // the better side by swap or keep: so white wants the stone after which black's best
  // balance is worst.
  std::vector<std::pair<Move, double>> scored;
  for (const Move& m : legal(s)) {
    State next = s;
    if (!next.apply_checked(next.to_move(), m)) continue;
    double best = 0.5;
    for (const Move& third : legal(next)) best = std::min(best, imbalance(m.point, third.point));
    scored.emplace_back(m, best);
  }
  return pick_balanced(scored, /*most=*/true);
}

Move OpeningPlayer::third_stone(const State& s) {
  // The seat playing white may swap and take whichever side is better: the most balanced
  // opening leaves it the least.
  const Point white = stone_besides_centre(s, Colour::kWhite);
  std::vector<std::pair<Move, double>> scored;
  for (const Move& m : legal(s)) scored.emplace_back(m, imbalance(white, m.point));
  return pick_balanced(scored, /*most=*/false);
}

Move OpeningPlayer::swap_or_keep(const State& s) const {
  const BookOpening* opening = find_opening(stone_besides_centre(s, Colour::kWhite),
                                            stone_besides_centre(s, Colour::kBlack));
  // Every ccgc opening is in the book; were one not, white keeps the colour it was given.
  return opening && expected_black_score(*opening) > 0.5 ? Move::swap() : Move::keep();
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

// ---- Without the book (book=0): each decision from searches of the three stones. ----

Move OpeningPlayer::second_stone_by_search(const State& s, const TimeBudget& budget) {
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

Move OpeningPlayer::third_stone_by_search(const State& s, const TimeBudget& budget) {
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

}  // namespace boyi::bots::gomoku_threat
