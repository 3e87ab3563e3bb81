// The seat's knowledge rebuilt from protocol lines alone must equal what the
// engine itself gives that seat: over seeded random games, after every step,
// each seat's tracked view equals junqi::State::view(seat) and its last event
// equals State::event_view(event, seat). The lines go through their text form,
// as they would between the bridge and an engine.
#include "bots/bridges/junqi_seat_tracker.h"

#include <gtest/gtest.h>

#include "base/rng.h"

namespace boyi::bots {
namespace {

using namespace junqi;

TEST(JunqiSeatTracker, RebuildsTheEnginesViewFromProtocolLinesOnly) {
  int steps = 0, battles = 0, reveals = 0;
  for (std::uint64_t seed = 1; seed <= 24; ++seed) {
    Rng rng(seed);
    Rules rules;
    rules.no_battle_limit = 31;
    State st(rules);
    std::array<JunqiSeatTracker, 2> seat;
    for (Seat s = 0; s < 2; ++s) {
      seat[s].start(s, rules);
      const Move layout = st.random_deployment(s, rng);
      ASSERT_TRUE(st.apply_checked(s, layout).ok());
      ASSERT_TRUE(seat[s].deployed(st.format_move(layout)).ok());
    }
    ASSERT_TRUE(seat[0].opponent_go(*junqi_lines::parse_go("GO 0000 0 00", 0)).ok());
    EXPECT_EQ(seat[0].info().view, st.view(0));
    while (!st.is_terminal()) {
      const Seat mover = st.to_move();
      State::MoveList list;
      st.legal_moves(list);
      ASSERT_FALSE(list.empty());
      const Move m = list[rng.below(static_cast<std::uint32_t>(list.size()))];
      auto event = st.apply_checked(mover, m);
      ASSERT_TRUE(event.ok()) << event.message();
      ++steps;
      battles += event->code != kPlainMove;
      reveals += event->newly_revealed != 0;
      const Seat other = 1 - mover;
      const EventView mine = State::event_view(*event, mover);
      const EventView theirs = State::event_view(*event, other);
      const std::string result =
          junqi_lines::format_result({mine.code, mine.revealed_flag[other]}, mover);
      junqi_lines::Go go;
      go.from = theirs.from;
      go.to = theirs.to;
      go.code = theirs.code;
      go.enemy_flag = theirs.revealed_flag[mover];
      const std::string go_line = junqi_lines::format_go(go, other);
      ASSERT_TRUE(seat[mover].own_result(m, *junqi_lines::parse_result(result, mover)).ok());
      ASSERT_TRUE(seat[other].opponent_go(*junqi_lines::parse_go(go_line, other)).ok());
      if (st.is_terminal()) break;  // the tracker cannot know the ending: END says it
      for (Seat s = 0; s < 2; ++s) {
        ASSERT_EQ(seat[s].info().view, st.view(s))
            << "seed " << seed << " seat " << s << " after " << result << " / " << go_line << "\n"
            << seat[s].info().view.to_text() << "\n"
            << st.view(s).to_text();
        ASSERT_EQ(seat[s].info().events.back(), State::event_view(*event, s));
      }
    }
  }
  // The games must have exercised battles and revealed flags.
  EXPECT_GT(steps, 1000);
  EXPECT_GT(battles, 100);
  EXPECT_GT(reveals, 0);
}

TEST(JunqiSeatTracker, InconsistentLinesAreRefusedAndChangeNothing) {
  JunqiSeatTracker t;
  EXPECT_FALSE(t.deployed("abccddeeffggghhhiiijjkklj").ok());  // before START
  t.start(1, Rules{});
  EXPECT_FALSE(t.opponent_go(*junqi_lines::parse_go("GO F0G0 3 00", 1)).ok());  // not deployed
  EXPECT_FALSE(t.deployed("abccddeeffggghhhiiijjkkll").ok());                   // two flags
  ASSERT_TRUE(t.deployed("abccddeeffggghhhiiijjkklj").ok());
  EXPECT_FALSE(t.deployed("abccddeeffggghhhiiijjkklj").ok());  // twice
  EXPECT_FALSE(
      t.opponent_go(*junqi_lines::parse_go("GO 0000 0 00", 1)).ok());  // seat 1 moves second
  const JunqiSeatInfo before = t.info();
  // The enemy (seat 0) fills our own-frame rows A-F but not their camps: nothing stands on
  // our D2, and a step from there is refused.
  EXPECT_FALSE(t.opponent_go(*junqi_lines::parse_go("GO D2D1 3 00", 1)).ok());
  EXPECT_EQ(t.info().view, before.view);
  EXPECT_EQ(t.info().events.size(), before.events.size());
  // A plain move from the enemy's front row (our F0) to our G0, where our own piece stands,
  // is refused; as a battle it is accepted.
  EXPECT_FALSE(t.opponent_go(*junqi_lines::parse_go("GO F0G0 3 00", 1)).ok());
  ASSERT_TRUE(t.opponent_go(*junqi_lines::parse_go("GO F0G0 1 00", 1)).ok());
  EXPECT_TRUE(t.in_play());
  EXPECT_EQ(t.info().view.to_move, 1);
  EXPECT_EQ(t.info().view.no_battle, 0);
  // Our piece on G0 (own frame) is gone: the enemy stands there now.
  const int g0 = *junqi_lines::parse_post("G0", 1);
  EXPECT_EQ(t.info().view.cells[g0], View::kHidden + 0);
  EXPECT_FALSE(t.opponent_go(*junqi_lines::parse_go("GO F1G1 3 00", 1)).ok());  // our turn now
}

}  // namespace
}  // namespace boyi::bots
