// The arbiter: a pause stops both clocks and every deadline and refuses actions without
// counting them, an unpause goes on where the clocks stood (the turn's per-move limit too),
// added time is added (up to the largest clock), a decision ends the match, and a restart keeps
// all of it.
#include <gtest/gtest.h>

#include "referee/clock_limit.h"
#include "referee/test_support.h"

namespace boyi::referee {
namespace {

using testing::FakeClock;
using testing::make;

MatchConfig gomoku_with_moves(std::int64_t per_move_ms = 0) {
  MatchConfig c = testing::config("gomoku", "rule=freestyle opening=free", 60'000);
  c.time.per_move_ms = per_move_ms;
  return c;
}

TEST(RefereeArbiter, APauseStopsTheClocksAndRefusesActionsUncounted) {
  MemoryJournal journal;
  FakeClock clock;
  auto r = make(gomoku_with_moves(), journal, clock.now);
  ASSERT_TRUE(r->submit(0, "H8", clock.advance(1'000)).accepted());
  clock.advance(2'000);  // seat 1 thinks 2 s
  ASSERT_TRUE(r->pause(clock.now).ok());
  EXPECT_TRUE(r->paused());
  EXPECT_FALSE(r->pause(clock.now).ok());  // already
  EXPECT_EQ(r->next_deadline(), std::nullopt);
  clock.advance(600'000);  // far past any flag
  ASSERT_TRUE(r->tick(clock.now).ok());
  EXPECT_FALSE(r->finished());
  EXPECT_EQ(r->clocks(clock.now).remaining_ms[1], 58'000);
  const auto refused = r->submit(1, "H9", clock.now);
  EXPECT_EQ(refused.status, SubmitResult::Status::kPaused);
  EXPECT_EQ(r->attempts_used(1), 0);
  EXPECT_FALSE(r->propose(1, ProposalKind::kDraw, clock.now).ok());
  ASSERT_TRUE(r->unpause(clock.advance(1)).ok());
  EXPECT_FALSE(r->unpause(clock.now).ok());  // not paused
  ASSERT_TRUE(r->submit(1, "H9", clock.advance(500)).accepted());
  EXPECT_EQ(r->clocks(clock.now).remaining_ms[1], 57'500);
}

TEST(RefereeArbiter, AnUnpausedTurnKeepsWhatItHadUsedOfThePerMoveLimit) {
  MemoryJournal journal;
  FakeClock clock;
  auto r = make(gomoku_with_moves(10'000), journal, clock.now);
  clock.advance(4'000);
  ASSERT_TRUE(r->pause(clock.now).ok());
  clock.advance(100'000);
  ASSERT_TRUE(r->unpause(clock.now).ok());
  EXPECT_EQ(r->clocks(clock.now).move_remaining_ms[0], 6'000);
  // 6 s + the 500 ms grace later, the per-move limit is crossed.
  ASSERT_TRUE(r->tick(clock.advance(6'501)).ok());
  EXPECT_TRUE(r->finished());
  EXPECT_EQ(r->outcome().ending, Ending::kTimeForfeit);
}

TEST(RefereeArbiter, AddedTimeAndADecision) {
  MemoryJournal journal;
  FakeClock clock;
  auto r = make(gomoku_with_moves(), journal, clock.now);
  EXPECT_FALSE(r->add_time(2, 1000, clock.now).ok());
  EXPECT_FALSE(r->add_time(0, 0, clock.now).ok());
  ASSERT_TRUE(r->add_time(0, 30'000, clock.advance(5'000)).ok());
  EXPECT_EQ(r->clocks(clock.now).remaining_ms[0], 85'000);
  EXPECT_EQ(journal.entries().back().kind, EntryKind::kArbiter);
  EXPECT_EQ(journal.entries().back().text, "add_time 30000");
  EXPECT_EQ(journal.entries().back().seat, 0);
  EXPECT_EQ(journal.entries().back().seq, 0u);  // no event: the host tells the seats
  ASSERT_TRUE(r->adjudicate(std::nullopt, "the hall's power failed", clock.advance(1)).ok());
  EXPECT_TRUE(r->finished());
  EXPECT_EQ(r->outcome().ending, Ending::kAdjudication);
  EXPECT_FALSE(r->outcome().winner.has_value());
  EXPECT_EQ(r->outcome().detail, "the arbiter decided a draw: the hall's power failed");
  EXPECT_FALSE(r->adjudicate(1, "again", clock.now).ok());
  EXPECT_FALSE(r->pause(clock.now).ok());
}

// Added time stops at the most a clock may show, so a restart accepts every clock the
// arbiter can make.
TEST(RefereeArbiter, AddedTimeStopsAtTheLargestClockARestartAccepts) {
  MemoryJournal journal;
  FakeClock clock;
  MatchConfig day = testing::config("gomoku", "rule=freestyle opening=free", kMaxTotalMs);
  auto r = make(day, journal, clock.now);
  for (int k = 1; k < 1000; ++k) ASSERT_TRUE(r->add_time(1, kMaxTotalMs, clock.now).ok()) << k;
  EXPECT_EQ(r->clocks(clock.now).remaining_ms[1], kMaxClockMs);
  const Status refused = r->add_time(1, 1, clock.now);
  EXPECT_FALSE(refused.ok());
  EXPECT_NE(refused.message().find("1000 days"), std::string::npos) << refused.message();
  EXPECT_EQ(journal.entries().size(), 1000u) << "the refusal is not journalled";
  MemoryJournal again;
  auto back = Referee::resume(day, journal.entries(), again, clock.now);
  ASSERT_TRUE(back.ok()) << back.message();
  EXPECT_EQ((*back)->clocks(clock.now).remaining_ms[1], kMaxClockMs);
}

TEST(RefereeArbiter, ARestartKeepsThePauseAndTheAddedTime) {
  MemoryJournal journal;
  FakeClock clock;
  auto r = make(gomoku_with_moves(), journal, clock.now);
  ASSERT_TRUE(r->submit(0, "H8", clock.advance(1'000)).accepted());
  ASSERT_TRUE(r->add_time(1, 20'000, clock.advance(1'000)).ok());
  ASSERT_TRUE(r->pause(clock.advance(1'000)).ok());
  MemoryJournal again;
  auto back = Referee::resume(gomoku_with_moves(), journal.entries(), again, clock.advance(50'000));
  ASSERT_TRUE(back.ok()) << back.message();
  Referee& b = **back;
  EXPECT_TRUE(b.paused());
  EXPECT_EQ(b.next_deadline(), std::nullopt);
  EXPECT_EQ(b.clocks(clock.advance(10'000)).remaining_ms, (std::array<std::int64_t, 2>{59'000, 78'000}));
  EXPECT_EQ(b.submit(1, "H9", clock.now).status, SubmitResult::Status::kPaused);
  ASSERT_TRUE(b.unpause(clock.now).ok());
  ASSERT_TRUE(b.submit(1, "H9", clock.advance(3'000)).accepted());
  EXPECT_EQ(b.clocks(clock.now).remaining_ms[1], 75'000);
  // The journal refuses what no arbiter does.
  auto bad = journal.entries();
  bad.back().text = "make tea";
  MemoryJournal third;
  EXPECT_FALSE(Referee::resume(gomoku_with_moves(), bad, third, clock.now).ok());
}

}  // namespace
}  // namespace boyi::referee
