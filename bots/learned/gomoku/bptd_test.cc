// The BP-TD(λ) network, its training method and the `td` player: TD steps
// lower the TD error of a fixed batch of games, a saved network loads with the
// same outputs in torch and in the plain copy, bad files are errors and the
// player falls back with a warning, training is reproducible, and `td` plays
// legal moves in time and beats `random`.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "bots/engines/gomoku/candidates.h"
#include "bots/engines/gomoku/test_positions.h"
#include "bots/learned/gomoku/bptd_net.h"
#include "bots/learned/gomoku/random_games.h"
#include "bots/learned/training_method.h"
#include "bots/player.h"
#include "base/rng.h"

namespace boyi::bots::learned::gomoku_td {
namespace {

using gomoku::Colour;
using gomoku_threat::Position;

struct Recorded {
  std::vector<std::vector<float>> positions;
  double reward = 0.5;
};

// A random game (random_games.h): its positions' inputs and its result for black.
Recorded random_game(std::uint64_t seed, FeatureSet set) {
  Recorded g;
  g.reward = play_random_game(
      seed, 60, [&](const Position& pos, int) { g.positions.push_back(features(pos, set)); });
  return g;
}

double batch_error(const TdNet& net, const std::vector<Recorded>& batch) {
  double sum = 0;
  for (const auto& g : batch) sum += net.td_error(g.positions, g.reward);
  return sum / static_cast<double>(batch.size());
}

std::filesystem::path temp_file(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / "boyi-bptd-test";
  std::filesystem::create_directories(dir);
  return dir / name;
}

// Real games (boyi-train --warm-start): stone by stone through TD(λ); the network changes,
// swap and keep add no position, and an illegal move names its game.
TEST(BpTdMethod, LearnsFromRecordedGames) {
  TrainConfig config;
  config.seed = 2;
  config.threads = 1;
  auto method = make_training_method("gomoku", "bp-td", config);
  ASSERT_TRUE(method.ok()) << method.message();
  RecordedGame five;
  five.game = "gomoku";
  five.rules = "rule=freestyle opening=centre";
  five.actions = {{0, "H8"}, {1, "A1"}, {0, "I8"}, {1, "A2"}, {0, "J8"},
                  {1, "A3"}, {0, "K8"}, {1, "A4"}, {0, "L8"}};
  five.winner = 0;
  const auto before = temp_file("warm-before.pt"), after = temp_file("warm-after.pt");
  ASSERT_TRUE(method.value()->export_weights(before).ok());
  auto stats = method.value()->learn_from_games({five}, 3);
  ASSERT_TRUE(stats.ok()) << stats.message();
  EXPECT_EQ(stats->positions, 27);
  EXPECT_EQ(method.value()->games_played(), 0);
  ASSERT_TRUE(method.value()->export_weights(after).ok());
  std::ifstream a(before, std::ios::binary), b(after, std::ios::binary);
  EXPECT_NE(std::string(std::istreambuf_iterator<char>(a), {}),
            std::string(std::istreambuf_iterator<char>(b), {}));
  RecordedGame swapped;
  swapped.game = "gomoku";
  swapped.rules = "rule=standard opening=ccgc";
  swapped.actions = {{0, "H8"}, {1, "H9"}, {0, "I8"}, {1, "swap"}, {0, "J10"}};
  auto opening = method.value()->learn_from_games({swapped}, 1);
  ASSERT_TRUE(opening.ok()) << opening.message();
  EXPECT_EQ(opening->positions, 4);
  RecordedGame bad = five;
  bad.actions[2].second = "H8";  // occupied
  auto refused = method.value()->learn_from_games({five, bad}, 1);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.message().find("recorded game 2"), std::string::npos) << refused.message();
  for (const auto& f : {before, after}) std::filesystem::remove(f);
}

TEST(BpTdNet, TdStepsReduceTheErrorOnAFixedBatch) {
  for (FeatureSet set : {FeatureSet::kPaper, FeatureSet::kRich}) {
    std::vector<Recorded> batch;
    for (std::uint64_t s = 1; s <= 6; ++s) batch.push_back(random_game(s, set));
    TdNet net(set, 14, 7);
    const double before = batch_error(net, batch);
    for (int pass = 0; pass < 30; ++pass)
      for (const auto& g : batch) {
        net.begin_game();
        for (const auto& x : g.positions) net.observe(x, 0.2, 0.6);
        net.finish(g.reward, 0.2);
      }
    const double after = batch_error(net, batch);
    EXPECT_LT(after, 0.7 * before) << "before " << before << " after " << after;
  }
}

TEST(BpTdNet, SavedNetworkLoadsWithTheSameOutputsInTorchAndPlainCopy) {
  const Recorded g = random_game(3, FeatureSet::kPaper);
  TdNet net(FeatureSet::kPaper, 14, 11);
  net.begin_game();
  for (const auto& x : g.positions) net.observe(x, 0.3, 0.5);  // weights off their init
  net.finish(g.reward, 0.3);
  const auto file = temp_file("paper.pt");
  ASSERT_TRUE(net.save(file, 42).ok());
  std::int64_t games = 0;
  auto loaded = TdNet::load(file, &games);
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  EXPECT_EQ(games, 42);
  EXPECT_EQ((*loaded)->inputs(), 44);
  EXPECT_EQ((*loaded)->hidden(), 14);
  auto plain = load_plain_weights(file);
  ASSERT_TRUE(plain.ok()) << plain.message();
  ASSERT_TRUE(plain->consistent());
  for (const auto& x : g.positions) {
    const double p = net.predict(x);
    EXPECT_DOUBLE_EQ((*loaded)->predict(x), p);
    EXPECT_NEAR(plain->predict(x.data()), p, 1e-5);
  }
}

TEST(BpTdNet, BadFilesAreErrorsAndThePlayerFallsBackWithAWarning) {
  EXPECT_FALSE(TdNet::load(temp_file("missing.pt")).ok());
  const auto garbage = temp_file("garbage.pt");
  std::ofstream(garbage) << "not a network at all";
  const auto bad = TdNet::load(garbage);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("garbage.pt"), std::string::npos);
  // A truncated network.
  TdNet net(FeatureSet::kPaper, 14, 1);
  const auto whole = temp_file("whole.pt");
  ASSERT_TRUE(net.save(whole).ok());
  const auto cut = temp_file("cut.pt");
  std::filesystem::copy_file(whole, cut, std::filesystem::copy_options::overwrite_existing);
  std::filesystem::resize_file(cut, std::filesystem::file_size(whole) / 2);
  EXPECT_FALSE(TdNet::load(cut).ok());

  testing::internal::CaptureStderr();
  auto player =
      make_player<gomoku::State>("td:weights=" + garbage.string() + ",depth=2,tss=500", 1);
  const std::string said = testing::internal::GetCapturedStderr();
  ASSERT_TRUE(player.ok()) << player.message();
  EXPECT_NE(said.find("warning"), std::string::npos);
  EXPECT_NE(said.find("hand-made"), std::string::npos);
  // It still plays.
  const gomoku::State s =
      gomoku_threat::testing::stones("rule=renju", "H8 I8", "H9", Colour::kWhite);
  const TimeBudget unlimited;
  EXPECT_TRUE(s.check(s.to_move(), (*player)->choose(s, s.to_move(), unlimited)).ok());
  EXPECT_FALSE(make_player<gomoku::State>("td:colour=blue", 1).ok());
}

TEST(BpTdMethod, TrainsReproduciblyAndRejectsUnknownParameters) {
  TrainConfig config;
  config.seed = 5;
  config.threads = 1;
  config.params = {{"vcf", "500"}, {"nodes", "300"}};
  auto a = make_training_method("gomoku", "bp-td", config);
  auto b = make_training_method("gomoku", "bp-td", config);
  ASSERT_TRUE(a.ok()) << a.message();
  ASSERT_TRUE(b.ok());
  auto sa = (*a)->train(2);
  auto sb = (*b)->train(2);
  ASSERT_TRUE(sa.ok() && sb.ok());
  EXPECT_EQ(sa->games, 2);
  EXPECT_GT(sa->positions, 10);
  EXPECT_EQ(sa->positions, sb->positions);
  EXPECT_DOUBLE_EQ(sa->loss, sb->loss);
  EXPECT_EQ((*a)->games_played(), 2);
  // A checkpoint restores the network and the games counter.
  const auto ckpt = temp_file("ckpt.pt");
  ASSERT_TRUE((*a)->save_checkpoint(ckpt).ok());
  auto c = make_training_method("gomoku", "bp-td", config);
  ASSERT_TRUE((*c)->load_checkpoint(ckpt).ok());
  EXPECT_EQ((*c)->games_played(), 2);
  EXPECT_EQ((*a)->player_spec("w.pt"), "td:weights=w.pt");
  auto rich = make_training_method("gomoku", "bp-td-rich", config);
  ASSERT_TRUE(rich.ok());
  EXPECT_FALSE((*rich)->load_checkpoint(ckpt).ok());  // another shape

  config.params = {{"alpha9", "1"}};
  EXPECT_FALSE(make_training_method("gomoku", "bp-td", config).ok());
  config.params = {{"lambda1", "2"}};
  EXPECT_FALSE(make_training_method("gomoku", "bp-td", config).ok());
}

TEST(TdPlayer, PlaysLegalMovesInTimeAndBeatsRandom) {
  TdNet net(FeatureSet::kPaper, 14, 3);
  const auto file = temp_file("player.pt");
  ASSERT_TRUE(net.save(file).ok());
  const std::string spec = "td:weights=" + file.string();
  for (int game = 0; game < 2; ++game) {
    gomoku::State s(gomoku_threat::testing::rules("rule=renju opening=ccgc fifth_n=2"));
    const Seat td_seat = static_cast<Seat>(game % 2);
    std::array<std::unique_ptr<Player<gomoku::State>>, 2> players;
    auto td = make_player<gomoku::State>(spec, 10 + game);
    auto random = make_player<gomoku::State>("random", 20 + game);
    ASSERT_TRUE(td.ok() && random.ok());
    players[td_seat] = std::move(td).value();
    players[1 - td_seat] = std::move(random).value();
    while (!s.is_terminal()) {
      const Seat seat = s.to_move();
      // A small deadline: the move must be legal (no timing assertion here).
      const TimeBudget budget(TimeControl::per_move(60, 10));
      const gomoku::Move m = players[seat]->choose(s, seat, budget);
      ASSERT_TRUE(s.apply_checked(seat, m).ok()) << s.format_move(m);
    }
    EXPECT_EQ(s.outcome().winner, td_seat) << s.to_text();
  }
}

}  // namespace
}  // namespace boyi::bots::learned::gomoku_td
