// 军棋 from the wire: over seeded random games, every seat's wire view and wire events
// convert back to exactly the engine's junqi::View and EventViews of that seat, the
// view followed event by event equals the engine's, and malformed input is refused.
#include "bots/wire/junqi_from_wire.h"

#include <gtest/gtest.h>

#include "bots/wire/local_wire_match.h"

namespace boyi::bots {
namespace {

using testing::LocalWireMatch;

TEST(JunqiFromWire, ViewsAndEventsConvertBackToTheEnginesOwn) {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    LocalWireMatch<junqi::State> m;
    ASSERT_TRUE(m.ok());
    Rng rng(seed);
    std::array<junqi::View, 2> followed;
    for (Seat s = 0; s < 2; ++s) {
      auto v = junqi_view_from_wire(m.started(s).view());
      ASSERT_TRUE(v.ok()) << v.message();
      EXPECT_EQ(*v, m.truth().view(s));
      followed[s] = *v;
    }
    for (int ply = 0; ply < 300 && !m.over(); ++ply) {
      const Seat actor = m.next_actor(rng);
      auto events = m.play(actor, m.random_action(actor, rng), true);
      ASSERT_TRUE(events.ok()) << events.message();
      for (Seat s = 0; s < 2; ++s) {
        const v1::MatchEvent& e = (*events)[s];
        ASSERT_EQ(e.events_size(), 1);
        auto ev = junqi_event_from_wire(e.events(0).junqi(), s);
        ASSERT_TRUE(ev.ok()) << ev.message();
        EXPECT_EQ(*ev, m.event_views(s).back()) << "seed " << seed << " ply " << ply;
        ASSERT_TRUE(apply_junqi_event(followed[s], *ev).ok());
        followed[s].to_move = e.to_move();
        auto v = junqi_view_from_wire(e.view());
        ASSERT_TRUE(v.ok()) << v.message();
        EXPECT_EQ(*v, m.truth().view(s)) << "seed " << seed << " ply " << ply;
        if (!m.over()) {
          EXPECT_EQ(followed[s], m.truth().view(s))
              << "seed " << seed << " ply " << ply << "\n"
              << followed[s].to_text() << m.truth().view(s).to_text();
        }
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 1000);
}

TEST(JunqiFromWire, MalformedViewsAreRefused) {
  LocalWireMatch<junqi::State> m;
  ASSERT_TRUE(m.ok());
  const v1::GameView good = m.started(0).view();
  ASSERT_TRUE(junqi_view_from_wire(good).ok());

  v1::GameView short_board = good;
  short_board.mutable_junqi()->mutable_posts()->RemoveLast();
  EXPECT_FALSE(junqi_view_from_wire(short_board).ok());

  v1::GameView spectator = good;
  spectator.set_viewer(-1);
  EXPECT_FALSE(junqi_view_from_wire(spectator).ok());

  v1::GameView own_hidden = good;
  auto* post = own_hidden.mutable_junqi()->mutable_posts(30);
  post->set_kind(v1::JUNQI_POST_HIDDEN);
  post->set_owner(0);  // the viewer's own piece cannot be hidden from it
  EXPECT_FALSE(junqi_view_from_wire(own_hidden).ok());

  v1::GameView bad_letter = good;
  post = bad_letter.mutable_junqi()->mutable_posts(30);
  post->set_kind(v1::JUNQI_POST_OWN);
  post->set_owner(0);
  post->set_piece("z");
  EXPECT_FALSE(junqi_view_from_wire(bad_letter).ok());

  v1::GameView known = good;
  post = known.mutable_junqi()->mutable_posts(0);
  post->set_kind(v1::JUNQI_POST_KNOWN);  // only in full views after the end
  post->set_owner(1);
  post->set_piece("a");
  EXPECT_FALSE(junqi_view_from_wire(known).ok());

  v1::GameView unlisted_flag = good;
  post = unlisted_flag.mutable_junqi()->mutable_posts(1);
  post->set_kind(v1::JUNQI_POST_REVEALED_FLAG);
  post->set_owner(1);
  post->set_piece("l");
  EXPECT_FALSE(junqi_view_from_wire(unlisted_flag).ok());

  v1::GameView no_board;
  no_board.set_viewer(0);
  EXPECT_FALSE(junqi_view_from_wire(no_board).ok());
}

TEST(JunqiFromWire, MalformedEventsAreRefused) {
  v1::JunqiEvent step;
  step.set_kind(v1::JunqiEvent::KIND_STEP);
  step.set_seat(0);
  step.set_ply(3);
  step.set_from("G0");
  step.set_to("F0");
  step.set_code(3);
  auto ok = junqi_event_from_wire(step, 1);
  ASSERT_TRUE(ok.ok()) << ok.message();
  EXPECT_EQ(ok->from, *junqi::parse_post("G0"));
  EXPECT_EQ(ok->code, 3);

  auto bad = step;
  bad.set_from("Z9");
  EXPECT_FALSE(junqi_event_from_wire(bad, 1).ok());
  bad = step;
  bad.set_code(7);
  EXPECT_FALSE(junqi_event_from_wire(bad, 1).ok());
  bad = step;
  bad.set_seat(2);
  EXPECT_FALSE(junqi_event_from_wire(bad, 1).ok());
  bad = step;
  auto* flag = bad.add_revealed_flags();
  flag->set_seat(5);
  flag->set_post("L1");
  EXPECT_FALSE(junqi_event_from_wire(bad, 1).ok());

  v1::JunqiEvent deploy;
  deploy.set_kind(v1::JunqiEvent::KIND_DEPLOY);
  deploy.set_seat(1);
  deploy.set_code(-1);
  deploy.set_layout("abc");
  EXPECT_FALSE(junqi_event_from_wire(deploy, 1).ok());  // too short
  deploy.set_layout(std::string(25, 'a'));
  EXPECT_FALSE(junqi_event_from_wire(deploy, 0).ok());  // the other seat's layout
  deploy.clear_layout();
  EXPECT_TRUE(junqi_event_from_wire(deploy, 0).ok());  // a sequence bump
}

TEST(JunqiFromWire, EventsThatDoNotFitTheViewAreRefused) {
  LocalWireMatch<junqi::State> m;
  ASSERT_TRUE(m.ok());
  auto v = junqi_view_from_wire(m.started(0).view());
  ASSERT_TRUE(v.ok());
  junqi::EventView step;
  step.viewer = 0;
  step.kind = junqi::Move::kStep;
  step.seat = 0;
  step.from = *junqi::parse_post("G0");
  step.to = *junqi::parse_post("F0");
  step.code = junqi::kPlainMove;
  junqi::View copy = *v;
  EXPECT_FALSE(apply_junqi_event(copy, step).ok());  // nothing stands on G0 before deployment

  junqi::EventView deploy;
  deploy.viewer = 0;
  deploy.kind = junqi::Move::kDeploy;
  deploy.seat = 0;  // our own deployment must come with its layout
  EXPECT_FALSE(apply_junqi_event(copy, deploy).ok());
  deploy.seat = 1;
  deploy.ply = 1;
  ASSERT_TRUE(apply_junqi_event(copy, deploy).ok());
  EXPECT_FALSE(apply_junqi_event(copy, deploy).ok());  // twice
}

}  // namespace
}  // namespace boyi::bots
