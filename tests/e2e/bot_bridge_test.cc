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

#include "base/rng.h"
#include "engine/registry.h"
#include "tests/e2e/bot_client_support.h"
#include "tests/e2e/tournament_support.h"

namespace boyi::e2e {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

#ifndef BOYI_BOT_BIN
#define BOYI_BOT_BIN ""
#endif
#ifndef BOYI_MATCH_BIN
#define BOYI_MATCH_BIN ""
#endif
#ifndef BOYI_TOURNEY_BIN
#define BOYI_TOURNEY_BIN ""
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
    auto bot = start_bot(p.bot_name, {"--engine", p.engine, "--protocol", p.protocol, "--games",
                                      std::to_string(p.games), "--engine-log",
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

  // Waits until tournament `id`'s report (GET /api/tournaments/ID) satisfies `done`; the last
  // report read goes to `report`.
  bool report_until(const std::string& id, const std::function<bool(const json&)>& done,
                    json& report, Millis timeout) {
    return wait_until(
        [&] {
          auto r = http_json(server_->port(), "GET", "/api/tournaments/" + id);
          if (!r || r->status != 200) return false;
          report = r->body;
          return done(report);
        },
        timeout, Millis(100));
  }
  static bool two_entrants(const json& r) { return r["entrants"].size() == 2; }
  static bool finished(const json& r) { return r["tournament"]["status"] == "finished"; }

  // Begins every pairing and waits until all are over: Ok, or what went wrong.
  Status play_all(std::vector<Pairing>& pairings, Millis timeout) {
    for (auto& p : pairings)
      if (Status began = begin(p); !began) return Error{began.message() + log_of(server_.get())};
    if (finish(pairings, timeout)) return {};
    std::string contexts;
    for (const auto& p : pairings) contexts += context(p);
    return Error{"the tournaments did not finish in time" + contexts};
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
  const Status played = play_all(pairings, 90s);
  ASSERT_TRUE(played.ok()) << played.message();
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
  ASSERT_TRUE(report_until(id, two_entrants, report, 20s)) << report.dump() << (*bot)->log_tail();
  EXPECT_EQ(report["entrants"][1]["name"], name);

  auto started =
      http_json(server_->port(), "POST", "/api/tournaments/" + id + "/start", "", admin_);
  ASSERT_TRUE(started.ok()) << started.message();
  ASSERT_EQ(started->status, 200) << started->body.dump();
  ASSERT_TRUE(report_until(id, finished, report, 90s))
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
  // A hanging engine costs its seat's time for one move: it loses on the server's clock.
  pairings.push_back(pairing("hang: sau / dots", "sau",
                             test_engine(BOYI_TEST_ENGINE_SAU, "hang", 4, "dots"),
                             {{"game", "dots"}, {"time", timing(600'000, 2000)}}, false, 2));
  pairings.push_back(pairing("garbage: piskvork / gomoku renju-ccgc", "piskvork",
                             test_engine(BOYI_TEST_ENGINE_PISKVORK, "garbage", 6),
                             {{"preset", "renju-ccgc"}, {"time", timing(600'000, 2000)}}, true, 2));
  const std::map<std::string, std::string> failure_words = {
      {"junqi-ccgc", "killed by signal"},
      {"sau", "stopped while the engine thought"},
      {"piskvork", "were not a move were ignored (last: 'banana')"}};
  // Only the server's clock decides a loss on time: an engine whose answer is awaited (it
  // hangs, or a brain's garbage is skipped) loses on time, one that crashed resigns.
  const std::map<std::string, std::string> endings = {
      {"junqi-ccgc", "resignation"}, {"sau", "time_forfeit"}, {"piskvork", "time_forfeit"}};
  const Status played = play_all(pairings, 90s);
  ASSERT_TRUE(played.ok()) << played.message();
  for (auto& p : pairings) {
    SCOPED_TRACE(p.label);
    const json& games = p.report["games"];
    ASSERT_EQ(games.size(), 2u) << p.report.dump();
    for (const json& g : games) {
      // The bridged seat lost each game (never by a move from the view).
      EXPECT_EQ(g["state"], "done");
      EXPECT_EQ(g["ending"], endings.at(p.protocol)) << g.dump() << context(p);
      const int bridged_seat = g["names"][0] == p.bot_name ? 0 : 1;
      EXPECT_EQ(g["names"][bridged_seat], p.bot_name);
      EXPECT_EQ(g["result"], bridged_seat == 0 ? "0-1" : "1-0") << g.dump();
    }
    // The bot lost both games, played the second one after the first and stopped by itself
    // after them: it stayed up throughout.
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

// --- The same engine, the same judge, on every path --------------------------------------
// boyi-match (the arena), boyi-tourney (an embedded server and the bot client) and a server
// match through boyi-bot --engine: an engine that starts slowly and answers near its limit
// loses no time on any of them, and an opening reaches it exactly where its protocol can say
// it (the engine's own record of the game is the referee's) and is refused before any game
// everywhere else.

struct EnginePath {
  std::string protocol, game, rules;
  const char* program;
  std::string sau_game;  // --game of the sau engine
};

const EnginePath kEnginePaths[] = {
    {"sau", "surakarta", "no_capture_limit=30 max_plies=120", BOYI_TEST_ENGINE_SAU, "surakarta"},
    {"piskvork", "gomoku", "rule=renju opening=free", BOYI_TEST_ENGINE_PISKVORK, ""},
    {"junqi-ccgc", "junqi", "no_battle_limit=10", BOYI_TEST_ENGINE_JUNQI, ""},
};

// A slow starter (1.5 s before it answers its greeting) that thinks 0.7 s on each of its
// first three moves: at 1 s a move, its start-up on the clock would lose the first one.
std::string slow_engine(const EnginePath& e, int seed, const fs::path& record) {
  std::string cmd = test_engine(e.program, "good", seed, e.sau_game) +
                    " --start-ms 1500 --think-ms 700 --think-moves 3";
  if (e.protocol != "junqi-ccgc") cmd += " --record " + record.string();
  return cmd;
}

std::string quoted(const std::string& s) {
  return "'" + s + "'";
}

std::vector<std::string> read_lines(const fs::path& path) {
  std::vector<std::string> out;
  std::ifstream f(path);
  for (std::string line; std::getline(f, line);) out.push_back(line);
  return out;
}

// A game as the referee recorded it: the seat of each action and its text.
using Actions = std::vector<std::pair<int, std::string>>;

// Whether the engine's --record (sau: "SEAT ACTION"; piskvork: "POINT own|other") is the game
// `actions` as the engine in `seat` knew it: up to its own last action.
bool engine_knew(const std::string& protocol, const std::vector<std::string>& record,
                 const Actions& actions, int seat) {
  std::vector<std::string> expected;
  for (const auto& [mover, text] : actions) {
    if (protocol == "sau") {
      std::istringstream edges(text);
      for (std::string edge; edges >> edge;) expected.push_back(std::to_string(mover) + " " + edge);
    } else {
      expected.push_back(text + (mover == seat ? " own" : " other"));
    }
  }
  std::vector<std::string> known;
  for (const auto& line : record) {
    if (protocol != "sau") {
      known.push_back(line);
      continue;
    }
    const auto space = line.find(' ');
    std::istringstream edges(line.substr(space + 1));
    for (std::string edge; edges >> edge;) known.push_back(line.substr(0, space) + " " + edge);
  }
  // The opponent's last moves, after the engine's own last one, are never sent to it.
  const std::string own = protocol == "sau" ? std::to_string(seat) + " " : "";
  while (!expected.empty() &&
         (protocol == "sau" ? expected.back().rfind(own, 0) != 0
                            : expected.back().find(" own") == std::string::npos))
    expected.pop_back();
  return known == expected;
}

// The last game of a boyi-match --log: its actions and the seat "cmd:" played.
std::pair<Actions, int> last_logged_game(const fs::path& log) {
  Actions actions;
  int seat = -1;
  for (const auto& line : read_lines(log)) {
    if (line.rfind("[Game ", 0) == 0) actions.clear();
    if (line.rfind("[Seat0 \"cmd:", 0) == 0) seat = 0;
    if (line.rfind("[Seat1 \"cmd:", 0) == 0) seat = 1;
    const auto dot = line.find(". ");
    if (line.empty() || !std::isdigit(static_cast<unsigned char>(line[0])) ||
        dot == std::string::npos)
      continue;
    std::istringstream words(line.substr(dot + 2));
    int mover = -1;
    words >> mover;
    std::string text, word;
    while (words >> word && word[0] != '{') text += (text.empty() ? "" : " ") + word;
    actions.emplace_back(mover, text);
  }
  return {actions, seat};
}

// The actions of a server record (GET /api/records/ID.json, or one of records.json's).
Actions record_actions(const json& record) {
  Actions out;
  for (const auto& a : record["actions"]) out.emplace_back(a["seat"].get<int>(), a["text"]);
  return out;
}

// A suite of one opening for the game: black's first action, or (gomoku) three stones.
fs::path write_suite(const fs::path& dir, const EnginePath& e) {
  std::string line = "H8 H9 J10";
  if (e.game != "gomoku") {
    auto g = std::move(create_game(e.game, e.rules)).value();
    Rng rng(3);
    line = g->random_move(0, rng);
  }
  const fs::path path = dir / (e.game + "-suite.txt");
  std::ofstream(path) << line << "\n";
  return path;
}

// A round robin of two cycles of `e`'s game at 2 s a move, whose suite is the one opening of
// the suite file (no entrants yet).
json opening_tournament(const std::string& name, const EnginePath& e, const fs::path& suite) {
  std::ifstream in(suite);
  std::string line;
  std::getline(in, line);
  json opening = json::array();
  std::istringstream words(line);
  for (std::string w; words >> w;) opening.push_back(w);
  return {{"name", name},
          {"game", e.game},
          {"rules", e.rules},
          {"time", timing(600'000, 2000)},
          {"settings",
           {{"format", "rr"},
            {"cycles", 2},
            {"rated", false},
            {"concurrency", 1},
            {"forfeit_wait_ms", 30000},
            {"openings", json::array({opening})}}}};
}

TEST_F(BotBridge, ASlowStartingEngineLosesNoTimeOnAnyPath) {
  std::vector<Pairing> pairings;
  int seed = 40;
  for (const auto& e : kEnginePaths) {
    SCOPED_TRACE(e.protocol);
    const fs::path record = tmp_.path() / (e.protocol + "-record.txt");
    const std::string spec = "cmd:" + e.protocol + ":" + slow_engine(e, ++seed, record);
    const fs::path log = tmp_.path() / (e.protocol + "-match.log");
    const CommandRun match = run_command(
        std::string(BOYI_MATCH_BIN) + " --game " + e.game + " --rules " + quoted(e.rules) +
        " --first " + quoted(spec) +
        " --second random --games 2 --per-move-ms 1000 --quiet --log " + log.string() + " 2>&1");
    EXPECT_EQ(match.code, 0) << match.out;
    EXPECT_NE(match.out.find("time forfeits: A 0, B 0; illegal moves: A 0, B 0"), std::string::npos)
        << match.out;
    EXPECT_NE(match.out.find("engine failures (lost by disconnect forfeit): A 0, B 0"),
              std::string::npos)
        << match.out;
    if (e.protocol != "junqi-ccgc") {
      const auto [actions, seat] = last_logged_game(log);
      EXPECT_TRUE(engine_knew(e.protocol, read_lines(record), actions, seat)) << match.out;
    }

    const CommandRun tourney = run_command(
        std::string(BOYI_TOURNEY_BIN) + " --game " + e.game + " --rules " + quoted(e.rules) +
        " --engine " + quoted("slow=" + spec) +
        " --engine fast=random --cycles 2 --tc 600000 --per-move-ms 1000 --timeout-ms 120000 "
        "2>&1");
    EXPECT_EQ(tourney.code, 0) << tourney.out;
    EXPECT_NE(tourney.out.find("finished, 2/2 games"), std::string::npos) << tourney.out;
    EXPECT_NE(tourney.out.find("start-up limit 10000 ms, off the clock"), std::string::npos)
        << tourney.out;
    EXPECT_EQ(tourney.out.find("time_forfeit"), std::string::npos) << tourney.out;
    EXPECT_EQ(tourney.out.find("resign"), std::string::npos) << tourney.out;

    pairings.push_back(
        pairing("slow start: " + e.protocol, e.protocol,
                slow_engine(e, ++seed, tmp_.path() / "server-record.txt"),
                {{"game", e.game}, {"rules", e.rules}, {"time", timing(600'000, 1000)}}, true, 2));
  }
  const Status played = play_all(pairings, 120s);
  ASSERT_TRUE(played.ok()) << played.message();
  for (auto& p : pairings) {
    SCOPED_TRACE(p.label);
    for (const json& g : p.report["games"])
      EXPECT_TRUE(kByRules.count(g["ending"].get<std::string>())) << g.dump() << context(p);
    EXPECT_EQ(p.bot->log_text().find("resigning"), std::string::npos) << context(p);
  }
}

TEST_F(BotBridge, AnOpeningReachesAnEngineOnEveryPathOrIsRefusedBeforeAnyGame) {
  for (const auto& e : kEnginePaths) {
    SCOPED_TRACE(e.protocol);
    const bool told = e.protocol == "piskvork";
    const fs::path record = tmp_.path() / (e.protocol + "-opening-record.txt");
    const std::string spec = "cmd:" + e.protocol + ":" +
                             test_engine(e.program, "good", 50, e.sau_game) +
                             (e.protocol == "junqi-ccgc" ? "" : " --record " + record.string());
    const fs::path suite = write_suite(tmp_.path(), e);
    for (const std::string& opening :
         {"--openings " + suite.string(), std::string("--random-opening 3")}) {
      SCOPED_TRACE("boyi-match " + opening);
      const fs::path log = tmp_.path() / (e.protocol + "-opening-match.log");
      const CommandRun match = run_command(
          std::string(BOYI_MATCH_BIN) + " --game " + e.game + " --rules " + quoted(e.rules) +
          " --first " + quoted(spec) + " --second random --games 2 --per-move-ms 1000 --quiet " +
          opening + " --log " + log.string() + " 2>&1");
      if (told) {
        EXPECT_EQ(match.code, 0) << match.out;
        const auto [actions, seat] = last_logged_game(log);
        EXPECT_TRUE(engine_knew(e.protocol, read_lines(record), actions, seat)) << match.out;
      } else {
        EXPECT_EQ(match.code, 2) << match.out;
        EXPECT_NE(match.out.find("A in game 1 "), std::string::npos) << match.out;
        EXPECT_NE(match.out.find("the " + e.protocol + " protocol"), std::string::npos)
            << match.out;
        EXPECT_EQ(match.out.find("game 1:"), std::string::npos) << match.out;  // nothing played
      }
    }
    const fs::path out = tmp_.path() / (e.protocol + "-tourney");
    const CommandRun tourney = run_command(
        std::string(BOYI_TOURNEY_BIN) + " --game " + e.game + " --rules " + quoted(e.rules) +
        " --engine " + quoted("engine=" + spec) +
        " --engine builtin=random --cycles 2 --tc 600000 --per-move-ms 1000 --timeout-ms 120000 "
        "--openings " +
        suite.string() + " --out " + out.string() + " 2>&1");
    if (told) {
      EXPECT_EQ(tourney.code, 0) << tourney.out;
      EXPECT_NE(tourney.out.find("finished, 2/2 games"), std::string::npos) << tourney.out;
      std::ifstream f(out / "records.json");
      const json records = json::parse(f, nullptr, false);
      bool found = false;  // the engine's record is the last game it played
      for (const json& r : records.is_array() ? records : records["records"])
        for (int seat : {0, 1})
          found = found || engine_knew(e.protocol, read_lines(record), record_actions(r), seat);
      EXPECT_TRUE(found) << tourney.out;
    } else {
      EXPECT_EQ(tourney.code, 1) << tourney.out;
      EXPECT_NE(tourney.out.find("engine engine (--openings): opening 1 of the suite: the " +
                                 e.protocol + " protocol"),
                std::string::npos)
          << tourney.out;
    }

    // The server: an open tournament with the suite; the bridged bot asks to enter it.
    json spec_json = opening_tournament("openings " + e.protocol, e, suite);
    spec_json["settings"]["open"] = true;
    spec_json["entrants"] = json::array({builtin_name_});
    auto created = http_json(server_->port(), "POST", "/api/tournaments", spec_json.dump(), admin_);
    ASSERT_TRUE(created.ok()) << created.message();
    ASSERT_EQ(created->status, 201) << created->body.dump();
    const std::string id = created->body["id"];
    const std::string name = unique_name("opening");
    fs::remove(record);
    auto bot =
        start_bot(name, {"--engine",
                         test_engine(e.program, "good", 51, e.sau_game) +
                             (e.protocol == "junqi-ccgc" ? "" : " --record " + record.string()),
                         "--protocol", e.protocol, "--join", id, "--games", "2"});
    ASSERT_TRUE(bot.ok()) << bot.message();
    if (!told) {
      ASSERT_TRUE(
          wait_until([&] { return (*bot)->log_text().find("not entered") != std::string::npos; },
                     20s, Millis(100)))
          << (*bot)->log_tail();
      const std::string log = (*bot)->log_text();
      EXPECT_NE(log.find("the " + e.protocol + " protocol"), std::string::npos) << log;
      auto r = http_json(server_->port(), "GET", "/api/tournaments/" + id);
      ASSERT_TRUE(r.ok());
      EXPECT_EQ(r->body["entrants"].size(), 1u) << r->body.dump();
      continue;
    }
    json report;
    ASSERT_TRUE(report_until(id, two_entrants, report, 20s)) << (*bot)->log_tail();
    auto started =
        http_json(server_->port(), "POST", "/api/tournaments/" + id + "/start", "", admin_);
    ASSERT_TRUE(started.ok() && started->status == 200);
    ASSERT_TRUE(report_until(id, finished, report, 90s))
        << report.dump() << (*bot)->log_tail() << log_of(server_.get());
    bool found = false;
    for (const json& g : report["games"]) {
      EXPECT_TRUE(kByRules.count(g["ending"].get<std::string>())) << g.dump();
      auto r = http_json(server_->port(), "GET",
                         "/api/records/" + g["match_id"].get<std::string>() + ".json");
      ASSERT_TRUE(r.ok() && r->status == 200);
      const int seat = g["names"][0] == name ? 0 : 1;
      found = found || engine_knew(e.protocol, read_lines(record), record_actions(r->body), seat);
    }
    EXPECT_TRUE(found) << report.dump();
  }
}

// A game a bridge cannot play after all (a tournament whose entrants were named, so no check
// at entry): void, asked for by the bot (CannotPlay), played again, then void; never the
// engine's loss. The game it can play (the opening is black's, the engine white) counts.
TEST_F(BotBridge, AGameTheBridgeCannotPlayIsVoidNotALoss) {
  const EnginePath& e = kEnginePaths[0];  // sau / surakarta
  const fs::path suite = write_suite(tmp_.path(), e);
  Pairing p =
      pairing("void: sau / surakarta", "sau", test_engine(e.program, "good", 60, e.sau_game),
              {{"game", e.game}, {"rules", e.rules}, {"time", timing(600'000, 2000)}}, false, 2);
  p.bot_name = unique_name("bridged");
  auto bot =
      start_bot(p.bot_name, {"--engine", p.engine, "--protocol", p.protocol, "--games", "3"});
  ASSERT_TRUE(bot.ok()) << bot.message();
  p.bot = std::move(bot).value();
  json spec = opening_tournament(p.label, e, suite);
  spec["settings"]["max_game_attempts"] = 2;
  spec["entrants"] = json::array({builtin_name_, p.bot_name});
  auto created = http_json(server_->port(), "POST", "/api/tournaments", spec.dump(), admin_);
  ASSERT_TRUE(created.ok()) << created.message();
  ASSERT_EQ(created->status, 201) << created->body.dump();
  p.tournament_id = created->body["id"];
  auto started = http_json(server_->port(), "POST",
                           "/api/tournaments/" + p.tournament_id + "/start", "", admin_);
  ASSERT_TRUE(started.ok() && started->status == 200);
  std::vector<Pairing> pairings;
  pairings.push_back(std::move(p));
  ASSERT_TRUE(finish(pairings, 90s)) << context(pairings[0]);
  const Pairing& q = pairings[0];
  int voids = 0, played = 0;
  for (const json& g : q.report["games"]) {
    const bool bridged_black = g["names"][0] == q.bot_name;
    if (bridged_black) {
      EXPECT_EQ(g["result"], "void") << g.dump() << context(q);
      ++voids;
    } else {
      EXPECT_TRUE(kByRules.count(g["ending"].get<std::string>())) << g.dump() << context(q);
      ++played;
    }
  }
  EXPECT_EQ(voids, 1);
  EXPECT_EQ(played, 1);
  const std::string log = q.bot->log_text();
  EXPECT_NE(log.find("asking for it to be void"), std::string::npos) << log;
  EXPECT_EQ(log.find("resigning"), std::string::npos) << log;
}

}  // namespace
}  // namespace boyi::e2e
