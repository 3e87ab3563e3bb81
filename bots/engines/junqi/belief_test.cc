// Beliefs after scripted event sequences: what each outcome says about the
// enemy piece, and the joint normalisation of the probabilities.
#include "bots/engines/junqi/belief.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>

#include "bots/engines/junqi/test_support.h"

namespace boyi::bots {
namespace {

using namespace junqi;
using testing::JunqiGame;

// Our layout (seat 0): G0 c, G1 g, G2 d, G3 g, G4 c | H0 a, H2 k, H4 b | ...
constexpr std::string_view kOurs = "cgdgcakbifeihkfejdhijljgh";

JunqiMask mask_at(const JunqiBelief& b, int post) {
  const int i = b.index_at(post);
  return i < 0 ? 0 : b.pieces()[i].mask;
}
int post(std::string_view name) {
  return *parse_post(name);
}

void expect_joint_normalisation(const JunqiBelief& b) {
  std::array<double, kPieceKinds> column{};
  for (int i = 0; i < kPiecesPerSide; ++i) {
    double row = 0;
    for (int k = 0; k < kPieceKinds; ++k) {
      const double p = b.probability(i, k);
      EXPECT_GE(p, 0.0);
      if (!((b.pieces()[i].mask >> k) & 1)) {
        EXPECT_EQ(p, 0.0) << "piece " << i << " kind " << k;
      }
      row += p;
      column[k] += p;
    }
    EXPECT_NEAR(row, 1.0, 1e-9);
  }
  for (int k = 0; k < kPieceKinds; ++k) EXPECT_NEAR(column[k], kPieceCount[k], 0.05) << k;
}

TEST(JunqiBelief, StartsFromTheDeploymentRulesAndThePrior) {
  JunqiGame g(kOurs, kOurs);
  const JunqiBelief b(g.seat_info(0));
  ASSERT_TRUE(b.ok()) << b.error();
  // The enemy's own L1 and L3 are A3 and A1: the flag is in one of them.
  EXPECT_NEAR(b.probability_at(post("A3"), kFlag) + b.probability_at(post("A1"), kFlag), 1.0, 1e-3);
  // Its front row F (own row G) holds no bomb, and mines only stand in rows A-B.
  for (int c = 0; c < kCols; ++c) EXPECT_EQ(b.probability_at(post_at(5, c), kBomb), 0.0);
  EXPECT_EQ(b.probability_at(post("D0"), kMine), 0.0);
  EXPECT_GT(b.probability_at(post("B1"), kMine), 0.0);
  // The prior: mines are likelier on the back row than a marshal is.
  EXPECT_GT(b.probability_at(post("A2"), kMine), b.probability_at(post("A2"), kMarshal));
  expect_joint_normalisation(b);
}

TEST(JunqiBelief, APieceThatMovedIsNoMineAndNoFlag) {
  JunqiGame g(kOurs, kOurs);
  ASSERT_TRUE(g.step("G1H1")) << g.error;
  const JunqiBelief before(g.seat_info(0));
  EXPECT_GT(before.probability_at(post("B1"), kMine), 0.0);
  ASSERT_TRUE(g.step("B1C1")) << g.error;  // the enemy's own K3 steps into a camp
  const JunqiBelief b(g.seat_info(0));
  ASSERT_TRUE(b.ok()) << b.error();
  EXPECT_EQ(mask_at(b, post("C1")) & (junqi_bit(kMine) | junqi_bit(kFlag)), 0);
  EXPECT_EQ(b.probability_at(post("C1"), kMine), 0.0);
  EXPECT_EQ(b.probability_at(post("C1"), kFlag), 0.0);
  expect_joint_normalisation(b);
}

TEST(JunqiBelief, APieceThatKilledOurDivisionOutranksIt) {
  // The enemy's own G0 (our F4) is its general; it takes our division on G4.
  JunqiGame g(kOurs, "bgdgcakcifeihkfejdhijljgh");
  ASSERT_TRUE(g.step("G1H1")) << g.error;
  ASSERT_TRUE(g.step("F4G4")) << g.error;
  ASSERT_EQ(g.truth.piece_at(post("G4")), kGeneral);
  const JunqiBelief b(g.seat_info(0));
  ASSERT_TRUE(b.ok()) << b.error();
  EXPECT_EQ(mask_at(b, post("G4")), junqi_bit(kMarshal) | junqi_bit(kGeneral));
  EXPECT_NEAR(b.probability_at(post("G4"), kMarshal) + b.probability_at(post("G4"), kGeneral), 1.0,
              1e-9);
  expect_joint_normalisation(b);
}

TEST(JunqiBelief, ATieWithOurDivisionIsADivisionOrABomb) {
  // Our division on G0 attacks the enemy's front corner F0 (its own G4, a division).
  JunqiGame g(kOurs, kOurs);
  ASSERT_TRUE(g.step("G0F0")) << g.error;
  const auto& ev = g.seat_info(0).events.back();
  ASSERT_EQ(ev.code, kBothRemoved);
  const JunqiBelief b(g.seat_info(0));
  ASSERT_TRUE(b.ok()) << b.error();
  const int slot = 4;  // own G4 of the enemy
  EXPECT_EQ(b.pieces()[slot].post, -1);
  // Bombs are not allowed on the front row, so only a division remains.
  EXPECT_EQ(b.pieces()[slot].mask, junqi_bit(kDivision));
  EXPECT_NEAR(b.probability(slot, kDivision), 1.0, 1e-9);
  // One of the two divisions is gone: the rest share one.
  double divisions = 0;
  for (int i = 0; i < kPiecesPerSide; ++i)
    if (i != slot) divisions += b.probability(i, kDivision);
  EXPECT_NEAR(divisions, 1.0, 0.05);
}

TEST(JunqiBelief, ADefenderThatBeatOurAttackerOutranksIt) {
  // Our brigade on G2 attacks F2 (the enemy's own G2, here its marshal).
  JunqiGame g(kOurs, "cgagcdkbifeihkfejdhijljgh");
  ASSERT_TRUE(g.step("G2F2")) << g.error;
  ASSERT_EQ(g.seat_info(0).events.back().code, kAttackerRemoved);
  const JunqiBelief b(g.seat_info(0));
  ASSERT_TRUE(b.ok()) << b.error();
  // Above a brigade, and no mine on the front row.
  EXPECT_EQ(mask_at(b, post("F2")),
            junqi_bit(kMarshal) | junqi_bit(kGeneral) | junqi_bit(kDivision));
}

TEST(JunqiBelief, ARailTurnMakesAnEngineer) {
  // The enemy's G0 (F4) is a division and trades with ours on G4; then its G1
  // (F3) runs F3-F4-G4, turning at F4: only an engineer can.
  JunqiGame g(kOurs, "cidgcakbgfeihkfejdhijljgh");
  ASSERT_TRUE(g.step("G1H1")) << g.error;
  ASSERT_TRUE(g.step("F4G4")) << g.error;
  ASSERT_EQ(g.seat_info(0).events.back().code, kBothRemoved);
  ASSERT_TRUE(g.step("H1G1")) << g.error;
  ASSERT_TRUE(g.step("F3G4")) << g.error;
  const JunqiBelief b(g.seat_info(0));
  ASSERT_TRUE(b.ok()) << b.error();
  EXPECT_EQ(mask_at(b, post("G4")), junqi_bit(kEngineer));
  EXPECT_NEAR(b.probability_at(post("G4"), kEngineer), 1.0, 1e-9);
  expect_joint_normalisation(b);
}

TEST(JunqiBelief, AStraightRailRunSaysNothingOfTheRank) {
  // After the same trade, the enemy's H0 (E4) runs straight down column 4 to G4.
  JunqiGame g(kOurs, "cidgcakbgfeihkfejdhijljgh");
  ASSERT_TRUE(g.step("G1H1")) << g.error;
  ASSERT_TRUE(g.step("F4G4")) << g.error;
  ASSERT_TRUE(g.step("H1G1")) << g.error;
  ASSERT_TRUE(g.step("E4G4")) << g.error;
  const JunqiBelief b(g.seat_info(0));
  ASSERT_TRUE(b.ok()) << b.error();
  EXPECT_GT(std::popcount(mask_at(b, post("G4"))), 5);
}

TEST(JunqiBelief, TheMarshalsRemovalRevealsTheFlag) {
  // Ours: H4 is a bomb, G4 a platoon. The enemy marshal (its G0, our F4) takes
  // the platoon; our bomb takes the marshal; the enemy flag (its L1, our A3) shows.
  JunqiGame g("fdcghagkckeibidijfehjljhg", "agdgcckbifeihkfejdhijljgh");
  ASSERT_TRUE(g.step("G1H1")) << g.error;
  ASSERT_TRUE(g.step("F4G4")) << g.error;
  ASSERT_TRUE(g.step("H4G4")) << g.error;
  ASSERT_EQ(g.seat_info(0).view.revealed_flag[1], post("A3"));
  const JunqiBelief b(g.seat_info(0));
  ASSERT_TRUE(b.ok()) << b.error();
  EXPECT_TRUE(b.enemy_marshal_dead());
  EXPECT_EQ(b.pieces()[0].mask, junqi_bit(kMarshal));  // its own G0
  EXPECT_EQ(mask_at(b, post("A3")), junqi_bit(kFlag));
  for (int i = 1; i < kPiecesPerSide; ++i) EXPECT_EQ(b.probability(i, kMarshal), 0.0);
  EXPECT_EQ(b.probability_at(post("A1"), kFlag), 0.0);
  expect_joint_normalisation(b);
}

TEST(JunqiBelief, PiecesRemovedWhileTheFlagIsHiddenWereNotTheMarshal) {
  JunqiGame g(kOurs, kOurs);
  ASSERT_TRUE(g.step("G0F0")) << g.error;  // division for division
  const JunqiBelief b(g.seat_info(0));
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b.pieces()[4].mask & junqi_bit(kMarshal), 0);
  EXPECT_FALSE(b.enemy_marshal_dead());
}

TEST(JunqiBelief, AHistoryThatDoesNotExplainTheViewIsReported) {
  JunqiGame g(kOurs, kOurs);
  ASSERT_TRUE(g.step("G1H1"));
  JunqiSeatInfo info = g.seat_info(0);
  info.events.pop_back();  // a lost event
  const JunqiBelief b(info);
  EXPECT_FALSE(b.ok());
  EXPECT_FALSE(b.error().empty());
  JunqiSeatInfo none = g.seat_info(0);
  none.events.clear();
  EXPECT_FALSE(JunqiBelief(none).ok());
}

TEST(JunqiBelief, TheTruthIsAlwaysAllowedInRandomGames) {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    for (int plies : {0, 10, 40, 90, 160}) {
      const JunqiGame g = JunqiGame::random(seed, plies);
      for (Seat s = 0; s < 2; ++s) {
        const JunqiBelief b(g.seat_info(s));
        ASSERT_TRUE(b.ok()) << "seed " << seed << " plies " << plies << ": " << b.error();
        for (int p = 0; p < kPosts; ++p) {
          if (b.index_at(p) < 0) continue;
          ASSERT_EQ(g.truth.owner_at(p), 1 - s);
          const int truth = g.truth.piece_at(p);
          EXPECT_TRUE((mask_at(b, p) >> truth) & 1) << "seed " << seed << " at " << post_name(p);
          EXPECT_GT(b.probability_at(p, truth), 0.0);
        }
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 200);
}

// The layout seat `s` deployed (its own frame), from what it was told.
JunqiLayout layout_of(const JunqiGame& g, Seat s) {
  for (const auto& e : g.seat_info(s).events)
    if (e.kind == Move::kDeploy && e.seat == s && e.has_layout) return e.layout;
  return {};
}

TEST(JunqiBelief, AfterTheFlagIsTakenEveryPieceStillFits) {
  // The winner's last battle was with the flag, which no ordinary battle outcome allows;
  // every enemy piece, on the board or removed, keeps its true identity possible.
  int games = 0;
  for (std::uint64_t seed = 1; seed <= 400 && games < 5; ++seed) {
    const JunqiGame g = JunqiGame::random(seed, 4000);
    if (g.truth.outcome().detail != "flag captured") continue;
    ++games;
    for (Seat s = 0; s < 2; ++s) {
      const JunqiBelief b(g.seat_info(s));
      ASSERT_TRUE(b.ok()) << "seed " << seed << " seat " << s << ": " << b.error();
      const JunqiLayout enemy = layout_of(g, 1 - s);
      for (int i = 0; i < kPiecesPerSide; ++i)
        EXPECT_TRUE((b.pieces()[i].mask >> enemy[i]) & 1)
            << "seed " << seed << " seat " << s << " enemy slot " << i;
      if (g.truth.outcome().winner == s) {
        const auto flag = std::find(enemy.begin(), enemy.end(), kFlag) - enemy.begin();
        EXPECT_EQ(b.pieces()[flag].mask, junqi_bit(kFlag)) << "seed " << seed;
      }
    }
  }
  EXPECT_EQ(games, 5) << "too few random games end by taking the flag";
}

}  // namespace
}  // namespace boyi::bots
