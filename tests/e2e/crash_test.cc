// Crash safety: several concurrent matches, the server SIGKILLed in the middle (one move still
// in flight), restarted on the same data directory; every player reconnects, Syncs from seq 1
// and finds every move acknowledged before the kill exactly once, then the matches finish.
#include "tests/e2e/e2e_support.h"

namespace boyi::e2e {
namespace {

struct Seat {
  std::string user;
  std::unique_ptr<Client> client;
  std::unique_ptr<RandomMover> mover;
};

TEST(CrashSafety, MatchesSurviveSigkillAndFinishWithNothingLostOrDuplicated) {
  auto server = start_test_server();
  E2E_ASSERT_OK(server, nullptr);
  const std::vector<std::string> presets = {"junqi-ccgc", "renju-ccgc", "dots-ccgc",
                                            "surakarta-ccgc"};
  const Transport transports[2] = {Transport::tcp_binary, Transport::tcp_json};
  std::vector<std::array<Seat, 2>> matches(presets.size());
  std::vector<RandomMover*> all;
  for (std::size_t g = 0; g < presets.size(); ++g) {
    for (int s = 0; s < 2; ++s) {
      matches[g][s].user = unique_name("crash" + std::to_string(g) + std::to_string(s));
      auto c = person((*server)->port(), transports[s], matches[g][s].user, true);
      E2E_ASSERT_OK(c, server->get());
      matches[g][s].client = std::move(c).value();
    }
    auto started =
        seek_and_accept(*matches[g][0].client, *matches[g][1].client, preset_setup(presets[g], 0));
    E2E_ASSERT_OK(started, server->get());
    matches[g][0].mover = std::make_unique<RandomMover>(*matches[g][0].client, started->a, 7 + g);
    matches[g][1].mover = std::make_unique<RandomMover>(*matches[g][1].client, started->b, 9 + g);
    for (auto& seat : matches[g]) {
      seat.mover->set_move_budget(6);
      all.push_back(seat.mover.get());
    }
  }
  // Play a while: until every seat is out of moves or waiting (or its match ended).
  ASSERT_TRUE(play_until(
      all,
      [&] {
        for (auto* m : all) {
          if (!m->ended() && !m->idle()) return false;
        }
        return true;
      },
      60s))
      << log_of(server->get());
  // Drain what is on its way so each seat's stream is complete up to now.
  for (int i = 0; i < 50; ++i) {
    for (auto* m : all) m->pump(Millis(2));
  }
  // One more move in flight per running match, then the kill.
  for (auto& match : matches) {
    for (auto& seat : match) {
      seat.mover->set_move_budget(7);
      seat.mover->act();
    }
  }
  (*server)->kill_hard();
  for (auto& match : matches) {
    for (auto& seat : match) seat.client->close();
  }
  Status restarted = (*server)->restart();
  ASSERT_TRUE(restarted.ok()) << restarted.message() << log_of(server->get());

  std::vector<RandomMover*> resumed;
  std::vector<std::unique_ptr<Client>> clients;
  std::vector<std::unique_ptr<RandomMover>> movers;
  for (std::size_t g = 0; g < matches.size(); ++g) {
    for (int s = 0; s < 2; ++s) {
      Seat& seat = matches[g][s];
      const RandomMover& before = *seat.mover;
      v1::SignedIn signed_in;
      auto c = person((*server)->port(), transports[1 - s], seat.user, false, &signed_in);
      E2E_ASSERT_OK(c, server->get());
      bool listed = false;
      for (const auto& am : signed_in.active_matches()) {
        if (am.match_id() == before.match_id()) {
          listed = true;
          EXPECT_EQ(am.seat(), s);
          EXPECT_GE(am.last_seq(), before.last_seq());
        }
      }
      EXPECT_TRUE(listed || before.ended()) << presets[g] << " seat " << s;
      auto mover = resync(**c, before.match_id(), 100 + g * 2 + s);
      E2E_ASSERT_OK(mover, server->get());
      const RandomMover& after = **mover;
      EXPECT_TRUE(after.problems().empty()) << presets[g] << ": " << after.problems().front();
      // Every event seen before the kill is there, once, unchanged.
      ASSERT_GE(after.events().size(), before.events().size()) << presets[g];
      for (std::size_t i = 0; i < before.events().size(); ++i) {
        const SeenEvent& x = before.events()[i];
        const SeenEvent& y = after.events()[i];
        EXPECT_EQ(x.seq, y.seq) << presets[g];
        EXPECT_EQ(x.actor, y.actor) << presets[g] << " seq " << x.seq;
        EXPECT_EQ(x.move, y.move) << presets[g] << " seq " << x.seq;
      }
      // At most the one move that was in flight per seat got in besides.
      EXPECT_LE(after.events().size(), before.events().size() + 2) << presets[g];
      clients.push_back(std::move(c).value());
      movers.push_back(std::move(mover).value());
      resumed.push_back(movers.back().get());
    }
  }
  ASSERT_TRUE(play(resumed, 120s)) << log_of(server->get());
  for (std::size_t g = 0; g < matches.size(); ++g) {
    const RandomMover& x = *movers[2 * g];
    const RandomMover& y = *movers[2 * g + 1];
    EXPECT_TRUE(x.problems().empty()) << presets[g] << ": " << x.problems().front();
    EXPECT_TRUE(y.problems().empty()) << presets[g] << ": " << y.problems().front();
    EXPECT_EQ(compare_streams(x, y), "") << presets[g];
    ASSERT_TRUE(x.match_ended());
    const v1::Ending ending = x.match_ended()->outcome().ending();
    EXPECT_NE(ending, v1::ENDING_ABORTED) << presets[g];
    EXPECT_NE(ending, v1::ENDING_DISCONNECT_FORFEIT) << presets[g];
  }
}

}  // namespace
}  // namespace boyi::e2e
