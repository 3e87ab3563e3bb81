// Kill and restart: a ten-cycle round robin of two house bots (random and greedy, three
// games at once) is SIGKILLed in the middle, with games in progress, and restarted on the
// same data directory. It must go on where it was and finish with every game recorded
// exactly once: one result per game, one game_finished event per game, one rating change
// per player per game, and a complete crosstable. And a cancelled tournament's game that
// ended while the server was down is settled when it starts again.
#include <map>
#include <set>

#include "server/storage/tournament_store.h"
#include "tests/e2e/tournament_support.h"

namespace boyi::e2e {
namespace {

TEST(TournamentRestart, SigkillMidTournamentResumesAndRecordsEveryGameOnce) {
  ServerOptions options;
  options.config_fields = "\"house_bot_delay_ms\": 25";
  auto server = start_test_server(options);
  E2E_ASSERT_OK(server, nullptr);
  ServerProcess& s = **server;

  // An admin account, then the tournament over the HTTP API.
  ASSERT_EQ(run_admin(s, "user add root --admin", "root-password-1\n").code, 0);
  const std::string admin = tourney::basic_auth("root", "root-password-1");
  const nlohmann::json spec = {
      {"name", "restart cup"},
      {"game", "dots"},
      {"time", {{"total_ms", 120000}}},
      {"settings",
       {{"format", "rr"}, {"cycles", 10}, {"concurrency", 3}, {"entrant_games_at_once", 3}}},
      {"entrants", {"house:1", "house:2"}}};
  auto started = start_tournament(s.port(), spec, admin);
  E2E_ASSERT_OK(started, &s);
  const std::string id = *started;

  // Kill it once a few games are done and others are being played.
  ASSERT_TRUE(wait_until(
      [&] {
        auto t = tournament_summary(s.port(), id);
        return t.is_object() && t["games_done"].get<int>() >= 3 &&
               t["games_playing"].get<int>() >= 1;
      },
      60s))
      << log_of(&s);
  s.kill_hard();
  Status restarted = s.restart();
  ASSERT_TRUE(restarted.ok()) << restarted.message() << log_of(&s);
  // Games were in progress: the restarted server resumed them.
  ASSERT_TRUE(wait_until(
      [&] { return s.log_tail(1 << 20).find("match_resumed") != std::string::npos; }, 10s))
      << log_of(&s);

  ASSERT_TRUE(wait_until([&] { return tournament_finished(s.port(), id); }, 120s)) << log_of(&s);

  auto report = http_json(s.port(), "GET", "/api/tournaments/" + id);
  E2E_ASSERT_OK(report, &s);
  const auto& r = report->body;
  constexpr std::size_t kGames = 10;
  ASSERT_EQ(r["games"].size(), kGames);
  std::set<std::string> matches;
  for (const auto& g : r["games"]) {
    EXPECT_EQ(g["state"], "done");
    const std::string result = g["result"];
    EXPECT_TRUE(result == "1-0" || result == "0-1" || result == "draw") << g.dump();
    ASSERT_TRUE(g["match_id"].is_string());
    EXPECT_TRUE(matches.insert(g["match_id"].get<std::string>()).second) << "a match twice";
  }
  // One game_finished event per game, naming each game once.
  std::map<std::string, int> finished;
  for (const auto& e : r["events"]) {
    if (e["kind"] != "game_finished") continue;
    const std::string detail = e["detail"];
    finished[detail.substr(0, detail.find(' ', 5))]++;
  }
  EXPECT_EQ(finished.size(), kGames);
  for (const auto& [game, n] : finished) EXPECT_EQ(n, 1) << game;
  // Complete crosstable: every game once, from both sides.
  for (std::size_t i = 0; i < 2; ++i) {
    ASSERT_TRUE(r["crosstable"][i][1 - i].is_object()) << i;
    EXPECT_EQ(r["crosstable"][i][1 - i]["results"].get<std::string>().size(), kGames);
  }
  double points = 0;
  for (const auto& row : r["standings"]) {
    points += row["points"].get<double>();
    EXPECT_EQ(row["games"], kGames);
    // Rated once per game: one rating change per game for each entrant.
    ASSERT_TRUE(row["rating"].is_object()) << row.dump();
    EXPECT_EQ(row["rating"]["games"], kGames) << row["name"];
    auto history =
        http_json(s.port(), "GET", "/api/ratings/" + row["name"].get<std::string>() + "?game=dots");
    E2E_ASSERT_OK(history, &s);
    EXPECT_EQ(history->body["history"].size(), kGames);
  }
  EXPECT_DOUBLE_EQ(points, kGames);
  EXPECT_NE(r["tournament"]["result"].get<std::string>().find("winner"), std::string::npos);
}

// A tournament cancelled while a game is played: the game's match goes on, and when it ends
// the game is settled even where no hook saw it end. Here it ends while the server is down
// (finished in the database, as when the server dies between recording the match and
// settling the game), and the restarted server must settle it.
TEST(TournamentRestart, AGameOfACancelledTournamentIsSettledWhenItsMatchEnds) {
  auto server = start_test_server();
  E2E_ASSERT_OK(server, nullptr);
  ServerProcess& s = **server;
  ASSERT_EQ(run_admin(s, "user add root --admin", "root-password-1\n").code, 0);
  const std::string admin = tourney::basic_auth("root", "root-password-1");
  BotEntrant bots[2];
  for (int i = 0; i < 2; ++i) {
    auto bot = bot_entrant(s, i == 0 ? "north" : "south");
    E2E_ASSERT_OK(bot, &s);
    bots[i] = std::move(bot).value();
  }
  const nlohmann::json spec = {{"name", "cancelled cup"},
                               {"game", "dots"},
                               {"time", {{"total_ms", 600000}}},
                               {"settings", {{"format", "rr"}}},
                               {"entrants", {bots[0].name, bots[1].name}}};
  auto started = start_tournament(s.port(), spec, admin);
  E2E_ASSERT_OK(started, &s);
  const std::string id = *started;
  auto game = bots[0].client->expect(
      [](const v1::ServerMessage& m) { return m.has_match_started(); }, "the game", 10s);
  E2E_ASSERT_OK(game, &s);

  auto cancelled = http_json(s.port(), "POST", "/api/tournaments/" + id + "/cancel", "", admin);
  E2E_ASSERT_OK(cancelled, &s);
  ASSERT_EQ(cancelled->status, 200) << cancelled->body.dump();
  EXPECT_EQ(cancelled->body["status"], "cancelled");
  EXPECT_EQ(cancelled->body["games_playing"], 1) << "the game goes on";

  s.kill_hard();
  {
    storage::DatabaseOptions where(s.data_dir());
    where.storage = s.storage();
    auto db = storage::Database::open(where);
    E2E_ASSERT_OK(db, nullptr);
    storage::TournamentStore store(**db);
    auto games = store.games(std::stoll(id));
    E2E_ASSERT_OK(games, nullptr);
    ASSERT_EQ(games->size(), 1u);
    ASSERT_EQ((*games)[0].state, "playing");
    ASSERT_TRUE((*games)[0].match.has_value());
    const Status finished = (*db)->finish_match(
        *(*games)[0].match, {Ending::kResignation, 1, "resigned"}, storage::wall_clock_ms());
    ASSERT_TRUE(finished.ok()) << finished.message();
  }
  const Status restarted = s.restart();
  ASSERT_TRUE(restarted.ok()) << restarted.message() << log_of(&s);
  ASSERT_TRUE(wait_until(
      [&] {
        auto t = tournament_summary(s.port(), id);
        return t.is_object() && t["games_playing"] == 0;
      },
      15s))
      << log_of(&s);
  auto report = http_json(s.port(), "GET", "/api/tournaments/" + id);
  E2E_ASSERT_OK(report, &s);
  const auto& r = report->body;
  EXPECT_EQ(r["tournament"]["status"], "cancelled");
  ASSERT_EQ(r["games"].size(), 1u) << r.dump();
  EXPECT_EQ(r["games"][0]["state"], "done");
  EXPECT_EQ(r["games"][0]["result"], "0-1");
}

}  // namespace
}  // namespace boyi::e2e
