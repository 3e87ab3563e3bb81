// boyi-match with external engines: "cmd:PROTOCOL:COMMAND" specs are read and checked,
// the scripted test engines of bots/bridges/testengines play full games through each
// protocol against built-in players (and against each other), and engines that crash,
// hang or answer garbage lose their games by disconnect forfeit while the match goes on.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tools/match/external_engine.h"
#include "tools/match/local_match.h"

namespace boyi::match {
namespace {

namespace fs = std::filesystem;

std::string engine_spec(const std::string& protocol, const std::string& program,
                        const std::string& game, const std::string& behave, int seed) {
  std::string spec = "cmd:" + protocol + ":" + program + " --behave " + behave + " --at 2" +
                     " --seed " + std::to_string(seed);
  if (protocol == "sau") spec += " --game " + game;
  return spec;
}

MatchConfig config(const std::string& game, const std::string& rules, std::string first,
                   std::string second, int games) {
  MatchConfig c;
  c.game = game;
  c.rules = rules;
  c.first = std::move(first);
  c.second = std::move(second);
  c.games = games;
  c.bank_ms = 300'000;  // generous: the scripted engines answer in microseconds
  c.seed = 5;
  return c;
}

bool decided_by_play(const Outcome& o) {
  return o.ending == Ending::kNormal || o.ending == Ending::kAdjudication ||
         o.ending == Ending::kFoul || o.ending == Ending::kNoBattleLimit;
}

TEST(ExternalSpec, ReadsProtocolAndCommandLine) {
  EXPECT_TRUE(is_external_spec("cmd:sau:./x"));
  EXPECT_FALSE(is_external_spec("uct:playouts=10"));
  auto e = parse_external_spec(R"(cmd:piskvork:"/opt/my brain/pela" --fast 'a b' c\ d)", "gomoku");
  ASSERT_TRUE(e.ok()) << e.message();
  EXPECT_EQ(e->protocol, "piskvork");
  EXPECT_EQ(e->argv, (std::vector<std::string>{"/opt/my brain/pela", "--fast", "a b", "c d"}));
  auto j = parse_external_spec("cmd:junqi-ccgc:ai:with:colons", "junqi");
  ASSERT_TRUE(j.ok()) << j.message();
  EXPECT_EQ(j->argv, (std::vector<std::string>{"ai:with:colons"}));

  EXPECT_FALSE(parse_external_spec("cmd:sau", "dots").ok());        // no command
  EXPECT_FALSE(parse_external_spec("cmd:sau:", "dots").ok());       // empty command
  EXPECT_FALSE(parse_external_spec("cmd:uci:./x", "dots").ok());    // unknown protocol
  EXPECT_FALSE(parse_external_spec("cmd:sau:./x", "gomoku").ok());  // wrong game
  EXPECT_FALSE(parse_external_spec("cmd:piskvork:./x", "junqi").ok());
  EXPECT_FALSE(parse_external_spec("cmd:sau:'./x", "dots").ok());         // unclosed quote
  EXPECT_FALSE(parse_external_spec("cmd:sau:./x \\", "surakarta").ok());  // trailing backslash
}

TEST(ExternalSpec, ThePlayerProgramMustExist) {
  EXPECT_TRUE(find_program("sh").ok());  // from PATH
  EXPECT_TRUE(find_program(BOYI_TEST_ENGINE_SAU).ok());
  EXPECT_FALSE(find_program("./no-such-engine-program").ok());
  EXPECT_FALSE(find_program("no-such-engine-program-in-path").ok());
  EXPECT_FALSE(find_program("/").ok());  // a directory

  auto c = config("dots", "", "cmd:sau:./no-such-engine-program", "random", 2);
  EXPECT_FALSE(validate(c).ok());
  EXPECT_FALSE(run_match(c).ok());
  c.first = "cmd:piskvork:" + std::string(BOYI_TEST_ENGINE_PISKVORK);  // not dots
  EXPECT_FALSE(run_match(c).ok());
  c.first = engine_spec("sau", BOYI_TEST_ENGINE_SAU, "dots", "good", 1);
  c.second = "nobody";  // the built-in side is checked too
  EXPECT_FALSE(run_match(c).ok());
  c.second = "random";
  c.rules = "no_such_rule=1";
  EXPECT_FALSE(run_match(c).ok());
}

struct GameCase {
  std::string game, rules, protocol, program;
};

TEST(ExternalMatch, EachProtocolPlaysFullGamesAgainstABuiltInPlayer) {
  const GameCase setups[] = {
      {"junqi", "no_battle_limit=30", "junqi-ccgc", BOYI_TEST_ENGINE_JUNQI},
      {"dots", "", "sau", BOYI_TEST_ENGINE_SAU},
      {"surakarta", "", "sau", BOYI_TEST_ENGINE_SAU},
      {"gomoku", "rule=renju opening=free", "piskvork", BOYI_TEST_ENGINE_PISKVORK},
  };
  for (const auto& s : setups) {
    SCOPED_TRACE(s.game + " through " + s.protocol);
    auto c =
        config(s.game, s.rules, engine_spec(s.protocol, s.program, s.game, "good", 3), "random", 2);
    c.concurrency = 2;
    int reported = 0;
    auto r = run_match(c, [&](const GameRecord&) { ++reported; });
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(reported, 2);
    EXPECT_EQ(r->wins + r->draws + r->losses, 2);
    EXPECT_EQ(r->a_failures + r->b_failures, 0);
    EXPECT_EQ(r->a_illegal + r->b_illegal + r->a_time_forfeits + r->b_time_forfeits, 0);
    for (const auto& g : r->games) {
      EXPECT_EQ(g.a_seat, g.index % 2);  // the engine played both seats
      EXPECT_TRUE(decided_by_play(g.outcome)) << describe(g.outcome) << " " << g.note;
      EXPECT_GE(g.moves.size(), 5u);
      ASSERT_EQ(g.moves.size(), g.movers.size());
      // Both seats acted: the engine's answers went through the referee.
      EXPECT_NE(std::count(g.movers.begin(), g.movers.end(), g.a_seat), 0);
      EXPECT_NE(std::count(g.movers.begin(), g.movers.end(), 1 - g.a_seat), 0);
    }
  }
}

TEST(ExternalMatch, TwoExternalEnginesAndAStrongerBuiltInOne) {
  // Engine against engine, each a process of its own per game.
  auto both =
      config("surakarta", "", engine_spec("sau", BOYI_TEST_ENGINE_SAU, "surakarta", "good", 1),
             engine_spec("sau", BOYI_TEST_ENGINE_SAU, "surakarta", "good", 2), 2);
  auto r = run_match(both);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(r->wins + r->draws + r->losses, 2);
  EXPECT_EQ(r->a_failures + r->b_failures, 0);

  // A built-in searcher against the scripted (random) engine scores as it should.
  auto strong = config("dots", "", "alphabeta:depth=3",
                       engine_spec("sau", BOYI_TEST_ENGINE_SAU, "dots", "good", 4), 4);
  strong.concurrency = 2;
  auto s = run_match(strong);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_GE(s->wins, 3);
  EXPECT_EQ(s->a_failures + s->b_failures, 0);
}

TEST(ExternalMatch, MisbehavingEnginesLoseTheirGamesAndTheMatchGoesOn) {
  struct Case {
    std::string behave, words;
    bool on_time;  // lost on the referee's clock (its answer awaited), not by a failure
  };
  const Case cases[] = {{"crash", "killed by signal", false},
                        {"hang", "stopped while the engine thought", true},
                        // a brain's garbage is not a move: the move is awaited until
                        // the time runs out
                        {"garbage", "were not a move were ignored", true}};
  for (const auto& k : cases) {
    SCOPED_TRACE(k.behave);
    // The misbehaving engine is B: it loses every game from either seat.
    auto c = config("gomoku", "rule=renju opening=free", "random",
                    engine_spec("piskvork", BOYI_TEST_ENGINE_PISKVORK, "gomoku", k.behave, 7), 2);
    c.per_move_ms = 700;  // what a hanging engine costs: its seat's time for one move
    std::vector<std::string> lines;
    auto r = run_match(c, [&](const GameRecord& g) { lines.push_back(g.note); });
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(lines.size(), 2u);
    EXPECT_EQ(r->wins, 2);
    EXPECT_EQ(r->b_failures, k.on_time ? 0 : 2);
    EXPECT_EQ(r->b_time_forfeits, k.on_time ? 2 : 0);
    EXPECT_EQ(r->a_failures + r->a_time_forfeits, 0);
    for (const auto& g : r->games) {
      EXPECT_EQ(g.outcome.ending, k.on_time ? Ending::kTimeForfeit : Ending::kDisconnectForfeit)
          << describe(g.outcome);
      EXPECT_NE(g.note.find("B failed: "), std::string::npos) << g.note;
      EXPECT_NE(g.note.find(k.words), std::string::npos) << g.note;
      if (!k.on_time) {
        EXPECT_NE(g.outcome.detail.find(k.words), std::string::npos) << g.outcome.detail;
      }
    }
  }
}

// Openings an external engine's protocol cannot say are refused before any game, with one
// line naming the engine, the game, the protocol and the seat; those it can say are played.
TEST(ExternalMatch, OpeningsAnEngineCannotBeToldAreRefusedUpFront) {
  auto sau = config("surakarta", "",
                    engine_spec("sau", BOYI_TEST_ENGINE_SAU, "surakarta", "good", 3), "random", 2);
  sau.random_opening_plies = 2;
  const Status refused = validate(sau);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.message().find("A in game 1 (--random-opening): the sau protocol"),
            std::string::npos)
      << refused.message();
  EXPECT_NE(refused.message().find("seat 0 (black)"), std::string::npos) << refused.message();
  auto played = run_match(sau);
  EXPECT_FALSE(played.ok());  // nothing played

  auto junqi = config("junqi", "", "random",
                      engine_spec("junqi-ccgc", BOYI_TEST_ENGINE_JUNQI, "junqi", "good", 3), 2);
  junqi.random_opening_plies = 1;
  const Status no = validate(junqi);
  ASSERT_FALSE(no.ok());
  EXPECT_NE(no.message().find("B in game 1 (--random-opening): the junqi-ccgc protocol"),
            std::string::npos)
      << no.message();

  // piskvork takes any opening, from both seats: every game is played.
  auto brain = config("gomoku", "rule=renju opening=free", "random",
                      engine_spec("piskvork", BOYI_TEST_ENGINE_PISKVORK, "gomoku", "good", 3), 2);
  brain.random_opening_plies = 3;
  auto r = run_match(brain);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(r->wins + r->draws + r->losses, 2);
  EXPECT_EQ(r->voids + r->a_failures + r->b_failures, 0);
}

TEST(ExternalMatch, WritesEachEnginesTranscriptPerGame) {
  const fs::path dir = fs::temp_directory_path() / ("boyi-match-test-" + std::to_string(getpid()));
  fs::create_directories(dir);
  auto c =
      config("dots", "", engine_spec("sau", BOYI_TEST_ENGINE_SAU, "dots", "good", 8), "greedy", 2);
  c.engine_log_dir = dir.string();
  auto r = run_match(c);
  ASSERT_TRUE(r.ok()) << r.message();
  for (int game = 1; game <= 2; ++game) {
    std::ifstream in(dir / ("game-" + std::to_string(game) + "-A.txt"));
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_NE(text.str().find("> name?"), std::string::npos) << text.str();
    EXPECT_NE(text.str().find(game == 1 ? "> new black" : "> new white"), std::string::npos)
        << text.str();
    EXPECT_FALSE(fs::exists(dir / ("game-" + std::to_string(game) + "-B.txt")));  // built-in
  }
  // The record names the external spec as it was given.
  EXPECT_NE(game_log(c, r->games[0]).find("[Seat0 \"cmd:sau:"), std::string::npos);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace boyi::match
