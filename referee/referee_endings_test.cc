// Every named ending, the clock rules through the referee (grace boundary,
// increments, per-move limits) and both illegal-move policies.
#include <gtest/gtest.h>

#include "referee/referee.h"
#include "referee/test_support.h"

namespace boyi::referee {
namespace {

using namespace testing;
using S = SubmitResult::Status;

MatchConfig freestyle(std::int64_t total_ms = 60'000) {
  return config("gomoku", "rule=freestyle opening=free", total_ms);
}

TEST(RefereeEndings, ResignationByEitherSeatAtAnyTime) {
  for (Seat s : {0, 1}) {
    MemoryJournal journal;
    auto r = make(freestyle(), journal);
    ASSERT_TRUE(r->resign(s, at_ms(500)).ok());
    EXPECT_EQ(r->outcome().ending, Ending::kResignation);
    EXPECT_EQ(r->outcome().winner, 1 - s);
    EXPECT_EQ(journal.entries().back().kind, EntryKind::kEnd);
    EXPECT_EQ(journal.entries().back().seat, s);
    EXPECT_EQ(journal.entries().back().outcome, r->outcome());
    EXPECT_EQ(r->events_for(s, 1).back().kind, EventKind::kEnd);
    EXPECT_FALSE(r->resign(1 - s, at_ms(600)).ok());  // ends once
    EXPECT_EQ(r->last_seq(), 2u);
  }
}

TEST(RefereeEndings, AFailedPlayerForfeitsAtOnceUnlessItsFlagFellFirst) {
  MemoryJournal journal;
  auto r = make(freestyle(), journal);
  ASSERT_TRUE(r->forfeit(1, "seat 1 failed: engine crashed", at_ms(10)).ok());
  EXPECT_EQ(r->outcome().ending, Ending::kDisconnectForfeit);
  EXPECT_EQ(r->outcome().winner, 0);
  EXPECT_EQ(r->outcome().detail, "seat 1 failed: engine crashed");
  EXPECT_EQ(journal.entries().back().kind, EntryKind::kEnd);
  EXPECT_EQ(journal.entries().back().outcome, r->outcome());
  EXPECT_FALSE(r->forfeit(0, "too late", at_ms(20)).ok());  // ends once
  auto resumed = Referee::resume(freestyle(), journal.entries(), journal, at_ms(30));
  ASSERT_TRUE(resumed.ok()) << resumed.message();
  EXPECT_EQ((*resumed)->outcome(), r->outcome());

  // Seat 0's clock (60 s + 1 s grace) fell before its player was found dead.
  MemoryJournal late;
  auto slow = make(freestyle(), late);
  EXPECT_FALSE(slow->forfeit(0, "seat 0 failed", at_ms(70'000)).ok());
  EXPECT_EQ(slow->outcome().ending, Ending::kTimeForfeit);
}

TEST(RefereeEndings, AbortedHasNoWinner) {
  MemoryJournal journal;
  auto r = make(freestyle(), journal);
  ASSERT_TRUE(r->abort("server shutting down for maintenance", at_ms(5)).ok());
  EXPECT_EQ(r->outcome().ending, Ending::kAborted);
  EXPECT_FALSE(r->outcome().winner.has_value());
  EXPECT_EQ(r->outcome().detail, "server shutting down for maintenance");
  EXPECT_TRUE(r->record().has_value());
}

TEST(RefereeClock, MoveExactlyAtTheEndOfTheGraceIsAcceptedAndShowsZero) {
  MemoryJournal journal;
  auto r = make(freestyle(10'000), journal);  // grace 500 ms
  ASSERT_TRUE(r->tick(at_ms(10'500)).ok());
  EXPECT_FALSE(r->finished());
  auto res = r->submit(0, "H8", at_ms(10'500));
  ASSERT_TRUE(res.accepted()) << res.reason;
  EXPECT_EQ(res.elapsed_ms, 10'500);
  EXPECT_EQ(journal.entries().back().clock_ms[0], 0);
  EXPECT_EQ(r->clocks(at_ms(11'000)).remaining_ms[0], 0);
  // Seat 0 now has 0 ms left: its next turn ends at the grace.
  ASSERT_TRUE(r->submit(1, "A1", at_ms(11'000)).accepted());
  EXPECT_EQ(*r->next_deadline(), at_ms(11'501));
}

TEST(RefereeClock, OneMillisecondPastTheGraceLosesOnTime) {
  MemoryJournal journal;
  auto r = make(freestyle(10'000), journal);
  EXPECT_EQ(*r->next_deadline(), at_ms(10'501));
  ASSERT_TRUE(r->tick(at_ms(10'500)).ok());
  EXPECT_FALSE(r->finished());
  ASSERT_TRUE(r->tick(at_ms(10'501)).ok());
  ASSERT_TRUE(r->finished());
  EXPECT_EQ(r->outcome().ending, Ending::kTimeForfeit);
  EXPECT_EQ(r->outcome().winner, 1);
  EXPECT_EQ(journal.entries().back().clock_ms, (std::array<std::int64_t, 2>{0, 10'000}));
}

TEST(RefereeClock, AMoveArrivingAfterTheFlagFellIsTooLate) {
  MemoryJournal journal;
  auto r = make(freestyle(10'000), journal);
  // No tick came in between (a late timer): submit applies the deadline first.
  auto res = r->submit(0, "H8", at_ms(10'501));
  EXPECT_EQ(res.status, S::kGameOver);
  EXPECT_EQ(r->outcome().ending, Ending::kTimeForfeit);
  EXPECT_EQ(r->actions(), 0);
  // The ending is dated at the deadline, not at the late call.
  EXPECT_EQ(r->events_for(0, 1).back().clock_ms[0], 0);
}

TEST(RefereeClock, IncrementAfterEachTurn) {
  MemoryJournal journal;
  MatchConfig c = freestyle(10'000);
  c.time.increment_ms = 2'000;
  auto r = make(c, journal);
  ASSERT_TRUE(r->submit(0, "H8", at_ms(3'000)).accepted());
  EXPECT_EQ(journal.entries().back().clock_ms, (std::array<std::int64_t, 2>{9'000, 10'000}));
  ASSERT_TRUE(r->submit(1, "A1", at_ms(4'000)).accepted());
  EXPECT_EQ(journal.entries().back().clock_ms, (std::array<std::int64_t, 2>{9'000, 11'000}));
  // Even a move inside the grace gets the increment on top of 0.
  ASSERT_TRUE(r->submit(0, "H9", at_ms(4'000 + 9'400)).accepted());
  EXPECT_EQ(journal.entries().back().clock_ms[0], 2'000);
}

TEST(RefereeClock, PerMoveLimitExceededIsATimeForfeit) {
  MemoryJournal journal;
  MatchConfig c = freestyle(100'000);
  c.time.per_move_ms = 5'000;
  auto r = make(c, journal);
  ASSERT_TRUE(r->submit(0, "H8", at_ms(5'500)).accepted());  // inside the grace
  EXPECT_EQ(*r->next_deadline(), at_ms(5'500 + 5'501));
  EXPECT_EQ(r->clocks(at_ms(6'500)).move_remaining_ms[1], 4'000);
  ASSERT_TRUE(r->tick(at_ms(11'001)).ok());
  EXPECT_EQ(r->outcome().ending, Ending::kTimeForfeit);
  EXPECT_EQ(r->outcome().winner, 0);
  EXPECT_NE(r->outcome().detail.find("per-move limit"), std::string::npos);
}

TEST(RefereeClock, BothDeployingClocksFallingTogetherIsADraw) {
  MemoryJournal journal;
  auto r = make(config("junqi", "", 30'000), journal);
  EXPECT_TRUE(r->clocks(kT0).running[0]);
  EXPECT_TRUE(r->clocks(kT0).running[1]);
  ASSERT_TRUE(r->tick(at_ms(30'501)).ok());
  EXPECT_EQ(r->outcome().ending, Ending::kTimeForfeit);
  EXPECT_TRUE(r->outcome().is_draw());
}

TEST(RefereeIllegalPolicy, RetryLosesAtTheThirdRejectedAttemptOfTheMatch) {
  MemoryJournal journal;
  auto r = make(freestyle(), journal);
  auto a = r->submit(0, "Z99", at_ms(10));
  EXPECT_EQ(a.status, S::kRejected);
  EXPECT_EQ(a.attempts_left, 2);
  ASSERT_TRUE(r->submit(0, "H8", at_ms(20)).accepted());  // legal moves do not reset the count
  ASSERT_TRUE(r->submit(1, "A1", at_ms(30)).accepted());
  auto b = r->submit(0, "H8", at_ms(40));  // occupied
  EXPECT_EQ(b.status, S::kRejected);
  EXPECT_EQ(b.attempts_left, 1);
  EXPECT_FALSE(r->finished());
  auto c = r->submit(0, "", at_ms(50));  // malformed counts too
  EXPECT_EQ(c.status, S::kRejected);
  EXPECT_EQ(c.attempts_left, 0);
  ASSERT_TRUE(r->finished());
  EXPECT_EQ(r->outcome().ending, Ending::kIllegalMove);
  EXPECT_EQ(r->outcome().winner, 1);
  EXPECT_NE(r->outcome().detail.find("3 illegal attempts"), std::string::npos);
  EXPECT_EQ(journal.entries().back().kind, EntryKind::kIllegalAttempt);
  EXPECT_EQ(journal.entries().back().outcome, r->outcome());
}

TEST(RefereeIllegalPolicy, RetryWithOtherLimitAndPerSeatCounts) {
  MemoryJournal journal;
  MatchConfig cfg = freestyle();
  cfg.illegal = IllegalMovePolicy::retry(2);
  auto r = make(cfg, journal);
  EXPECT_EQ(r->submit(1, "H8", at_ms(1)).attempts_left, 1);  // out of turn
  EXPECT_EQ(r->submit(0, "P1", at_ms(2)).attempts_left, 1);
  EXPECT_FALSE(r->finished());
  EXPECT_EQ(r->submit(1, "H8", at_ms(3)).status, S::kRejected);
  EXPECT_EQ(r->outcome().ending, Ending::kIllegalMove);
  EXPECT_EQ(r->outcome().winner, 0);
}

TEST(RefereeIllegalPolicy, LoseAtOnce) {
  MemoryJournal journal;
  MatchConfig cfg = freestyle();
  cfg.illegal = IllegalMovePolicy::lose_at_once();
  auto r = make(cfg, journal);
  ASSERT_TRUE(r->submit(0, "H8", at_ms(1)).accepted());
  auto res = r->submit(1, "H8", at_ms(2));
  EXPECT_EQ(res.status, S::kRejected);
  EXPECT_EQ(res.attempts_left, 0);
  EXPECT_EQ(r->outcome().ending, Ending::kIllegalMove);
  EXPECT_EQ(r->outcome().winner, 0);
  EXPECT_NE(r->outcome().detail.find("seat 1 made an illegal move"), std::string::npos);
}

TEST(RefereeEndings, RenjuFoulFromTheEngine) {
  MemoryJournal journal;
  auto r = make(config("gomoku", "rule=renju opening=free"), journal);
  // Black's H8 makes two open threes (F8-G8-H8 and H6-H7-H8): a double three.
  const char* moves[] = {"F8", "A1", "G8", "A3", "H6", "A5", "H7", "A7", "H8"};
  Seat seat = 0;
  for (const char* m : moves) {
    ASSERT_TRUE(r->submit(seat, m, at_ms(10)).accepted()) << m;
    seat = 1 - seat;
  }
  EXPECT_EQ(r->outcome().ending, Ending::kFoul);
  EXPECT_EQ(r->outcome().winner, 1);
}

// Plays random games until `want` ends one (bounded); true if it did.
bool random_games_reach(const MatchConfig& c, Ending want, int max_games) {
  for (int g = 0; g < max_games; ++g) {
    MemoryJournal journal;
    auto r = make(c, journal);
    Shadow shadow(c);
    Rng rng(1000 + static_cast<std::uint64_t>(g));
    for (int i = 0; i < 3000 && !r->finished(); ++i) {
      const Seat seat = acting_seat(*r);
      const std::string move = shadow.random_move(seat, rng);
      if (!r->submit(seat, move, at_ms(i)).accepted()) return false;
      if (!shadow.play(seat, move).ok()) return false;
    }
    if (r->outcome().ending == want) return true;
  }
  return false;
}

TEST(RefereeEndings, NoBattleLimitFromTheEngine) {
  EXPECT_TRUE(random_games_reach(config("junqi", "no_battle_limit=10", 3'600'000),
                                 Ending::kNoBattleLimit, 20));
}

TEST(RefereeEndings, AdjudicationFromTheEngine) {
  EXPECT_TRUE(
      random_games_reach(config("surakarta", "max_plies=10", 3'600'000), Ending::kAdjudication, 5));
}

TEST(RefereeDisconnect, ReconnectWithinTheGraceCancelsTheForfeit) {
  MemoryJournal journal;
  auto r = make(freestyle(600'000), journal);  // disconnect grace 30 s
  ASSERT_TRUE(r->on_disconnect(1, at_ms(1'000)).ok());
  EXPECT_FALSE(r->connected(1));
  EXPECT_EQ(*r->next_deadline(), at_ms(31'001));
  ASSERT_TRUE(r->tick(at_ms(31'000)).ok());
  ASSERT_TRUE(r->on_reconnect(1, at_ms(31'000)).ok());
  EXPECT_TRUE(r->connected(1));
  ASSERT_TRUE(r->tick(at_ms(40'000)).ok());
  EXPECT_FALSE(r->finished());
}

TEST(RefereeDisconnect, GraceExpiryForfeitsEvenWhenNotToMove) {
  MemoryJournal journal;
  auto r = make(freestyle(600'000), journal);
  ASSERT_TRUE(r->on_disconnect(1, at_ms(1'000)).ok());
  ASSERT_TRUE(r->tick(at_ms(31'001)).ok());
  EXPECT_EQ(r->outcome().ending, Ending::kDisconnectForfeit);
  EXPECT_EQ(r->outcome().winner, 0);
  // Reconnecting afterwards does not undo it.
  ASSERT_TRUE(r->on_reconnect(1, at_ms(31'002)).ok());
  EXPECT_EQ(r->outcome().ending, Ending::kDisconnectForfeit);
}

TEST(RefereeDisconnect, WhicheverOfClockOrGraceFallsFirstDecides) {
  {
    MemoryJournal journal;
    auto r = make(freestyle(10'000), journal);  // clock falls at 10.501 s
    ASSERT_TRUE(r->on_disconnect(0, at_ms(0)).ok());
    ASSERT_TRUE(r->tick(at_ms(60'000)).ok());
    EXPECT_EQ(r->outcome().ending, Ending::kTimeForfeit);
  }
  {
    MemoryJournal journal;
    MatchConfig c = freestyle(600'000);
    c.disconnect_grace_ms = 5'000;
    auto r = make(c, journal);
    ASSERT_TRUE(r->on_disconnect(0, at_ms(0)).ok());
    ASSERT_TRUE(r->tick(at_ms(900'000)).ok());
    EXPECT_EQ(r->outcome().ending, Ending::kDisconnectForfeit);
    EXPECT_NE(r->outcome().detail.find("within 5 s"), std::string::npos);
  }
}

}  // namespace
}  // namespace boyi::referee
