// The Elo arithmetic against worked examples (computed by hand from the
// formulas in elo.h).
#include "server/tournament/elo.h"

#include <gtest/gtest.h>

#include <cmath>

namespace boyi::tournament {
namespace {

TEST(Elo, ScoreToEloIsTheInverseLogistic) {
  EXPECT_DOUBLE_EQ(elo_from_score(0.5), 0.0);
  EXPECT_NEAR(elo_from_score(0.75), 190.8485, 1e-3);  // -400 log10(1/3)
  EXPECT_NEAR(elo_from_score(0.25), -190.8485, 1e-3);
  EXPECT_NEAR(elo_from_score(10.0 / 11.0), 400.0, 1e-9);  // 10:1 odds is 400 points
  EXPECT_TRUE(std::isinf(elo_from_score(1.0)) && elo_from_score(1.0) > 0);
  EXPECT_TRUE(std::isinf(elo_from_score(0.0)) && elo_from_score(0.0) < 0);
}

TEST(Elo, WorkedExampleWithDraws) {
  // 60 wins, 20 draws, 20 losses: s = 0.7; per-game variance
  // (60*0.09 + 20*0.04 + 20*0.49)/100 = 0.16; standard error 0.04;
  // scores 0.7 -+ 1.96*0.04 = [0.62160, 0.77840].
  const auto e = elo_estimate(60, 20, 20);
  EXPECT_DOUBLE_EQ(e.score, 0.7);
  EXPECT_NEAR(e.stderr_score, 0.04, 1e-12);
  EXPECT_NEAR(e.elo, 147.1907, 1e-3);
  EXPECT_NEAR(e.lower, 86.2250, 1e-3);
  EXPECT_NEAR(e.upper, 218.2518, 1e-3);
}

TEST(Elo, EvenMatchIsSymmetric) {
  // 10 wins, 10 losses: s = 0.5, variance 0.25, standard error sqrt(0.25/20).
  const auto e = elo_estimate(10, 0, 10);
  EXPECT_DOUBLE_EQ(e.elo, 0.0);
  EXPECT_NEAR(e.lower, -163.3214, 1e-3);
  EXPECT_NEAR(e.upper, 163.3214, 1e-3);
  const auto swapped = elo_estimate(20, 20, 60);
  EXPECT_NEAR(swapped.elo, -147.1907, 1e-3);
  EXPECT_NEAR(swapped.lower, -218.2518, 1e-3);
}

TEST(Elo, PerfectScoresAreUnboundedOnOneSide) {
  const auto e = elo_estimate(10, 0, 0);
  EXPECT_TRUE(std::isinf(e.elo) && e.elo > 0);
  EXPECT_TRUE(std::isinf(e.upper));
  EXPECT_NEAR(e.lower, elo_from_score(0.7), 1e-9);  // rule of three: 1 - 3/10
  const auto z = elo_estimate(0, 0, 10);
  EXPECT_NEAR(z.upper, elo_from_score(0.3), 1e-9);
  EXPECT_EQ(format_elo(e.elo), "+inf");
  EXPECT_EQ(format_elo(-190.84), "-190.8");
  EXPECT_EQ(format_elo(12.0), "+12.0");
}

TEST(Elo, AnEvenScorePrintsAsZeroWithoutASign) {
  EXPECT_EQ(format_elo(elo_estimate(5, 0, 5).elo), "0.0");
  EXPECT_EQ(format_elo(-0.0), "0.0");
  EXPECT_EQ(format_elo(-0.04), "0.0");
  EXPECT_EQ(format_elo(-0.06), "-0.1");
  EXPECT_EQ(format_elo(12.34), "+12.3");
}

}  // namespace
}  // namespace boyi::tournament
