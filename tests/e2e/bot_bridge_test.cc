// Bridged engines end to end, against the real boyi-server: `boyi-bot --engine CMD
// --protocol P` runs a scripted competition engine (bots/bridges/testengines) and plays a
// full game for each protocol and game — junqi-ccgc/军棋, sau/点格棋, sau/苏拉卡尔塔,
// piskvork/五子棋 under renju-ccgc — against a second boyi-bot with a built-in player, the two
// paired by a tournament the admin API creates; our own engine bridged to itself (`boyi-engine
// --protocol piskvork` under boyi-bot) does the same. Engines that crash, hang or answer
// garbage lose each game by resignation: the server and the other bot carry on, the bot plays
// its next game with a fresh engine process, and no engine process is left behind.
#include <signal.h>
#include <sys/types.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "tests/e2e/bot_client_support.h"
#include "tests/e2e/tournament_support.h"

namespace boyi::e2e {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

#ifndef BOYI_BOT_BIN
#define BOYI_BOT_BIN ""
#endif

const std::set<std::string> kByRules = {"normal", "foul", "no_battle_limit", "adjudication"};

// One bridged engine and the tournament that pairs it with the built-in bot.
struct Pairing {
  std::string label;          // for messages
  std::string protocol;       // --protocol
  std::string engine;         // --engine
  json tournament;            // game / preset, rules, time (name, settings and entrants are added)
  bool bridged_first = true;  // the bridged bot is entrant 0 (seat 0 in the first game)
  int games = 1;
  std::string bot_name;
  std::unique_ptr<ChildProcess> bot;
  std::string tournament_id;
  json report;
};

std::string test_engine(const char* program, const std::string& behave, int seed,
                        const std::string& sau_game = "") {
  std::string cmd =
      std::string(program) + " --behave " + behave + " --at 2 --seed " + std::to_string(seed);
  if (!sau_game.empty()) cmd += " --game " + sau_game;
  return cmd;
}

Pairing pairing(std::string label, std::string protocol, std::string engine, json tournament,
                bool bridged_first, int games = 1) {
  Pairing p;
  p.label = std::move(label);
  p.protocol = std::move(protocol);
  p.engine = std::move(engine);
  p.tournament = std::move(tournament);
  p.bridged_first = bridged_first;
  p.games = games;
  return p;
}

json timing(std::uint32_t total_ms, std::uint32_t per_move_ms) {
  return {{"total_ms", total_ms}, {"per_move_ms", per_move_ms}};
}

class BotBridge : public ::testing::Test {
 protected:
  void SetUp() override {
    ServerOptions options;
    options.config_fields = R"("storage_sync_full": false)";
    auto server = start_test_server(options);
    ASSERT_TRUE(server.ok()) << server.message();
    server_ = std::move(server).value();
    ASSERT_EQ(run_admin(*server_, "user add root --admin", "root-password-1\n").code, 0);
    admin_ = tourney::basic_auth("root", "root-password-1");
    auto watcher = guest(server_->port(), Transport::tcp_json, "watcher");
    ASSERT_TRUE(watcher.ok()) << watcher.message();
    watcher_ = std::move(watcher).value();
    // The other side of every game: a built-in player, kept running throughout.
    builtin_name_ = unique_name("builtin");
    auto bot = start_bot(builtin_name_, {"--player", "greedy", "--move-ms", "100"});
    ASSERT_TRUE(bot.ok()) << bot.message();
    builtin_ = std::move(bot).value();
  }

  Result<std::unique_ptr<ChildProcess>> start_bot(const std::string& name,
                                                  const std::vector<std::string>& extra) {
    auto token = make_bot_token(*server_, name);
    if (!token) return Error{token.message()};
    std::vector<std::string> args = {
        BOYI_BOT_BIN, "--server",    "127.0.0.1:" + std::to_string(server_->port()),
        "--token",    *token,        "--threads",
        "1",          "--log-level", "info"};
    args.insert(args.end(), extra.begin(), extra.end());
    auto bot = ChildProcess::spawn(args, tmp_.path() / (name + ".log"));
    if (!bot) return Error{bot.message()};
    if (Status online = wait_online(*watcher_, name, 20s); !online)
      return Error{online.message() + (*bot)->log_tail()};
    return bot;
  }

  // Starts the pairing's bridged bot, then its tournament (both bots are online by then).
  Status begin(Pairing& p) {
    p.bot_name = unique_name("bridged");
    // A wide margin: a hanging engine is given up on a second before the per-move limit, so
    // that its seat resigns well before the server would call time, even on a busy machine.
    auto bot =
        start_bot(p.bot_name, {"--engine", p.engine, "--protocol", p.protocol, "--games",
                               std::to_string(p.games), "--margin-ms", "1000", "--engine-log",
                               (tmp_.path() / (p.bot_name + "-{match}.txt")).string()});
    if (!bot) return Error{p.label + ": " + bot.message()};
    p.bot = std::move(bot).value();
    json spec = p.tournament;
    spec["name"] = p.label;
    spec["settings"] = {{"format", "rr"},
                        {"cycles", p.games},
                        {"rated", false},
                        {"concurrency", 1},
                        {"forfeit_wait_ms", 30000}};
    spec["entrants"] = p.bridged_first ? json::array({p.bot_name, builtin_name_})
                                       : json::array({builtin_name_, p.bot_name});
    auto created = http_json(server_->port(), "POST", "/api/tournaments", spec.dump(), admin_);
    if (!created) return Error{created.message()};
    if (created->status != 201) return Error{p.label + ": create: " + created->body.dump()};
    p.tournament_id = created->body["id"];
    auto started = http_json(server_->port(), "POST",
                             "/api/tournaments/" + p.tournament_id + "/start", "", admin_);
    if (!started) return Error{started.message()};
    if (started->status != 200) return Error{p.label + ": start: " + started->body.dump()};
    return {};
  }

  // Waits until every pairing's tournament is over and keeps its report.
  bool finish(std::vector<Pairing>& pairings, Millis timeout) {
    return wait_until(
        [&] {
          for (auto& p : pairings) {
            if (!p.report.is_null()) continue;
            auto r = http_json(server_->port(), "GET", "/api/tournaments/" + p.tournament_id);
            if (r && r->status == 200 && r->body["tournament"]["status"] == "finished")
              p.report = r->body;
          }
          for (const auto& p : pairings)
            if (p.report.is_null()) return false;
          return true;
        },
        timeout, Millis(200));
  }

  std::string context(const Pairing& p) const {
    return "\n" + p.label + (p.bot ? p.bot->log_tail() : "") + log_of(server_.get());
  }

  // The engine transcripts of one bridged bot, one per match (path order).
  std::vector<std::string> transcripts(const Pairing& p) const {
    std::vector<fs::path> paths;
    for (const auto& entry : fs::directory_iterator(tmp_.path())) {
      const std::string name = entry.path().filename().string();
      if (name.rfind(p.bot_name + "-", 0) == 0 && entry.path().extension() == ".txt")
        paths.push_back(entry.path());
    }
    std::sort(paths.begin(), paths.end());
    std::vector<std::string> out;
    for (const auto& path : paths) {
      std::ifstream in(path);
      std::stringstream text;
      text << in.rdbuf();
      out.push_back(text.str());
    }
    return out;
  }

  TempDir tmp_;  // first: it goes last, after every process writing into it
  std::unique_ptr<ServerProcess> server_;
  std::string admin_;
  std::unique_ptr<Client> watcher_;
  std::string builtin_name_;
  std::unique_ptr<ChildProcess> builtin_;
};

// The engine's pid from "# started pid N: ..." in its transcript, or -1.
pid_t engine_pid(const std::string& transcript) {
  const auto at = transcript.find("started pid ");
  if (at == std::string::npos) return -1;
  return static_cast<pid_t>(std::atol(transcript.c_str() + at + 12));
}

// How many actions `seat` made in a finished match, from its public record (-1: none).
int actions_of(std::uint16_t port, const std::string& match_id, int seat) {
  auto r = http_json(port, "GET", "/api/records/" + match_id + ".json");
  if (!r || r->status != 200 || !r->body["actions"].is_array()) return -1;
  int n = 0;
  for (const auto& a : r->body["actions"]) n += a["seat"] == seat;
  return n;
}

bool process_gone(pid_t pid) {
  errno = 0;
  return ::kill(pid, 0) == -1 && errno == ESRCH;
}

TEST_F(BotBridge, EachProtocolPlaysAFullGameAgainstABuiltInBot) {
  std::vector<Pairing> pairings;
  pairings.push_back(pairing(
      "junqi-ccgc / junqi", "junqi-ccgc", test_engine(BOYI_TEST_ENGINE_JUNQI, "good", 3),
      {{"game", "junqi"}, {"rules", "no_battle_limit=10"}, {"time", timing(600'000, 0)}}, true));
  pairings.push_back(pairing("sau / dots", "sau",
                             test_engine(BOYI_TEST_ENGINE_SAU, "good", 4, "dots"),
                             {{"game", "dots"}, {"time", timing(600'000, 0)}}, false));
  pairings.push_back(pairing("sau / surakarta", "sau",
                             test_engine(BOYI_TEST_ENGINE_SAU, "good", 5, "surakarta"),
                             {{"game", "surakarta"},
                              {"rules", "no_capture_limit=30 max_plies=120"},
                              {"time", timing(600'000, 0)}},
                             true));
  pairings.push_back(pairing("piskvork / gomoku renju-ccgc", "piskvork",
                             test_engine(BOYI_TEST_ENGINE_PISKVORK, "good", 6),
                             {{"preset", "renju-ccgc"}, {"time", timing(600'000, 0)}}, false));
  for (auto& p : pairings) {
    const Status began = begin(p);
    ASSERT_TRUE(began.ok()) << began.message() << log_of(server_.get());
  }
  ASSERT_TRUE(finish(pairings, 90s)) << context(pairings[0]) << context(pairings[3]);
  for (auto& p : pairings) {
    SCOPED_TRACE(p.label);
    const json& games = p.report["games"];
    ASSERT_EQ(games.size(), 1u) << p.report.dump();
    const json& g = games[0];
    EXPECT_EQ(g["state"], "done");
    EXPECT_TRUE(kByRules.count(g["ending"].get<std::string>())) << g.dump() << context(p);
    EXPECT_EQ(g["names"][p.bridged_first ? 0 : 1], p.bot_name) << g.dump();
    // The engine's moves made the game: the record has them.
    EXPECT_GE(actions_of(server_->port(), g["match_id"], p.bridged_first ? 0 : 1), 3) << g.dump();
    // One game and the bot stops by itself, having sent every move from the engine.
    auto code = p.bot->wait_exit(20s);
    ASSERT_TRUE(code.ok()) << code.message() << context(p);
    EXPECT_EQ(*code, 0) << context(p);
    const std::string log = p.bot->log_text();
    EXPECT_NE(log.find("games 1 "), std::string::npos) << log;
    EXPECT_NE(log.find("0 refused, 0 from the view"), std::string::npos) << log;
    EXPECT_EQ(log.find("resigning"), std::string::npos) << log;
    // The engine heard the end and exited by itself.
    const auto texts = transcripts(p);
    ASSERT_EQ(texts.size(), 1u);
    EXPECT_NE(texts[0].find("exited with status 0"), std::string::npos) << texts[0];
    EXPECT_TRUE(process_gone(engine_pid(texts[0])));
  }
  EXPECT_FALSE(builtin_->wait_exit(Millis(100)).ok()) << "the built-in bot stopped";
}

TEST_F(BotBridge, OurOwnEngineBridgedToItselfPlaysAFullGame) {
  std::vector<Pairing> pairings;
  pairings.push_back(pairing("boyi-engine piskvork / gomoku renju-ccgc", "piskvork",
                             std::string(BOYI_ENGINE_BIN) + " --game gomoku --protocol piskvork",
                             // A per-move limit keeps the strong engine's thinking short.
                             {{"preset", "renju-ccgc"}, {"time", timing(600'000, 800)}}, true));
  const Status began = begin(pairings[0]);
  ASSERT_TRUE(began.ok()) << began.message() << log_of(server_.get());
  ASSERT_TRUE(finish(pairings, 90s)) << context(pairings[0]);
  const Pairing& p = pairings[0];
  const json& g = p.report["games"][0];
  EXPECT_TRUE(kByRules.count(g["ending"].get<std::string>())) << g.dump() << context(p);
  EXPECT_GE(actions_of(server_->port(), g["match_id"], 0), 3) << g.dump();
  auto code = p.bot->wait_exit(20s);
  ASSERT_TRUE(code.ok()) << code.message() << context(p);
  EXPECT_EQ(*code, 0) << context(p);
  EXPECT_NE(p.bot->log_text().find("0 refused, 0 from the view"), std::string::npos) << context(p);
  const auto texts = transcripts(p);
  ASSERT_EQ(texts.size(), 1u);
  EXPECT_NE(texts[0].find("name=\"boyi-"), std::string::npos) << texts[0];  // its ABOUT
  EXPECT_NE(texts[0].find("exited with status 0"), std::string::npos) << texts[0];
}

// `boyi-bot --join ID` registers for an open tournament at sign-in and plays its game.
TEST_F(BotBridge, ABotJoinsAnOpenTournamentAndPlaysItsGame) {
  json spec = {{"name", "open cup"},
               {"preset", "dots-ccgc"},
               {"time", timing(600'000, 2000)},
               {"settings",
                {{"format", "rr"},
                 {"cycles", 1},
                 {"rated", false},
                 {"open", true},
                 {"concurrency", 1},
                 {"forfeit_wait_ms", 30000}}},
               {"entrants", json::array({builtin_name_})}};
  auto created = http_json(server_->port(), "POST", "/api/tournaments", spec.dump(), admin_);
  ASSERT_TRUE(created.ok()) << created.message();
  ASSERT_EQ(created->status, 201) << created->body.dump();
  const std::string id = created->body["id"];

  const std::string name = unique_name("joiner");
  auto bot = start_bot(name, {"--player", "random", "--join", id, "--games", "1"});
  ASSERT_TRUE(bot.ok()) << bot.message();
  json report;
  ASSERT_TRUE(wait_until(
      [&] {
        auto r = http_json(server_->port(), "GET", "/api/tournaments/" + id);
        if (!r || r->status != 200) return false;
        report = r->body;
        return report["entrants"].size() == 2;
      },
      20s, Millis(100)))
      << report.dump() << (*bot)->log_tail();
  EXPECT_EQ(report["entrants"][1]["name"], name);

  auto started =
      http_json(server_->port(), "POST", "/api/tournaments/" + id + "/start", "", admin_);
  ASSERT_TRUE(started.ok()) << started.message();
  ASSERT_EQ(started->status, 200) << started->body.dump();
  ASSERT_TRUE(wait_until(
      [&] {
        auto r = http_json(server_->port(), "GET", "/api/tournaments/" + id);
        if (!r || r->status != 200) return false;
        report = r->body;
        return report["tournament"]["status"] == "finished";
      },
      90s, Millis(200)))
      << report.dump() << (*bot)->log_tail() << log_of(server_.get());
  ASSERT_EQ(report["games"].size(), 1u) << report.dump();
  EXPECT_TRUE(kByRules.count(report["games"][0]["ending"].get<std::string>())) << report.dump();
  auto code = (*bot)->wait_exit(20s);
  ASSERT_TRUE(code.ok()) << code.message() << (*bot)->log_tail();
  EXPECT_EQ(*code, 0) << (*bot)->log_tail();
}

TEST_F(BotBridge, MisbehavingEnginesLoseEachGameAndTheBotPlaysOn) {
  // Two games each (seats swapped); every engine fails at its second move of each game.
  std::vector<Pairing> pairings;
  pairings.push_back(pairing(
      "crash: junqi-ccgc / junqi", "junqi-ccgc", test_engine(BOYI_TEST_ENGINE_JUNQI, "crash", 3),
      {{"game", "junqi"}, {"rules", "no_battle_limit=10"}, {"time", timing(600'000, 2000)}}, true,
      2));
  // A hanging engine costs its seat's time for one move: the per-move limit, less the margin.
  pairings.push_back(pairing("hang: sau / dots", "sau",
                             test_engine(BOYI_TEST_ENGINE_SAU, "hang", 4, "dots"),
                             {{"game", "dots"}, {"time", timing(600'000, 2000)}}, false, 2));
  pairings.push_back(pairing("garbage: piskvork / gomoku renju-ccgc", "piskvork",
                             test_engine(BOYI_TEST_ENGINE_PISKVORK, "garbage", 6),
                             {{"preset", "renju-ccgc"}, {"time", timing(600'000, 2000)}}, true, 2));
  const std::map<std::string, std::string> failure_words = {
      {"junqi-ccgc", "killed by signal"},
      {"sau", "did not answer in time"},
      {"piskvork", "were not a move were ignored (last: 'banana')"}};
  for (auto& p : pairings) {
    const Status began = begin(p);
    ASSERT_TRUE(began.ok()) << began.message() << log_of(server_.get());
  }
  ASSERT_TRUE(finish(pairings, 90s)) << context(pairings[0]) << context(pairings[1]);
  for (auto& p : pairings) {
    SCOPED_TRACE(p.label);
    const json& games = p.report["games"];
    ASSERT_EQ(games.size(), 2u) << p.report.dump();
    for (const json& g : games) {
      // The bridged seat lost each game by resigning (not by a move from the view, not on time).
      EXPECT_EQ(g["state"], "done");
      EXPECT_EQ(g["ending"], "resignation") << g.dump() << context(p);
      const int bridged_seat = g["names"][0] == p.bot_name ? 0 : 1;
      EXPECT_EQ(g["names"][bridged_seat], p.bot_name);
      EXPECT_EQ(g["result"], bridged_seat == 0 ? "0-1" : "1-0") << g.dump();
    }
    // The bot resigned both games, played the second one after the first and stopped by
    // itself after them: it stayed up throughout.
    auto code = p.bot->wait_exit(20s);
    ASSERT_TRUE(code.ok()) << code.message() << context(p);
    EXPECT_EQ(*code, 0) << context(p);
    const std::string log = p.bot->log_text();
    EXPECT_NE(log.find("games 2 (won 0, lost 2, drawn 0)"), std::string::npos) << log;
    EXPECT_NE(log.find(failure_words.at(p.protocol)), std::string::npos) << log;
    EXPECT_NE(log.find("0 from the view"), std::string::npos) << log;
    // A fresh engine process per match, each of which answered before failing; none is left.
    const auto texts = transcripts(p);
    ASSERT_EQ(texts.size(), 2u);
    std::set<pid_t> pids;
    for (const auto& text : texts) {
      const pid_t pid = engine_pid(text);
      ASSERT_GT(pid, 0) << text;
      pids.insert(pid);
      EXPECT_TRUE(process_gone(pid)) << "engine " << pid << " is still there";
      EXPECT_NE(text.find("] < "), std::string::npos) << text;  // it answered something
      EXPECT_NE(text.find(failure_words.at(p.protocol)), std::string::npos) << text;
    }
    EXPECT_EQ(pids.size(), 2u);
  }
  // The server and the other bot are fine: it is still online and plays on.
  EXPECT_FALSE(builtin_->wait_exit(Millis(100)).ok()) << builtin_->log_tail();
  EXPECT_TRUE(wait_online(*watcher_, builtin_name_, 5s).ok());
  std::vector<Pairing> after;
  after.push_back(pairing("after: sau / dots", "sau",
                          test_engine(BOYI_TEST_ENGINE_SAU, "good", 9, "dots"),
                          {{"game", "dots"}, {"time", timing(600'000, 0)}}, true));
  const Status began = begin(after[0]);
  ASSERT_TRUE(began.ok()) << began.message() << log_of(server_.get());
  ASSERT_TRUE(finish(after, 60s)) << context(after[0]);
  EXPECT_TRUE(kByRules.count(after[0].report["games"][0]["ending"].get<std::string>()))
      << after[0].report.dump();
}

}  // namespace
}  // namespace boyi::e2e
