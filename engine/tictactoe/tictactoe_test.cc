// 井字棋: lines, draws, misère, notation, refusals, hashes over random games.
#include <gtest/gtest.h>

#include "base/rng.h"
#include "engine/tictactoe/tictactoe.h"

namespace boyi::tictactoe {
namespace {

State play(std::initializer_list<std::string_view> cells, Rules rules = {}) {
  State s(rules);
  for (auto c : cells) {
    auto m = s.parse_move(s.to_move(), c);
    EXPECT_TRUE(m.ok()) << c;
    auto e = s.apply_checked(s.to_move(), *m);
    EXPECT_TRUE(e.ok()) << c << ": " << e.message();
  }
  return s;
}

TEST(TicTacToe, ThreeInARowWinsAndAFullBoardDraws) {
  auto won = play({"a1", "a2", "b1", "b2", "c1"});
  EXPECT_TRUE(won.is_terminal());
  EXPECT_EQ(won.outcome().winner, 0);
  EXPECT_EQ(won.outcome().detail, "three in a row");
  EXPECT_EQ(won.to_move(), kPublic);
  auto diagonal = play({"a1", "a3", "b1", "b2", "a2", "c1"});
  EXPECT_EQ(diagonal.outcome().winner, 1);
  auto draw = play({"a1", "b2", "c3", "b1", "b3", "a3", "c1", "c2", "a2"});
  EXPECT_TRUE(draw.outcome().is_draw());
  EXPECT_EQ(draw.to_text(), "OXX\nXOO\nXOX\n");
}

TEST(TicTacToe, MisereLosesWithTheLine) {
  auto rules = Rules::parse("misere=1");
  ASSERT_TRUE(rules.ok());
  EXPECT_EQ(rules->to_string(), "misere=1");
  auto s = play({"a1", "a2", "b1", "b2", "c1"}, *rules);
  EXPECT_EQ(s.outcome().winner, 1);
  EXPECT_FALSE(Rules::parse("size=4").ok());
  EXPECT_EQ(Rules::parse("")->to_string(), "misere=0");
}

TEST(TicTacToe, RefusesWhatIsNotAllowed) {
  State s;
  EXPECT_FALSE(s.parse_move(0, "d1").ok());
  EXPECT_FALSE(s.parse_move(0, "a4").ok());
  EXPECT_FALSE(s.parse_move(0, "a").ok());
  EXPECT_FALSE(s.check(1, {0}).ok());  // not O's turn
  ASSERT_TRUE(s.apply_checked(0, {4}).ok());
  auto taken = s.apply_checked(1, {4});
  ASSERT_FALSE(taken.ok());
  EXPECT_EQ(taken.message(), "b2 is taken");
  EXPECT_EQ(s.format_move({8}), "c3");
  EXPECT_EQ(State::render_event({{0}, 0}, 1), "a1");
}

TEST(TicTacToe, RandomGamesKeepHashesAndEndWithinNinePlies) {
  Rng rng(7);
  for (int game = 0; game < 500; ++game) {
    State s;
    MoveList list;
    while (!s.is_terminal()) {
      s.legal_moves(list);
      ASSERT_FALSE(list.empty());
      s.apply(list[rng.below(list.size())]);
      ASSERT_EQ(s.hash(), s.compute_hash());
    }
    EXPECT_LE(s.ply(), 9);
    s.legal_moves(list);
    EXPECT_TRUE(list.empty());
    EXPECT_EQ(s.view(0).outcome, s.outcome());
  }
}

}  // namespace
}  // namespace boyi::tictactoe
