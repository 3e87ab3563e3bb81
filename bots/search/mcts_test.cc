// MCTS/UCT prefers obviously winning moves, with and without AMAF, flat or
// tree, and reuses its tree between moves.
#include "bots/search/mcts.h"

#include <gtest/gtest.h>

#include "bots/games/heuristics.h"

namespace boyi::bots {
namespace {

constexpr const char* kFourInARow =
    "...............\n...............\n...............\n...............\n"
    "...............\n...............\n...............\n....XXXX.......\n"
    "....OOO........\n...............\n...............\n...............\n"
    "...............\n...............\n...............\n";

TEST(Mcts, GomokuPlaysTheWinningPoint) {
  auto s = gomoku::State::from_diagram(gomoku::Rules{}, kFourInARow, gomoku::Colour::kBlack);
  ASSERT_TRUE(s.ok());
  for (AmafMode amaf : {AmafMode::kOff, AmafMode::kAlpha, AmafMode::kRave})
    for (bool flat : {false, true}) {
      MctsOptions o;
      o.amaf = amaf;
      o.flat = flat;
      o.max_playouts = 3000;
      Mcts<gomoku::State> mcts(o, default_mcts_hooks<gomoku::State>(), 11);
      const auto r = mcts.search(*s, TimeBudget{});
      ASSERT_TRUE(r.has_move);
      gomoku::State after = *s;
      after.apply(r.move);
      EXPECT_TRUE(after.is_terminal())
          << "amaf " << int(amaf) << " flat " << flat << ": " << s->format_move(r.move);
      EXPECT_EQ(r.playouts, 3000);
    }
}

TEST(Mcts, SurakartaCapturesTheLastPiece) {
  auto s = surakarta::State::from_diagram(surakarta::Rules{},
                                          ".B..B.\n..B...\n......\n......\n.W....\n......\n", 0);
  ASSERT_TRUE(s.ok()) << s.message();
  surakarta::MoveList list;
  s->legal_moves(list);
  bool capture = false;
  for (const auto& m : list) capture = capture || s->is_capture(m);
  ASSERT_TRUE(capture);
  MctsOptions o;
  o.max_playouts = 2000;
  Mcts<surakarta::State> mcts(o, {}, 3);
  const auto r = mcts.search(*s, TimeBudget{});
  ASSERT_TRUE(r.has_move);
  EXPECT_TRUE(s->is_capture(r.move));
}

TEST(Mcts, ReusesTheSubtreeOfThePositionReached) {
  dots::State s{dots::Rules{}};
  MctsOptions o;
  o.max_playouts = 2000;
  Mcts<dots::State> mcts(o, {}, 5);
  const auto first = mcts.search(s, TimeBudget{});
  ASSERT_TRUE(first.has_move);
  EXPECT_FALSE(first.reused);
  s.apply(first.move);
  dots::MoveList list;
  s.legal_moves(list);
  s.apply(list[0]);  // the opponent's answer
  const auto second = mcts.search(s, TimeBudget{});
  EXPECT_TRUE(second.reused);
  ASSERT_TRUE(second.has_move);
  EXPECT_TRUE(s.check(s.to_move(), second.move).ok());
}

}  // namespace
}  // namespace boyi::bots
