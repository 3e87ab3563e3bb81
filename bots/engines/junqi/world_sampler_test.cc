// Every sampled world is a legal one that explains everything the seat saw:
// replaying the seat's history with the sampled enemy layout gives the same
// outcome codes and the same final view.
#include "bots/engines/junqi/world_sampler.h"

#include <gtest/gtest.h>

#include <set>

#include "bots/engines/junqi/test_support.h"

namespace boyi::bots {
namespace {

using namespace junqi;
using testing::JunqiGame;

TEST(JunqiWorldSampler, EverySampleReplaysTheSeatsHistory) {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 24; ++seed) {
    for (int plies : {0, 15, 50, 110, 200}) {
      const JunqiGame g = JunqiGame::random(seed, plies);
      if (g.truth.is_terminal()) continue;
      for (Seat s = 0; s < 2; ++s) {
        const JunqiSeatInfo& info = g.seat_info(s);
        const JunqiBelief belief(info);
        const JunqiWorldSampler sampler(info, belief);
        ASSERT_TRUE(sampler.ok()) << "seed " << seed << " plies " << plies;
        Rng rng(seed * 101 + plies);
        for (int k = 0; k < 4; ++k) {
          const auto layout = sampler.sample_layout(rng);
          ASSERT_TRUE(layout.has_value());
          EXPECT_TRUE(State::check_layout(*layout).ok())
              << junqi::State::check_layout(*layout).message();
          const auto replayed = replay_history(info, *layout);
          ASSERT_TRUE(replayed.ok()) << "seed " << seed << " plies " << plies << " seat " << s
                                     << ": " << replayed.message();
          // The fast world and the replayed one agree on every piece.
          const auto world = sampler.world(*layout);
          ASSERT_TRUE(world.has_value());
          for (int p = 0; p < kPosts; ++p) {
            EXPECT_EQ(world->owner_at(p), replayed->owner_at(p));
            EXPECT_EQ(world->piece_at(p), replayed->piece_at(p));
          }
          EXPECT_EQ(world->view(s).cells, info.view.cells);
          EXPECT_EQ(world->to_move(), g.truth.to_move());
          EXPECT_EQ(world->no_battle_count(), g.truth.no_battle_count());
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 600);
}

TEST(JunqiWorldSampler, TheTruthReplaysAndAWrongLayoutDoesNot) {
  const JunqiGame g = JunqiGame::random(7, 80);
  ASSERT_FALSE(g.truth.is_terminal());
  const JunqiSeatInfo& info = g.seat_info(0);
  const auto truth = own_layout(g.seat_info(1));
  ASSERT_TRUE(truth.has_value());
  EXPECT_TRUE(replay_history(info, *truth).ok());
  // Swapping a mine that never moved with a piece that did breaks the history.
  const JunqiBelief belief(info);
  int moved = -1, mine = -1;
  for (int i = 0; i < kPiecesPerSide; ++i) {
    if (belief.pieces()[i].steps > 0 && moved < 0) moved = i;
    if ((*truth)[i] == kMine && mine < 0) mine = i;
  }
  ASSERT_GE(moved, 0);
  ASSERT_GE(mine, 0);
  JunqiLayout wrong = *truth;
  std::swap(wrong[moved], wrong[mine]);
  EXPECT_FALSE(replay_history(info, wrong).ok());
}

TEST(JunqiWorldSampler, SamplesRespectTheScriptedConstraintsAndVary) {
  // The rail-turn game of belief_test: the piece on G4 is an engineer in every world.
  JunqiGame g("cgdgcakbifeihkfejdhijljgh", "cidgcakbgfeihkfejdhijljgh");
  for (auto m : {"G1H1", "F4G4", "H1G1", "F3G4"}) ASSERT_TRUE(g.step(m)) << g.error;
  const JunqiBelief belief(g.seat_info(0));
  const JunqiWorldSampler sampler(g.seat_info(0), belief);
  ASSERT_TRUE(sampler.ok());
  Rng rng(3);
  std::set<std::string> distinct;
  for (int k = 0; k < 200; ++k) {
    const auto world = sampler.sample(rng);
    ASSERT_TRUE(world.has_value());
    EXPECT_EQ(world->piece_at(*parse_post("G4")), kEngineer);
    distinct.insert(world->to_text());
  }
  EXPECT_GT(distinct.size(), 150u);
}

TEST(JunqiWorldSampler, FrequenciesFollowTheBeliefs) {
  // Early in a game, each piece's identity frequency over many samples is
  // close to its belief (sequential sampling is close to, not exactly, the
  // product of the beliefs).
  JunqiGame g("cgdgcakbifeihkfejdhijljgh", "cgdgcakbifeihkfejdhijljgh");
  ASSERT_TRUE(g.step("G1H1"));
  const JunqiBelief belief(g.seat_info(0));
  const JunqiWorldSampler sampler(g.seat_info(0), belief);
  Rng rng(11);
  constexpr int kDraws = 4000;
  std::array<std::array<int, kPieceKinds>, kPiecesPerSide> count{};
  for (int n = 0; n < kDraws; ++n) {
    const auto layout = sampler.sample_layout(rng);
    ASSERT_TRUE(layout.has_value());
    for (int i = 0; i < kPiecesPerSide; ++i) ++count[i][(*layout)[i]];
  }
  for (int i = 0; i < kPiecesPerSide; ++i)
    for (int k = 0; k < kPieceKinds; ++k)
      EXPECT_NEAR(static_cast<double>(count[i][k]) / kDraws, belief.probability(i, k), 0.06)
          << "slot " << i << " kind " << k;
}

TEST(JunqiWorldSampler, AnInconsistentHistoryGivesNoWorld) {
  JunqiGame g("cgdgcakbifeihkfejdhijljgh", "cgdgcakbifeihkfejdhijljgh");
  ASSERT_TRUE(g.step("G1H1"));
  JunqiSeatInfo info = g.seat_info(0);
  info.events.resize(1);
  const JunqiBelief belief(info);
  const JunqiWorldSampler sampler(info, belief);
  EXPECT_FALSE(sampler.ok());
  Rng rng(1);
  EXPECT_FALSE(sampler.sample(rng).has_value());
}

}  // namespace
}  // namespace boyi::bots
