// The deployment generator: every layout legal and sensible, and varied.
#include "bots/engines/junqi/deployment.h"

#include <gtest/gtest.h>

#include <set>

#include "bots/engines/junqi/deploy_prior.h"

namespace boyi::bots {
namespace {

using namespace junqi;

JunqiLayout from_text(const std::string& text) {
  JunqiLayout l{};
  for (int i = 0; i < kPiecesPerSide; ++i) l[i] = static_cast<std::uint8_t>(text[i] - 'a');
  return l;
}

TEST(JunqiDeployment, TemplatesAreLegalAndSensible) {
  ASSERT_GE(junqi_layout_template_count(), 4);
  for (int t = 0; t < junqi_layout_template_count(); ++t) {
    const std::string text = junqi_layout_template(t);
    ASSERT_EQ(text.size(), 25u);
    const Status st = junqi_layout_sensible(from_text(text));
    EXPECT_TRUE(st.ok()) << text << ": " << st.message();
  }
}

TEST(JunqiDeployment, GeneratedLayoutsAreLegalSensibleAndVaried) {
  std::set<std::string> distinct;
  int flag_left = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    Rng rng(seed);
    const JunqiLayout l = junqi_generate_layout(rng);
    EXPECT_TRUE(State::check_layout(l).ok()) << junqi_layout_text(l);
    EXPECT_TRUE(junqi_layout_sensible(l).ok()) << junqi_layout_text(l);
    distinct.insert(junqi_layout_text(l));
    flag_left += l[21] == kFlag;
  }
  EXPECT_GT(distinct.size(), 200u);
  EXPECT_GT(flag_left, 60);
  EXPECT_LT(flag_left, 240);
  // Different seeds, different layouts; the same seed, the same one.
  Rng a(5), b(5), c(6);
  EXPECT_EQ(junqi_generate_layout(a), junqi_generate_layout(b));
  Rng d(5);
  EXPECT_NE(junqi_generate_layout(d), junqi_generate_layout(c));
  // The engine accepts it as a deployment move.
  State s;
  Rng e(9);
  EXPECT_TRUE(s.check(1, junqi_generate_deployment(1, e)).ok());
}

TEST(JunqiDeployment, WeakLayoutsAreRejected) {
  // A uniformly random layout is rarely sensible; the checks say why.
  EXPECT_FALSE(junqi_layout_sensible(from_text("abccddeeffggghhhiiijjkklj")).ok());
  // The flag with one mine beside it and no bomb: L0 and L2 trade with K0 and K4.
  std::string t = junqi_layout_template(0);  // flag L1, mines K1 L0 L2
  std::swap(t[20], t[15]);
  std::swap(t[22], t[19]);
  EXPECT_TRUE(State::check_layout(from_text(t)).ok());
  EXPECT_FALSE(junqi_layout_sensible(from_text(t)).ok());
  // A marshal buried on the back row.
  std::string u = junqi_layout_template(0);
  std::swap(u[5], u[23]);  // H0 marshal <-> L3 decoy company
  EXPECT_FALSE(junqi_layout_sensible(from_text(u)).ok());
  // Random layouts are legal (the prior relies on it) but mostly not sensible.
  Rng rng(3);
  const State s;
  int sensible = 0;
  for (int n = 0; n < 200; ++n)
    sensible += junqi_layout_sensible(s.random_deployment(0, rng).layout).ok();
  EXPECT_LT(sensible, 40);
}

TEST(JunqiDeployPrior, RowsAreDistributionsThatObeyTheRules) {
  const auto& prior = junqi_deploy_prior();
  for (int i = 0; i < kPiecesPerSide; ++i) {
    double s = 0;
    for (int k = 0; k < kPieceKinds; ++k) {
      s += prior[i][k];
      if (!((junqi_slot_mask(i) >> k) & 1))
        EXPECT_EQ(prior[i][k], 0.0);
      else
        EXPECT_GT(prior[i][k], 0.0);
    }
    EXPECT_NEAR(s, 1.0, 1e-9);
  }
  // Mines gather next to the headquarters; the flag only in them.
  EXPECT_GT(prior[20][kMine], prior[15][kMine]);  // L0 over K0
  EXPECT_NEAR(prior[21][kFlag] + prior[23][kFlag], 1.0, 0.01);
}

}  // namespace
}  // namespace boyi::bots
