// Time budgets: the arithmetic of the deadlines, that a search driven by a fake clock stops at
// the hard deadline, and the margin that learns from late answers.
#include "bots/search/time_budget.h"

#include <gtest/gtest.h>

#include "bots/games/heuristics.h"
#include "bots/search/adaptive_margin.h"
#include "bots/search/alphabeta.h"
#include "bots/search/mcts.h"

namespace boyi::bots {
namespace {

TEST(TimeBudget, HardLimitIsTheTighterOfMoveAndBankLessTheMargin) {
  TimeControl tc;
  tc.per_move_ms = 1000;
  tc.bank_ms = 5000;
  tc.safety_margin_ms = 50;
  EXPECT_EQ(TimeBudget::hard_limit_ms(tc), 950);
  tc.bank_ms = 300;
  EXPECT_EQ(TimeBudget::hard_limit_ms(tc), 250);
  tc.bank_ms = 20;  // less than the margin: answer at once
  EXPECT_EQ(TimeBudget::hard_limit_ms(tc), 0);
  EXPECT_EQ(TimeBudget::hard_limit_ms(TimeControl::unlimited()), -1);
  EXPECT_EQ(TimeBudget::soft_limit_ms(TimeControl::unlimited()), -1);
}

TEST(TimeBudget, SoftLimitSharesTheBankAndNeverPassesTheHardOne) {
  TimeControl tc;
  tc.bank_ms = 60'000;
  tc.increment_ms = 1000;
  tc.moves_to_go = 20;
  tc.safety_margin_ms = 0;
  EXPECT_EQ(TimeBudget::soft_limit_ms(tc), 60'000 / 20 + 750);
  // Over a grid of controls the soft limit is never past the hard one, and the
  // hard one is never past the per-move limit or the bank less the margin.
  for (Millis per_move : {-1, 0, 10, 500, 10'000})
    for (Millis bank : {-1, 0, 5, 100, 1000, 900'000})
      for (Millis inc : {0, 100, 5000})
        for (int mtg : {0, 1, 40})
          for (Millis margin : {0, 30, 200}) {
            TimeControl c{per_move, bank, inc, mtg, margin};
            const Millis hard = TimeBudget::hard_limit_ms(c), soft = TimeBudget::soft_limit_ms(c);
            if (per_move < 0 && bank < 0) {
              EXPECT_EQ(hard, -1);
              continue;
            }
            EXPECT_GE(hard, 0);
            EXPECT_LE(soft, hard);
            EXPECT_GE(soft, 0);
            if (per_move >= 0) {
              EXPECT_LE(hard, std::max<Millis>(0, per_move - margin));
            }
            if (bank >= 0) {
              EXPECT_LE(hard, std::max<Millis>(0, bank - margin));
            }
          }
}

TEST(TimeBudget, FakeClockDrivesTheDeadlines) {
  FakeClock clock;
  TimeBudget b(TimeControl::per_move(100, 10), clock);
  EXPECT_FALSE(b.should_stop());
  EXPECT_FALSE(b.soft_expired());
  clock.advance_ms(89);
  EXPECT_FALSE(b.should_stop());
  clock.advance_ms(1);
  EXPECT_TRUE(b.should_stop());
  EXPECT_TRUE(b.soft_expired());
  const TimeBudget half = TimeBudget(TimeControl::per_move(100, 0), clock).share(0.5);
  EXPECT_EQ(half.soft_deadline_ns() - clock.peek_ns(), 50'000'000 - 0);
}

// A searcher stops at its first poll past the hard deadline: with a clock
// advancing 250 µs per read, it returns a legal move having read the clock at
// most twice past the deadline.
TEST(TimeBudget, SearchesStopAtTheHardDeadline) {
  const auto start = gomoku::State(gomoku::Rules{});
  gomoku::State s = start;
  s.apply(gomoku::Move::place(gomoku::kH8));
  for (Millis limit : {0, 1, 5, 20}) {
    FakeClock clock(250'000);  // 250 µs per read
    const TimeBudget budget(TimeControl::per_move(limit, 0), clock);
    AlphaBeta<gomoku::State> ab(default_alphabeta_hooks<gomoku::State>());
    const auto r = ab.search(s, budget);
    EXPECT_TRUE(r.has_move);
    EXPECT_TRUE(s.check(s.to_move(), r.move).ok());
    EXPECT_LE(clock.peek_ns() - budget.hard_deadline_ns(), 2 * 250'000) << "limit " << limit;

    FakeClock clock2(250'000);
    const TimeBudget budget2(TimeControl::per_move(limit, 0), clock2);
    Mcts<gomoku::State> mcts({}, default_mcts_hooks<gomoku::State>(), 7);
    const auto m = mcts.search(s, budget2);
    EXPECT_TRUE(m.has_move);
    EXPECT_LE(clock2.peek_ns() - budget2.hard_deadline_ns(), 2 * 250'000) << "limit " << limit;
  }
}

// A raised stop signal (or its parent) ends a search at its next poll, long before its
// deadline, and a share of the budget keeps the signal.
TEST(TimeBudget, AStopSignalEndsTheSearchAtOnce) {
  StopSignal server;
  StopSignal match(&server);
  FakeClock clock(1'000);  // 1 µs per read: an hour of budget is far away
  TimeBudget budget(TimeControl::per_move(3'600'000, 0), clock);
  budget.set_stop(&match);
  EXPECT_FALSE(budget.should_stop());
  EXPECT_FALSE(budget.share(0.5).soft_expired());
  server.raise();
  EXPECT_TRUE(match.raised());
  EXPECT_TRUE(budget.should_stop());
  EXPECT_TRUE(budget.soft_expired());
  EXPECT_TRUE(budget.share(0.5).should_stop());

  gomoku::State s{gomoku::Rules{}};
  s.apply(gomoku::Move::place(gomoku::kH8));
  AlphaBeta<gomoku::State> ab(default_alphabeta_hooks<gomoku::State>());
  const auto r = ab.search(s, budget);
  ASSERT_TRUE(r.has_move);  // it still answers, with a legal move
  EXPECT_TRUE(s.check(s.to_move(), r.move).ok());
  EXPECT_LT(clock.reads(), 1000) << "the search went on after the stop";
}

TEST(AdaptiveMargin, GrowsWithLatenessAndShrinksWithAnswersInTime) {
  AdaptiveMargin m;
  EXPECT_EQ(m.extra_ms(1000), 0);
  m.observe(-100);  // inside the deadline: nothing to learn
  EXPECT_EQ(m.extra_ms(1000), 0);
  m.observe(40);  // 40 ms late: keep twice that back
  EXPECT_EQ(m.extra_ms(1000), 80);
  EXPECT_EQ(m.extra_ms(200), 50);  // never more than a quarter of the limit
  EXPECT_EQ(m.extra_ms(-1), 80);
  m.observe(-5);
  EXPECT_EQ(m.extra_ms(1000), 60);  // a quarter less for an answer in time
  m.observe(10);                    // a smaller lateness does not undo what was learnt
  EXPECT_EQ(m.extra_ms(1000), 45);
  for (int i = 0; i < 30; ++i) m.observe(-50);
  EXPECT_EQ(m.extra_ms(1000), 0);
}

}  // namespace
}  // namespace boyi::bots
