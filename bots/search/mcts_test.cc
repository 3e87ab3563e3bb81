// MCTS/UCT prefers obviously winning moves, with and without AMAF, flat or
// tree, reuses its tree between moves (the kept subtree's statistics unchanged, bounded in
// size), and answers at once with a legal move when its deadline has passed.
#include "bots/search/mcts.h"

#include <gtest/gtest.h>

#include <algorithm>

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

// Our move and the reply the tree thought most of: a position the old tree holds.
dots::State two_plies_on(Mcts<dots::State>& mcts, dots::State s, const dots::Move& ours) {
  s.apply(ours);
  dots::MoveList replies;
  s.legal_moves(replies);
  // Breadth first: the node of `s`, then its children (every legal move).
  const auto after = mcts.subtree_stats(s, 1 + replies.size());
  EXPECT_EQ(after.size(), 1 + replies.size());
  std::size_t best = 1;
  for (std::size_t i = 1; i < after.size(); ++i)
    if (after[i].visits > after[best].visits) best = i;
  s.apply(after[best].move);
  return s;
}

TEST(Mcts, TheKeptSubtreeHasTheOldStatistics) {
  for (std::size_t cap : {std::size_t{1} << 17, std::size_t{300}}) {
    dots::State s{dots::Rules{}};
    MctsOptions o;
    o.max_playouts = 3000;
    o.reuse_max_nodes = cap;
    Mcts<dots::State> mcts(o, {}, 5);
    const auto first = mcts.search(s, TimeBudget{});
    ASSERT_TRUE(first.has_move);
    const dots::State next = two_plies_on(mcts, s, first.move);
    const auto before = mcts.subtree_stats(next, 1 << 20);
    ASSERT_GT(before.size(), 10u);
    mcts.options().max_playouts = 0;  // re-root only
    const auto second = mcts.search(next, TimeBudget{});
    EXPECT_TRUE(second.reused);
    EXPECT_EQ(second.playouts, 0);
    EXPECT_EQ(second.kept, mcts.tree_size());
    const auto after = mcts.subtree_stats(next, 1 << 20);
    ASSERT_EQ(after.size(), second.kept);
    // Breadth first, the kept tree is the old subtree's first nodes: all of it under the cap.
    EXPECT_LE(after.size(), cap);
    if (before.size() <= cap)
      EXPECT_EQ(after.size(), before.size());
    else
      EXPECT_GT(after.size(), cap - 64);  // all but the sibling group that did not fit
    EXPECT_TRUE(std::equal(after.begin(), after.end(), before.begin())) << "cap " << cap;
    // The root's children keep their statistics in the result too.
    ASSERT_FALSE(second.root.empty());
    for (std::size_t i = 0; i < second.root.size(); ++i) EXPECT_EQ(second.root[i], after[1 + i]);
  }
}

TEST(Mcts, APassedDeadlineAnswersAtOnceWithALegalMove) {
  dots::State s{dots::Rules{}};
  MctsOptions o;
  o.max_playouts = 3000;
  Mcts<dots::State> mcts(o, {}, 9);
  const auto first = mcts.search(s, TimeBudget{});
  mcts.options().max_playouts = -1;
  FakeClock clock;
  const TimeBudget passed(TimeControl::per_move(10, 0), clock);
  clock.advance_ms(20);
  for (const dots::State& at : {two_plies_on(mcts, s, first.move), s}) {
    const auto r = mcts.search(at, passed);
    ASSERT_TRUE(r.has_move);
    EXPECT_EQ(r.playouts, 0);
    EXPECT_TRUE(at.check(at.to_move(), r.move).ok());
  }
}

}  // namespace
}  // namespace boyi::bots
