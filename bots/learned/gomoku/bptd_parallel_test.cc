// BP-TD(λ) on several threads: the hand-written ∇P equals torch's autograd,
// a worker's frozen-weights update of one game equals the sequential TD(λ)
// update against the same weights computed by torch, the parallel update
// rule lowers the TD error of a fixed batch, and training with 2 threads gives
// the same weights twice for the same seed.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "bots/learned/gomoku/bptd_net.h"
#include "bots/learned/gomoku/random_games.h"
#include "bots/learned/gomoku/td_trace.h"
#include "bots/learned/training_method.h"

namespace boyi::bots::learned::gomoku_td {
namespace {

using gomoku_threat::Position;

struct ScheduledGame {
  std::vector<TdStep> steps;
  double reward = 0.5;
};

// A random game (random_games.h), each position with the paper's early
// schedule: (0.2, 0.4) before black's 8th stone, (0.4, 0.6) after.
ScheduledGame random_game(std::uint64_t seed, FeatureSet set) {
  ScheduledGame g;
  g.reward = play_random_game(seed, 70, [&](const Position& pos, int black_stones) {
    const bool middle = black_stones >= 8;
    g.steps.push_back({features(pos, set), middle ? 0.4 : 0.2, middle ? 0.6 : 0.4});
  });
  return g;
}

// What a parallel worker computes for one game.
std::vector<double> worker_delta(const MlpWeights& frozen, const ScheduledGame& g) {
  FrozenTdLambda td(frozen);
  for (const TdStep& s : g.steps) td.observe(s.x.data(), s.alpha, s.lambda);
  td.finish(g.reward, g.steps.empty() ? 0.2 : g.steps.back().alpha);
  return td.delta();
}

double batch_error(const TdNet& net, const std::vector<ScheduledGame>& batch) {
  double sum = 0;
  for (const auto& g : batch) {
    std::vector<std::vector<float>> xs;
    for (const auto& s : g.steps) xs.push_back(s.x);
    sum += net.td_error(xs, g.reward);
  }
  return sum / static_cast<double>(batch.size());
}

// A network whose weights are off their initialisation (so no symmetry helps).
std::unique_ptr<TdNet> trained_net(FeatureSet set, int hidden) {
  auto net = std::make_unique<TdNet>(set, hidden, 13);
  const ScheduledGame g = random_game(99, set);
  net->begin_game();
  for (const auto& s : g.steps) net->observe(s.x, s.alpha, s.lambda);
  net->finish(g.reward, 0.4);
  return net;
}

TEST(FrozenTdLambda, HandGradientEqualsTorchAutograd) {
  for (FeatureSet set : {FeatureSet::kPaper, FeatureSet::kRich}) {
    const auto net = trained_net(set, set == FeatureSet::kPaper ? 14 : 40);
    const MlpWeights plain = net->plain();
    std::vector<double> hand(parameter_count(plain));
    for (const TdStep& s : random_game(4, set).steps) {
      const double p = value_and_gradient(plain, s.x.data(), hand.data());
      EXPECT_NEAR(p, net->predict(s.x), 1e-6);
      const std::vector<double> torch_grad = net->gradient(s.x);
      ASSERT_EQ(torch_grad.size(), hand.size());
      for (std::size_t i = 0; i < hand.size(); ++i) ASSERT_NEAR(hand[i], torch_grad[i], 1e-9) << i;
    }
  }
}

TEST(FrozenTdLambda, OneGameUpdateEqualsTheSequentialUpdateAgainstFrozenWeights) {
  for (FeatureSet set : {FeatureSet::kPaper, FeatureSet::kRich}) {
    const auto net = trained_net(set, set == FeatureSet::kPaper ? 14 : 40);
    for (std::uint64_t seed : {5, 6, 7}) {
      const ScheduledGame g = random_game(seed, set);
      ASSERT_GT(g.steps.size(), 15u);
      const std::vector<double> parallel = worker_delta(net->plain(), g);
      const std::vector<double> sequential =
          net->frozen_td_delta(g.steps, g.reward, g.steps.back().alpha);
      ASSERT_EQ(parallel.size(), sequential.size());
      double largest = 0;
      for (std::size_t i = 0; i < parallel.size(); ++i) {
        ASSERT_NEAR(parallel[i], sequential[i], 1e-6) << "parameter " << i;
        largest = std::max(largest, std::abs(sequential[i]));
      }
      EXPECT_GT(largest, 1e-4);  // a real update, not two zero vectors
    }
  }
}

TEST(FrozenTdLambda, AppliedDeltaMovesTheNetworkAndBadSizesAreErrors) {
  TdNet net(FeatureSet::kPaper, 14, 3);
  const ScheduledGame g = random_game(8, FeatureSet::kPaper);
  const std::vector<double> delta = worker_delta(net.plain(), g);
  const double before = net.predict(g.steps.front().x);
  ASSERT_TRUE(net.apply_delta(delta).ok());
  const MlpWeights after = net.plain();
  EXPECT_NE(net.predict(g.steps.front().x), before);
  EXPECT_NEAR(after.b2, TdNet(FeatureSet::kPaper, 14, 3).plain().b2 + delta.back(), 1e-6);
  EXPECT_FALSE(net.apply_delta(std::vector<double>(delta.size() - 1, 0.0)).ok());
}

TEST(FrozenTdLambda, RoundsOfFrozenUpdatesLowerTheErrorOnAFixedBatch) {
  std::vector<ScheduledGame> batch;
  for (std::uint64_t s = 1; s <= 6; ++s) batch.push_back(random_game(s, FeatureSet::kPaper));
  TdNet net(FeatureSet::kPaper, 14, 7);
  const double before = batch_error(net, batch);
  for (int pass = 0; pass < 30; ++pass)
    for (std::size_t round = 0; round < batch.size(); round += 2) {
      // Two games against the same frozen weights, applied in order.
      const MlpWeights frozen = net.plain();
      const auto first = worker_delta(frozen, batch[round]);
      const auto second = worker_delta(frozen, batch[round + 1]);
      ASSERT_TRUE(net.apply_delta(first).ok());
      ASSERT_TRUE(net.apply_delta(second).ok());
    }
  const double after = batch_error(net, batch);
  EXPECT_LT(after, 0.7 * before) << "before " << before << " after " << after;
}

MlpWeights train_with_threads(int threads, std::uint64_t seed, std::int64_t games,
                              TrainStats* stats) {
  TrainConfig config;
  config.seed = seed;
  config.threads = threads;
  config.params = {{"vcf", "500"}, {"nodes", "300"}};
  auto method = make_training_method("gomoku", "bp-td", config);
  EXPECT_TRUE(method.ok()) << method.message();
  auto trained = (*method)->train(games);
  EXPECT_TRUE(trained.ok()) << trained.message();
  *stats = *trained;
  EXPECT_EQ((*method)->games_played(), games);
  const auto file = std::filesystem::temp_directory_path() / "boyi-bptd-parallel-test.pt";
  EXPECT_TRUE((*method)->export_weights(file).ok());
  auto plain = load_plain_weights(file);
  EXPECT_TRUE(plain.ok()) << plain.message();
  return *plain;
}

TEST(BpTdMethod, TwoThreadsGiveTheSameWeightsForTheSameSeed) {
  TrainStats a_stats, b_stats, one_stats;
  const MlpWeights a = train_with_threads(2, 5, 3, &a_stats);  // a full round and a half one
  const MlpWeights b = train_with_threads(2, 5, 3, &b_stats);
  EXPECT_EQ(a_stats.games, 3);
  EXPECT_GT(a_stats.positions, 15);
  EXPECT_EQ(a_stats.positions, b_stats.positions);
  EXPECT_DOUBLE_EQ(a_stats.loss, b_stats.loss);
  EXPECT_EQ(a.w1, b.w1);
  EXPECT_EQ(a.b1, b.b1);
  EXPECT_EQ(a.w2, b.w2);
  EXPECT_EQ(a.b2, b.b2);
  // It learned: the weights left their initialisation.
  const MlpWeights untrained = TdNet(FeatureSet::kPaper, 14, 5).plain();
  EXPECT_NE(a.w1, untrained.w1);
  // Online TD(λ) (one thread) updates after every move: other weights.
  const MlpWeights one = train_with_threads(1, 5, 3, &one_stats);
  EXPECT_NE(a.w1, one.w1);
}

}  // namespace
}  // namespace boyi::bots::learned::gomoku_td
