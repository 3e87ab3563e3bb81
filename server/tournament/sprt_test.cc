// SPRT: the bounds, LLR values computed independently (the formula in sprt.h by hand), the
// decisions, and the variance floor for results without draws or losses.
#include <gtest/gtest.h>

#include <cmath>

#include "server/tournament/sprt.h"

namespace boyi::tournament {
namespace {

TEST(Sprt, BoundsFollowAlphaAndBeta) {
  const auto st = sprt_status({0, 5, 0.05, 0.05, 1000}, 0, 0, 0);
  EXPECT_NEAR(st.lower, std::log(0.05 / 0.95), 1e-12);
  EXPECT_NEAR(st.upper, std::log(0.95 / 0.05), 1e-12);
  EXPECT_EQ(st.llr, 0);
  EXPECT_EQ(st.decision, SprtDecision::kContinue);
  const auto asym = sprt_status({0, 5, 0.01, 0.1, 1000}, 0, 0, 0);
  EXPECT_NEAR(asym.lower, std::log(0.1 / 0.99), 1e-12);
  EXPECT_NEAR(asym.upper, std::log(0.9 / 0.01), 1e-12);
}

TEST(Sprt, LogLikelihoodRatioValues) {
  // 600 wins, 200 draws, 500 losses: s = 0.538462, v = 0.210059, s1 = E(5) = 0.507195.
  EXPECT_NEAR(sprt_status({0, 5, 0.05, 0.05, 0}, 600, 200, 500).llr, 1.5524392601017514, 1e-9);
  EXPECT_NEAR(sprt_status({0, 5, 0.05, 0.05, 0}, 1200, 2500, 1100).llr, 1.9677622489191162, 1e-9);
  EXPECT_NEAR(sprt_status({-3, 3, 0.05, 0.05, 0}, 100, 300, 160).llr, -2.288258682569156, 1e-9);
}

TEST(Sprt, Decisions) {
  const SprtSettings s{0, 5, 0.05, 0.05, 0};
  EXPECT_EQ(sprt_status(s, 2000, 3000, 1700).decision, SprtDecision::kAcceptH1);
  EXPECT_EQ(sprt_status(s, 1700, 3000, 2000).decision, SprtDecision::kAcceptH0);
  EXPECT_EQ(sprt_status(s, 10, 10, 10).decision, SprtDecision::kContinue);
  const auto d = describe(sprt_status(s, 2000, 3000, 1700));
  EXPECT_NE(d.find("H1"), std::string::npos) << d;
  EXPECT_NE(d.find("6700 games"), std::string::npos) << d;
}

TEST(Sprt, OnlyWinsStillDecide) {
  const SprtSettings s{0, 20, 0.05, 0.05, 0};
  EXPECT_EQ(sprt_status(s, 1, 0, 0).decision, SprtDecision::kContinue);
  EXPECT_GT(sprt_status(s, 30, 0, 0).llr, sprt_status(s, 10, 0, 0).llr);
  EXPECT_EQ(sprt_status(s, 200, 0, 0).decision, SprtDecision::kAcceptH1);
  EXPECT_EQ(sprt_status(s, 0, 0, 200).decision, SprtDecision::kAcceptH0);
}

}  // namespace
}  // namespace boyi::tournament
