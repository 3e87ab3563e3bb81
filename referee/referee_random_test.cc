// Full seeded random games of all four games through the referee with random
// timings, random garbage, disconnections, and a crash-and-resume at a random
// point: the referee always agrees with a shadow copy of the engine, the
// journal replays to the same match at every point, and every game ends.
#include <gtest/gtest.h>

#include <cstdio>

#include "referee/referee.h"
#include "referee/test_support.h"

namespace boyi::referee {
namespace {

using namespace testing;
using S = SubmitResult::Status;

struct Tally {
  int games = 0;
  int resumed = 0;
  std::array<int, 10> endings{};
};

// A calm game is played to its end by the rules (long clocks, many attempts
// allowed, no resignation); a rough one has short clocks, per-move limits and
// few attempts, so time, illegal-move and disconnect endings happen too.
void play_one(const std::string& game, std::uint64_t seed, bool calm, Tally& tally) {
  Rng rng(seed);
  MatchConfig c = config(game, "", calm ? 3'600'000 : 20'000 + rng.below(40'000));
  c.time.increment_ms = rng.below(3) * 500;
  c.time.per_move_ms = calm || rng.below(2) ? 0 : 4'000;
  c.illegal = IllegalMovePolicy::retry(calm ? 100 : 1 + static_cast<int>(rng.below(5)));
  c.disconnect_grace_ms = 5'000;
  c.spectator_delay_plies = static_cast<int>(rng.below(3));
  MemoryJournal journal;
  std::unique_ptr<Referee> r = make(c, journal);
  ASSERT_NE(r, nullptr);
  Shadow shadow(c);
  const int resume_at = 1 + static_cast<int>(rng.below(60));
  TimePoint now = kT0;
  for (int step = 0; step < 5'000 && !r->finished(); ++step) {
    // Time passes: usually a little, sometimes a lot (flags may fall).
    const std::int64_t think = !calm && rng.below(10) == 0 ? rng.below(8'000) : rng.below(1'500);
    now += std::chrono::milliseconds(think);
    if (step == resume_at) {
      // A crash: rebuild from the journal and check it is the same match.
      auto resumed = Referee::resume(c, journal.entries(), journal, now);
      ASSERT_TRUE(resumed.ok()) << resumed.message();
      EXPECT_EQ((*resumed)->hash(), r->hash());
      EXPECT_EQ((*resumed)->to_move(), r->to_move());
      EXPECT_EQ((*resumed)->events_for(kPublic, 0), r->events_for(kPublic, 0));
      EXPECT_EQ((*resumed)->events_for(0, 0), r->events_for(0, 0));
      EXPECT_EQ((*resumed)->events_for(1, 0), r->events_for(1, 0));
      r = std::move(resumed).value();
      for (Seat s : {0, 1}) ASSERT_TRUE(r->on_reconnect(s, now).ok());
      ++tally.resumed;
    }
    const std::uint64_t roll = rng.below(40);
    if (roll == 0) {
      const Seat s = static_cast<Seat>(rng.below(2));
      ASSERT_TRUE(r->on_disconnect(s, now).ok());
      now += std::chrono::milliseconds(rng.below(calm ? 4'000 : 6'000));
      ASSERT_TRUE(r->on_reconnect(s, now).ok());
      continue;
    }
    const Seat seat = acting_seat(*r);
    if (roll == 1 || seat == kPublic) {
      const auto res = r->submit(static_cast<Seat>(rng.below(2)), "garbage!", now);
      EXPECT_NE(res.status, S::kAccepted);
      continue;
    }
    if (!calm && roll == 2 && r->actions() > 10) {
      ASSERT_TRUE(r->resign(seat, now).ok());
      break;
    }
    const std::string move = shadow.random_move(seat, rng);
    const auto before_seq = r->last_seq();
    const auto res = r->submit(seat, move, now);
    if (res.status == S::kGameOver) {
      EXPECT_EQ(r->outcome().ending == Ending::kTimeForfeit ||
                    r->outcome().ending == Ending::kDisconnectForfeit,
                true)
          << describe(r->outcome());
      break;
    }
    ASSERT_EQ(res.status, S::kAccepted) << game << " " << move << ": " << res.reason;
    EXPECT_EQ(res.seq, before_seq + 1);
    ASSERT_TRUE(shadow.play(seat, move).ok());
    ASSERT_EQ(r->hash(), shadow.game().hash());
    // The server's timer: the referee asks for the next deadline.
    if (auto d = r->next_deadline()) {
      ASSERT_GT(*d, now);
    }
  }
  if (!r->finished()) {
    ASSERT_TRUE(r->abort("test step limit", now).ok());
  }
  ASSERT_TRUE(r->finished());
  if (calm) {
    const Ending e = r->outcome().ending;
    EXPECT_TRUE(e == Ending::kNormal || e == Ending::kFoul || e == Ending::kNoBattleLimit ||
                e == Ending::kAdjudication)
        << "a calm game should end by the rules: " << describe(r->outcome());
  }
  ++tally.games;
  ++tally.endings[static_cast<std::size_t>(r->outcome().ending)];
  // Sequence numbers are contiguous for every recipient, ending with the end.
  for (Seat v : {0, 1, kPublic}) {
    const auto events = r->events_for(v, 0);
    ASSERT_EQ(events.size(), r->last_seq());
    for (std::size_t i = 0; i < events.size(); ++i) EXPECT_EQ(events[i].seq, i + 1);
    EXPECT_EQ(events.back().kind, EventKind::kEnd);
    EXPECT_EQ(events.back().outcome, r->outcome());
  }
  // The whole journal resumes to the same finished match and the record replays.
  auto final_resume = Referee::resume(c, journal.entries(), journal, now);
  ASSERT_TRUE(final_resume.ok()) << final_resume.message();
  EXPECT_EQ((*final_resume)->outcome(), r->outcome());
  const auto rec = r->record();
  ASSERT_TRUE(rec.has_value());
  Shadow replay(c);
  for (const auto& a : rec->actions) ASSERT_TRUE(replay.play(a.seat, a.text).ok()) << a.text;
  EXPECT_EQ(replay.game().hash(), r->hash());
  EXPECT_EQ(rec->final_text, replay.game().full_text());
  // A seat's server-measured times never add up to more than what passed on the
  // fake clock (the two seats' may overlap: 军棋 deployment).
  std::array<std::int64_t, 2> used{};
  for (const auto& a : rec->actions) used[a.seat] += a.elapsed_ms;
  for (Seat s : {0, 1}) EXPECT_LE(used[s], elapsed_ms(kT0, now));
}

TEST(RefereeRandomGames, EveryGameWithRandomTimingsAndACrash) {
  Tally tally;
  for (const auto& g : games())
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      SCOPED_TRACE(std::string(g.name) + " seed " + std::to_string(seed));
      play_one(std::string(g.name), seed * 7919 + g.name.size(), seed % 2 == 0, tally);
      if (::testing::Test::HasFatalFailure()) return;
    }
  EXPECT_EQ(tally.games, static_cast<int>(games().size()) * 12);
  EXPECT_GT(tally.resumed, 0);
  // The random timings exercise several endings, not only the rules' own.
  int kinds = 0;
  for (int n : tally.endings) kinds += n > 0;
  EXPECT_GE(kinds, 4);
  std::string summary;
  for (std::size_t e = 0; e < tally.endings.size(); ++e)
    if (tally.endings[e] > 0)
      summary += std::string(ending_name(static_cast<Ending>(e))) + "=" +
                 std::to_string(tally.endings[e]) + " ";
  std::printf("endings: %s(resumed %d times)\n", summary.c_str(), tally.resumed);
}

}  // namespace
}  // namespace boyi::referee
