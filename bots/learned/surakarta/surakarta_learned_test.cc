// The 苏拉卡尔塔 learned evaluator: features and move indexing, the network's shapes, its
// training step and file format, the `neural` player (legal moves, fallback without weights,
// strength against random, batches shared between concurrent searches) and the SARSA method.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <latch>
#include <set>
#include <string>
#include <string_view>
#include <thread>

#include "base/rng.h"
#include "bots/engines/surakarta/tactical_positions.h"
#include "bots/learned/surakarta/evaluator.h"
#include "bots/learned/surakarta/network.h"
#include "bots/learned/surakarta/neural_mcts.h"
#include "bots/learned/surakarta/sarsa.h"
#include "bots/learned/training_method.h"
#include "bots/player.h"

namespace boyi::bots::learned::surakarta_net {
namespace {

namespace fs = std::filesystem;
using surakarta::Move;
using surakarta::State;

fs::path temp_file(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / "boyi_surakarta_learned_test";
  fs::create_directories(dir);
  return dir / name;
}

SurakartaNet small_net(int seed) {
  torch::manual_seed(seed);
  return SurakartaNet(NetShape{16, 2});
}

// A weights file of an untrained network (the same for a seed).
fs::path untrained_weights(const std::string& name, int seed = 1) {
  const fs::path file = temp_file(name);
  EXPECT_TRUE(save_network(small_net(seed), file).ok());
  return file;
}

// Random positions along a seeded random game.
std::vector<State> random_positions(std::uint64_t seed, int count) {
  Rng rng(seed);
  std::vector<State> out;
  State s;
  surakarta::MoveList list;
  while (static_cast<int>(out.size()) < count) {
    if (s.is_terminal()) s = State();
    out.push_back(s);
    s.legal_moves(list);
    s.apply(list[rng.below(static_cast<std::uint32_t>(list.size()))]);
  }
  return out;
}

TEST(SurakartaFeatures, MoveIndexRoundTripsAndIsDistinct) {
  for (const State& s : random_positions(7, 200)) {
    surakarta::MoveList list;
    s.legal_moves(list);
    std::set<int> seen;
    for (const Move& m : list) {
      const int index = policy_index(m, s.side());
      ASSERT_GE(index, 0);
      ASSERT_LT(index, kPolicySize);
      EXPECT_EQ(move_of_index(index, s.side()), m);
      EXPECT_TRUE(seen.insert(index).second);
    }
  }
}

TEST(SurakartaFeatures, PlanesAreFromTheSideToMove) {
  State s;
  Planes p;
  encode(s, std::nullopt, p);
  // Black to move: own pieces on rows 0 and 1, the side plane all ones, no last move.
  for (int sq = 0; sq < kBoardPoints; ++sq) {
    EXPECT_EQ(p[sq], sq < 12 ? 1.0f : 0.0f);
    EXPECT_EQ(p[kBoardPoints + sq], sq >= 24 ? 1.0f : 0.0f);
    EXPECT_EQ(p[2 * kBoardPoints + sq] + p[3 * kBoardPoints + sq], 0.0f);
    EXPECT_EQ(p[4 * kBoardPoints + sq], 1.0f);
  }
  // After black's A2-A3 (0,1)->(0,2), white to move sees itself on the oriented rows 0, 1 and
  // the last move flipped: from (0,4), to (0,3).
  const Move m{static_cast<std::uint8_t>(surakarta::square_of(0, 1)),
               static_cast<std::uint8_t>(surakarta::square_of(0, 2))};
  s.apply(m);
  encode(s, m, p);
  for (int sq = 0; sq < 12; ++sq) EXPECT_EQ(p[sq], 1.0f);
  EXPECT_EQ(p[kBoardPoints + surakarta::square_of(0, 3)], 1.0f);  // the moved black piece
  EXPECT_EQ(p[2 * kBoardPoints + surakarta::square_of(0, 4)], 1.0f);
  EXPECT_EQ(p[3 * kBoardPoints + surakarta::square_of(0, 3)], 1.0f);
  EXPECT_EQ(p[4 * kBoardPoints], 0.0f);
  EXPECT_FLOAT_EQ(p[6 * kBoardPoints], 1.0f / 400);
}

TEST(SurakartaNetwork, ShapesAndRanges) {
  auto net = small_net(3);
  std::vector<Planes> planes;
  for (const State& s : random_positions(3, 5)) encode(s, std::nullopt, planes.emplace_back());
  auto [logits, value] = net->forward(to_input(planes));
  EXPECT_EQ(logits.sizes().vec(), (std::vector<std::int64_t>{5, kPolicySize}));
  EXPECT_EQ(value.sizes().vec(), (std::vector<std::int64_t>{5}));
  EXPECT_LE(value.abs().max().item<float>(), 1.0f);
}

TEST(SurakartaSarsa, TargetsCoverExactlyTheLegalMoves) {
  auto net = small_net(4);
  const GameRecord game = play_game(net, SelfPlayParams{}, 11);
  ASSERT_FALSE(game.samples.empty());
  EXPECT_EQ(static_cast<int>(game.samples.size()), game.plies);
  EXPECT_LE(std::abs(game.samples.back().value_target), 1.0f);
  // Replay the first moves: each sample's policy is a distribution over the legal moves.
  const auto positions = random_positions(1, 1);
  surakarta::MoveList list;
  positions[0].legal_moves(list);
  std::set<int> legal;
  for (const Move& m : list) legal.insert(policy_index(m, 0));
  std::set<int> target;
  double total = 0;
  for (const auto& [index, p] : game.samples[0].policy) {
    target.insert(index);
    total += p;
  }
  EXPECT_EQ(target, legal);
  EXPECT_NEAR(total, 1.0, 1e-5);
}

TEST(SurakartaSarsa, TrainingStepsReduceTheLossOnAFixedBatch) {
  auto net = small_net(5);
  GameRecord game = play_game(net, SelfPlayParams{0.5, 0.99, 0.5, 0.25}, 5);
  std::vector<Sample> batch(game.samples.begin(),
                            game.samples.begin() + std::min<std::size_t>(32, game.samples.size()));
  // Targets that differ from what the untrained network says.
  for (std::size_t i = 0; i < batch.size(); ++i) batch[i].value_target = i % 2 ? 0.8f : -0.8f;
  torch::optim::Adam adam(net->parameters(), torch::optim::AdamOptions(1e-3));
  const Losses before = batch_loss(net, batch);
  for (int step = 0; step < 40; ++step) train_step(net, adam, batch);
  const Losses after = batch_loss(net, batch);
  // The policy part cannot fall below the targets' entropy; the value part can reach zero.
  EXPECT_LT(after.total, before.total);
  EXPECT_LT(after.value, 0.5 * before.value);
  EXPECT_LT(after.policy, before.policy);
}

TEST(SurakartaNetwork, SavedModelLoadsWithTheSameOutputs) {
  auto net = small_net(6);
  const fs::path file = temp_file("same.pt");
  ASSERT_TRUE(save_network(net, file).ok());
  auto loaded = load_network(file);
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  EXPECT_EQ(loaded.value()->shape(), (NetShape{16, 2}));
  std::vector<Planes> planes;
  for (const State& s : random_positions(6, 8)) encode(s, std::nullopt, planes.emplace_back());
  std::vector<NetOutput> a(planes.size()), b(planes.size());
  evaluate_into(net, planes, a);
  evaluate_into(loaded.value(), planes, b);
  for (std::size_t i = 0; i < planes.size(); ++i) {
    EXPECT_EQ(a[i].value, b[i].value);
    EXPECT_EQ(a[i].logits, b[i].logits);
  }
}

TEST(SurakartaNetwork, BadFilesAreErrors) {
  EXPECT_FALSE(load_network(temp_file("missing.pt")).ok());
  const fs::path garbage = temp_file("garbage.pt");
  std::ofstream(garbage) << "this is not a torch archive";
  EXPECT_FALSE(load_network(garbage).ok());
  // Truncated: the first half of a good file.
  const fs::path good = untrained_weights("good.pt");
  std::ifstream in(good, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), {});
  const fs::path truncated = temp_file("truncated.pt");
  std::ofstream(truncated, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  EXPECT_FALSE(load_network(truncated).ok());
  // Another model's archive.
  torch::serialize::OutputArchive other;
  other.write("weights", torch::ones({3, 3}));
  const fs::path other_file = temp_file("other.pt");
  other.save_to(other_file.string());
  const auto r = load_network(other_file);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("not a surakarta network"), std::string::npos) << r.message();
}

TEST(SurakartaNeuralPlayer, WithoutWeightsWarnsAndStillPlays) {
  const fs::path garbage = temp_file("garbage-player.pt");
  std::ofstream(garbage) << "garbage";
  testing::internal::CaptureStderr();
  auto p = make_player<State>("neural:weights=" + garbage.string(), 1);
  const std::string err = testing::internal::GetCapturedStderr();
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_NE(err.find("warning: surakarta-distilled.pt"), std::string::npos) << err;
  State s;
  const Move m = p.value()->choose(s, 0, TimeBudget(TimeControl::per_move(60)));
  EXPECT_TRUE(s.check(0, m).ok());
}

TEST(SurakartaNeuralPlayer, PlaysLegalMovesWithinASmallBudget) {
  const fs::path file = untrained_weights("legal.pt");
  auto p = make_player<State>("neural:weights=" + file.string() + ",batch=4", 2);
  ASSERT_TRUE(p.ok()) << p.message();
  auto random = make_player<State>("random", 3);
  ASSERT_TRUE(random.ok());
  State s;
  for (int ply = 0; ply < 30 && !s.is_terminal(); ++ply) {
    const Seat side = s.side();
    const Move m = side == 0 ? p.value()->choose(s, side, TimeBudget(TimeControl::per_move(40)))
                             : random.value()->choose(s, side, TimeBudget());
    ASSERT_TRUE(s.apply_checked(side, m).ok()) << ply;
  }
  // An unlimited budget searches a finite default amount.
  State fresh;
  const Move m = p.value()->choose(fresh, 0, TimeBudget());
  EXPECT_TRUE(fresh.check(0, m).ok());
}

// Both shipped networks: the default (distilled from loop's games) and the seed paper's.
TEST(SurakartaNeuralPlayer, ShippedWeightsBeatRandom) {
  for (const char* name : {kWeightsFile, kSarsaWeightsFile}) {
    SCOPED_TRACE(name);
    const fs::path shipped = fs::path(BOYI_SOURCE_DIR) / "bots" / "learned" / "weights" / name;
    ASSERT_TRUE(load_network(shipped).ok()) << "shipped weights missing: " << shipped;
    int score = 0;
    for (int game = 0; game < 4; ++game) {
      auto neural = make_player<State>("neural:playouts=48,weights=" + shipped.string(), game);
      auto random = make_player<State>("random", 100 + game);
      ASSERT_TRUE(neural.ok() && random.ok());
      const Seat neural_seat = static_cast<Seat>(game % 2);
      State s;
      while (!s.is_terminal()) {
        const Seat side = s.side();
        auto& who = side == neural_seat ? neural.value() : random.value();
        ASSERT_TRUE(s.apply_checked(side, who->choose(s, side, TimeBudget())).ok());
      }
      score += s.outcome().winner == neural_seat ? 2 : s.outcome().winner ? 0 : 1;
    }
    EXPECT_GE(score, 7);  // out of 8: at most one draw in four games
  }
}

TEST(SurakartaNeuralPlayer, ConcurrentSearchesShareBatches) {
  const fs::path file = untrained_weights("shared.pt");
  auto evaluator = shared_evaluator(file);
  ASSERT_TRUE(evaluator.ok()) << evaluator.message();
  const auto before = evaluator.value()->stats();
  std::latch start(2);
  const auto search = [&](int seed) {
    auto p = make_player<State>("neural:batch=1,playouts=300,weights=" + file.string(), seed);
    ASSERT_TRUE(p.ok());
    State s;
    start.arrive_and_wait();
    const Move m = p.value()->choose(s, 0, TimeBudget());
    EXPECT_TRUE(s.check(0, m).ok());
  };
  std::thread a(search, 1), b(search, 2);
  a.join();
  b.join();
  const auto after = evaluator.value()->stats();
  const auto positions = after.positions - before.positions;
  const auto batches = after.batches - before.batches;
  EXPECT_GE(positions, 2 * 300);
  EXPECT_GT(positions, batches) << "no batch held more than one position";
}

// The loop engines' tactical positions (tactical_positions.h).
using surakarta_engine::testing::kWhichCapturer;
using surakarta_engine::testing::kWinOrTrade;

std::string neural_choice(const std::string& spec, std::string_view diagram) {
  const auto s = State::from_diagram(State::Rules{}, diagram);
  EXPECT_TRUE(s.ok()) << s.message();
  if (!s.ok()) return "";
  auto p = make_player<State>(spec, 5);
  EXPECT_TRUE(p.ok()) << p.message();
  if (!p.ok()) return "";
  const Move m = p.value()->choose(s.value(), 0, TimeBudget());
  EXPECT_TRUE(s.value().check(0, m).ok());
  return s.value().format_move(m);
}

// Tree reuse keeps at most reuse_max_nodes of the old tree, so rerooting after a long think
// costs a bounded copy; the nodes cut off are expanded again and the game goes on legally.
TEST(SurakartaNeuralMcts, ReuseKeepsABoundedSubtreeAndPlaysOn) {
  const fs::path file = untrained_weights("reuse.pt");
  auto evaluator = shared_evaluator(file);
  ASSERT_TRUE(evaluator.ok()) << evaluator.message();
  const auto play = [&](std::size_t cap) {
    NeuralMctsOptions o;
    o.max_playouts = 400;
    o.reuse_max_nodes = cap;
    NeuralMcts search(evaluator.value(), o);
    State s;
    std::size_t most_kept = 0;
    for (int ply = 0; ply < 8 && !s.is_terminal(); ++ply) {
      const auto r = search.search(s, TimeBudget());
      EXPECT_TRUE(r.has_move);
      EXPECT_TRUE(s.check(s.side(), r.move).ok()) << ply;
      if (ply > 0) {
        EXPECT_GT(r.reused_visits, 0) << ply;  // the new position was in the old tree
        EXPECT_LE(r.reused_nodes, cap) << ply;
      }
      most_kept = std::max(most_kept, r.reused_nodes);
      s.apply(r.move);
    }
    return most_kept;
  };
  EXPECT_GT(play(1 << 20), 300u);  // uncapped, a 400-playout tree keeps thousands of nodes
  EXPECT_GT(play(300), 1u);
}

TEST(SurakartaNeuralPlayer, TacticalLeavesSeeLoopExchanges) {
  // An untrained network knows nothing of the loops: the quiescence at the leaves (mix), the
  // quiescence child values (init) and the tactical prior must find the winning capture and the
  // capture that also saves the hanging piece, whatever the network says.
  const fs::path file = untrained_weights("tactics.pt", 3);
  const std::string spec = "neural:playouts=400,weights=" + file.string();
  EXPECT_EQ(neural_choice(spec, kWinOrTrade), "CCCD");
  EXPECT_EQ(neural_choice(spec, kWhichCapturer), "DBCD");
  // The child values alone (no leaf blend, no tactical prior) see them too.
  EXPECT_EQ(neural_choice(spec + ",mix=0,prior=0", kWinOrTrade), "CCCD");
  EXPECT_EQ(neural_choice(spec + ",mix=0,prior=0", kWhichCapturer), "DBCD");
  EXPECT_FALSE(make_player<State>("neural:mix=2,weights=" + file.string(), 1).ok());
  EXPECT_FALSE(make_player<State>("neural:init=3,weights=" + file.string(), 1).ok());
}

TEST(SurakartaSarsa, MethodTrainsCheckpointsAndExports) {
  TrainConfig config;
  config.seed = 9;
  config.threads = 1;
  config.params = {{"channels", "8"}, {"blocks", "1"}};
  auto method = make_training_method("surakarta", "sarsa", config);
  ASSERT_TRUE(method.ok()) << method.message();
  auto& m = *method.value();
  const auto stats = m.train(2);
  ASSERT_TRUE(stats.ok()) << stats.message();
  EXPECT_EQ(stats.value().games, 2);
  EXPECT_GT(stats.value().positions, 0);
  EXPECT_GT(stats.value().loss, 0);
  EXPECT_EQ(m.games_played(), 2);
  const fs::path checkpoint = temp_file("method.ckpt");
  ASSERT_TRUE(m.save_checkpoint(checkpoint).ok());
  const fs::path exported = temp_file("method.pt");
  ASSERT_TRUE(m.export_weights(exported).ok());
  ASSERT_TRUE(load_network(exported).ok());

  // A second method of the same seed, resumed from the checkpoint, exports the same network.
  auto again = make_training_method("surakarta", "sarsa", config);
  ASSERT_TRUE(again.ok());
  ASSERT_TRUE(again.value()->load_checkpoint(checkpoint).ok());
  EXPECT_EQ(again.value()->games_played(), 2);
  const fs::path exported_again = temp_file("method-again.pt");
  ASSERT_TRUE(again.value()->export_weights(exported_again).ok());
  std::vector<Planes> planes(1);
  encode(State(), std::nullopt, planes[0]);
  std::vector<NetOutput> a(1), b(1);
  auto na = load_network(exported), nb = load_network(exported_again);
  evaluate_into(na.value(), planes, a);
  evaluate_into(nb.value(), planes, b);
  EXPECT_EQ(a[0].value, b[0].value);
  EXPECT_EQ(a[0].logits, b[0].logits);

  config.params = {{"nonsense", "1"}};
  EXPECT_FALSE(make_training_method("surakarta", "sarsa", config).ok());
  EXPECT_FALSE(make_training_method("surakarta", "qlearning", TrainConfig{}).ok());
}

}  // namespace
// Real games (boyi-train --warm-start): each recorded position teaches the move played there
// and the recorded result; the played move's logit at the start rises, and a move that does
// not replay names its game.
TEST(SurakartaSarsa, LearnsFromRecordedGames) {
  TrainConfig config;
  config.seed = 4;
  config.threads = 1;
  config.params = {{"channels", "8"}, {"blocks", "1"}};
  auto method = make_training_method("surakarta", "sarsa", config);
  ASSERT_TRUE(method.ok()) << method.message();
  RecordedGame g;
  g.game = "surakarta";
  g.rules = State().rules().to_string();
  State s;
  Rng rng(11);
  for (int ply = 0; ply < 24 && !s.is_terminal(); ++ply) {
    surakarta::MoveList list;
    s.legal_moves(list);
    const auto m = list[rng.below(static_cast<std::uint32_t>(list.size()))];
    g.actions.emplace_back(s.side(), s.format_move(m));
    s.apply(m);
  }
  g.winner = 0;
  const auto first = State().parse_move(0, g.actions[0].second);
  ASSERT_TRUE(first.ok());
  surakarta::MoveList opening;
  State().legal_moves(opening);
  // The played move's share of the policy over the legal moves at the start.
  const auto start_share = [&] {
    const fs::path file = temp_file("warm.pt");
    EXPECT_TRUE(method.value()->export_weights(file).ok());
    std::vector<Planes> planes(1);
    encode(State(), std::nullopt, planes[0]);
    std::vector<NetOutput> out(1);
    auto net = load_network(file);
    evaluate_into(net.value(), planes, out);
    double total = 0, played = 0;
    for (std::size_t i = 0; i < opening.size(); ++i) {
      const double e =
          std::exp(out[0].logits[static_cast<std::size_t>(policy_index(opening[i], 0))]);
      total += e;
      if (opening[i] == *first) played = e;
    }
    return played / total;
  };
  const double before = start_share();
  auto stats = method.value()->learn_from_games({g, g}, 8);
  ASSERT_TRUE(stats.ok()) << stats.message();
  EXPECT_EQ(stats->positions, static_cast<std::int64_t>(2 * g.actions.size()));
  EXPECT_GT(stats->loss, 0);
  EXPECT_EQ(method.value()->games_played(), 0);
  EXPECT_GT(start_share(), before);
  RecordedGame bad = g;
  bad.actions[1].second = bad.actions[0].second;  // that piece has moved away
  auto refused = method.value()->learn_from_games({g, bad}, 1);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.message().find("recorded game 2"), std::string::npos) << refused.message();

  // An opening suite's actions were nobody's choice: no move is learnt from them, only the
  // value of their positions.
  auto fresh = make_training_method("surakarta", "sarsa", config);
  ASSERT_TRUE(fresh.ok());
  RecordedGame imposed = g;
  imposed.opening_actions = g.actions.size();
  auto values_only = fresh.value()->learn_from_games({imposed}, 1);
  ASSERT_TRUE(values_only.ok()) << values_only.message();
  EXPECT_EQ(values_only->extra.at("policy_loss"), 0.0);
  EXPECT_GT(values_only->extra.at("value_loss"), 0.0);
  imposed.opening_actions = 2;
  auto after_two = fresh.value()->learn_from_games({imposed}, 1);
  ASSERT_TRUE(after_two.ok()) << after_two.message();
  EXPECT_GT(after_two->extra.at("policy_loss"), 0.0);
}

}  // namespace boyi::bots::learned::surakarta_net
