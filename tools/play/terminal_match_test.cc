#include "tools/play/terminal_match.h"

#include <gtest/gtest.h>

#include <sstream>

namespace boyi::play {
namespace {

std::unique_ptr<AnyGame> make(std::string_view name, std::string_view rules = "") {
  auto g = create_game(name, rules);
  EXPECT_TRUE(g.ok()) << g.message();
  return std::move(g).value();
}

TEST(TerminalMatch, RandomPlayersFinishEveryGame) {
  for (const auto& info : games()) {
    auto game = make(info.name);
    std::istringstream in;
    std::ostringstream out;
    MatchOptions opts{{PlayerKind::kRandom, PlayerKind::kRandom}, 5, false};
    const Outcome o = play_match(*game, opts, in, out);
    EXPECT_TRUE(game->is_terminal()) << info.name;
    EXPECT_EQ(o, game->outcome());
    EXPECT_NE(out.str().find("Result: " + describe(o)), std::string::npos) << out.str();
  }
}

TEST(TerminalMatch, PersonGetsReasonsThenPlays) {
  auto game = make("gomoku", "rule=renju opening=centre");
  std::istringstream in("\nnonsense\nA1\nmoves\nH8\nquit\n");
  std::ostringstream out;
  const Outcome o = play_match(*game, MatchOptions{}, in, out);
  const std::string text = out.str();
  EXPECT_NE(text.find("Not accepted"), std::string::npos) << text;
  EXPECT_NE(text.find("1 legal: H8"), std::string::npos) << text;  // centre opening: H8 only
  EXPECT_EQ(game->ply(), 2);                                       // H8, then the random reply
  EXPECT_EQ(o.ending, Ending::kAborted);
}

TEST(TerminalMatch, ResignationEndsWithTheOpponentWinning) {
  auto game = make("surakarta");
  std::istringstream in("resign\n");
  std::ostringstream out;
  MatchOptions opts{{PlayerKind::kRandom, PlayerKind::kHuman}, 9, false};
  const Outcome o = play_match(*game, opts, in, out);
  EXPECT_EQ(o.ending, Ending::kResignation);
  EXPECT_EQ(o.winner, 0);
  EXPECT_EQ(game->ply(), 1);
}

TEST(TerminalMatch, JunqiPersonDeploysWithReasonsForBadLayouts) {
  auto game = make("junqi");
  std::istringstream in("abc\nabccddeeffggghhhiiijjkklj\nquit\n");
  std::ostringstream out;
  play_match(*game, MatchOptions{}, in, out);
  const std::string text = out.str();
  EXPECT_NE(text.find("Not accepted"), std::string::npos) << text;  // the short layout
  EXPECT_FALSE(game->can_act(0) && game->to_move() == kPublic);     // seat 0 deployed
  EXPECT_TRUE(game->ply() >= 2) << text;                            // and the random player too
}

}  // namespace
}  // namespace boyi::play
