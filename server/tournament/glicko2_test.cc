// Glicko-2 against the worked example of Glickman's paper ("Example of the Glicko-2
// system"): a player rated 1500 (RD 200, volatility 0.06) beats a 1400 (RD 30), loses to a
// 1550 (RD 100) and to a 1700 (RD 300) in one period with tau 0.5, and ends at 1464.06,
// RD 151.52, volatility 0.05999.
#include <gtest/gtest.h>

#include <cmath>

#include "server/tournament/glicko2.h"

namespace boyi::tournament {
namespace {

TEST(Glicko2, GlickmansWorkedExample) {
  const Rating player{1500, 200, 0.06};
  const std::vector<RatedResult> results = {
      {{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}};
  const Rating after = glicko2_update(player, results);
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.rd, 151.52, 0.01);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, NoGamesOnlyWidensTheDeviation) {
  const Rating player{1600, 100, 0.06};
  const Rating idle = glicko2_update(player, {});
  EXPECT_EQ(idle.rating, 1600);
  EXPECT_EQ(idle.volatility, 0.06);
  // sqrt(phi^2 + sigma^2) on the Glicko-2 scale.
  const double phi = 100 / 173.7178;
  EXPECT_NEAR(idle.rd, std::sqrt(phi * phi + 0.06 * 0.06) * 173.7178, 1e-9);
  EXPECT_NEAR(glicko2_idle(player, 4).rd, std::sqrt(phi * phi + 4 * 0.06 * 0.06) * 173.7178, 1e-9);
  EXPECT_EQ(glicko2_idle({1500, 349, 0.06}, 1000).rd, 350);  // capped
  EXPECT_EQ(glicko2_idle(player, 0), player);
}

TEST(Glicko2, WinsRaiseAndLossesLowerSymmetrically) {
  const Rating a = initial_rating(), b = initial_rating();
  const Rating a_after = glicko2_update(a, {{b, 1}});
  const Rating b_after = glicko2_update(b, {{a, 0}});
  EXPECT_GT(a_after.rating, 1500);
  EXPECT_NEAR(a_after.rating - 1500, 1500 - b_after.rating, 1e-9);
  EXPECT_LT(a_after.rd, 350);
  const Rating drawn = glicko2_update(a, {{b, 0.5}});
  EXPECT_NEAR(drawn.rating, 1500, 1e-9);
}

}  // namespace
}  // namespace boyi::tournament
