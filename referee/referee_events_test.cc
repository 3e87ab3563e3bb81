// Per-recipient events: replay after a reconnect, spectator delay, 军棋's
// simultaneous deployment with both clocks, 点格棋's extra turns, and hidden
// information over a whole seeded 军棋 game.
#include <gtest/gtest.h>

#include "referee/referee.h"
#include "referee/test_support.h"

namespace boyi::referee {
namespace {

using namespace testing;

TEST(RefereeEvents, ReconnectReplaysEverythingAfterTheClientsLastSeq) {
  MemoryJournal journal;
  auto r = make(config("gomoku", "rule=freestyle opening=free", 600'000), journal);
  ASSERT_TRUE(r->submit(0, "H8", at_ms(100)).accepted());
  const std::uint64_t had = r->last_seq();  // seat 1's client saw up to here
  ASSERT_TRUE(r->on_disconnect(1, at_ms(200)).ok());
  ASSERT_TRUE(r->submit(1, "A1", at_ms(300)).accepted());  // a move sent as the link died
  ASSERT_TRUE(r->submit(0, "H9", at_ms(5'000)).accepted());
  ASSERT_TRUE(r->on_reconnect(1, at_ms(20'000)).ok());
  const auto missed = r->events_for(1, had);
  ASSERT_EQ(missed.size(), 2u);
  EXPECT_EQ(missed[0].seq, had + 1);
  EXPECT_EQ(missed[1].seq, had + 2);
  EXPECT_NE(missed[1].text.find("H9"), std::string::npos);
  EXPECT_EQ(r->events_for(1, r->last_seq()).size(), 0u);
  EXPECT_EQ(r->events_for(1, 0, 1).size(), 1u);  // limited
  ASSERT_TRUE(r->tick(at_ms(60'000)).ok());
  EXPECT_FALSE(r->finished());
}

TEST(RefereeEvents, SpectatorsAreDelayedByNPliesUntilTheEnd) {
  MemoryJournal journal;
  MatchConfig c = config("gomoku", "rule=freestyle opening=free", 600'000);
  c.spectator_delay_plies = 2;
  auto r = make(c, journal);
  Shadow shadow(c);
  const std::string initial_public = r->view_text(kPublic);
  const char* moves[] = {"A1", "O15", "B1", "O14", "C1", "O13", "D1", "O12", "E1"};
  Seat seat = 0;
  int n = 0;
  for (const char* m : moves) {
    ASSERT_TRUE(r->submit(seat, m, at_ms(++n * 100)).accepted());
    seat = 1 - seat;
    if (r->finished()) break;
    EXPECT_EQ(r->visible_seq(0), r->last_seq());
    EXPECT_EQ(r->visible_seq(1), r->last_seq());
    const auto pub = r->events_for(kPublic, 0);
    ASSERT_EQ(pub.size(), static_cast<std::size_t>(1 + std::max(0, n - 2))) << n;
    EXPECT_EQ(pub.back().seq, r->visible_seq(kPublic));
    // The spectators' board is the one of the last action they were told about.
    if (n == 2) {
      EXPECT_EQ(r->view_text(kPublic), initial_public);
    }
    if (n >= 3) {
      ASSERT_TRUE(shadow.play(n % 2 == 1 ? 0 : 1, moves[n - 3]).ok());
      EXPECT_EQ(r->view_text(kPublic), shadow.game().view_text(kPublic)) << n;
    }
  }
  ASSERT_TRUE(r->finished());
  EXPECT_EQ(r->visible_seq(kPublic), r->last_seq());
  EXPECT_EQ(r->events_for(kPublic, 0).size(), r->last_seq());
  EXPECT_NE(r->view_text(kPublic).find("E"), std::string::npos);
}

TEST(RefereeJunqi, DeploymentRunsBothClocksAndEachStopsWhenDeployed) {
  MemoryJournal journal;
  MatchConfig c = config("junqi", "", 100'000);
  c.time.increment_ms = 1'000;
  auto r = make(c, journal);
  Shadow shadow(c);
  Rng rng(7);
  EXPECT_EQ(r->to_move(), kPublic);
  EXPECT_NE(r->events_for(0, 0)[0].text.find("both seats act"), std::string::npos);
  const std::string layout1 = shadow.random_move(1, rng);
  const std::string layout0 = shadow.random_move(0, rng);
  ASSERT_TRUE(r->submit(1, layout1, at_ms(20'000)).accepted());
  auto reading = r->clocks(at_ms(50'000));
  EXPECT_TRUE(reading.running[0]);
  EXPECT_FALSE(reading.running[1]);
  EXPECT_EQ(reading.remaining_ms, (std::array<std::int64_t, 2>{50'000, 81'000}));
  // Seat 1 may not deploy twice: an illegal attempt, its clock does not run.
  EXPECT_EQ(r->submit(1, layout1, at_ms(50'000)).status, SubmitResult::Status::kRejected);
  ASSERT_TRUE(r->submit(0, layout0, at_ms(60'000)).accepted());
  // Seat 0 moves first: its turn goes on, no increment yet.
  reading = r->clocks(at_ms(60'000));
  EXPECT_TRUE(reading.running[0]);
  EXPECT_EQ(reading.remaining_ms[0], 40'000);
  EXPECT_EQ(r->to_move(), 0);
}

TEST(RefereeDots, ASeatThatClaimsABoxKeepsMovingOnItsRunningClock) {
  MatchConfig c = config("dots", "", 600'000);
  c.time.increment_ms = 5'000;
  c.time.per_move_ms = 60'000;
  // Find a seeded random game with an extra turn, then check the clocks there.
  bool seen = false;
  for (std::uint64_t seed = 1; seed <= 20 && !seen; ++seed) {
    MemoryJournal journal;
    auto r = make(c, journal);
    Shadow shadow(c);
    Rng rng(seed);
    std::int64_t t = 0;
    while (!r->finished() && !seen) {
      const Seat seat = r->to_move();
      const std::string edge = shadow.random_move(seat, rng);
      const auto before = r->clocks(at_ms(t));
      t += 1'000;
      ASSERT_TRUE(r->submit(seat, edge, at_ms(t)).accepted());
      ASSERT_TRUE(shadow.play(seat, edge).ok());
      if (!r->finished() && r->to_move() == seat) {
        seen = true;  // claimed a box: charged 1 s, no increment, still running
        const auto after = r->clocks(at_ms(t));
        EXPECT_TRUE(after.running[seat]);
        EXPECT_EQ(after.remaining_ms[seat], before.remaining_ms[seat] - 1'000);
        EXPECT_EQ(after.move_remaining_ms[seat], before.move_remaining_ms[seat] - 1'000);
        const std::string next = shadow.random_move(seat, rng);
        ASSERT_TRUE(r->submit(seat, next, at_ms(t + 500)).accepted());
        EXPECT_EQ(journal.entries().back().elapsed_ms, 500);
      }
    }
  }
  EXPECT_TRUE(seen);
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(RefereeHiddenInformation, NoSeatOrSpectatorLearnsTheOtherLayoutBeforeTheEnd) {
  for (std::uint64_t seed : {11u, 12u, 13u}) {
    MemoryJournal journal;
    MatchConfig c = config("junqi", "", 3'600'000);
    auto r = make(c, journal);
    Shadow shadow(c);
    Rng rng(seed);
    std::array<std::string, 2> layout;
    std::vector<AppliedAction> engine;  // the engine's own per-seat renderings
    for (Seat s : {1, 0}) {
      layout[s] = shadow.random_move(s, rng);
      ASSERT_TRUE(r->submit(s, layout[s], at_ms(0)).accepted());
      engine.push_back(std::move(shadow.play(s, layout[s]).value()));
    }
    for (int i = 0; i < 2000 && !r->finished(); ++i) {
      const Seat s = r->to_move();
      const std::string m = shadow.random_move(s, rng);
      ASSERT_TRUE(r->submit(s, m, at_ms(i)).accepted()) << m;
      engine.push_back(std::move(shadow.play(s, m).value()));
    }
    ASSERT_TRUE(r->finished());
    std::size_t action = 0;
    for (const auto& e : r->events_for(0, 0)) {
      const auto seat1 = r->events_for(1, e.seq - 1, 1).at(0);
      const auto pub = r->events_for(kPublic, e.seq - 1, 1).at(0);
      EXPECT_EQ(seat1.seq, e.seq);
      EXPECT_EQ(pub.seq, e.seq);
      // Each recipient gets exactly the engine's rendering for it.
      if (e.kind == EventKind::kAction) {
        const AppliedAction& a = engine.at(action++);
        EXPECT_EQ(e.text, a.renderings[0]);
        EXPECT_EQ(seat1.text, a.renderings[1]);
        EXPECT_EQ(pub.text, a.renderings[2]);
      }
      EXPECT_FALSE(contains(seat1.text, layout[0])) << e.seq << ": " << seat1.text;
      EXPECT_FALSE(contains(pub.text, layout[0])) << e.seq;
      EXPECT_FALSE(contains(pub.text, layout[1])) << e.seq;
      EXPECT_FALSE(contains(e.text, layout[1])) << e.seq << ": " << e.text;
    }
    EXPECT_EQ(action, engine.size());
    // Each seat did see its own deployment echoed.
    EXPECT_TRUE(contains(r->events_for(0, 0).at(2).text, layout[0]));
    // After the end the full record is public: both deployments, in order.
    auto rec = r->record();
    ASSERT_TRUE(rec.has_value());
    EXPECT_EQ(rec->actions.at(0).text, layout[1]);
    EXPECT_EQ(rec->actions.at(1).text, layout[0]);
    EXPECT_EQ(rec->final_text, shadow.game().full_text());
  }
}

}  // namespace
}  // namespace boyi::referee
