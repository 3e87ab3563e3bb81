// Kill and restart: a ten-cycle round robin of two house bots (random and greedy, three
// games at once) is SIGKILLed in the middle, with games in progress, and restarted on the
// same data directory. It must go on where it was and finish with every game recorded
// exactly once: one result per game, one game_finished event per game, one rating change
// per player per game, and a complete crosstable.
#include <map>
#include <set>

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

  ASSERT_TRUE(wait_until(
      [&] { return tournament_finished(s.port(), id); },
      120s))
      << log_of(&s);

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

}  // namespace
}  // namespace boyi::e2e
