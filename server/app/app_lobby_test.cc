// The lobby through the real server: direct challenges (send, accept, decline, cancel,
// expiry, offline and unknown opponents), automatic pairing, lobby subscription pushes,
// ListOnline and ListMatches.
#include <set>
#include <thread>

#include "server/app/app_test_fixture.h"

namespace boyi::app::test {
namespace {

using LU = v1::LobbyUpdate;
using Reason = v1::ChallengeClosed;

v1::ClientMessage challenge(const std::string& opponent, v1::MatchSetup setup) {
  v1::ClientMessage m;
  m.mutable_send_challenge()->set_opponent(opponent);
  *m.mutable_send_challenge()->mutable_setup() = std::move(setup);
  return m;
}

v1::ClientMessage answer(const std::string& id, bool accept, const std::string& words = {}) {
  v1::ClientMessage m;
  m.mutable_answer_challenge()->set_challenge_id(id);
  m.mutable_answer_challenge()->set_accept(accept);
  m.mutable_answer_challenge()->set_message(words);
  return m;
}

v1::ClientMessage cancel(const std::string& id) {
  v1::ClientMessage m;
  m.mutable_cancel_challenge()->set_challenge_id(id);
  return m;
}

v1::ClientMessage auto_pair(const std::string& preset) {
  v1::ClientMessage m;
  m.mutable_auto_pair()->mutable_setup()->set_preset(preset);
  m.mutable_auto_pair()->mutable_setup()->set_seat(-1);
  return m;
}

std::optional<SM> closed_push(Client& c, const std::string& id,
                              std::chrono::milliseconds timeout = 5s) {
  return c.wait_for(
      [&](const SM& m) {
        return is_lobby(m, LU::kChallengeClosed) &&
               m.lobby_update().challenge_closed().challenge_id() == id;
      },
      timeout);
}

class LobbyTest : public AppTest {};

TEST_F(LobbyTest, AChallengeAcceptedStartsTheMatchForBoth) {
  auto alice = player("alice");
  auto bob = player("bob", Client::Mode::binary);
  auto sent = call(*alice, challenge("bob", freestyle_setup(1)));
  ASSERT_TRUE(sent && sent->has_challenge_sent()) << sent->DebugString();
  const auto& c = sent->challenge_sent().challenge();
  EXPECT_FALSE(c.challenge_id().empty());
  EXPECT_EQ(c.from().name(), "alice");
  EXPECT_EQ(c.to().name(), "bob");
  EXPECT_EQ(c.setup().game(), "gomoku");
  EXPECT_EQ(c.setup().seat(), 1);

  auto got = bob->wait_for([](const SM& m) { return is_lobby(m, LU::kChallengeReceived); });
  ASSERT_TRUE(got);
  EXPECT_EQ(got->request_id(), 0u);
  EXPECT_EQ(got->lobby_update().challenge_received().challenge_id(), c.challenge_id());
  EXPECT_EQ(got->lobby_update().challenge_received().from().name(), "alice");

  // Only the one challenged may answer.
  EXPECT_EQ(error_of(call(*alice, answer(c.challenge_id(), true))), v1::ERROR_CODE_NOT_FOUND);
  auto ack = call(*bob, answer(c.challenge_id(), true));
  ASSERT_TRUE(ack && ack->has_ack()) << ack->DebugString();
  for (Client* who : {alice.get(), bob.get()}) {
    auto closed = closed_push(*who, c.challenge_id());
    ASSERT_TRUE(closed);
    EXPECT_EQ(closed->lobby_update().challenge_closed().reason(), Reason::REASON_ACCEPTED);
  }
  auto sa = alice->wait_for([](const SM& m) { return m.has_match_started(); });
  auto sb = bob->wait_for([](const SM& m) { return m.has_match_started(); });
  ASSERT_TRUE(sa && sb);
  EXPECT_EQ(sa->match_started().match_id(), sb->match_started().match_id());
  EXPECT_EQ(sa->match_started().seat(), 1);  // the seat alice asked for
  EXPECT_EQ(sb->match_started().seat(), 0);
  EXPECT_TRUE(sb->match_started().view().can_act());
  // The challenge is gone: answering it again finds nothing.
  EXPECT_EQ(error_of(call(*bob, answer(c.challenge_id(), true))), v1::ERROR_CODE_NOT_FOUND);
}

TEST_F(LobbyTest, DeclineAndCancelCloseTheChallengeWithoutAMatch) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto sent = call(*alice, challenge("bob", freestyle_setup()));
  ASSERT_TRUE(sent && sent->has_challenge_sent());
  const std::string first = sent->challenge_sent().challenge().challenge_id();
  ASSERT_TRUE(bob->wait_for([](const SM& m) { return is_lobby(m, LU::kChallengeReceived); }));
  auto ack = call(*bob, answer(first, false, "not now, thanks"));
  ASSERT_TRUE(ack && ack->has_ack());
  auto closed = closed_push(*alice, first);
  ASSERT_TRUE(closed);
  EXPECT_EQ(closed->lobby_update().challenge_closed().reason(), Reason::REASON_DECLINED);
  EXPECT_EQ(closed->lobby_update().challenge_closed().message(), "not now, thanks");
  EXPECT_FALSE(alice->wait_for([](const SM& m) { return m.has_match_started(); }, 300ms));

  sent = call(*alice, challenge("bob", freestyle_setup()));
  ASSERT_TRUE(sent && sent->has_challenge_sent());
  const std::string second = sent->challenge_sent().challenge().challenge_id();
  EXPECT_NE(second, first);
  // Only the sender may cancel.
  EXPECT_EQ(error_of(call(*bob, cancel(second))), v1::ERROR_CODE_NOT_FOUND);
  ack = call(*alice, cancel(second));
  ASSERT_TRUE(ack && ack->has_ack());
  closed = closed_push(*bob, second);
  ASSERT_TRUE(closed);
  EXPECT_EQ(closed->lobby_update().challenge_closed().reason(), Reason::REASON_CANCELLED);
  EXPECT_EQ(error_of(call(*bob, answer(second, true))), v1::ERROR_CODE_NOT_FOUND);
  EXPECT_EQ(error_of(call(*alice, cancel(second))), v1::ERROR_CODE_NOT_FOUND);
  EXPECT_FALSE(bob->wait_for([](const SM& m) { return m.has_match_started(); }, 300ms));
}

TEST_F(LobbyTest, AnUnansweredChallengeExpires) {
  auto config = test_config(dir_.path());
  config.challenge_expiry_ms = 300;
  restart(config);
  auto alice = player("alice");
  auto bob = player("bob");
  auto sent = call(*alice, challenge("bob", freestyle_setup()));
  ASSERT_TRUE(sent && sent->has_challenge_sent());
  const std::string id = sent->challenge_sent().challenge().challenge_id();
  for (Client* who : {alice.get(), bob.get()}) {
    auto closed = closed_push(*who, id, 10s);
    ASSERT_TRUE(closed);
    EXPECT_EQ(closed->lobby_update().challenge_closed().reason(), Reason::REASON_EXPIRED);
  }
  EXPECT_EQ(error_of(call(*bob, answer(id, true))), v1::ERROR_CODE_NOT_FOUND);
}

TEST_F(LobbyTest, ChallengesToUnknownOfflineOrOneselfAreRefused) {
  auto alice = player("alice");
  {
    auto bob = player("bob");  // an account that then goes offline
  }
  auto r = call(*alice, challenge("nobody-here", freestyle_setup()));
  EXPECT_EQ(error_of(r), v1::ERROR_CODE_NOT_FOUND);
  // bob's connection is closed: wait until the server has noticed.
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  do {
    r = call(*alice, challenge("bob", freestyle_setup()));
  } while (r && r->has_challenge_sent() && std::chrono::steady_clock::now() < deadline &&
           (std::this_thread::sleep_for(20ms), true));
  EXPECT_EQ(error_of(r), v1::ERROR_CODE_NOT_FOUND);
  EXPECT_EQ(error_of(call(*alice, challenge("alice", freestyle_setup()))),
            v1::ERROR_CODE_INVALID_ARGUMENT);
  v1::MatchSetup bad;
  bad.set_game("chess");
  EXPECT_EQ(error_of(call(*alice, challenge("alice", bad))), v1::ERROR_CODE_UNKNOWN_GAME);

  // A challenge whose opponent leaves is cancelled for the sender.
  auto carol = player("carol");
  auto sent = call(*alice, challenge("carol", freestyle_setup()));
  ASSERT_TRUE(sent && sent->has_challenge_sent());
  const std::string id = sent->challenge_sent().challenge().challenge_id();
  carol->close();
  auto closed = closed_push(*alice, id);
  ASSERT_TRUE(closed);
  EXPECT_EQ(closed->lobby_update().challenge_closed().reason(), Reason::REASON_CANCELLED);
}

TEST_F(LobbyTest, AutoPairPairsTheSamePresetOnly) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto carol = player("carol", Client::Mode::binary);
  auto r = call(*alice, auto_pair("renju-ccgc"));
  ASSERT_TRUE(r && r->has_ack());
  EXPECT_EQ(error_of(call(*alice, auto_pair("renju-ccgc"))), v1::ERROR_CODE_CONFLICT);
  r = call(*bob, auto_pair("dots-ccgc"));  // a different preset: not paired with alice
  ASSERT_TRUE(r && r->has_ack());
  EXPECT_FALSE(alice->wait_for([](const SM& m) { return m.has_match_started(); }, 300ms));
  EXPECT_FALSE(bob->wait_for([](const SM& m) { return m.has_match_started(); }, 100ms));

  r = call(*carol, auto_pair("renju-ccgc"));
  ASSERT_TRUE(r && r->has_ack());
  auto sa = alice->wait_for([](const SM& m) { return m.has_match_started(); });
  auto sc = carol->wait_for([](const SM& m) { return m.has_match_started(); });
  ASSERT_TRUE(sa && sc);
  EXPECT_EQ(sa->match_started().match_id(), sc->match_started().match_id());
  EXPECT_EQ(sa->match_started().preset(), "renju-ccgc");
  EXPECT_EQ(sa->match_started().seat() + sc->match_started().seat(), 1);
  EXPECT_EQ(sa->match_started().game(), "gomoku");

  // bob is still waiting; he may leave the pool once.
  EXPECT_FALSE(bob->wait_for([](const SM& m) { return m.has_match_started(); }, 100ms));
  v1::ClientMessage leave;
  leave.mutable_cancel_auto_pair();
  r = call(*bob, leave);
  ASSERT_TRUE(r && r->has_ack());
  EXPECT_EQ(error_of(call(*bob, leave)), v1::ERROR_CODE_NOT_FOUND);
  // Out of the pool: a later dots-ccgc seeker waits alone.
  auto dave = player("dave");
  ASSERT_TRUE(call(*dave, auto_pair("dots-ccgc"))->has_ack());
  EXPECT_FALSE(dave->wait_for([](const SM& m) { return m.has_match_started(); }, 300ms));
  EXPECT_FALSE(bob->wait_for([](const SM& m) { return m.has_match_started(); }, 100ms));
}

TEST_F(LobbyTest, SubscribersGetSnapshotsAndPushes) {
  auto watcher = player("watcher");
  auto early = player("early");
  v1::ClientMessage create;
  *create.mutable_create_seek()->mutable_setup() = freestyle_setup();
  auto seek = call(*early, create);
  ASSERT_TRUE(seek && seek->has_seek_created());
  const std::string early_seek = seek->seek_created().seek().seek_id();

  v1::ClientMessage sub;
  sub.mutable_subscribe_lobby();
  auto snap = call(*watcher, sub);
  ASSERT_TRUE(snap && snap->has_lobby_snapshot());
  std::set<std::string> names;
  for (const auto& u : snap->lobby_snapshot().users()) names.insert(u.user().name());
  EXPECT_TRUE(names.contains("watcher"));
  EXPECT_TRUE(names.contains("early"));
  ASSERT_EQ(snap->lobby_snapshot().seeks_size(), 1);
  EXPECT_EQ(snap->lobby_snapshot().seeks(0).seek_id(), early_seek);
  EXPECT_EQ(snap->lobby_snapshot().seeks(0).owner().name(), "early");

  // Someone signs in: user_online.
  auto late = player("late");
  auto on = watcher->wait_for([](const SM& m) {
    return is_lobby(m, LU::kUserOnline) && m.lobby_update().user_online().user().name() == "late";
  });
  ASSERT_TRUE(on);
  const std::string late_id = on->lobby_update().user_online().user().user_id();
  EXPECT_FALSE(late_id.empty());

  // A seek opened and cancelled.
  seek = call(*late, create);
  ASSERT_TRUE(seek && seek->has_seek_created());
  const std::string late_seek = seek->seek_created().seek().seek_id();
  auto opened = watcher->wait_for([](const SM& m) { return is_lobby(m, LU::kSeekOpened); });
  ASSERT_TRUE(opened);
  EXPECT_EQ(opened->lobby_update().seek_opened().seek_id(), late_seek);
  EXPECT_EQ(opened->lobby_update().seek_opened().setup().rules().rfind("rule=freestyle", 0), 0u);
  EXPECT_EQ(opened->lobby_update().seek_opened().owner().name(), "late");
  v1::ClientMessage cancel_seek;
  cancel_seek.mutable_cancel_seek()->set_seek_id(late_seek);
  ASSERT_TRUE(call(*late, cancel_seek)->has_ack());
  auto gone = watcher->wait_for([](const SM& m) { return is_lobby(m, LU::kSeekClosed); });
  ASSERT_TRUE(gone);
  EXPECT_EQ(gone->lobby_update().seek_closed(), late_seek);
  EXPECT_EQ(error_of(call(*late, cancel_seek)), v1::ERROR_CODE_NOT_FOUND);

  // Someone leaves: their seek closes, then user_offline.
  early->close();
  gone = watcher->wait_for([](const SM& m) { return is_lobby(m, LU::kSeekClosed); });
  ASSERT_TRUE(gone);
  EXPECT_EQ(gone->lobby_update().seek_closed(), early_seek);
  auto off = watcher->wait_for([](const SM& m) { return is_lobby(m, LU::kUserOffline); });
  ASSERT_TRUE(off);
  EXPECT_NE(off->lobby_update().user_offline(), late_id);
  EXPECT_FALSE(off->lobby_update().user_offline().empty());

  // A signed-out session gets no more pushes.
  v1::ClientMessage out;
  out.mutable_sign_out();
  ASSERT_TRUE(call(*watcher, out)->has_signed_out());
  late->close();
  EXPECT_FALSE(watcher->wait_for([](const SM& m) { return m.has_lobby_update(); }, 300ms));
}

TEST_F(LobbyTest, ListOnlineAndListMatchesFollowTheMatches) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto [sa, sb] = seek_and_accept(*alice, *bob, freestyle_setup());
  const std::string match = sa.match_id();
  ASSERT_FALSE(match.empty());

  v1::ClientMessage online;
  online.mutable_list_online();
  auto r = call(*alice, online);
  ASSERT_TRUE(r && r->has_online_list());
  int found = 0;
  for (const auto& u : r->online_list().users()) {
    if (u.user().name() == "alice" || u.user().name() == "bob") {
      ++found;
      ASSERT_EQ(u.playing_size(), 1);
      EXPECT_EQ(u.playing(0), match);
      EXPECT_EQ(u.user().role(), v1::ROLE_HUMAN);
    }
  }
  EXPECT_EQ(found, 2);

  ASSERT_TRUE(move(*alice, match, "H8")->has_match_event());
  v1::ClientMessage list;
  list.mutable_list_matches();
  r = call(*bob, list);
  ASSERT_TRUE(r && r->has_match_list());
  ASSERT_EQ(r->match_list().matches_size(), 1);
  const auto& m = r->match_list().matches(0);
  EXPECT_EQ(m.match_id(), match);
  EXPECT_EQ(m.game(), "gomoku");
  EXPECT_EQ(m.status(), v1::MATCH_STATUS_RUNNING);
  EXPECT_EQ(m.ply(), 1);
  ASSERT_EQ(m.players_size(), 2);
  EXPECT_EQ(m.players(0).name(), "alice");
  EXPECT_EQ(m.players(1).name(), "bob");
  list.mutable_list_matches()->set_game("junqi");
  r = call(*bob, list);
  ASSERT_TRUE(r && r->has_match_list());
  EXPECT_EQ(r->match_list().matches_size(), 0);

  v1::ClientMessage resign;
  resign.mutable_resign()->set_match_id(match);
  ASSERT_TRUE(call(*bob, resign)->has_ack());
  ASSERT_TRUE(alice->wait_for([](const SM& x) { return x.has_match_ended(); }));
  // Finished: gone from the running list, in the list with finished ones (once).
  list.mutable_list_matches()->set_game("");
  bool listed_running = true;
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (listed_running && std::chrono::steady_clock::now() < deadline) {
    r = call(*bob, list);
    ASSERT_TRUE(r && r->has_match_list());
    listed_running = r->match_list().matches_size() > 0;
  }
  EXPECT_FALSE(listed_running);
  list.mutable_list_matches()->set_include_finished(true);
  r = call(*bob, list);
  ASSERT_TRUE(r && r->has_match_list());
  ASSERT_EQ(r->match_list().matches_size(), 1);
  EXPECT_EQ(r->match_list().matches(0).status(), v1::MATCH_STATUS_FINISHED);
  EXPECT_EQ(r->match_list().matches(0).outcome().ending(), v1::ENDING_RESIGNATION);
  EXPECT_EQ(r->match_list().matches(0).outcome().winner(), 0);
  EXPECT_EQ(r->match_list().matches(0).ply(), 1);

  // No longer playing: the lobby hears of the end from the match's strand, so it may lag
  // the MatchEnded push by a moment.
  bool playing = true;
  const auto playing_deadline = std::chrono::steady_clock::now() + 10s;
  while (playing && std::chrono::steady_clock::now() < playing_deadline) {
    r = call(*alice, online);
    ASSERT_TRUE(r && r->has_online_list());
    playing = false;
    for (const auto& u : r->online_list().users())
      if (u.user().name() == "alice" && u.playing_size() > 0) playing = true;
  }
  EXPECT_FALSE(playing);
}

}  // namespace
}  // namespace boyi::app::test
