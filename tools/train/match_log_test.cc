// The warm start reads what boyi-match writes: its game log back into the games, opening
// suites' actions counted apart, and every malformed log refused with the line named.
#include "tools/train/match_log.h"

#include <gtest/gtest.h>

#include "tools/match/local_match.h"

namespace boyi::train {
namespace {

TEST(MatchLog, EveryGameOfARealMatchReadsBackWithItsOpening) {
  match::MatchConfig c;
  c.game = "surakarta";
  c.first = "greedy";
  c.second = "random";
  c.games = 4;
  c.random_opening_plies = 3;
  c.seed = 9;
  auto r = match::run_match(c);
  ASSERT_TRUE(r.ok()) << r.message();
  std::string log;
  for (const auto& g : r->games) log += match::game_log(c, g);
  ASSERT_TRUE(is_match_log(log));
  auto games = parse_match_log(log, "surakarta", "test");
  ASSERT_TRUE(games.ok()) << games.message();
  ASSERT_EQ(games->size(), r->games.size());
  for (std::size_t i = 0; i < games->size(); ++i) {
    const auto& played = r->games[i];
    const auto& read = (*games)[i];
    EXPECT_EQ(read.game, "surakarta");
    EXPECT_EQ(read.rules, played.rules);
    EXPECT_EQ(read.winner, played.outcome.winner);
    EXPECT_EQ(read.opening_actions, 3u);
    ASSERT_EQ(read.actions.size(), played.moves.size());
    for (std::size_t k = 0; k < read.actions.size(); ++k) {
      EXPECT_EQ(read.actions[k].first, played.movers[k]);
      EXPECT_EQ(read.actions[k].second, played.moves[k]);
    }
  }
  EXPECT_FALSE(parse_match_log(log, "gomoku", "test").ok());  // a log of another game
}

TEST(MatchLog, OnlyTheLeadingImposedActionsAreTheOpeningAndADrawHasNoWinner) {
  const std::string log =
      "[Game \"gomoku\"]\n[Rules \"rule=freestyle\"]\n[Result \"1/2-1/2\"]\n"
      "1. 0 H8 {from the opening suite}\n2. 1 H9 {depth 7}\n"
      "3. 0 J8 {from the opening suite}\n1/2-1/2\n\n";
  auto games = parse_match_log(log, "gomoku", "test");
  ASSERT_TRUE(games.ok()) << games.message();
  ASSERT_EQ(games->size(), 1u);
  EXPECT_EQ(games->front().opening_actions, 1u);
  EXPECT_FALSE(games->front().winner.has_value());
  EXPECT_EQ(games->front().actions.size(), 3u);
}

TEST(MatchLog, MalformedLogsAreRefusedNamingTheLine) {
  const std::string head = "[Game \"gomoku\"]\n[Rules \"\"]\n[Result \"1-0\"]\n";
  const auto refused = [](const std::string& log, const std::string& says) {
    auto games = parse_match_log(log, "gomoku", "f");
    if (games.ok()) return ::testing::AssertionFailure() << "accepted: " << log;
    if (games.message().find(says) == std::string::npos)
      return ::testing::AssertionFailure() << games.message();
    return ::testing::AssertionSuccess();
  };
  EXPECT_TRUE(refused(head + "1. 0 H8\n", "no result line"));               // cut short
  EXPECT_TRUE(refused(head + "1. 0 H8\n0-1\n", "the [Result] tag 1-0"));    // results differ
  EXPECT_TRUE(refused(head + "2. 0 H8\n1-0\n", "f line 4: move 2 where"));  // numbering
  EXPECT_TRUE(refused(head + "1. 2 H8\n1-0\n", "no seat 0 or 1"));
  EXPECT_TRUE(refused(head + "1. 0\n1-0\n", "no seat 0 or 1"));
  EXPECT_TRUE(refused(head + "1. 0 H8 {open\n1-0\n", "unclosed note"));
  EXPECT_TRUE(refused(head + "garbage\n1-0\n", "not a move line"));
  EXPECT_TRUE(refused("1. 0 H8\n1-0\n", "not a boyi-match log"));
  EXPECT_TRUE(refused("[Game \"gomoku\"]\n1. 0 H8\n1-0\n", "without a [Result] tag"));
  EXPECT_TRUE(refused(head + "1. 0 H8\n[Game \"gomoku\"]\n", "a tag among the moves"));
  EXPECT_FALSE(is_match_log("{\"format\":\"boyi-observations/1\"}\n"));
  EXPECT_TRUE(is_match_log("\n\n[Game \"dots\"]\n"));
}

}  // namespace
}  // namespace boyi::train
