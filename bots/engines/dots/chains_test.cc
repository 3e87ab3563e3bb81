// Chain and loop analysis on diagrams: the decomposition, the claims captures.h forces or
// leaves to decide, the simple-endgame arithmetic against the solver, and the long-chain
// rule on positions where it decides.
#include <gtest/gtest.h>

#include "bots/engines/dots/captures.h"
#include "bots/engines/dots/endgame.h"
#include "bots/engines/dots/solver.h"
#include "bots/engines/dots/structure.h"
#include "bots/engines/dots/test_positions.h"

namespace boyi::bots::dots_engine {
namespace {

using testing::diagram;
using testing::edge;

// A chain of three (AA AB AC, from the left border to the top border) and one of four
// (EA..ED, from the left border to the bottom border); 9-9 on the board.
constexpr std::string_view kThreeAndFour = R"(
  +-+-+ +-+-+
        |X|O|
  +-+-+-+-+-+
  |X|O|X|O|X|
  +-+-+-+-+-+
  |O|X|O|X|O|
  +-+-+-+-+-+
  |X|O|X|O|X|
  +-+-+-+-+-+
          |O|
  +-+-+-+ +-+
)";

// The same with a single box (EE) besides: 9-8.
constexpr std::string_view kThreeFourAndOne = R"(
  +-+-+ +-+-+
        |X|O|
  +-+-+-+-+-+
  |X|O|X|O|X|
  +-+-+-+-+-+
  |O|X|O|X|O|
  +-+-+-+-+-+
  |X|O|X|O|X|
  +-+-+-+-+-+
          |
  +-+-+-+ + +
)";

TEST(DotsStructure, FindsTheChainsTheirEndsAndOpenings) {
  const dots::State s = diagram(kThreeFourAndOne);
  const Structure st = analyze(s.drawn_edges());
  EXPECT_EQ(st.safe, 0u);
  EXPECT_EQ(st.junctions, 0u);
  EXPECT_TRUE(st.simple());
  ASSERT_EQ(st.count, 3);
  EXPECT_EQ(st.long_chains(), 2);
  EXPECT_EQ(st.loops(), 0);
  std::vector<int> lengths;
  for (const Component& c : st) {
    lengths.push_back(c.length);
    EXPECT_EQ(c.ends[0], kGround);
    EXPECT_EQ(c.ends[1], kGround);
    EXPECT_EQ(std::popcount(c.edges), c.length + 1);
    EXPECT_EQ(std::popcount(openings(c, s.drawn_edges())), 1);  // one edge stands for all
  }
  std::sort(lengths.begin(), lengths.end());
  EXPECT_EQ(lengths, (std::vector<int>{1, 3, 4}));
  EXPECT_EQ(std::popcount(candidate_edges(st, s.drawn_edges())), 3);
}

TEST(DotsStructure, FindsALoopAndOffersTheHardHeartedHandout) {
  // A loop of four (AA AB BA BB) and a chain of two (EA EB).
  const dots::State s = diagram(R"(
    +-+-+-+-+-+
    |   |O|X|O|
    + + +-+-+-+
    |   |X|O|X|
    +-+-+-+-+-+
    |O|X|O|X|O|
    +-+-+-+-+-+
    |X|O|X|O|X|
    +-+-+-+-+-+
        |O|X|O|
    +-+ +-+-+-+
  )");
  const Structure st = analyze(s.drawn_edges());
  ASSERT_EQ(st.count, 2);
  EXPECT_EQ(st.loops(), 1);
  for (const Component& c : st) {
    if (c.loop) {
      EXPECT_EQ(c.length, 4);
      EXPECT_EQ(std::popcount(c.edges), 4);
    } else {
      EXPECT_EQ(c.length, 2);
      EXPECT_EQ(openings(c, s.drawn_edges()), edge_bit(edge("BBE")));  // the shared side
    }
  }
}

TEST(DotsCaptures, ASingleBoxIsTakenAtOnce) {
  // EE offered: its last side leads to the ground.
  dots::State s = diagram(kThreeFourAndOne, 0);
  s.apply(dots::Move{static_cast<std::uint8_t>(edge("AFE"))});
  const CaptureChoice c = capture_choice(s.drawn_edges(), Degrees(s.drawn_edges()));
  EXPECT_EQ(c.kind, CaptureChoice::Kind::kForced);
  EXPECT_EQ(c.take, edge("BFE"));
}

TEST(DotsCaptures, TheLastTwoBoxesOfAnOpenedChainAreADecision) {
  dots::State s = diagram(kThreeAndFour, 1);
  s.apply(dots::Move{static_cast<std::uint8_t>(edge("BAA"))});  // white opens the three
  CaptureChoice c = capture_choice(s.drawn_edges(), Degrees(s.drawn_edges()));
  ASSERT_EQ(c.kind, CaptureChoice::Kind::kForced);  // AA leads into the chain: take it
  EXPECT_EQ(c.take, edge("BBA"));
  s.apply(dots::Move{static_cast<std::uint8_t>(c.take)});
  c = capture_choice(s.drawn_edges(), Degrees(s.drawn_edges()));
  ASSERT_EQ(c.kind, CaptureChoice::Kind::kDecide);
  EXPECT_EQ(c.take, edge("BCA"));
  EXPECT_EQ(c.decline, edge("AAC"));
  EXPECT_EQ(c.handed, 2);
}

TEST(DotsEndgame, ArithmeticAgreesWithTheSolver) {
  Solver solver;
  SimpleEndgame arithmetic;
  for (const auto text : {kThreeAndFour, kThreeFourAndOne}) {
    const dots::State s = diagram(text);
    const Structure st = analyze(s.drawn_edges());
    ASSERT_TRUE(st.simple());
    EXPECT_EQ(arithmetic.value(components_of(st)), solver.value(s.drawn_edges()));
  }
  // Sums of chains and loops built directly: a loop costs four to keep control, a chain two.
  ComponentSet set;
  set.add(4, true);
  EXPECT_EQ(arithmetic.value(set), -4);
  set.add(3, false);
  EXPECT_EQ(arithmetic.value(set), -1);  // open the loop: they take it and must open the three
  ComponentSet threes;
  threes.add(3, false);
  threes.add(3, false);
  EXPECT_EQ(arithmetic.value(threes), -2);  // they take one, hand two back, take the other
  // Random loony endgames: the arithmetic is exact whenever the structure is simple.
  int simple = 0;
  for (std::uint64_t seed = 1; seed <= 400 && simple < 25; ++seed) {
    const dots::State e = testing::random_loony(seed);
    const Structure es = analyze(e.drawn_edges());
    if (!es.simple()) continue;
    ++simple;
    EXPECT_EQ(arithmetic.value(components_of(es)), solver.value(e.drawn_edges())) << e.to_diagram();
  }
  EXPECT_GE(simple, 10);
}

TEST(DotsLongChainRule, TheSideToMoveMustOpenWithEvenShortChains) {
  // Two long chains and nothing else: whoever moves must open one and loses control.
  const dots::State s = diagram(kThreeAndFour);
  const Degrees deg(s.drawn_edges());
  const Structure st = analyze(s.drawn_edges(), deg);
  EXPECT_FALSE(chain_rule_favours_mover(st, deg));
  EXPECT_EQ(Solver().value(s.drawn_edges()), -3);
  // A single box more hands the obligation over: the side to move is in control.
  const dots::State t = diagram(kThreeFourAndOne);
  const Degrees tdeg(t.drawn_edges());
  EXPECT_TRUE(chain_rule_favours_mover(analyze(t.drawn_edges(), tdeg), tdeg));
  EXPECT_EQ(Solver().value(t.drawn_edges()), 2);
}

// The middle game, no box claimed yet, black to move with two safe edges left: BAB keeps two
// long chains (the rule's parity for black), BEB makes three and loses.
constexpr std::string_view kParityFight = R"(
  +-+ + +-+-+
    | | |   |
  + + + + + +
      |     |
  + +-+-+-+ +
  |   |     |
  +-+ + + +-+
      | | |
  +-+ + + + +
      | |   |
  +-+-+ +-+-+
)";

TEST(DotsLongChainRule, DecidesTheLastSafeEdge) {
  const dots::State s = diagram(kParityFight, 0);
  const Edges drawn = s.drawn_edges();
  const Degrees deg(drawn);
  EXPECT_EQ(safe_edges(drawn, deg), edge_bit(edge("BAB")) | edge_bit(edge("BEB")));
  Solver solver;
  for (const auto& [name, wins] : {std::pair{"BAB", true}, std::pair{"BEB", false}}) {
    const Edges after = drawn | edge_bit(edge(name));
    const Degrees d(after);
    const Structure st = analyze(after, d);
    // After the edge white moves: the rule must not favour white where black wins.
    EXPECT_EQ(chain_rule_favours_mover(st, d), !wins) << name;
    EXPECT_EQ(st.long_chains(), wins ? 2 : 3) << name;
    const auto v = solver.value(after);
    ASSERT_TRUE(v.has_value());
    EXPECT_EQ(-*v > 0, wins) << name << " value for black " << -*v;
  }
  EXPECT_EQ(solver.solve(drawn)->edge, edge("BAB"));
}

}  // namespace
}  // namespace boyi::bots::dots_engine
