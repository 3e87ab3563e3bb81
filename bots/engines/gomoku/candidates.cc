#include "bots/engines/gomoku/candidates.h"

#include <algorithm>
#include <array>

namespace boyi::bots::gomoku_threat {
namespace {

Point first_playable(const Position& pos, Colour c, const PointSet& set) {
  Point out = gomoku::kNoPoint;
  set.for_each([&](Point p) {
    if (out == gomoku::kNoPoint && pos.playable(c, p)) out = p;
  });
  return out;
}

// The best `keep` of moves by score, best first (the rest dropped).
void sort_by_score(const Position& pos, std::vector<Point>& moves,
                   std::size_t keep = gomoku::kPoints) {
  std::array<std::pair<int, Point>, gomoku::kPoints> scored;
  const std::size_t n = moves.size();
  for (std::size_t i = 0; i < n; ++i) scored[i] = {move_score(pos, moves[i]), moves[i]};
  keep = std::min(keep, n);
  std::partial_sort(scored.begin(), scored.begin() + keep, scored.begin() + n,
                    [](const auto& a, const auto& b) {
                      return a.first != b.first ? a.first > b.first : a.second < b.second;
                    });
  moves.resize(keep);
  for (std::size_t i = 0; i < keep; ++i) moves[i] = scored[i].second;
}

}  // namespace

int move_score(const Position& pos, Point p) {
  const Colour me = pos.to_move(), them = gomoku::other(me);
  return pos.value(me, p) * 5 / 4 + pos.value(them, p);
}

MoveStatus candidate_moves(const Position& pos, int width, std::vector<Point>& moves,
                           bool quiet_list) {
  moves.clear();
  const Colour me = pos.to_move(), them = gomoku::other(me);
  if (const Point p = first_playable(pos, me, pos.fives(me)); p != gomoku::kNoPoint) {
    moves.push_back(p);
    return MoveStatus::kWinNow;
  }
  const PointSet& their_fives = pos.fives(them);
  if (!their_fives.empty()) {
    Point block = gomoku::kNoPoint;
    their_fives.for_each([&](Point p) {
      if (block == gomoku::kNoPoint) block = p;
    });
    if (their_fives.size() == 1 && pos.playable(me, block)) {
      moves.push_back(block);
      return MoveStatus::kDefend;
    }
    // Lost: still answer with something playable (the opponent may miss it).
    pos.near().for_each([&](Point p) {
      if (pos.playable(me, p)) moves.push_back(p);
    });
    sort_by_score(pos, moves, 1);
    return MoveStatus::kLost;
  }
  if (const Point p = first_playable(pos, me, pos.flex_fours(me)); p != gomoku::kNoPoint) {
    moves.push_back(p);
    return MoveStatus::kWinIn3;
  }
  if (first_playable(pos, them, pos.flex_fours(them)) != gomoku::kNoPoint) {
    // An open three (or a flex four in one move): stop it or keep the initiative with fours.
    PointSet answers = pos.fours(them);
    pos.fours(me).for_each([&](Point p) { answers.insert(p); });
    answers.for_each([&](Point p) {
      if (pos.playable(me, p)) moves.push_back(p);
    });
    sort_by_score(pos, moves);
    if (!moves.empty()) return MoveStatus::kDefend;
    pos.near().for_each([&](Point p) {
      if (pos.playable(me, p)) moves.push_back(p);
    });
    sort_by_score(pos, moves, 1);
    return MoveStatus::kLost;
  }
  if (!quiet_list) return MoveStatus::kMoves;
  pos.near().for_each([&](Point p) {
    if (pos.playable(me, p)) moves.push_back(p);
  });
  if (moves.empty() && pos.stones() == 0) moves.push_back(gomoku::kH8);
  sort_by_score(pos, moves, static_cast<std::size_t>(std::max(width, 1)));
  return MoveStatus::kMoves;
}

}  // namespace boyi::bots::gomoku_threat
