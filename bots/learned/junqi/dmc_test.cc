// The 军棋 DMC network, its features, training and player, and the `qlearn`
// engine (the multi-piece Q-learning seed).
#include <gtest/gtest.h>
#include <torch/torch.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

#include "bots/engines/junqi/test_support.h"
#include "bots/learned/junqi/dmc_network.h"
#include "bots/learned/junqi/dmc_player.h"
#include "bots/learned/junqi/dmc_training.h"
#include "bots/learned/training_method.h"
#include "bots/player.h"

namespace boyi::bots::learned {
namespace {

using namespace junqi;
using testing::JunqiGame;

std::filesystem::path temp_file(const std::string& name) {
  return std::filesystem::temp_directory_path() / ("boyi_dmc_test_" + name);
}

// The features of `info`'s seat, which is to move, with its legal moves.
DmcPosition features_of(const JunqiSeatInfo& info) {
  Rng rng(7);
  const JunqiBelief belief(info, dmc_belief_options());
  EXPECT_TRUE(belief.ok()) << belief.error();
  const auto moves = dmc_legal_moves(info, rng);
  return dmc_features(info, belief, moves);
}

TEST(DmcFeatures, ReadOnlyTheSeatsKnowledge) {
  // Two worlds that differ only in two hidden enemy soldiers swapped: seat 0
  // sees the same thing in both as long as neither takes part in a battle.
  Rng rng(11);
  State probe;
  const Move own = probe.random_deployment(0, rng);
  Move enemy_a = probe.random_deployment(1, rng);
  Move enemy_b = enemy_a;
  int i = -1, j = -1;
  for (int a = 0; a < kPiecesPerSide && i < 0; ++a)
    for (int b = a + 1; b < kPiecesPerSide; ++b)
      if (enemy_a.layout[a] <= kPlatoon && enemy_a.layout[b] <= kPlatoon &&
          enemy_a.layout[a] != enemy_a.layout[b]) {
        i = a;
        j = b;
        break;
      }
  ASSERT_GE(i, 0);
  std::swap(enemy_b.layout[i], enemy_b.layout[j]);
  JunqiGame world_a("", ""), world_b("", "");
  ASSERT_TRUE(world_a.act(0, own) && world_a.act(1, enemy_a));
  ASSERT_TRUE(world_b.act(0, own) && world_b.act(1, enemy_b));
  ASSERT_NE(world_a.truth, world_b.truth);
  int compared = 0;
  State::MoveList list;
  for (int ply = 0; ply < 120 && !world_a.truth.is_terminal(); ++ply) {
    if (world_a.truth.to_move() == 0 && world_a.seat_info(0).view == world_b.seat_info(0).view &&
        world_a.seat_info(0).events == world_b.seat_info(0).events) {
      const DmcPosition fa = features_of(world_a.seat_info(0));
      const DmcPosition fb = features_of(world_b.seat_info(0));
      ASSERT_EQ(fa.moves, fb.moves);
      EXPECT_EQ(fa.state, fb.state) << "ply " << ply;
      EXPECT_EQ(fa.history, fb.history) << "ply " << ply;
      EXPECT_EQ(fa.actions, fb.actions) << "ply " << ply;
      ++compared;
    }
    world_a.truth.legal_moves(list);
    if (list.empty()) break;
    const Move m = list[rng.below(static_cast<std::uint32_t>(list.size()))];
    const Seat mover = world_a.truth.to_move();
    if (!world_a.act(mover, m) || !world_b.act(mover, m)) break;
    if (world_a.seat_info(0).events.back() != world_b.seat_info(0).events.back()) break;
  }
  EXPECT_GE(compared, 5);
}

TEST(DmcFeatures, Shapes) {
  const JunqiGame g = JunqiGame::random(3, 40);
  ASSERT_FALSE(g.truth.is_terminal());
  const Seat s = g.truth.to_move();
  Rng rng(1);
  const JunqiBelief belief(g.seat_info(s), dmc_belief_options());
  const auto moves = dmc_legal_moves(g.seat_info(s), rng);
  State::MoveList truth_moves;
  g.truth.legal_moves(truth_moves);
  ASSERT_EQ(moves.size(), truth_moves.size());
  const DmcPosition p = dmc_features(g.seat_info(s), belief, moves);
  EXPECT_EQ(p.state.size(), static_cast<std::size_t>(kDmcStateFeatures));
  EXPECT_EQ(p.history.size(), static_cast<std::size_t>(kDmcHistory * kDmcMoveFeatures));
  EXPECT_EQ(p.actions.size(), moves.size() * kDmcActionFeatures);
  // Each enemy piece's rank-probability vector sums to one.
  const float* enemy = p.state.data() + kPiecesPerSide * kDmcPieceFeatures;
  for (int k = 0; k < kPiecesPerSide; ++k) {
    float sum = 0;
    for (int r = 0; r < kPieceKinds; ++r)
      sum += enemy[k * kDmcPieceFeatures + kDmcPostFeatures + r];
    EXPECT_NEAR(sum, 1.0f, 1e-3f);
  }
  torch::manual_seed(1);
  DmcNet net;
  EXPECT_EQ(dmc_q_values(net, p).size(), moves.size());
}

// The battle outlook of each attack sums the target's rank-probability vector
// by the battle rule: the three results share it all, the flag's chance is
// its own, a bomb never loses, any piece but an engineer loses to a mine.
TEST(DmcFeatures, BattleOutlookFollowsTheRule) {
  int attacks = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const JunqiGame g = JunqiGame::random(seed, 60);
    if (g.truth.is_terminal()) continue;
    const Seat s = g.truth.to_move();
    const JunqiSeatInfo info = g.seat_info(s);
    const JunqiBelief belief(info, dmc_belief_options());
    Rng rng(seed);
    const auto moves = dmc_legal_moves(info, rng);
    const DmcPosition p = dmc_features(info, belief, moves);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const float* f = p.actions.data() + i * kDmcActionFeatures + kDmcActionFeaturesV1;
      const int to = moves[i].to;
      if (g.truth.empty(to)) {
        for (int k = 0; k < kDmcBattleFeatures; ++k) EXPECT_EQ(f[k], 0.0f);
        continue;
      }
      ++attacks;
      const int attacker = g.truth.piece_at(moves[i].from);
      EXPECT_NEAR(f[0] + f[1] + f[2], 1.0f, 1e-3f);
      EXPECT_NEAR(f[3], belief.probability_at(to, kFlag), 1e-6);
      EXPECT_LE(f[3], f[0] + 1e-6f);
      if (attacker == kBomb) {
        EXPECT_EQ(f[2], 0.0f);
      } else if (attacker != kEngineer) {
        EXPECT_GE(f[2] + 1e-6f, belief.probability_at(to, kMine));
      }
    }
  }
  EXPECT_GE(attacks, 5);
}

// Weights of the first feature version read the first 63 action columns:
// the same Q whatever the battle outlook says.
TEST(DmcNetwork, FirstVersionWeightsIgnoreTheBattleOutlook) {
  torch::manual_seed(3);
  DmcSizes v1;
  v1.actions = kDmcActionFeaturesV1;
  DmcNet net(v1);
  const JunqiGame g = JunqiGame::random(5, 40);
  const Seat s = g.truth.to_move();
  Rng rng(2);
  const JunqiBelief belief(g.seat_info(s), dmc_belief_options());
  DmcPosition p = dmc_features(g.seat_info(s), belief, dmc_legal_moves(g.seat_info(s), rng));
  const auto set_outlook = [&p](float value) {
    for (int i = 0; i < p.action_count(); ++i)
      for (int k = 0; k < kDmcBattleFeatures; ++k)
        p.actions[static_cast<std::size_t>(i * kDmcActionFeatures + kDmcActionFeaturesV1 + k)] =
            value;
  };
  const auto before = dmc_q_values(net, p);
  set_outlook(0.5f);
  EXPECT_EQ(dmc_q_values(net, p), before);
  DmcNet v2;  // today's weights read them
  const auto a = dmc_q_values(v2, p);
  set_outlook(0);
  EXPECT_NE(dmc_q_values(v2, p), a);
}

DmcGame small_game(DmcPair& pair, std::uint64_t seed) {
  DmcSelfPlayOptions o;
  o.epsilon = 0.5;
  o.max_plies = 120;
  return dmc_self_play(pair, o, seed);
}

TEST(DmcTraining, StepsReduceTheLossOnAFixedBatch) {
  torch::manual_seed(2);
  DmcPair pair;
  DmcGame g = small_game(pair, 5);
  std::vector<DmcSample> batch = g.samples[0];
  batch.insert(batch.end(), g.samples[1].begin(), g.samples[1].end());
  ASSERT_GE(batch.size(), 20u);
  batch.resize(48 < batch.size() ? 48 : batch.size());
  // Targets spread over [-1, 1] so the batch has something to fit.
  for (std::size_t i = 0; i < batch.size(); ++i) batch[i].target = (i % 2 ? 0.8f : -0.8f);
  torch::optim::Adam adam(pair.net[0]->parameters(), torch::optim::AdamOptions(1e-3));
  const double before = dmc_loss(pair.net[0], batch).item<double>();
  for (int step = 0; step < 40; ++step) dmc_learn(pair.net[0], adam, batch, 16, step);
  const double after = dmc_loss(pair.net[0], batch).item<double>();
  EXPECT_LT(after, 0.5 * before) << before << " -> " << after;
}

TEST(DmcTraining, ReturnsComeFromTheFinalResult) {
  torch::manual_seed(3);
  DmcPair pair;
  DmcSelfPlayOptions o;
  o.epsilon = 1.0;  // random play, decided games
  o.gamma = 0.9;
  o.max_plies = 2000;
  const DmcGame g = dmc_self_play(pair, o, 9);
  ASSERT_TRUE(g.outcome.finished());
  for (Seat s = 0; s < 2; ++s) {
    const auto& samples = g.samples[s];
    ASSERT_FALSE(samples.empty());
    const float last = !g.outcome.winner ? 0.f : (*g.outcome.winner == s ? 1.f : -1.f);
    EXPECT_FLOAT_EQ(samples.back().target, last);
    if (samples.size() > 1) {
      EXPECT_FLOAT_EQ(samples[samples.size() - 2].target, 0.9f * last);
    }
  }
}

// Past the seed, a teacher's game: the belief search chooses each move and values the moves
// it tried. Each taught sample is one of the seat's positions with a move's features and the
// search's value of it, at most teach_moves per move; the same seed plays the same game.
TEST(DmcTraining, ATeachersGameValuesTheMovesItTried) {
  DmcSelfPlayOptions o;
  o.max_plies = 40;
  DmcTeacherOptions t;
  t.playouts = 150;
  t.moves = 3;
  t.min_visits = 2;
  const DmcGame g = dmc_teacher_play(o, t, 4), again = dmc_teacher_play(o, t, 4);
  EXPECT_EQ(g.plies, again.plies);
  for (Seat s = 0; s < 2; ++s) {
    const auto& taught = g.taught[s];
    ASSERT_FALSE(g.samples[s].empty());
    EXPECT_GT(taught.size(), g.samples[s].size());  // several moves valued per position
    EXPECT_LE(taught.size(), 3 * g.samples[s].size());
    std::set<float> targets;
    for (const DmcSample& x : taught) {
      EXPECT_GE(x.target, -1.f);
      EXPECT_LE(x.target, 1.f);
      EXPECT_EQ(x.state.size(), static_cast<std::size_t>(kDmcStateFeatures));
      EXPECT_EQ(x.action.size(), static_cast<std::size_t>(kDmcActionFeatures));
      targets.insert(x.target);
    }
    EXPECT_GT(targets.size(), taught.size() / 4);  // values, not one constant
    ASSERT_EQ(again.taught[s].size(), taught.size());
    for (std::size_t i = 0; i < taught.size(); ++i) {
      EXPECT_EQ(again.taught[s][i].target, taught[i].target) << i;
      EXPECT_EQ(again.taught[s][i].action, taught[i].action) << i;
    }
  }
  // The method's teacher=N plays such games and learns from both kinds of sample.
  TrainConfig config;
  config.seed = 5;
  config.threads = 1;
  config.params = {{"pool", "64"}, {"max_plies", "40"}, {"teacher", "100"}, {"teach_moves", "3"}};
  auto m = make_training_method("junqi", "dmc", config);
  ASSERT_TRUE(m.ok()) << m.message();
  auto st = m.value()->train(1);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_GT(st->extra.at("taught_samples"), static_cast<double>(st->positions));
  EXPECT_GT(st->loss, 0);
  config.params = {{"teacher", "-1"}};
  EXPECT_FALSE(make_training_method("junqi", "dmc", config).ok());
}

TEST(DmcMethod, TrainsReproduciblyAndResumes) {
  TrainConfig config;
  config.seed = 5;
  config.threads = 1;
  config.params = {{"pool", "32"}, {"max_plies", "80"}, {"material", "1"}};
  auto a = make_training_method("junqi", "dmc", config);
  auto b = make_training_method("junqi", "dmc", config);
  ASSERT_TRUE(a.ok() && b.ok()) << a.message();
  auto sa = a.value()->train(2);
  auto sb = b.value()->train(2);
  ASSERT_TRUE(sa.ok() && sb.ok()) << sa.message();
  EXPECT_EQ(sa->games, 2);
  EXPECT_GT(sa->positions, 64);
  EXPECT_GT(sa->loss, 0);
  EXPECT_EQ(sa->positions, sb->positions);
  EXPECT_EQ(sa->loss, sb->loss);
  // A checkpoint restores the counters and the networks.
  const auto ckpt = temp_file("method.ckpt"), wa = temp_file("wa.pt"), wb = temp_file("wb.pt");
  ASSERT_TRUE(a.value()->save_checkpoint(ckpt).ok());
  auto c = make_training_method("junqi", "dmc", config);
  ASSERT_TRUE(c.ok());
  ASSERT_TRUE(c.value()->load_checkpoint(ckpt).ok());
  EXPECT_EQ(c.value()->games_played(), 2);
  ASSERT_TRUE(a.value()->export_weights(wa).ok());
  ASSERT_TRUE(c.value()->export_weights(wb).ok());
  auto pa = dmc_load_weights(wa), pc = dmc_load_weights(wb);
  ASSERT_TRUE(pa.ok() && pc.ok());
  const JunqiGame g = JunqiGame::random(6, 30);
  const DmcPosition p = features_of(g.seat_info(g.truth.to_move()));
  DmcPair na = std::move(pa).value(), nc = std::move(pc).value();
  EXPECT_EQ(dmc_q_values(na.net[1], p), dmc_q_values(nc.net[1], p));
  // Unknown keys and methods are errors.
  config.params = {{"temperature", "1"}};
  EXPECT_FALSE(make_training_method("junqi", "dmc", config).ok());
  EXPECT_FALSE(make_training_method("junqi", "td", TrainConfig{}).ok());
  for (const auto& f : {ckpt, wa, wb}) std::filesystem::remove(f);
}

// features=1 trains the seed's network (63 action columns read), whose weights load as such;
// its checkpoint does not resume a run of today's features.
TEST(DmcMethod, TheSeedsFeaturesStayTrainable) {
  TrainConfig config;
  config.seed = 5;
  config.threads = 1;
  config.params = {{"pool", "32"}, {"max_plies", "60"}, {"features", "1"}};
  auto seed_run = make_training_method("junqi", "dmc", config);
  ASSERT_TRUE(seed_run.ok()) << seed_run.message();
  ASSERT_TRUE(seed_run.value()->train(1).ok());
  const auto ckpt = temp_file("v1.ckpt"), weights = temp_file("v1.pt");
  ASSERT_TRUE(seed_run.value()->save_checkpoint(ckpt).ok());
  ASSERT_TRUE(seed_run.value()->export_weights(weights).ok());
  auto loaded = dmc_load_weights(weights);
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  EXPECT_EQ(loaded->net[0]->sizes.actions, kDmcActionFeaturesV1);
  config.params.erase("features");
  auto today = make_training_method("junqi", "dmc", config);
  ASSERT_TRUE(today.ok());
  EXPECT_FALSE(today.value()->load_checkpoint(ckpt).ok());
  config.params["features"] = "3";
  EXPECT_FALSE(make_training_method("junqi", "dmc", config).ok());
  for (const auto& f : {ckpt, weights}) std::filesystem::remove(f);
}

// A recorded game (boyi-train --warm-start): every step replayed through the seats'
// knowledge, a sample per move, learnt from; an illegal step or a missing deployment is an
// error naming the game.
TEST(DmcMethod, LearnsFromRecordedGames) {
  TrainConfig config;
  config.seed = 3;
  config.threads = 1;
  auto method = make_training_method("junqi", "dmc", config);
  ASSERT_TRUE(method.ok()) << method.message();
  RecordedGame g;
  g.game = "junqi";
  g.rules = "no_battle_limit=31 no_battle_result=loss";
  Rng rng(11);
  State truth;
  for (Seat s : {0, 1}) {
    const Move deploy = truth.random_deployment(s, rng);
    g.actions.emplace_back(s, truth.format_move(deploy));
    ASSERT_TRUE(truth.apply_checked(s, deploy).ok());
  }
  State::MoveList list;
  int steps = 0;
  while (!truth.is_terminal() && steps < 40) {
    truth.legal_moves(list);
    const Seat seat = truth.to_move();
    const Move m = list[rng.below(static_cast<std::uint32_t>(list.size()))];
    g.actions.emplace_back(seat, truth.format_move(m));
    ASSERT_TRUE(truth.apply_checked(seat, m).ok());
    ++steps;
  }
  g.winner = 1;  // say seat 0 resigned
  auto stats = method.value()->learn_from_games({g, g}, 2);
  ASSERT_TRUE(stats.ok()) << stats.message();
  EXPECT_EQ(stats->positions, 2 * steps);
  EXPECT_GT(stats->loss, 0);
  EXPECT_EQ(method.value()->games_played(), 0);  // not self-play
  RecordedGame bad = g;
  bad.actions.back().second = "A0A1";
  auto refused = method.value()->learn_from_games({g, bad}, 1);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.message().find("recorded game 2"), std::string::npos) << refused.message();
  RecordedGame undeployed = g;
  undeployed.actions.erase(undeployed.actions.begin());
  EXPECT_FALSE(method.value()->learn_from_games({undeployed}, 1).ok());
  bad.game = "gomoku";
  EXPECT_FALSE(method.value()->learn_from_games({bad}, 1).ok());
}

TEST(DmcNetwork, SavedModelLoadsWithTheSameOutputs) {
  torch::manual_seed(4);
  DmcPair pair;
  const JunqiGame g = JunqiGame::random(8, 30);
  ASSERT_FALSE(g.truth.is_terminal());
  const DmcPosition p = features_of(g.seat_info(g.truth.to_move()));
  const auto file = temp_file("weights.pt");
  ASSERT_TRUE(dmc_save_weights(pair, file).ok());
  EXPECT_LE(std::filesystem::file_size(file), 3u << 20);
  auto loaded = dmc_load_weights(file);
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  DmcPair copy = std::move(loaded).value();
  for (int s = 0; s < 2; ++s) {
    const auto a = dmc_q_values(pair.net[s], p), b = dmc_q_values(copy.net[s], p);
    ASSERT_FALSE(a.empty());
    EXPECT_EQ(a, b);
  }
  std::filesystem::remove(file);
}

// boyi-train --average: each parameter of the result is the mean of the files' parameters;
// files of two feature versions, a missing file or none at all are errors.
TEST(DmcNetwork, AveragedWeightsAreTheMeanOfEachParameter) {
  torch::manual_seed(6);
  DmcPair a, b;
  torch::manual_seed(7);
  DmcPair c;
  const auto fa = temp_file("avg-a.pt"), fb = temp_file("avg-b.pt"), fc = temp_file("avg-c.pt");
  ASSERT_TRUE(dmc_save_weights(a, fa).ok() && dmc_save_weights(b, fb).ok() &&
              dmc_save_weights(c, fc).ok());
  const std::vector<std::filesystem::path> files = {fa, fb, fc};
  auto average = dmc_average_weights(files);
  ASSERT_TRUE(average.ok()) << average.message();
  for (int s = 0; s < 2; ++s) {
    const auto got = average->net[s]->parameters(), pa = a.net[s]->parameters(),
               pb = b.net[s]->parameters(), pc = c.net[s]->parameters();
    ASSERT_EQ(got.size(), pa.size());
    for (std::size_t i = 0; i < got.size(); ++i)
      EXPECT_TRUE(torch::allclose(got[i], (pa[i] + pb[i] + pc[i]) / 3, 1e-6, 1e-7)) << i;
  }
  // One file averages to itself.
  const std::vector<std::filesystem::path> one = {fc};
  auto same = dmc_average_weights(one);
  ASSERT_TRUE(same.ok());
  DmcPair itself = std::move(same).value();
  const JunqiGame g = JunqiGame::random(9, 30);
  const DmcPosition p = features_of(g.seat_info(g.truth.to_move()));
  EXPECT_EQ(dmc_q_values(itself.net[0], p), dmc_q_values(c.net[0], p));

  DmcSizes v1;
  v1.actions = kDmcActionFeaturesV1;
  const auto fv1 = temp_file("avg-v1.pt");
  ASSERT_TRUE(dmc_save_weights(DmcPair(v1), fv1).ok());
  const std::vector<std::filesystem::path> mixed = {fa, fv1};
  auto refused = dmc_average_weights(mixed);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.message().find("sizes differ"), std::string::npos) << refused.message();
  const std::vector<std::filesystem::path> missing = {fa, temp_file("avg-missing.pt")};
  EXPECT_FALSE(dmc_average_weights(missing).ok());
  EXPECT_FALSE(dmc_average_weights({}).ok());
  for (const auto& f : {fa, fb, fc, fv1}) std::filesystem::remove(f);
}

TEST(DmcNetwork, BadFilesAreErrors) {
  const auto garbage = temp_file("garbage.pt");
  { std::ofstream(garbage) << "this is not a model"; }
  EXPECT_FALSE(dmc_load_weights(garbage).ok());
  EXPECT_FALSE(dmc_load_weights(temp_file("missing.pt")).ok());
  // A torch archive of something else.
  const auto other = temp_file("other.pt");
  {
    torch::serialize::OutputArchive a;
    a.write("x", torch::ones({3}));
    a.save_to(other.string());
  }
  EXPECT_FALSE(dmc_load_weights(other).ok());
  // A truncated weights file.
  DmcPair pair;
  const auto good = temp_file("good.pt"), cut = temp_file("cut.pt");
  ASSERT_TRUE(dmc_save_weights(pair, good).ok());
  std::filesystem::copy_file(good, cut, std::filesystem::copy_options::overwrite_existing);
  std::filesystem::resize_file(cut, std::filesystem::file_size(good) / 2);
  EXPECT_FALSE(dmc_load_weights(cut).ok());
  for (const auto& f : {garbage, other, good, cut}) std::filesystem::remove(f);
}

// Plays `games` games, seats alternating; the share of points of `a`.
double play_match(const std::string& a, const std::string& b, int games, Millis per_move) {
  double points = 0;
  for (int game = 0; game < games; ++game) {
    auto pa = make_player<State>(a, 100 + game);
    auto pb = make_player<State>(b, 200 + game);
    EXPECT_TRUE(pa.ok() && pb.ok());
    if (!pa.ok() || !pb.ok()) return 0;
    const Seat a_seat = game % 2;
    Player<State>* seat_player[2];
    seat_player[a_seat] = pa.value().get();
    seat_player[1 - a_seat] = pb.value().get();
    JunqiGame g("", "");
    for (Seat s = 0; s < 2; ++s) {
      const TimeBudget budget(TimeControl::per_move(per_move));
      EXPECT_TRUE(g.act(s, seat_player[s]->choose(g.seat_info(s), s, budget))) << g.error;
    }
    for (int ply = 0; ply < 3000 && !g.truth.is_terminal(); ++ply) {
      const Seat s = g.truth.to_move();
      const TimeBudget budget(TimeControl::per_move(per_move));
      const Move m = seat_player[s]->choose(g.seat_info(s), s, budget);
      if (!g.act(s, m)) {
        ADD_FAILURE() << (s == a_seat ? a : b) << " played an illegal move: " << g.error;
        return 0;
      }
    }
    const Outcome o = g.truth.outcome();
    points += !o.finished() || !o.winner ? 0.5 : (*o.winner == a_seat ? 1.0 : 0.0);
  }
  return points / games;
}

std::string shipped_weights() {
  return std::string(BOYI_SOURCE_DIR) + "/bots/learned/weights/junqi-dmc.pt";
}

TEST(DmcPlayer, ShippedWeightsLoadAndBeatRandom) {
  ASSERT_TRUE(dmc_load_weights(shipped_weights()).ok());
  const double score = play_match("dmc:weights=" + shipped_weights(), "random", 10, 100);
  std::printf("dmc (shipped weights) vs random: %.2f\n", score);
  EXPECT_GE(score, 0.6);
}

TEST(DmcPlayer, ConcurrentPlayersShareOneBatchedModel) {
  const JunqiGame g = JunqiGame::random(12, 40);
  ASSERT_FALSE(g.truth.is_terminal());
  const Seat s = g.truth.to_move();
  const std::string spec = "dmc:weights=" + shipped_weights();
  auto alone = make_player<State>(spec, 1);
  ASSERT_TRUE(alone.ok()) << alone.message();
  const Move expected = alone.value()->choose(g.seat_info(s), s, TimeBudget{});
  ASSERT_TRUE(g.truth.check(s, expected).ok());
  std::vector<std::unique_ptr<Player<State>>> players;
  for (int i = 0; i < 4; ++i) players.push_back(std::move(make_player<State>(spec, 2 + i)).value());
  std::vector<Move> chosen(players.size());
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < players.size(); ++i)
    threads.emplace_back([&, i] {
      for (int rep = 0; rep < 5; ++rep)
        chosen[i] = players[i]->choose(g.seat_info(s), s, TimeBudget{});
    });
  for (auto& t : threads) t.join();
  for (const Move& m : chosen) EXPECT_EQ(m, expected);
}

TEST(DmcPlayer, BadWeightsFallBackWithAWarning) {
  const auto garbage = temp_file("fallback.pt");
  { std::ofstream(garbage) << "garbage"; }
  ::testing::internal::CaptureStderr();
  auto p = make_player<State>("dmc:weights=" + garbage.string(), 1);
  const std::string err = ::testing::internal::GetCapturedStderr();
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_NE(err.find("warning"), std::string::npos) << err;
  EXPECT_NE(err.find("belief"), std::string::npos) << err;
  // It still plays legal moves (as the belief engine).
  const JunqiGame g = JunqiGame::random(4, 20);
  const Seat s = g.truth.to_move();
  const Move m = p.value()->choose(g.seat_info(s), s, TimeBudget(TimeControl::per_move(60)));
  EXPECT_TRUE(g.truth.check(s, m).ok());
  std::filesystem::remove(garbage);
}

TEST(QlearnEngine, LegalAndBeatsRandom) {
  EXPECT_GE(play_match("qlearn:playouts=150", "random", 4, 200), 0.75);
}

TEST(DmcPlayer, RejectsUnknownOptions) {
  EXPECT_FALSE(make_player<State>("dmc:depth=3", 1).ok());
  EXPECT_FALSE(make_player<State>("dmc:net=3", 1).ok());
}

}  // namespace
}  // namespace boyi::bots::learned
