// Disconnection against the real boyi-server: a player who comes back within the grace gets
// every missed event replayed by Sync and the match finishes; one who vanishes forfeits.
#include <thread>

#include "tests/e2e/e2e_support.h"

namespace boyi::e2e {
namespace {

// Replays what a Sync answered: match_started, the events from `from_seq`, match_ended if over,
// sync_done. Checks the order and feeds everything to the mover.
void expect_replay(Client& c, RandomMover& mover, std::uint64_t sync_id, std::uint32_t from_seq,
                   std::uint32_t expected_last, const ServerProcess* server) {
  auto first = c.expect([](const v1::ServerMessage&) { return true; }, "the replay");
  ASSERT_TRUE(first.ok()) << first.message() << log_of(server);
  ASSERT_TRUE(first->has_match_started()) << describe(*first);
  EXPECT_EQ(first->match_started().seat(), mover.seat());
  mover.handle(*first);
  std::uint32_t next = from_seq;
  for (int i = 0; i < 10000; ++i) {
    auto m = c.expect([](const v1::ServerMessage& s) { return !s.has_clock_update(); }, "replay");
    ASSERT_TRUE(m.ok()) << m.message() << log_of(server);
    if (m->has_sync_done()) {
      EXPECT_EQ(m->request_id(), sync_id);
      EXPECT_EQ(m->sync_done().last_seq(), expected_last);
      mover.handle(*m);
      break;
    }
    ASSERT_TRUE(m->has_match_event() || m->has_match_ended() || m->has_match_record())
        << describe(*m);
    if (m->has_match_event()) {
      EXPECT_EQ(m->match_event().seq(), next++);
    }
    mover.handle(*m);
  }
  EXPECT_EQ(next, expected_last + 1);
}

TEST(Reconnect, WithinTheGraceEveryMissedEventIsReplayedAndTheMatchFinishes) {
  auto server = start_test_server();
  E2E_ASSERT_OK(server, nullptr);
  const std::string ua = unique_name("river"), ub = unique_name("hill");
  auto a = person((*server)->port(), Transport::tcp_binary, ua, true);
  E2E_ASSERT_OK(a, server->get());
  auto b = person((*server)->port(), Transport::tcp_binary, ub, true);
  E2E_ASSERT_OK(b, server->get());
  auto started = seek_and_accept(**a, **b, preset_setup("surakarta-ccgc", 0));
  E2E_ASSERT_OK(started, server->get());
  RandomMover ma(**a, started->a, 101);
  RandomMover mb(**b, started->b, 202);
  ma.set_move_budget(3);
  mb.set_move_budget(3);
  ASSERT_TRUE(play_until(
      {&ma, &mb},
      [&] {
        return ma.moves_sent() == 3 && mb.moves_sent() == 3 && !ma.move_in_flight() &&
               !mb.move_in_flight() && ma.last_seq() == 6 && mb.last_seq() == 6;
      },
      30s))
      << log_of(server->get());
  ASSERT_FALSE(ma.ended());

  // Seat 1 drops; seat 0 moves while it is away.
  (*b)->close();
  ma.set_move_budget(4);
  ASSERT_TRUE(play_until(
      {&ma}, [&] { return ma.last_seq() == 7 && !ma.move_in_flight(); }, 30s))
      << log_of(server->get());

  v1::SignedIn signed_in;
  auto b2 = person((*server)->port(), Transport::tcp_json, ub, false, &signed_in);
  E2E_ASSERT_OK(b2, server->get());
  ASSERT_EQ(signed_in.active_matches_size(), 1);
  EXPECT_EQ(signed_in.active_matches(0).match_id(), ma.match_id());
  EXPECT_EQ(signed_in.active_matches(0).seat(), 1);
  EXPECT_EQ(signed_in.active_matches(0).last_seq(), 7u);

  mb.rebind(**b2);
  const std::uint32_t from = mb.last_seq() + 1;
  const auto sync_id = (*b2)->send_sync(mb.match_id(), from);
  expect_replay(**b2, mb, sync_id, from, 7, server->get());
  ASSERT_FALSE(HasFatalFailure());
  ASSERT_EQ(mb.events().size(), 7u);
  EXPECT_EQ(mb.events().back().actor, 0);

  ma.set_move_budget(1 << 30);
  mb.set_move_budget(1 << 30);
  ASSERT_TRUE(play({&ma, &mb}, 90s)) << log_of(server->get());
  EXPECT_TRUE(ma.problems().empty()) << ma.problems().front();
  EXPECT_TRUE(mb.problems().empty()) << mb.problems().front();
  EXPECT_EQ(compare_streams(ma, mb), "");
  EXPECT_NE(ma.match_ended()->outcome().ending(), v1::ENDING_DISCONNECT_FORFEIT);
}

// A seat that Syncs from 1 on the connection it kept (as a cluster node's client does when
// its match moves to another node) may still hold live events it never read, and may be sent
// a replay it did not ask for. The harness's seat keeps one gapless stream all the same: the
// unread events are superseded by the replay, and a second replay is checked, not kept twice.
TEST(Reconnect, ASyncOnTheSameConnectionOverUnreadEventsKeepsOneStream) {
  auto server = start_test_server();
  E2E_ASSERT_OK(server, nullptr);
  auto a = person((*server)->port(), Transport::tcp_binary, unique_name("lake"), true);
  E2E_ASSERT_OK(a, server->get());
  auto b = person((*server)->port(), Transport::tcp_json, unique_name("fell"), true);
  E2E_ASSERT_OK(b, server->get());
  auto started = seek_and_accept(**a, **b, preset_setup("surakarta-ccgc", 0));
  E2E_ASSERT_OK(started, server->get());
  RandomMover ma(**a, started->a, 111);
  RandomMover mb(**b, started->b, 222);
  ma.set_move_budget(2);
  mb.set_move_budget(2);
  ASSERT_TRUE(play_until(
      {&ma, &mb}, [&] { return ma.last_seq() == 4 && mb.last_seq() == 4; }, 30s))
      << log_of(server->get());

  // Seat 0 moves; seat 1's client receives the event but nobody reads it.
  ma.set_move_budget(3);
  ASSERT_TRUE(play_until(
      {&ma}, [&] { return ma.last_seq() == 5 && !ma.move_in_flight(); }, 30s))
      << log_of(server->get());
  const auto arrived = [&] {
    for (const auto& m : (*b)->transcript())
      if (m.has_match_event() && m.match_event().seq() == 5) return true;
    return false;
  };
  for (int i = 0; i < 1000 && !arrived(); ++i) std::this_thread::sleep_for(10ms);
  ASSERT_TRUE(arrived());
  ASSERT_EQ(mb.last_seq(), 4u);

  auto resynced = resync(**b, ma.match_id(), 333);
  E2E_ASSERT_OK(resynced, server->get());
  RandomMover& again = **resynced;
  EXPECT_TRUE(again.problems().empty()) << again.problems().front();
  ASSERT_EQ(again.events().size(), 5u);
  for (std::uint32_t i = 0; i < 5; ++i) EXPECT_EQ(again.events()[i].seq, i + 1);

  // A second replay on the same connection, read by the same seat: nothing is kept twice.
  (void)(*b)->send_sync(ma.match_id(), 1);
  ma.set_move_budget(1 << 30);
  again.set_move_budget(1 << 30);
  ASSERT_TRUE(play({&ma, &again}, 90s)) << log_of(server->get());
  EXPECT_TRUE(ma.problems().empty()) << ma.problems().front();
  EXPECT_TRUE(again.problems().empty()) << again.problems().front();
  EXPECT_EQ(compare_streams(ma, again), "");
}

TEST(Reconnect, APlayerWhoVanishesForfeitsAfterTheGrace) {
  ServerOptions options;
  options.config_fields = R"("disconnect_grace_ms": 1500)";
  auto server = start_test_server(options);
  E2E_ASSERT_OK(server, nullptr);
  auto a = person((*server)->port(), Transport::ws_text, unique_name("stay"), true);
  E2E_ASSERT_OK(a, server->get());
  auto welcome_grace = (*a)->limits().disconnect_grace_ms();
  EXPECT_EQ(welcome_grace, 1500u);
  auto b = person((*server)->port(), Transport::ws_binary, unique_name("gone"), true);
  E2E_ASSERT_OK(b, server->get());
  auto started = seek_and_accept(**a, **b, preset_setup("dots-ccgc", 0));
  E2E_ASSERT_OK(started, server->get());
  (*b)->close();  // and never comes back
  auto end =
      (*a)->expect([](const v1::ServerMessage& m) { return m.has_match_ended(); }, "end", 30s);
  E2E_ASSERT_OK(end, server->get());
  EXPECT_EQ(end->match_ended().outcome().ending(), v1::ENDING_DISCONNECT_FORFEIT);
  EXPECT_EQ(end->match_ended().outcome().winner(), 0);
}

}  // namespace
}  // namespace boyi::e2e
