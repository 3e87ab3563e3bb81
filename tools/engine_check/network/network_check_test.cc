// boyi-engine-check --server against real bots: boyi-bot passes every scenario over each
// transport, and each misbehaviour of the naive test bot (testbot/naive_bot.cc) is caught
// by the scenario made for it, with a finding that names it.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "tools/engine_check/network/network_check.h"

namespace boyi::engine_check {
namespace {

NetworkCheckOptions options_for(std::string game, std::vector<std::string> argv,
                                std::vector<std::string> scenarios = {}) {
  NetworkCheckOptions o;
  o.game = std::move(game);
  o.argv = std::move(argv);
  o.scenarios = std::move(scenarios);
  o.move_ms = 4000;  // quick players answer in milliseconds, even on a loaded machine
  o.startup_ms = 15000;
  // Every message both ways, for a person debugging a failure.
  if (const char* log = std::getenv("BOYI_NETWORK_CHECK_LOG")) o.log_path = log;
  return o;
}

std::vector<std::string> boyi_bot(const std::string& transport_flag) {
  std::vector<std::string> argv = {BOYI_BOT_BIN, "--server",    "{host}:{port}", "--token",
                                   "{token}",    "--player",    "random",        "--threads",
                                   "1",          "--log-level", "warn"};
  if (!transport_flag.empty()) argv.push_back(transport_flag);
  return argv;
}

std::vector<std::string> naive_bot(const std::string& behave) {
  return {BOYI_TEST_NETBOT, "--server", "{host}:{port}", "--token", "{token}", "--behave", behave};
}

Report check(const NetworkCheckOptions& options) {
  auto report = run_network_check(options);
  EXPECT_TRUE(report.ok()) << report.message();
  if (!report.ok()) return Report("nothing");
  if (!options.log_path.empty()) std::printf("%s", report->text().c_str());
  return std::move(report).value();
}

const ScenarioResult* scenario(const Report& report, const std::string& name) {
  for (const auto& s : report.scenarios())
    if (s.name == name) return &s;
  return nullptr;
}

// Whether some failure of `name` says `words`.
bool fails_with(const Report& report, const std::string& name, const std::string& words) {
  const ScenarioResult* s = scenario(report, name);
  if (!s) return false;
  for (const auto& f : s->findings)
    if (f.severity == Severity::kFail && f.text.find(words) != std::string::npos) return true;
  return false;
}

void expect_clean_pass(const Report& report) {
  EXPECT_TRUE(report.passed()) << report.text();
  EXPECT_EQ(report.warnings(), 0) << report.text();
  EXPECT_EQ(report.scenarios().size(), network_scenarios().size()) << report.text();
}

TEST(NetworkCheck, ScenariosAreListedInOrder) {
  EXPECT_EQ(network_scenarios(), (std::vector<std::string>{"plain", "duplicates", "reordered",
                                                           "reconnect", "refused", "keepalive"}));
}

TEST(NetworkCheck, BoyiBotPassesEveryScenarioOverTcpFrames) {
  const Report report = check(options_for("dots", boyi_bot("")));
  expect_clean_pass(report);
  EXPECT_NE(report.text().find("TCP protobuf frames"), std::string::npos) << report.text();
}

TEST(NetworkCheck, BoyiBotPassesEveryScenarioOverJsonLines) {
  const Report report = check(options_for("gomoku", boyi_bot("--json")));
  expect_clean_pass(report);
  EXPECT_NE(report.text().find("TCP JSON lines"), std::string::npos) << report.text();
}

TEST(NetworkCheck, BoyiBotPassesEveryScenarioOverWebSocket) {
  const Report report = check(options_for("dots", boyi_bot("--ws")));
  expect_clean_pass(report);
  EXPECT_NE(report.text().find("WebSocket"), std::string::npos) << report.text();
}

TEST(NetworkCheck, NaiveGoodBotPassesEveryScenario) {
  const Report report = check(options_for("gomoku", naive_bot("good")));
  expect_clean_pass(report);
}

TEST(NetworkCheck, TwoMovesForOneTurnAreCaught) {
  const Report report = check(options_for("gomoku", naive_bot("double-move"), {"plain"}));
  EXPECT_FALSE(report.passed()) << report.text();
  EXPECT_TRUE(fails_with(report, "plain", "while the other seat was to move") ||
              fails_with(report, "plain", "before the answer to its previous move"))
      << report.text();
}

TEST(NetworkCheck, ARepeatedEventActedOnIsCaught) {
  const Report report = check(options_for("gomoku", naive_bot("ignores-seq"), {"duplicates"}));
  EXPECT_FALSE(report.passed()) << report.text();
  EXPECT_TRUE(fails_with(report, "duplicates", "NOT_YOUR_TURN")) << report.text();
  EXPECT_TRUE(fails_with(report, "duplicates", "was sent twice on purpose")) << report.text();
}

TEST(NetworkCheck, ABotThatDoesNotReconnectIsCaught) {
  const Report report = check(options_for("dots", naive_bot("no-reconnect"), {"reconnect"}));
  EXPECT_FALSE(report.passed()) << report.text();
  EXPECT_TRUE(fails_with(report, "reconnect", "instead of connecting again")) << report.text();
}

TEST(NetworkCheck, ASyncFromTheWrongSeqIsCaught) {
  const Report report = check(options_for("dots", naive_bot("bad-sync"), {"reconnect"}));
  EXPECT_FALSE(report.passed()) << report.text();
  EXPECT_TRUE(fails_with(report, "reconnect", "skips events")) << report.text();
}

TEST(NetworkCheck, ABotThatNeverPingsIsCaught) {
  const Report report = check(options_for("gomoku", naive_bot("no-ping"), {"keepalive"}));
  EXPECT_FALSE(report.passed()) << report.text();
  EXPECT_TRUE(fails_with(report, "keepalive", "idle_timeout_ms is 1500")) << report.text();
}

TEST(NetworkCheck, BoyiBotPlaysTheOtherGames) {
  // 军棋's hidden deployments are synced again after the reconnect.
  for (const char* game : {"junqi", "surakarta"}) {
    const Report report = check(options_for(game, boyi_bot(""),
                                            std::string(game) == "junqi"
                                                ? std::vector<std::string>{"plain", "reconnect"}
                                                : std::vector<std::string>{"plain"}));
    EXPECT_TRUE(report.passed()) << report.text();
    EXPECT_EQ(report.warnings(), 0) << report.text();
  }
}

// A "bot" in a few lines of bash: signs in, sends a move that is no move and a line that is
// no JSON, then goes away.
TEST(NetworkCheck, IllegalMovesAndUnreadableLinesAreCaught) {
  const std::string script =
      "exec 3<>/dev/tcp/{host}/{port}\n"
      "echo '{\"request_id\": 1, \"hello\": {\"protocol_version\": 1}}' >&3\n"
      "echo '{\"request_id\": 2, \"sign_in\": {\"bot_token\": {\"token\": \"{token}\"}}}' "
      ">&3\n"
      "echo '{\"request_id\": 3, \"move\": {\"match_id\": \"check-plain\", \"move\": "
      "\"Z99\"}}' >&3\n"
      "echo 'this is not JSON' >&3\n"
      "sleep 1\n";
  const Report report = check(options_for("gomoku", {"bash", "-c", script}, {"plain"}));
  EXPECT_TRUE(fails_with(report, "plain",
                         "sent move \"Z99\" (request 3) at seq 0 (ply 0), "
                         "which the rules refuse"))
      << report.text();
  EXPECT_TRUE(fails_with(report, "plain", "sent something the server cannot read"))
      << report.text();
  EXPECT_TRUE(fails_with(report, "plain", "exited (exit status 0) in the middle of the game"))
      << report.text();
}

TEST(NetworkCheck, ABotThatExitsAtOnceFailsWithItsStatus) {
  const Report report = check(options_for("dots", {"false"}, {"plain", "refused"}));
  EXPECT_FALSE(report.passed()) << report.text();
  EXPECT_TRUE(fails_with(report, "plain", "exited (exit status 1) before signing in"))
      << report.text();
  EXPECT_TRUE(fails_with(report, "refused", "exited (exit status 1)")) << report.text();
}

TEST(NetworkCheck, ABotThatNeverConnectsFailsAfterTheStartupLimit) {
  auto options = options_for("dots", {"sleep", "30"}, {"plain"});
  options.startup_ms = 300;
  const Report report = check(options);
  EXPECT_TRUE(fails_with(report, "plain", "did not sign in within 0.3 s (it never connected)"))
      << report.text();
}

TEST(NetworkCheck, AWrongTokenIsCaught) {
  auto options = options_for("dots", naive_bot("good"), {"plain"});
  options.argv[4] = "not-the-token";
  options.startup_ms = 2000;
  const Report report = check(options);
  EXPECT_TRUE(fails_with(report, "plain", "not the one it was given")) << report.text();
}

TEST(NetworkCheck, RefusesWhatItCannotCheck) {
  EXPECT_FALSE(run_network_check(options_for("chess", naive_bot("good"))).ok());
  EXPECT_FALSE(run_network_check(options_for("dots", naive_bot("good"), {"nonsense"})).ok());
  EXPECT_FALSE(run_network_check(options_for("dots", {})).ok());
}

}  // namespace
}  // namespace boyi::engine_check
