// The journal: a failing append changes nothing and emits nothing; resume
// rebuilds the same match (hash, side to move, clocks, events, attempts) and
// the game can be finished afterwards; bad journals are refused.
#include <gtest/gtest.h>

#include "referee/referee.h"
#include "referee/test_support.h"

namespace boyi::referee {
namespace {

using namespace testing;
using S = SubmitResult::Status;

MatchConfig freestyle() {
  return config("gomoku", "rule=freestyle opening=free", 60'000);
}

TEST(RefereeJournal, CreateFailsWhenTheStartCannotBeStored) {
  MemoryJournal journal;
  journal.fail_next(1);
  auto r = Referee::create(freestyle(), journal, kT0);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("could not be stored"), std::string::npos);
}

TEST(RefereeJournal, AFailedAppendRefusesTheActionAndNothingChanges) {
  MemoryJournal journal;
  auto r = make(freestyle(), journal);
  ASSERT_TRUE(r->submit(0, "H8", at_ms(1'000)).accepted());
  const auto hash = r->hash();
  const auto seq = r->last_seq();
  const auto entries = journal.entries().size();
  const auto clocks = r->clocks(at_ms(3'000));
  journal.fail_next(1);
  auto res = r->submit(1, "A1", at_ms(2'000));
  EXPECT_EQ(res.status, S::kError);
  EXPECT_NE(res.reason.find("internal error"), std::string::npos);
  EXPECT_EQ(r->hash(), hash);
  EXPECT_EQ(r->last_seq(), seq);
  EXPECT_EQ(r->events_for(0, seq).size(), 0u);
  EXPECT_EQ(r->actions(), 1);
  EXPECT_EQ(r->to_move(), 1);
  EXPECT_EQ(r->clocks(at_ms(3'000)).remaining_ms, clocks.remaining_ms);  // still running
  EXPECT_EQ(journal.entries().size(), entries);
  EXPECT_EQ(r->attempts_used(1), 0);
  // An illegal attempt that cannot be stored is not counted either.
  journal.fail_next(1);
  EXPECT_EQ(r->submit(1, "H8", at_ms(2'500)).status, S::kError);
  EXPECT_EQ(r->attempts_used(1), 0);
  // The journal is back: the same action goes through, with the next index.
  ASSERT_TRUE(r->submit(1, "A1", at_ms(3'000)).accepted());
  EXPECT_EQ(journal.entries().back().index, entries + 1);
  EXPECT_EQ(journal.entries().back().elapsed_ms, 2'000);
}

TEST(RefereeJournal, EndingsThatCannotBeStoredAreRetriedLater) {
  MemoryJournal journal;
  auto r = make(freestyle(), journal);
  journal.fail_next(2);
  EXPECT_FALSE(r->tick(at_ms(60'501)).ok());
  EXPECT_FALSE(r->finished());
  EXPECT_EQ(r->last_seq(), 1u);
  EXPECT_EQ(*r->next_deadline(), at_ms(60'501));
  EXPECT_FALSE(r->resign(0, at_ms(60'600)).ok());  // tick inside fails again
  EXPECT_FALSE(r->finished());
  ASSERT_TRUE(r->tick(at_ms(60'700)).ok());
  EXPECT_EQ(r->outcome().ending, Ending::kTimeForfeit);
  // Abort is the escape hatch: it ends the match even when storage is gone.
  MemoryJournal broken;
  auto a = make(freestyle(), broken);
  broken.fail_next(1);
  EXPECT_FALSE(a->abort("storage lost", at_ms(10)).ok());
  EXPECT_EQ(a->outcome().ending, Ending::kAborted);
}

// Plays a seeded random junqi game part of the way with an illegal attempt and
// a disconnection along the way.
std::unique_ptr<Referee> junqi_midgame(MemoryJournal& journal, MatchConfig& c, int moves) {
  c = config("junqi", "", 1'800'000);
  c.time.increment_ms = 1'000;
  auto r = make(c, journal);
  Shadow shadow(c);
  Rng rng(99);
  std::int64_t t = 0;
  for (int i = 0; i < moves && !r->finished(); ++i) {
    const Seat s = acting_seat(*r);
    const std::string m = shadow.random_move(s, rng);
    t += 700 + 13 * i;
    if (i == 5) {
      EXPECT_EQ(r->submit(s, "Z9Z9", at_ms(t)).status, S::kRejected);
    }
    EXPECT_TRUE(r->submit(s, m, at_ms(t)).accepted());
    EXPECT_TRUE(shadow.play(s, m).ok());
  }
  return r;
}

TEST(RefereeResume, SamePositionClocksEventsAndAttemptsThenFinish) {
  MemoryJournal journal;
  MatchConfig c;
  auto before = junqi_midgame(journal, c, 30);
  ASSERT_FALSE(before->finished());
  const auto clocks_at_crash = journal.entries().back().clock_ms;

  const TimePoint restart = at_ms(5'000'000);  // an hour and more later
  auto resumed = Referee::resume(c, journal.entries(), journal, restart);
  ASSERT_TRUE(resumed.ok()) << resumed.message();
  Referee& r = **resumed;
  EXPECT_EQ(r.hash(), before->hash());
  EXPECT_EQ(r.to_move(), before->to_move());
  EXPECT_EQ(r.actions(), before->actions());
  EXPECT_EQ(r.last_seq(), before->last_seq());
  EXPECT_EQ(r.attempts_used(0) + r.attempts_used(1), 1);
  EXPECT_EQ(r.attempts_used(0), before->attempts_used(0));
  for (Seat v : {0, 1, kPublic}) {
    EXPECT_EQ(r.events_for(v, 0), before->events_for(v, 0)) << v;
    EXPECT_EQ(r.view_text(v), before->view_text(v)) << v;
  }
  // The downtime is charged to nobody: the clocks are those of the last entry.
  EXPECT_EQ(r.clocks(restart).remaining_ms, clocks_at_crash);
  const Seat mover = r.to_move();
  EXPECT_TRUE(r.clocks(restart).running[mover]);
  EXPECT_EQ(r.clocks(restart + std::chrono::seconds(2)).remaining_ms[mover],
            clocks_at_crash[mover] - 2'000);
  // Both seats are away until they reconnect.
  EXPECT_FALSE(r.connected(0));
  EXPECT_FALSE(r.connected(1));
  ASSERT_TRUE(r.on_reconnect(0, restart).ok());
  ASSERT_TRUE(r.on_reconnect(1, restart).ok());

  // Finish the game through the resumed referee, in the same journal.
  Shadow shadow(c);
  for (const auto& e : journal.entries()) {
    if (e.kind == EntryKind::kAction) {
      ASSERT_TRUE(shadow.play(e.seat, e.text).ok());
    }
  }
  Rng rng(5);
  std::int64_t t = 0;
  while (!r.finished()) {
    ASSERT_LT(t, 3'000'000);
    const Seat s = r.to_move();
    const std::string m = shadow.random_move(s, rng);
    t += 1'000;
    ASSERT_TRUE(r.submit(s, m, restart + std::chrono::milliseconds(t)).accepted());
    ASSERT_TRUE(shadow.play(s, m).ok());
  }
  EXPECT_EQ(r.hash(), shadow.game().hash());
  for (std::size_t i = 0; i < journal.entries().size(); ++i)
    EXPECT_EQ(journal.entries()[i].index, i + 1);

  // A finished match resumes finished, with the same record and events.
  auto again = Referee::resume(c, journal.entries(), journal, at_ms(9'000'000));
  ASSERT_TRUE(again.ok()) << again.message();
  EXPECT_TRUE((*again)->finished());
  EXPECT_EQ((*again)->outcome(), r.outcome());
  EXPECT_EQ((*again)->events_for(kPublic, 0), r.events_for(kPublic, 0));
  EXPECT_EQ((*again)->record()->actions, r.record()->actions);
  EXPECT_FALSE((*again)->next_deadline().has_value());
}

TEST(RefereeResume, TheResumedSeatsForfeitIfTheyNeverComeBack) {
  MemoryJournal journal;
  MatchConfig c;
  auto before = junqi_midgame(journal, c, 10);
  auto r = Referee::resume(c, journal.entries(), journal, at_ms(1'000'000));
  ASSERT_TRUE(r.ok());
  ASSERT_TRUE((*r)->on_reconnect(1, at_ms(1'000'000)).ok());
  ASSERT_TRUE((*r)->tick(at_ms(1'000'000 + 30'001)).ok());
  EXPECT_EQ((*r)->outcome().ending, Ending::kDisconnectForfeit);
  EXPECT_EQ((*r)->outcome().winner, 1);
}

TEST(RefereeResume, BadJournalsAreRefusedWithAReason) {
  MemoryJournal journal;
  MatchConfig c;
  auto before = junqi_midgame(journal, c, 8);
  const auto good = journal.entries();
  auto refused = [&](std::vector<JournalEntry> entries, MatchConfig cfg) {
    MemoryJournal out;
    auto r = Referee::resume(cfg, entries, out, kT0);
    return r.ok() ? std::string() : r.message();
  };
  EXPECT_EQ(refused(good, c), "");
  EXPECT_NE(refused({}, c).find("no journal entries"), std::string::npos);
  auto v = good;
  v[3].index = 9;
  EXPECT_NE(refused(v, c).find("index"), std::string::npos);
  v = good;
  v[2].match_id = "other";
  EXPECT_NE(refused(v, c).find("belongs to match other"), std::string::npos);
  v = good;
  for (auto& e : v)
    if (e.kind == EntryKind::kAction && e.seq > 4) {
      e.text = "A0A0";
      break;
    }
  EXPECT_NE(refused(v, c).find("does not replay"), std::string::npos);
  v = good;
  v.erase(v.begin());
  EXPECT_NE(refused(v, c), "");
  MatchConfig other = c;
  other.rules_text = "no_battle_limit=20";
  EXPECT_NE(refused(good, other).find("differ"), std::string::npos);
  v = good;
  v[4].seq += 1;
  EXPECT_NE(refused(v, c).find("sequence number"), std::string::npos);
  v = good;
  v[1].seat = 5;
  EXPECT_NE(refused(v, c).find("no such seat"), std::string::npos);
  // Found by fuzzing (stored_journal): a damaged clock overflowed the resumed deadlines.
  v = good;
  v[0].clock_ms[0] = -1'372'036'854'775'807;
  EXPECT_NE(refused(v, c).find("out of range"), std::string::npos);
}

}  // namespace
}  // namespace boyi::referee
