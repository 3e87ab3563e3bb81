// The deadline watch keeps twice the longest pause between its polls back from the hard
// deadline, at most a quarter of the hard span; without a deadline it never stops.
#include "bots/search/deadline_watch.h"

#include <gtest/gtest.h>

namespace boyi::bots {
namespace {

TEST(DeadlineWatch, StopsEarlyByTwiceTheLongestPause) {
  FakeClock clock;
  const TimeBudget budget(TimeControl::per_move(1000, 0), clock);
  DeadlineWatch watch(budget);
  for (int i = 0; i < 10; ++i) {
    clock.advance_ms(10);
    EXPECT_FALSE(watch.should_stop()) << i;
  }
  EXPECT_EQ(watch.reserve_ns(), 20'000'000);
  clock.advance_ms(60);  // at 160 ms: a longer pause
  EXPECT_FALSE(watch.should_stop());
  EXPECT_EQ(watch.reserve_ns(), 120'000'000);
  clock.advance_ms(500);  // at 660 ms: longer than the cap allows
  EXPECT_FALSE(watch.should_stop());
  EXPECT_EQ(watch.reserve_ns(), 250'000'000);
  clock.advance_ms(100);  // at 760 ms: 760 + 250 >= 1000
  EXPECT_TRUE(watch.should_stop());
}

TEST(DeadlineWatch, TheReserveBringsTheStopForward) {
  FakeClock clock;
  const TimeBudget budget(TimeControl::per_move(100, 0), clock);
  DeadlineWatch watch(budget);
  clock.advance_ms(10);
  EXPECT_FALSE(watch.should_stop());  // the first poll: no interval yet
  EXPECT_EQ(watch.reserve_ns(), 0);
  clock.advance_ms(60);               // at 70 ms: reserve min(120, 25) = 25 ms, 95 < 100
  EXPECT_FALSE(watch.should_stop());
  clock.advance_ms(6);  // at 76 ms: 76 + 25 >= 100
  EXPECT_TRUE(watch.should_stop());
  EXPECT_TRUE(watch.soft_expired());
}

TEST(DeadlineWatch, NoDeadlineNoStopButTheSignal) {
  TimeBudget budget;
  StopSignal stop;
  budget.set_stop(&stop);
  DeadlineWatch watch(budget);
  EXPECT_FALSE(watch.should_stop());
  EXPECT_FALSE(watch.soft_expired());
  stop.raise();
  EXPECT_TRUE(watch.should_stop());
}

}  // namespace
}  // namespace boyi::bots
