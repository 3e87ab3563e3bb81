// The local match runner: alternating seats, counting, forfeits for illegal
// moves and logs.
#include "tools/match/local_match.h"

#include <gtest/gtest.h>

namespace boyi::match {
namespace {

TEST(LocalMatch, PlaysEveryGameWithAlternatingSeats) {
  for (const char* game : {"junqi", "gomoku", "dots", "surakarta"}) {
    MatchConfig c;
    c.game = game;
    c.first = "greedy";
    c.second = "random";
    c.games = 4;
    c.concurrency = 2;
    c.seed = 9;
    auto r = run_match(c);
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r->wins + r->draws + r->losses, 4) << game;
    ASSERT_EQ(r->games.size(), 4u);
    for (const auto& g : r->games) {
      EXPECT_EQ(g.a_seat, g.index % 2);
      EXPECT_TRUE(g.outcome.finished()) << game;
      EXPECT_FALSE(g.moves.empty());
      EXPECT_NE(g.outcome.ending, Ending::kIllegalMove) << game << ": " << g.note;
      EXPECT_NE(g.outcome.ending, Ending::kTimeForfeit) << game;
    }
    EXPECT_EQ(r->a_illegal + r->b_illegal, 0);
  }
}

TEST(LocalMatch, SameSeedSameGames) {
  MatchConfig c;
  c.game = "surakarta";
  c.first = "uct:playouts=50";
  c.second = "random";
  c.games = 2;
  c.seed = 4;
  auto a = run_match(c), b = run_match(c);
  ASSERT_TRUE(a.ok() && b.ok());
  for (int i = 0; i < 2; ++i) EXPECT_EQ(a->games[i].moves, b->games[i].moves);
}

TEST(LocalMatch, StrongerEngineScoresMore) {
  MatchConfig c;
  c.game = "dots";
  c.first = "alphabeta:depth=3";
  c.second = "random";
  c.games = 6;
  c.concurrency = 2;
  auto r = run_match(c);
  ASSERT_TRUE(r.ok());
  EXPECT_GE(r->wins, 5);
}

TEST(LocalMatch, RejectsBadConfigs) {
  MatchConfig c;
  c.game = "chess";
  c.first = c.second = "random";
  EXPECT_FALSE(run_match(c).ok());
  c.game = "dots";
  c.first = "nobody";
  EXPECT_FALSE(run_match(c).ok());
  c.first = "random";
  c.rules = "no_such_rule=1";
  EXPECT_FALSE(run_match(c).ok());
  c.rules = "";
  c.games = 0;
  EXPECT_FALSE(run_match(c).ok());
}

TEST(LocalMatch, LogNamesSeatsResultAndMoves) {
  MatchConfig c;
  c.game = "dots";
  c.first = "greedy";
  c.second = "random";
  c.games = 1;
  auto r = run_match(c);
  ASSERT_TRUE(r.ok());
  const std::string log = game_log(c, r->games[0]);
  EXPECT_NE(log.find("[Seat0 \"greedy\"]"), std::string::npos);
  EXPECT_NE(log.find("[Seat1 \"random\"]"), std::string::npos);
  EXPECT_NE(log.find("[Ending \"normal\"]"), std::string::npos);
  EXPECT_NE(log.find("60. "), std::string::npos);  // all 60 edges
}

TEST(LocalMatch, RandomOpeningsAreSharedByThePairsGamesAndLegal) {
  MatchConfig c;
  c.game = "surakarta";
  c.random_opening_plies = 5;
  c.seed = 4;
  auto first = random_opening(c, 0);
  auto second = random_opening(c, 1);
  auto third = random_opening(c, 2);
  ASSERT_TRUE(first.ok() && second.ok() && third.ok());
  EXPECT_EQ(first->size(), 5u);
  EXPECT_EQ(*first, *second);  // the engines swap sides on the same opening
  EXPECT_NE(*first, *third);
  c.game = "junqi";  // random layouts for the deployments, then steps
  auto junqi = random_opening(c, 0);
  ASSERT_TRUE(junqi.ok());
  ASSERT_GE(junqi->size(), 2u);
  EXPECT_EQ(junqi->at(0).size(), 25u);
  c.game = "chess";
  EXPECT_FALSE(random_opening(c, 0).ok());
}

}  // namespace
}  // namespace boyi::match
