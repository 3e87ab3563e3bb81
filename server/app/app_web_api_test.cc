// The web client's HTTP routes (http_web_api.cc) and the challenge by user id: spectator
// counts in /api/live, replays with each viewer's views, profiles with a rating history.
#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "server/app/app_test_fixture.h"

namespace boyi::app::test {
namespace {

using Json = nlohmann::json;

class WebApiTest : public AppTest {
 protected:
  Json get_json(const std::string& path, int want_status = 200) {
    auto [status, body] = http_get(app_->port(), path);
    EXPECT_EQ(status, want_status) << path << ": " << body;
    auto j = Json::parse(body, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << body;
    return j;
  }

  int spectators(const std::string& match) {
    const Json live = get_json("/api/live");
    for (const auto& m : live["matches"])
      if (m["match_id"] == match) return m["spectators"].get<int>();
    return -1;
  }
};

TEST_F(WebApiTest, LiveCountsSpectatorsAndReplaysShowEachViewersViews) {
  auto a = player("amber");
  auto b = player("basil");
  auto c = player("cedar");
  auto [sa, sb] = seek_and_accept(*a, *b, freestyle_setup(0));
  const std::string id = sa.match_id();
  ASSERT_FALSE(id.empty());
  EXPECT_EQ(spectators(id), 0);

  v1::ClientMessage watch;
  watch.mutable_spectate()->set_match_id(id);
  ASSERT_TRUE(call(*c, watch));
  // The spectator is registered on the match's strand: ask again until it shows.
  int seen = 0;
  for (int i = 0; i < 100 && seen != 1; ++i) {
    seen = spectators(id);
    if (seen != 1) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(seen, 1);
  v1::ClientMessage unwatch;
  unwatch.mutable_unspectate()->set_match_id(id);
  auto ack = call(*c, unwatch);
  ASSERT_TRUE(ack && ack->has_ack());
  EXPECT_EQ(spectators(id), 0);

  // Black (amber) makes five on row 8.
  const std::vector<std::string> black = {"H8", "I8", "J8", "K8", "G8"};
  const std::vector<std::string> white = {"H9", "I9", "J9", "K9"};
  for (std::size_t i = 0; i < black.size(); ++i) {
    auto r = move(*a, id, black[i]);
    ASSERT_TRUE(r && r->has_match_event()) << (r ? r->DebugString() : "no reply");
    if (i < white.size()) {
      ASSERT_TRUE(b->wait_for([](const SM& m) { return m.has_match_event(); }));
      auto w = move(*b, id, white[i]);
      ASSERT_TRUE(w && w->has_match_event());
    }
  }
  ASSERT_TRUE(a->wait_for([](const SM& m) { return m.has_match_ended(); }));
  EXPECT_EQ(spectators(id), -1);  // no longer live

  const Json full = get_json("/api/replay/" + id);
  EXPECT_EQ(full["viewer"], "full");
  EXPECT_EQ(full["record"]["match_id"], id);
  ASSERT_EQ(full["steps"].size(), 10u);  // the start, then one per move
  EXPECT_TRUE(full["steps"][0]["view"]["gomoku"]["black"].empty());
  EXPECT_EQ(full["steps"][9]["view"]["gomoku"]["black"].size(), 5u);
  EXPECT_EQ(full["steps"][9]["events"][0]["gomoku"]["effect"], "EFFECT_FIVE");
  EXPECT_EQ(full["steps"][3]["view"]["gomoku"]["last_move"], "I8");
  const Json seat1 = get_json("/api/replay/" + id + "?viewer=1");
  EXPECT_EQ(seat1["steps"][9]["view"]["viewer"], 1);
  EXPECT_EQ(get_json("/api/replay/" + id + "?viewer=public")["steps"][9]["view"]["viewer"], -1);
  get_json("/api/replay/" + id + "?viewer=2", 400);
  get_json("/api/replay/999999", 404);
}

TEST_F(WebApiTest, ProfilesHaveRecentGamesAndARatingHistory) {
  auto a = player("delta");
  auto b = player("ember");
  auto [sa, sb] = seek_and_accept(*a, *b, freestyle_setup(0));
  v1::ClientMessage resign;
  resign.mutable_resign()->set_match_id(sb.match_id());
  ASSERT_TRUE(call(*b, resign));
  ASSERT_TRUE(a->wait_for([](const SM& m) { return m.has_match_ended(); }));

  const Json winner = get_json("/api/players/delta");
  EXPECT_EQ(winner["wins"], 1);
  EXPECT_EQ(winner["losses"], 0);
  ASSERT_EQ(winner["matches"].size(), 1u);
  EXPECT_EQ(winner["matches"][0]["result"], "win");
  EXPECT_EQ(winner["matches"][0]["ending"], "ENDING_RESIGNATION");
  ASSERT_EQ(winner["rating_history"]["gomoku"].size(), 1u);
  EXPECT_GT(winner["ratings"]["gomoku"].get<int>(), 1500);
  // The loser's profile by user id: the mirror image.
  const std::string loser_id = sb.players(1).user_id();
  const Json loser = get_json("/api/players/" + loser_id);
  EXPECT_EQ(loser["username"], "ember");
  EXPECT_EQ(loser["losses"], 1);
  EXPECT_LT(loser["ratings"]["gomoku"].get<int>(), 1500);
  EXPECT_EQ(loser["matches"][0]["opponent_id"], sa.players(0).user_id());
  get_json("/api/players/nobody-here", 404);
}

TEST_F(WebApiTest, AChallengeMayNameTheOpponentByUserId) {
  auto a = player("fable");
  auto b = player("grove");
  v1::ClientMessage list;
  list.mutable_list_online();
  auto online = call(*a, list);
  ASSERT_TRUE(online && online->has_online_list());
  std::string grove_id;
  for (const auto& u : online->online_list().users())
    if (u.user().name() == "grove") grove_id = u.user().user_id();
  ASSERT_FALSE(grove_id.empty());
  v1::ClientMessage challenge;
  challenge.mutable_send_challenge()->set_opponent(grove_id);
  *challenge.mutable_send_challenge()->mutable_setup() = freestyle_setup(0);
  auto sent = call(*a, challenge);
  ASSERT_TRUE(sent && sent->has_challenge_sent()) << (sent ? sent->DebugString() : "no reply");
  EXPECT_EQ(sent->challenge_sent().challenge().to().user_id(), grove_id);
  auto got =
      b->wait_for([](const SM& m) { return is_lobby(m, v1::LobbyUpdate::kChallengeReceived); });
  EXPECT_TRUE(got);
}

}  // namespace
}  // namespace boyi::app::test
