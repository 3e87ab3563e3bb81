// Spectators and GetView through the real server: a 军棋 spectator gets only the public
// rendering (never a layout or a hidden identity), delayed by the configured plies, and the
// whole record after the end; GetView for seats, spectators and after the end.
#include <algorithm>
#include <numeric>
#include <set>

#include "base/rng.h"
#include "engine/registry.h"
#include "server/app/app_test_fixture.h"

namespace boyi::app::test {
namespace {

// No post of a still-running 军棋 match's public view names a piece, except revealed flags.
void expect_public_junqi(const v1::GameView& view, const std::string& where) {
  ASSERT_TRUE(view.has_junqi()) << where;
  EXPECT_EQ(view.viewer(), -1) << where;
  ASSERT_EQ(view.junqi().posts_size(), 60) << where;
  for (const auto& p : view.junqi().posts()) {
    if (p.kind() == v1::JUNQI_POST_EMPTY) continue;
    if (p.kind() == v1::JUNQI_POST_REVEALED_FLAG) {
      EXPECT_EQ(p.piece(), "l") << where;
      continue;
    }
    EXPECT_EQ(p.kind(), v1::JUNQI_POST_HIDDEN) << where;
    EXPECT_EQ(p.piece(), "") << where;
  }
}

// One seat's client and what it knows.
struct Seat {
  Client* client = nullptr;
  int seat = -1;
  v1::GameView view;
  std::string layout;
};

class ViewTest : public AppTest {};

TEST_F(ViewTest, JunqiSpectatorGetsThePublicViewLateAndTheRecordAtTheEnd) {
  constexpr int kDelay = 2;
  auto config = test_config(dir_.path());
  config.spectator_delay_plies = kDelay;
  restart(config);
  auto alice = player("alice");
  auto bob = player("bob", Client::Mode::binary);
  auto carol = player("carol");
  v1::MatchSetup setup;
  setup.set_preset("junqi-ccgc");
  setup.set_seat(0);
  auto [sa, sb] = seek_and_accept(*alice, *bob, setup);
  const std::string match = sa.match_id();
  ASSERT_FALSE(match.empty());

  v1::ClientMessage watch;
  watch.mutable_spectate()->set_match_id(match);
  auto started = call(*carol, watch);
  ASSERT_TRUE(started && started->has_match_started()) << started->DebugString();
  EXPECT_EQ(started->match_started().seat(), -1);
  EXPECT_EQ(started->match_started().spectator_delay_plies(), static_cast<unsigned>(kDelay));
  expect_public_junqi(started->match_started().view(), "spectator's match_started");

  // Both deploy (random legal layouts), then random legal steps from each seat's own view.
  Rng rng(77);
  std::array<Seat, 2> seats{Seat{alice.get(), 0, sa.view(), {}}, Seat{bob.get(), 1, sb.view(), {}}};
  auto fresh = create_game("junqi", sa.rules());
  ASSERT_TRUE(fresh.ok()) << fresh.message();
  int actions = 0;
  bool ended = false;
  constexpr int kActions = 12;
  for (int step = 0; step < 200 && actions < kActions && !ended; ++step) {
    Seat* mover = nullptr;
    for (auto& s : seats)
      if (!mover && s.view.can_act()) mover = &s;
    ASSERT_NE(mover, nullptr) << "nobody may act";
    std::string mv;
    if (mover->view.legal_moves_size() > 0) {
      mv = mover->view.legal_moves(
          static_cast<int>(rng.below(static_cast<std::uint32_t>(mover->view.legal_moves_size()))));
    } else {
      mv = fresh.value()->random_move(mover->seat, rng);
      mover->layout = mv;
    }
    auto r = move(*mover->client, match, mv);
    ASSERT_TRUE(r && r->has_match_event()) << mv << ": " << (r ? r->DebugString() : "no reply");
    ++actions;
    EXPECT_EQ(r->match_event().seq(), static_cast<unsigned>(actions));
    if (r->match_event().has_view()) mover->view = r->match_event().view();
    Seat& other = seats[static_cast<std::size_t>(1 - mover->seat)];
    auto pushed = other.client->wait_for([&](const SM& m) {
      return (m.has_match_event() && m.match_event().seq() == static_cast<unsigned>(actions)) ||
             m.has_match_ended();
    });
    ASSERT_TRUE(pushed);
    if (pushed->has_match_ended()) ended = true;
    if (pushed->has_match_event() && pushed->match_event().has_view())
      other.view = pushed->match_event().view();
  }
  ASSERT_FALSE(ended) << "the random game ended early; pick another seed";
  ASSERT_EQ(actions, kActions);
  ASSERT_EQ(seats[0].layout.size(), 25u);
  ASSERT_EQ(seats[1].layout.size(), 25u);

  // The spectator is kDelay plies behind: events 1..actions-kDelay, nothing later.
  const unsigned visible = static_cast<unsigned>(actions - kDelay);
  auto last = carol->wait_for(
      [&](const SM& m) { return m.has_match_event() && m.match_event().seq() == visible; }, 10s);
  ASSERT_TRUE(last) << "the spectator did not get event " << visible;
  const int last_ply = last->match_event().ply();
  std::vector<SM> seen{*last};
  while (auto more = carol->next(300ms)) seen.push_back(*more);
  std::vector<unsigned> seqs;
  for (const auto& m : seen) {
    if (!m.has_match_event()) continue;
    const auto& e = m.match_event();
    seqs.push_back(e.seq());
    for (const auto& ge : e.events()) {
      ASSERT_TRUE(ge.has_junqi());
      EXPECT_EQ(ge.junqi().layout(), "") << "a layout reached a spectator";
    }
    if (e.has_view()) expect_public_junqi(e.view(), "spectator event " + std::to_string(e.seq()));
    const std::string text = m.DebugString();
    EXPECT_EQ(text.find(seats[0].layout), std::string::npos);
    EXPECT_EQ(text.find(seats[1].layout), std::string::npos);
  }
  std::sort(seqs.begin(), seqs.end());
  std::vector<unsigned> expected(visible);
  std::iota(expected.begin(), expected.end(), 1u);
  EXPECT_EQ(seqs, expected) << "the spectator's events are not exactly 1.." << visible;

  // GetView: the spectator's is as late as its events; a seat's is current and its own.
  v1::ClientMessage get;
  get.mutable_get_view()->set_match_id(match);
  auto view = call(*carol, get);
  ASSERT_TRUE(view && view->has_match_view()) << view->DebugString();
  EXPECT_EQ(view->match_view().last_seq(), visible);
  EXPECT_EQ(view->match_view().view().ply(), last_ply);
  expect_public_junqi(view->match_view().view(), "spectator's get_view");
  view = call(*alice, get);
  ASSERT_TRUE(view && view->has_match_view());
  EXPECT_EQ(view->match_view().last_seq(), static_cast<unsigned>(actions));
  EXPECT_EQ(view->match_view().view().viewer(), 0);
  int own = 0;
  for (const auto& p : view->match_view().view().junqi().posts())
    own += p.kind() == v1::JUNQI_POST_OWN && p.owner() == 0;
  EXPECT_GT(own, 0);

  // The end releases everything to the spectator, then the whole record.
  v1::ClientMessage resign;
  resign.mutable_resign()->set_match_id(match);
  ASSERT_TRUE(call(*bob, resign)->has_ack());
  auto end = carol->wait_for([](const SM& m) { return m.has_match_ended(); });
  ASSERT_TRUE(end);
  EXPECT_EQ(end->match_ended().seq(), static_cast<unsigned>(actions + 1));
  EXPECT_EQ(end->match_ended().outcome().ending(), v1::ENDING_RESIGNATION);
  EXPECT_EQ(end->match_ended().outcome().winner(), 0);
  EXPECT_EQ(end->match_ended().final_view().outcome().ending(), v1::ENDING_RESIGNATION);
  EXPECT_FALSE(end->match_ended().final_view().can_act());
  int known = 0;
  for (const auto& p : end->match_ended().final_view().junqi().posts())
    known += p.kind() == v1::JUNQI_POST_KNOWN;
  EXPECT_GT(known, 0);
  auto rec = carol->wait_for([](const SM& m) { return m.has_match_record(); });
  ASSERT_TRUE(rec);
  ASSERT_EQ(rec->match_record().moves_size(), actions);
  std::set<std::string> layouts;
  for (int i = 0; i < 2; ++i) layouts.insert(rec->match_record().moves(i).move());
  EXPECT_TRUE(layouts.contains(seats[0].layout));
  EXPECT_TRUE(layouts.contains(seats[1].layout));
  EXPECT_FALSE(rec->match_record().record_text().empty());
}

TEST_F(ViewTest, GetViewForSeatsSpectatorsAndAfterTheEnd) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto carol = player("carol", Client::Mode::binary);
  auto [sa, sb] = seek_and_accept(*alice, *bob, freestyle_setup());
  const std::string match = sa.match_id();
  ASSERT_TRUE(move(*alice, match, "H8")->has_match_event());
  v1::ClientMessage get;
  get.mutable_get_view()->set_match_id(match);

  auto r = call(*alice, get);
  ASSERT_TRUE(r && r->has_match_view());
  EXPECT_EQ(r->match_view().match_id(), match);
  EXPECT_EQ(r->match_view().last_seq(), 1u);
  EXPECT_EQ(r->match_view().view().viewer(), 0);
  EXPECT_FALSE(r->match_view().view().can_act());
  ASSERT_EQ(r->match_view().view().gomoku().black_size(), 1);
  EXPECT_EQ(r->match_view().view().gomoku().black(0), "H8");
  EXPECT_EQ(r->match_view().clocks().running(), 1);

  r = call(*bob, get);
  ASSERT_TRUE(r && r->has_match_view());
  EXPECT_EQ(r->match_view().view().viewer(), 1);
  EXPECT_TRUE(r->match_view().view().can_act());
  EXPECT_GT(r->match_view().view().legal_moves_size(), 0);

  // Not a player (not even spectating): the public view.
  r = call(*carol, get);
  ASSERT_TRUE(r && r->has_match_view());
  EXPECT_EQ(r->match_view().view().viewer(), -1);
  EXPECT_FALSE(r->match_view().view().can_act());
  EXPECT_EQ(r->match_view().last_seq(), 1u);
  EXPECT_EQ(r->match_view().view().legal_moves_size(), 0);
  EXPECT_EQ(r->match_view().view().gomoku().black_size(), 1);

  // A spectator joining late gets the events so far; a non-player may not move.
  v1::ClientMessage watch;
  watch.mutable_spectate()->set_match_id(match);
  auto started = call(*carol, watch);
  ASSERT_TRUE(started && started->has_match_started());
  auto first = carol->next();
  ASSERT_TRUE(first && first->has_match_event());
  EXPECT_EQ(first->match_event().seq(), 1u);
  EXPECT_EQ(first->match_event().move(), "H8");
  EXPECT_EQ(error_of(move(*carol, match, "A1")), v1::ERROR_CODE_NOT_A_PLAYER);
  ASSERT_TRUE(move(*bob, match, "H9")->has_match_event());
  auto live = carol->wait_for([](const SM& m) { return m.has_match_event(); });
  ASSERT_TRUE(live);
  EXPECT_EQ(live->match_event().seq(), 2u);
  EXPECT_EQ(live->match_event().view().viewer(), -1);
  // Unspectate: no more events.
  v1::ClientMessage stop;
  stop.mutable_unspectate()->set_match_id(match);
  ASSERT_TRUE(call(*carol, stop)->has_ack());
  ASSERT_TRUE(move(*alice, match, "I8")->has_match_event());
  EXPECT_FALSE(carol->wait_for([](const SM& m) { return m.has_match_event(); }, 300ms));

  v1::ClientMessage unknown;
  unknown.mutable_get_view()->set_match_id("m999999");
  EXPECT_EQ(error_of(call(*carol, unknown)), v1::ERROR_CODE_NOT_FOUND);

  v1::ClientMessage resign;
  resign.mutable_resign()->set_match_id(match);
  ASSERT_TRUE(call(*alice, resign)->has_ack());
  ASSERT_TRUE(bob->wait_for([](const SM& m) { return m.has_match_ended(); }));
  r = call(*carol, get);
  ASSERT_TRUE(r && r->has_match_view());
  EXPECT_EQ(r->match_view().last_seq(), 4u);
  EXPECT_EQ(r->match_view().view().outcome().ending(), v1::ENDING_RESIGNATION);
  EXPECT_EQ(r->match_view().view().outcome().winner(), 1);
  EXPECT_EQ(r->match_view().view().gomoku().black_size(), 2);
  EXPECT_EQ(r->match_view().view().to_move(), -1);
  r = call(*bob, get);  // a seat's view after the end: the same full view
  ASSERT_TRUE(r && r->has_match_view());
  EXPECT_FALSE(r->match_view().view().can_act());
  EXPECT_EQ(r->match_view().view().legal_moves_size(), 0);
  EXPECT_EQ(r->match_view().view().outcome().ending(), v1::ENDING_RESIGNATION);
}

}  // namespace
}  // namespace boyi::app::test
