// The exact solver against brute force on small endgames (random and structured ones), its
// answers with and without the symmetric table, and its stopping on a node limit.
#include "bots/engines/dots/solver.h"

#include <gtest/gtest.h>

#include "bots/engines/dots/symmetry.h"
#include "bots/engines/dots/test_positions.h"

namespace boyi::bots::dots_engine {
namespace {

using testing::BruteForce;
using testing::random_endgame;

TEST(DotsSymmetry, EveryImageIsABijectionWithItsInverse) {
  for (int s = 0; s < kSymmetries; ++s) {
    Edges image = 0;
    for (int e = 0; e < dots::kEdges; ++e) {
      image |= edge_bit(map_edge(s, e));
      EXPECT_EQ(map_edge(inverse_symmetry(s), map_edge(s, e)), e);
    }
    EXPECT_EQ(image, dots::kAllEdges);
  }
  const Edges some = 0x0123456789abcdefull & dots::kAllEdges;
  for (int s = 0; s < kSymmetries; ++s) {
    Edges by_edge = 0;
    for (int e = 0; e < dots::kEdges; ++e)
      if (some >> e & 1) by_edge |= edge_bit(map_edge(s, e));
    EXPECT_EQ(map_edges(s, some), by_edge);
    // The degrees of the boxes are carried along: claimed boxes stay claimed.
    EXPECT_EQ(Degrees(map_edges(s, some)).unclaimed(), Degrees(some).unclaimed());
  }
  EXPECT_EQ(canonical(some).key, map_edges(canonical(some).symmetry, some));
}

TEST(DotsBoard, DegreesCountTheUndrawnSidesOfEveryBox) {
  Rng rng(9);
  for (int i = 0; i < 200; ++i) {
    const Edges drawn = (rng() & rng()) & dots::kAllEdges;
    Degrees deg(drawn);
    for (int b = 0; b < dots::kBoxes; ++b) {
      const int expected = 4 - std::popcount(drawn & dots::kBoxMask[b]);
      ASSERT_EQ(deg[b], expected) << "box " << b;
      EXPECT_TRUE(deg.with(expected) >> b & 1);
    }
    const int e = std::countr_zero(~drawn & dots::kAllEdges);
    deg.draw(e);
    EXPECT_EQ(deg.with(0), Degrees(drawn | edge_bit(e)).with(0));
  }
}

void expect_agrees_with_brute_force(const dots::State& s, Solver& solver, BruteForce& brute) {
  const Edges drawn = s.drawn_edges();
  const int truth = brute.value(drawn);
  const auto solved = solver.solve(drawn);
  ASSERT_TRUE(solved.has_value());
  EXPECT_EQ(solved->value, truth) << s.to_diagram();
  ASSERT_GE(solved->edge, 0);
  EXPECT_FALSE(s.edge_drawn(solved->edge));
  EXPECT_EQ(brute.value_of(drawn, solved->edge), truth)
      << "not an optimal edge: " << dots::edge_name(solved->edge) << "\n"
      << s.to_diagram();
}

TEST(DotsSolver, AgreesWithBruteForceOnStructuredEndgames) {
  Solver solver;
  BruteForce brute;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    const dots::State s = random_endgame(seed, 10 + static_cast<int>(seed % 7), true);
    expect_agrees_with_brute_force(s, solver, brute);
  }
}

TEST(DotsSolver, AgreesWithBruteForceOnRandomEndgames) {
  Solver solver;
  BruteForce brute;
  for (std::uint64_t seed = 100; seed < 140; ++seed) {
    const dots::State s = random_endgame(seed, 10 + static_cast<int>(seed % 6), false);
    expect_agrees_with_brute_force(s, solver, brute);
  }
}

TEST(DotsSolver, SymmetricTableGivesTheSameValues) {
  Solver with({.table_log2 = 16, .symmetry = true});
  Solver without({.table_log2 = 16, .symmetry = false});
  for (std::uint64_t seed = 200; seed < 230; ++seed) {
    const dots::State s = random_endgame(seed, 22, true);
    EXPECT_EQ(with.value(s.drawn_edges()), without.value(s.drawn_edges())) << s.to_diagram();
  }
}

TEST(DotsSolver, ArithmeticShortcutGivesTheSameValuesOfTheRightParity) {
  Solver with({.table_log2 = 18, .symmetry = true, .arithmetic = true});
  Solver without({.table_log2 = 18, .symmetry = false, .arithmetic = false});
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    const dots::State s = testing::random_loony(seed);
    const auto v = with.value(s.drawn_edges());
    ASSERT_TRUE(v.has_value());
    EXPECT_EQ(v, without.value(s.drawn_edges())) << s.to_diagram();
    // The boxes left are split between the two sides: the difference has their parity.
    EXPECT_EQ((*v - Degrees(s.drawn_edges()).unclaimed()) % 2, 0) << s.to_diagram();
  }
}

TEST(DotsSolver, StopsAtTheNodeLimitAndAnswersNothing) {
  Solver solver;
  const dots::State s = random_endgame(7, 34, true);
  EXPECT_FALSE(solver.solve(s.drawn_edges(), {.max_nodes = 100}).has_value());
  EXPECT_LE(solver.nodes(), 101);
}

}  // namespace
}  // namespace boyi::bots::dots_engine
