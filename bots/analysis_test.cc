// The analysis board's engine over real positions: a five on the board's edge, the dots
// solver at the end, the loop engine's score; refusals for hidden pieces and bad actions.
#include "bots/analysis.h"

#include <gtest/gtest.h>

namespace boyi::bots {
namespace {

AnalysisRequest request(std::string game, std::string rules,
                        std::vector<std::pair<Seat, std::string>> actions, std::string spec) {
  AnalysisRequest r;
  r.game = std::move(game);
  r.rules = std::move(rules);
  r.actions = std::move(actions);
  r.player_spec = std::move(spec);
  r.budget_ms = 400;
  r.line_plies = 4;
  return r;
}

TEST(Analysis, FindsTheFiveAndSaysItIsForced) {
  // Black H8 I8 J8 K8 (open at G8 and L8), white far away: black to move makes five.
  auto r = request("gomoku", "rule=freestyle opening=free",
                   {{0, "H8"}, {1, "A1"}, {0, "I8"}, {1, "A2"}, {0, "J8"}, {1, "A3"}, {0, "K8"},
                    {1, "A5"}},
                   "threat");
  auto a = analyse(r);
  ASSERT_TRUE(a.ok()) << a.message();
  EXPECT_EQ(a->to_move, 0);
  EXPECT_EQ(a->ply, 8);
  ASSERT_FALSE(a->line.empty());
  EXPECT_TRUE(a->line[0] == "G8" || a->line[0] == "L8") << a->line[0];
  EXPECT_EQ(a->line.size(), 1u);  // the game is over after it
  ASSERT_TRUE(a->note);
  EXPECT_TRUE(a->note->method == "forced" || a->note->method == "vcf") << a->note->method;
}

TEST(Analysis, TheLoopEngineScoresAndPlaysALine) {
  auto a = analyse(request("surakarta", "", {}, "loop"));
  ASSERT_TRUE(a.ok()) << a.message();
  EXPECT_EQ(a->to_move, 0);
  EXPECT_EQ(a->line.size(), 4u);
  EXPECT_EQ(a->line_seats, (std::vector<Seat>{0, 1, 0, 1}));
  ASSERT_TRUE(a->note);
  EXPECT_EQ(a->note->method, "alpha-beta");
  EXPECT_TRUE(a->note->score.has_value());
  EXPECT_EQ(a->note->unit, "centipiece");
  EXPECT_GT(a->note->depth, 0);
}

TEST(Analysis, TheChainEngineExplainsItsChoice) {
  auto a = analyse(request("dots", "", {{0, "AAA"}, {1, "BAA"}}, "chain"));
  ASSERT_TRUE(a.ok()) << a.message();
  ASSERT_TRUE(a->note);
  EXPECT_TRUE(a->note->method == "uct" || a->note->method == "solver") << a->note->method;
  if (a->note->method == "uct") {
    ASSERT_TRUE(a->note->win_rate);
    EXPECT_GE(*a->note->win_rate, 0.0);
    EXPECT_LE(*a->note->win_rate, 1.0);
  }
}

TEST(Analysis, RefusesHiddenPiecesBadActionsAndFinishedGames) {
  auto hidden = analyse(request("junqi", "", {}, "belief"));
  ASSERT_FALSE(hidden.ok());
  EXPECT_NE(hidden.message().find("hidden"), std::string::npos) << hidden.message();
  auto bad = analyse(request("gomoku", "rule=freestyle opening=free", {{0, "H8"}, {1, "H8"}}, "threat"));
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("action 2 'H8' does not replay"), std::string::npos) << bad.message();
  auto over = analyse(request("gomoku", "rule=freestyle opening=free",
                              {{0, "H8"}, {1, "A1"}, {0, "I8"}, {1, "A2"}, {0, "J8"}, {1, "A3"},
                               {0, "K8"}, {1, "A5"}, {0, "L8"}},
                              "threat"));
  EXPECT_FALSE(over.ok());
  EXPECT_FALSE(analyse(request("chess", "", {}, "x")).ok());
  EXPECT_FALSE(analyse(request("gomoku", "", {}, "no-such-player")).ok());
}

}  // namespace
}  // namespace boyi::bots
