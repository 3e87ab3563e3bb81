// SeatTracker: over seeded random games of every game, what a seat rebuilds from the
// messages it was sent equals what the engine gives that seat directly (the State for
// perfect information; for 军棋 the seat's View and EventViews) — with and without views
// in the events, after a Sync-style replay of everything seen so far (duplicates), and
// for a tracker that joins mid-game from a replay from seq 1.
#include "bots/wire/seat_tracker.h"

#include <gtest/gtest.h>

#include "bots/wire/local_wire_match.h"
#include "engine/dots/dots.h"
#include "engine/gomoku/gomoku.h"
#include "engine/surakarta/surakarta.h"

namespace boyi::bots {
namespace {

using testing::LocalWireMatch;

// An empty string when the tracker knows what the engine gives the seat.
template <Game G>
std::string differs(const SeatTracker<G>& t, const LocalWireMatch<G>& m, Seat seat) {
  const auto& k = t.knowledge();
  if constexpr (std::is_same_v<G, junqi::State>) {
    if (k.seat != seat || !(k.rules == m.truth().rules())) return "seat or rules";
    if (!(k.view == m.truth().view(seat)))
      return "view\n" + k.view.to_text() + "engine:\n" + m.truth().view(seat).to_text();
    if (k.events != m.event_views(seat)) return "event views";
  } else {
    if (k.to_text() != m.truth().to_text()) return "state\n" + k.to_text() + m.truth().to_text();
    if (k.hash() != m.truth().hash() || k.ply() != m.truth().ply()) return "hash or ply";
    if (!(k.view(seat) == m.truth().view(seat))) return "view";
    if (!(k.outcome() == m.truth().outcome())) return "outcome";
  }
  return {};
}

template <class G>
class SeatTrackerTest : public ::testing::Test {};
using Games = ::testing::Types<junqi::State, gomoku::State, dots::State, surakarta::State>;
TYPED_TEST_SUITE(SeatTrackerTest, Games);

TYPED_TEST(SeatTrackerTest, RebuildsWhatTheEngineGivesTheSeat) {
  using G = TypeParam;
  constexpr bool kHidden = std::is_same_v<G, junqi::State>;
  int checks = 0;
  const auto variants = testing::rule_variants<G>();
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    LocalWireMatch<G> m(variants[seed % variants.size()]);
    ASSERT_TRUE(m.ok());
    Rng rng(seed * 7919);
    const int replay_at = 3 + static_cast<int>(rng.below(40));
    std::array<SeatTracker<G>, 2> t;
    for (Seat s = 0; s < 2; ++s) {
      ASSERT_TRUE(t[s].start(m.started(s)).ok());
      ASSERT_EQ(differs(t[s], m, s), "");
    }
    std::array<std::vector<v1::MatchEvent>, 2> history;
    for (int action = 0; action < 500 && !m.over(); ++action) {
      const Seat actor = m.next_actor(rng);
      const bool with_views = seed % 2 == 0 && rng.below(2) == 0;
      auto events = m.play(actor, m.random_action(actor, rng), with_views);
      ASSERT_TRUE(events.ok()) << events.message();
      for (Seat s = 0; s < 2; ++s) {
        const v1::MatchEvent& e = (*events)[s];
        history[s].push_back(e);
        Status st = t[s].observe(e);
        ASSERT_TRUE(st.ok()) << st.message();
        EXPECT_EQ(t[s].last_seq(), e.seq());
        // A 军棋 event that ends the game leaves the outcome to MatchEnded (or the event's view).
        if (!kHidden || !m.over() || with_views) {
          ASSERT_EQ(differs(t[s], m, s), "") << "seed " << seed << " action " << action;
        }
        ++checks;
      }
      if (action == replay_at) {
        for (Seat s = 0; s < 2; ++s) {
          // A reconnect: MatchStarted again, then every event from seq 1 (all seen already).
          ASSERT_TRUE(t[s].start(m.started(s)).ok());
          for (const auto& e : history[s]) ASSERT_TRUE(t[s].observe(e).ok());
          EXPECT_EQ(differs(t[s], m, s), "") << "after the replay, seed " << seed;
          // A tracker that joins now learns everything from the replay.
          SeatTracker<G> late;
          ASSERT_TRUE(late.start(m.started(s)).ok());
          for (const auto& e : m.sent(s)) ASSERT_TRUE(late.observe(e).ok());
          EXPECT_EQ(differs(late, m, s), "") << "joined late, seed " << seed;
        }
      }
    }
    if (!m.over()) continue;
    for (Seat s = 0; s < 2; ++s) {
      ASSERT_TRUE(t[s].finish(m.ended()).ok());
      EXPECT_TRUE(t[s].ended());
      EXPECT_EQ(differs(t[s], m, s), "") << "at the end, seed " << seed;
      EXPECT_TRUE(t[s].finish(m.ended()).ok());           // the end replayed
      EXPECT_TRUE(t[s].observe(history[s].back()).ok());  // a replayed event: ignored
    }
  }
  EXPECT_GT(checks, 100);
}

TYPED_TEST(SeatTrackerTest, GapsAndForeignMessagesAreErrorsThatChangeNothing) {
  using G = TypeParam;
  LocalWireMatch<G> m;
  ASSERT_TRUE(m.ok());
  Rng rng(42);
  SeatTracker<G> t;
  EXPECT_FALSE(t.observe(v1::MatchEvent{}).ok());  // before the start
  ASSERT_TRUE(t.start(m.started(0)).ok());
  std::vector<std::array<v1::MatchEvent, 2>> played;
  for (int i = 0; i < 4; ++i) {
    const Seat actor = m.next_actor(rng);
    auto events = m.play(actor, m.random_action(actor, rng), false);
    ASSERT_TRUE(events.ok()) << events.message();
    played.push_back(*events);
  }
  ASSERT_TRUE(t.observe(played[0][0]).ok());
  EXPECT_FALSE(t.observe(played[2][0]).ok());  // seq 3 after 1: a gap
  EXPECT_EQ(t.last_seq(), 1u);

  v1::MatchEvent other = played[1][0];
  other.set_match_id("another");
  EXPECT_FALSE(t.observe(other).ok());

  v1::MatchEvent corrupt = played[1][0];
  corrupt.set_ply(corrupt.ply() + 5);
  EXPECT_FALSE(t.observe(corrupt).ok());
  EXPECT_EQ(t.last_seq(), 1u);

  ASSERT_TRUE(t.observe(played[1][0]).ok());  // the real one still fits
  EXPECT_EQ(t.last_seq(), 2u);

  v1::MatchStarted wrong_seat = m.started(1);
  EXPECT_FALSE(t.start(wrong_seat).ok());  // the same match joined in another seat
  v1::MatchStarted wrong_game = m.started(0);
  wrong_game.set_game(std::is_same_v<G, gomoku::State> ? "dots" : "gomoku");
  EXPECT_FALSE(SeatTracker<G>().start(wrong_game).ok());
  v1::MatchStarted spectator = m.started(0);
  spectator.set_seat(-1);
  EXPECT_FALSE(SeatTracker<G>().start(spectator).ok());
  v1::MatchStarted bad_rules = m.started(0);
  bad_rules.set_rules("no_such_rule=1");
  EXPECT_FALSE(SeatTracker<G>().start(bad_rules).ok());
}

TEST(SeatTracker, PerfectInformationMovesMustBeLegal) {
  LocalWireMatch<gomoku::State> m;
  ASSERT_TRUE(m.ok());
  SeatTracker<gomoku::State> t;
  ASSERT_TRUE(t.start(m.started(0)).ok());
  auto events = m.play(0, "H8", false);
  ASSERT_TRUE(events.ok()) << events.message();
  v1::MatchEvent e = (*events)[0];
  e.set_move("Z99");
  EXPECT_FALSE(t.observe(e).ok());
  e.set_move("");
  EXPECT_FALSE(t.observe(e).ok());
  e.set_move("H8");
  e.set_actor(1);  // not white's stone to place
  EXPECT_FALSE(t.observe(e).ok());
  EXPECT_TRUE(t.observe((*events)[0]).ok());
  EXPECT_EQ(t.knowledge().ply(), 1);
}

}  // namespace
}  // namespace boyi::bots

namespace boyi::bots {
namespace {

// An agreed takeback puts the tracker back where the referee is, and play goes on from there.
TEST(SeatTracker, FollowsAnAgreedTakeback) {
  using G = surakarta::State;
  referee::MemoryJournal journal;
  referee::MatchConfig c;
  c.match_id = "t1";
  c.game = "surakarta";
  c.takebacks = true;
  protocol::MatchHeader header;
  auto made = protocol::WireMatch::create(c, header, journal, referee::TimePoint{});
  ASSERT_TRUE(made.ok()) << made.message();
  protocol::WireMatch& m = **made;
  SeatTracker<G> t;
  ASSERT_TRUE(t.start(m.started(1, {})).ok());
  std::uint64_t fed = 1;  // the referee's start event
  const auto feed = [&] {
    for (const auto& msg : m.messages(1, fed, false)) {
      ASSERT_TRUE(msg.has_match_event());
      ASSERT_TRUE(t.observe(msg.match_event()).ok());
    }
    fed = m.referee().last_seq();
  };
  Rng rng(3);
  for (int i = 0; i < 4; ++i) {
    const Seat s = m.referee().to_move();
    ASSERT_TRUE(m.submit(s, m.referee().game().random_move(s, rng), {}).accepted());
  }
  feed();
  ASSERT_TRUE(m.propose(0, referee::ProposalKind::kTakeback, {}).ok());
  ASSERT_TRUE(m.answer(1, referee::ProposalKind::kTakeback, true, {}).ok());
  feed();
  EXPECT_EQ(t.knowledge().hash(), m.referee().hash());
  EXPECT_EQ(t.knowledge().ply(), 2);
  const Seat s = m.referee().to_move();
  ASSERT_TRUE(m.submit(s, m.referee().game().random_move(s, rng), {}).accepted());
  feed();
  EXPECT_EQ(t.knowledge().hash(), m.referee().hash());

  v1::MatchEvent too_far;
  too_far.set_match_id("t1");
  too_far.set_seq(static_cast<std::uint32_t>(t.last_seq() + 1));
  too_far.set_takes_back(9);
  EXPECT_FALSE(t.observe(too_far).ok());
}

}  // namespace
}  // namespace boyi::bots
