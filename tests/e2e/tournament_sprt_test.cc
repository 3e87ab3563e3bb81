// An SPRT through the real server: the second game of a pair whose first game decided the
// test is not played, but voided, and the tournament ends with the decision.
#include "tests/e2e/tournament_support.h"

namespace boyi::e2e {
namespace {

TEST(TournamentSprt, GamesNotStartedWhenTheTestDecidesAreVoidedNotPlayed) {
  auto server = start_test_server();
  E2E_ASSERT_OK(server, nullptr);
  ServerProcess& s = **server;
  ASSERT_EQ(run_admin(s, "user add root --admin", "root-password-1\n").code, 0);
  BotEntrant candidate, resigner;
  for (auto* bot : {&candidate, &resigner}) {
    auto made = bot_entrant(s, bot == &candidate ? "candidate" : "resigner");
    E2E_ASSERT_OK(made, &s);
    *bot = std::move(made).value();
  }
  // One game at a time; the candidate wins each (the other entrant resigns at once): with
  // H1 at +200 Elo and alpha = beta = 0.1 the LLR crosses ln 9 after the third game, the
  // first of the second pair.
  const nlohmann::json spec = {
      {"name", "sprt cut short"},
      {"game", "dots"},
      {"time", {{"total_ms", 600000}}},
      {"settings",
       {{"format", "sprt"},
        {"concurrency", 1},
        {"sprt",
         {{"elo0", 0}, {"elo1", 200}, {"alpha", 0.1}, {"beta", 0.1}, {"max_games", 20}}}}},
      {"entrants", {candidate.name, resigner.name}}};
  auto started = start_tournament(s.port(), spec, tourney::basic_auth("root", "root-password-1"));
  E2E_ASSERT_OK(started, &s);
  const std::string id = *started;
  int resigned = 0;
  const bool finished = wait_until(
      [&] {
        while (auto m = resigner.client->next(Millis(1))) {
          if (!m->has_match_started()) continue;
          v1::ClientMessage resign;
          resign.mutable_resign()->set_match_id(m->match_started().match_id());
          EXPECT_TRUE(resigner.client->send(resign).ok());
          ++resigned;
        }
        return tournament_finished(s.port(), id);
      },
      60s, Millis(20));
  ASSERT_TRUE(finished) << log_of(&s);
  EXPECT_EQ(resigned, 3);

  auto report = http_json(s.port(), "GET", "/api/tournaments/" + id);
  E2E_ASSERT_OK(report, &s);
  const auto& r = report->body;
  const std::string result = r["tournament"]["result"];
  EXPECT_EQ(result.rfind("SPRT LLR", 0), 0u) << result;
  EXPECT_NE(result.find("after 3 games (+3 =0 -0): H1"), std::string::npos) << result;
  ASSERT_EQ(r["games"].size(), 4u) << r.dump();
  for (int i = 0; i < 3; ++i) {
    const auto& g = r["games"][i];
    EXPECT_EQ(g["state"], "done") << g.dump();
    EXPECT_EQ(g["result"], g["seats"][0] == 0 ? "1-0" : "0-1") << g.dump();
  }
  const auto& unplayed = r["games"][3];
  EXPECT_EQ(unplayed["result"], "void") << unplayed.dump();
  EXPECT_EQ(unplayed["detail"].get<std::string>().rfind("not needed: SPRT LLR", 0), 0u)
      << unplayed.dump();
  EXPECT_TRUE(unplayed["match_id"].is_null()) << unplayed.dump();
  EXPECT_EQ(unplayed["attempts"], 0) << unplayed.dump();
}

}  // namespace
}  // namespace boyi::e2e
