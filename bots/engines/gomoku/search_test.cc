// The `threat` engine's alpha-beta: what its refinements may not change (a
// win it claims is real, whichever of them is on) and what one of them adds
// (the quiescence of fours proves wins past the horizon).
#include <gtest/gtest.h>

#include "bots/engines/gomoku/candidates.h"
#include "bots/engines/gomoku/search.h"
#include "bots/engines/gomoku/test_playout.h"
#include "bots/engines/gomoku/test_positions.h"
#include "bots/search/common.h"

namespace boyi::bots::gomoku_threat {
namespace {

using gomoku::State;
using testing::random_position;

SearchOptions options(int depth, bool refined) {
  SearchOptions o;
  o.max_depth = depth;
  o.table_bits = 16;
  o.reductions = o.quiescence_fours = o.history = o.aspiration = refined;
  return o;
}

SearchReport search(const State& s, const SearchOptions& o) {
  Position pos(s);
  std::vector<Point> moves;
  candidate_moves(pos, 16, moves);
  AlphaBetaSearch ab(o);
  return ab.search(pos, moves, TimeBudget{});
}

// The side that claimed a win keeps searching and playing its best move (a five
// or a flex four unsearched, as the engine plays them).
bool claimed_win_plays_out(const State& s, const SearchOptions& o) {
  return testing::attacker_wins_against_the_engine(s, [&](Position& pos) -> std::optional<Point> {
    std::vector<Point> moves;
    const MoveStatus status = candidate_moves(pos, 16, moves);
    if (status == MoveStatus::kWinNow || status == MoveStatus::kWinIn3) return moves.front();
    AlphaBetaSearch ab(o);
    const SearchReport r = ab.search(pos, moves, TimeBudget{});
    if (r.score <= kWinThreshold) return std::nullopt;  // the claim did not hold up
    return r.move;
  });
}

TEST(ThreatAlphaBeta, EveryClaimedWinHoldsAgainstADefendingEngine) {
  Rng rng(21);
  for (const char* rule : {"rule=renju", "rule=freestyle"}) {
    int wins = 0;
    for (int i = 0; i < 120 && wins < 6; ++i) {
      const State s = random_position(rng, rule, 10 + static_cast<int>(rng.below(10)));
      if (s.is_terminal()) continue;
      const SearchOptions o = options(3, true);
      if (search(s, o).score <= kWinThreshold) continue;
      ++wins;
      EXPECT_TRUE(claimed_win_plays_out(s, o)) << rule << "\n" << s.to_text();
    }
    EXPECT_EQ(wins, 6) << rule;
  }
}

TEST(ThreatAlphaBeta, TheFoursPastTheHorizonProveWinsAShallowSearchMisses) {
  // At depth 1 a plain search sees one move and the forced replies; with the
  // quiescence of fours it follows the mover's fours to their end.
  Rng rng(33);
  int plain = 0, with_fours = 0;
  for (int i = 0; i < 200; ++i) {
    const State s = random_position(rng, "rule=renju", 12 + static_cast<int>(rng.below(10)));
    if (s.is_terminal()) continue;
    SearchOptions o = options(1, false);
    plain += search(s, o).score > kWinThreshold;
    o.quiescence_fours = true;
    const bool won = search(s, o).score > kWinThreshold;
    with_fours += won;
    if (won) {
      EXPECT_TRUE(claimed_win_plays_out(s, o)) << s.to_text();
    }
  }
  EXPECT_GT(with_fours, plain);
}

}  // namespace
}  // namespace boyi::bots::gomoku_threat
