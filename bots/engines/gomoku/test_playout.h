// Helper of the `threat` engine's tests: a claimed win played out against the
// whole engine defending.
#pragma once

#include <optional>

#include "bots/engines/gomoku/analyst.h"
#include "engine/gomoku/gomoku.h"

namespace boyi::bots::gomoku_threat::testing {

// The side to move in `s` claims a win. It plays `attack(pos)` on each of its turns
// (nullopt: the claim did not hold up, and the play-out fails); the other side
// defends with the whole engine (threat searches and a short alpha-beta). True
// when the attacker wins within 60 plies.
template <class Attack>
bool attacker_wins_against_the_engine(gomoku::State s, Attack&& attack) {
  const Seat attacker = s.to_move();
  AnalystOptions d;
  d.unlimited_depth = 2;
  d.vcf_nodes = 4000;
  d.vct_nodes = 2000;
  Analyst defender(d);
  const TimeBudget unlimited;
  for (int turn = 0; turn < 60 && !s.is_terminal(); ++turn) {
    Position pos(s);
    Point p;
    if (s.to_move() == attacker) {
      const std::optional<Point> move = attack(pos);
      if (!move) return false;
      p = *move;
    } else {
      p = defender.decide(pos, unlimited).move;
    }
    if (!s.apply_checked(s.to_move(), gomoku::Move::place(p))) return false;
  }
  return s.is_terminal() && s.outcome().winner == attacker;
}

}  // namespace boyi::bots::gomoku_threat::testing
