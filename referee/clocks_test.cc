// MatchClocks alone: charging, the grace boundary, increments at the end of a
// turn (up to the largest clock), per-move limits, two clocks running at once.
#include "referee/clocks.h"

#include <gtest/gtest.h>

#include "referee/clock_limit.h"
#include "referee/test_support.h"

namespace boyi::referee {
namespace {

using testing::at_ms;
using Kind = ClockDeadline::Kind;

TimeControl tc(std::int64_t total, std::int64_t per_move = 0, std::int64_t inc = 0,
               std::int64_t grace = 0) {
  return {total, per_move, inc, grace};
}

TEST(RefereeClocks, ChargesTheMoverAndAddsTheIncrementWhenItsTurnEnds) {
  MatchClocks c(tc(10'000, 0, 2'000));
  c.start({true, false}, at_ms(0));
  EXPECT_TRUE(c.running(0));
  EXPECT_FALSE(c.running(1));
  EXPECT_EQ(c.remaining_at(0, at_ms(3'000)), 7'000);
  EXPECT_EQ(c.remaining_at(1, at_ms(3'000)), 10'000);
  EXPECT_EQ(c.on_action(0, {false, true}, at_ms(3'000)), 3'000);
  EXPECT_EQ(c.remaining_at(0, at_ms(5'000)), 9'000);  // 7 s + 2 s, stopped
  EXPECT_EQ(c.remaining_at(1, at_ms(5'000)), 8'000);  // running since 3 s
  EXPECT_EQ(c.on_action(1, {true, false}, at_ms(5'500)), 2'500);
  EXPECT_EQ(c.remaining_at(1, at_ms(9'000)), 9'500);
}

TEST(RefereeClocks, IncrementsStopAtTheLargestClock) {
  MatchClocks c(tc(kMaxTotalMs, 0, kMaxTotalMs));
  c.restore({kMaxClockMs - 1'000, kMaxTotalMs});
  c.start({true, false}, at_ms(0));
  c.on_action(0, {false, true}, at_ms(0));
  EXPECT_EQ(c.remaining_at(0, at_ms(0)), kMaxClockMs);
}

TEST(RefereeClocks, SubMillisecondRemaindersAreNotLost) {
  MatchClocks c(tc(10'000));
  c.start({true, false}, at_ms(0));
  const auto half = std::chrono::microseconds(500);
  // Two 1.5 ms stretches in one turn charge 3 ms, not 2: the first charges 1 ms
  // and carries 0.5 ms over into the second.
  EXPECT_EQ(c.on_action(0, {true, false}, at_ms(1) + half), 1);
  EXPECT_EQ(c.on_action(0, {false, true}, at_ms(3)), 2);
  EXPECT_EQ(c.remaining_at(0, at_ms(100)), 10'000 - 3);
}

TEST(RefereeClocks, FlagDeadlineIsJustPastTheGrace) {
  MatchClocks c(tc(10'000, 0, 0, 500));
  c.start({true, false}, at_ms(0));
  auto d = c.deadlines();
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].at, at_ms(10'501));
  EXPECT_EQ(d[0].seat, 0);
  EXPECT_EQ(d[0].kind, Kind::kFlag);
  // Moving exactly at the end of the grace is in time; the clock shows 0.
  EXPECT_EQ(c.on_action(0, {false, true}, at_ms(10'500)), 10'500);
  EXPECT_EQ(c.remaining_at(0, at_ms(20'000)), 0);
  EXPECT_EQ(c.reading(at_ms(10'500)).remaining_ms[0], 0);
}

TEST(RefereeClocks, PerMoveLimitRestartsEachTurnButNotWithinATurn) {
  MatchClocks c(tc(100'000, 5'000, 0, 100));
  c.start({true, false}, at_ms(0));
  auto d = c.deadlines();
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].kind, Kind::kPerMove);
  EXPECT_EQ(d[0].at, at_ms(5'101));
  // An extra action in the same turn (a 点格棋 box) does not restart the limit.
  c.on_action(0, {true, false}, at_ms(3'000));
  EXPECT_EQ(c.deadlines()[0].at, at_ms(5'101));
  EXPECT_EQ(c.reading(at_ms(4'000)).move_remaining_ms[0], 1'000);
  c.on_action(0, {false, true}, at_ms(4'000));
  d = c.deadlines();
  EXPECT_EQ(d[0].seat, 1);
  EXPECT_EQ(d[0].at, at_ms(9'101));
  EXPECT_EQ(c.reading(at_ms(4'000)).move_remaining_ms[0], -1);
}

TEST(RefereeClocks, BothRunDuringSimultaneousActionAndStopIndependently) {
  MatchClocks c(tc(60'000, 0, 1'000));
  c.start({true, true}, at_ms(0));
  EXPECT_EQ(c.deadlines().size(), 2u);
  c.on_action(1, {true, false}, at_ms(10'000));  // seat 1 deployed first
  EXPECT_EQ(c.remaining_at(1, at_ms(30'000)), 51'000);
  EXPECT_EQ(c.remaining_at(0, at_ms(30'000)), 30'000);
  c.on_action(0, {true, false}, at_ms(30'000));  // seat 0 deployed and moves first
  EXPECT_TRUE(c.running(0));
  EXPECT_EQ(c.remaining_at(0, at_ms(30'000)), 30'000);  // no increment: its turn goes on
  ASSERT_EQ(c.deadlines().size(), 1u);
}

TEST(RefereeClocks, NoIncrementAfterTheLastActionAndStopFreezes) {
  MatchClocks c(tc(10'000, 0, 3'000));
  c.start({true, false}, at_ms(0));
  c.on_action(0, {false, false}, at_ms(1'000));
  EXPECT_EQ(c.remaining_at(0, at_ms(5'000)), 9'000);
  EXPECT_TRUE(c.deadlines().empty());
  MatchClocks d(tc(10'000));
  d.start({true, true}, at_ms(0));
  d.stop(at_ms(2'000));
  EXPECT_EQ(d.remaining_at(at_ms(9'000)), (std::array<std::int64_t, 2>{8'000, 8'000}));
}

TEST(RefereeClocks, ActionsWithinATurnShareOneGrace) {
  // 10 s, a 1 s grace: the flag falls at 11.001 s whether the turn is sent whole or edge by
  // edge; an action inside the grace does not give the rest of the turn a new one.
  MatchClocks c(tc(10'000, 0, 0, 1'000));
  c.start({true, false}, at_ms(0));
  EXPECT_EQ(c.deadlines()[0].at, at_ms(11'001));
  c.on_action(0, {true, false}, at_ms(10'900));  // a box claimed inside the grace
  EXPECT_EQ(c.remaining_at(0, at_ms(10'900)), -900);
  EXPECT_EQ(c.reading(at_ms(10'900)).remaining_ms[0], 0);
  EXPECT_EQ(c.deadlines()[0].at, at_ms(11'001));
  c.on_action(0, {false, true}, at_ms(11'000));  // the turn ends inside the grace: shown as 0
  EXPECT_EQ(c.remaining_at(0, at_ms(20'000)), 0);
}

TEST(RefereeClocks, ElapsedCountsTheWholeThinkingTimeAcrossAddedTimeAndPauses) {
  MatchClocks c(tc(100'000));
  c.start({true, false}, at_ms(0));
  c.add(0, 60'000, at_ms(50'000));
  EXPECT_EQ(c.on_action(0, {false, true}, at_ms(60'000)), 60'000);
  EXPECT_EQ(c.remaining_at(0, at_ms(60'000)), 100'000);
  // Seat 1 thinks 30 s, the match is paused 100 s, then it moves 5 s after the unpause.
  c.pause(at_ms(90'000));
  c.unpause(at_ms(190'000));
  EXPECT_EQ(c.on_action(1, {true, false}, at_ms(195'000)), 35'000);
  EXPECT_EQ(c.remaining_at(1, at_ms(195'000)), 65'000);
  // Within a turn an action is timed from the seat's previous one.
  EXPECT_EQ(c.on_action(0, {true, false}, at_ms(197'000)), 2'000);
  EXPECT_EQ(c.on_action(0, {false, true}, at_ms(198'500)), 1'500);
}

}  // namespace
}  // namespace boyi::referee
