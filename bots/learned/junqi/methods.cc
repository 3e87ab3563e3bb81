// The training methods of junqi (see bots/learned/training_method.h):
// "dmc", the 军棋 DMC seed's self-play (dmc_training.h) between Q1 and Q2 with
// the two experience pools B1, B2.
//
// --set keys: pool=S (samples per pool before it is learnt from and cleared,
// 2048), gamma=X (0.99 per own move), epsilon=X (0.2 at the start) decaying
// linearly to epsilon_end=X (0.02) over epsilon_games=N (4000) games, lr=X
// (Adam, 5e-4), batch=N (32 samples per minibatch), epochs=N (passes over a
// full pool, 1), max_plies=N (600: a longer game is a draw), material=X (a
// shaping reward past the seed, see dmc_training.h; 0 = the seed's returns),
// lstm=N, hidden1=N, hidden2=N (network sizes 64, 128, 64); features=1|2 (the action rows
// the network reads: 2, the default, adds the battle outlook past the seed; 1 is the seed's
// and makes the run it made before the outlook existed, weights byte for byte); teacher=N (past the seed: the
// belief engine's search of N playouts chooses every move and values the moves it tried,
// dmc_teacher_play; 0, the default, is the seed's ε-greedy self-play), teach_moves=N (8),
// teach_visits=N (4: the fewest visits of a taught move).
//
// Several self-play workers (threads > 1) play a round of games at once, each
// seeded by its game index; their samples enter the pools in game order. A
// checkpoint holds both networks, both optimizers and the counters; the pools'
// partial contents are not kept (a resumed run refills them).
#include <algorithm>
#include <thread>

#include "bots/learned/archive.h"
#include "bots/learned/device.h"
#include "bots/learned/junqi/dmc_player.h"
#include "bots/learned/junqi/dmc_training.h"
#include "bots/learned/training_method.h"

namespace boyi::bots::learned {

namespace {

struct DmcParams {
  int pool = 2048;
  double gamma = 0.99;
  double epsilon = 0.2, epsilon_end = 0.02;
  std::int64_t epsilon_games = 4000;
  double lr = 5e-4;
  int batch = 32;
  int epochs = 1;
  int max_plies = 600;
  double material = 0;
  DmcSizes sizes;
  DmcTeacherOptions teacher{.playouts = 0};
};

Result<double> number(const std::string& key, const std::string& text, double lo, double hi) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !(v >= lo && v <= hi))
    return fail("junqi dmc: " + key + " must be a number in [" + std::to_string(lo) + ", " +
                std::to_string(hi) + "], got '" + text + "'");
  return v;
}

Result<DmcParams> parse_params(const std::map<std::string, std::string>& params) {
  DmcParams p;
  for (const auto& [key, text] : params) {
    auto set_int = [&](auto& field, double lo, double hi) -> Status {
      auto v = number(key, text, lo, hi);
      if (!v) return Error{v.message()};
      if (*v != static_cast<double>(static_cast<std::int64_t>(*v)))
        return fail("junqi dmc: " + key + " must be an integer");
      field = static_cast<std::remove_reference_t<decltype(field)>>(*v);
      return {};
    };
    auto set_real = [&](double& field, double lo, double hi) -> Status {
      auto v = number(key, text, lo, hi);
      if (!v) return Error{v.message()};
      field = *v;
      return {};
    };
    Status st;
    if (key == "pool")
      st = set_int(p.pool, 1, 1 << 20);
    else if (key == "gamma")
      st = set_real(p.gamma, 0, 1);
    else if (key == "epsilon")
      st = set_real(p.epsilon, 0, 1);
    else if (key == "epsilon_end")
      st = set_real(p.epsilon_end, 0, 1);
    else if (key == "epsilon_games")
      st = set_int(p.epsilon_games, 1, 1e12);
    else if (key == "lr")
      st = set_real(p.lr, 1e-7, 1);
    else if (key == "batch")
      st = set_int(p.batch, 1, 1 << 16);
    else if (key == "epochs")
      st = set_int(p.epochs, 1, 100);
    else if (key == "max_plies")
      st = set_int(p.max_plies, 10, 100000);
    else if (key == "material")
      st = set_real(p.material, 0, 10);
    else if (key == "lstm")
      st = set_int(p.sizes.lstm, 1, 1024);
    else if (key == "hidden1")
      st = set_int(p.sizes.hidden1, 1, 1024);
    else if (key == "hidden2")
      st = set_int(p.sizes.hidden2, 1, 1024);
    else if (key == "features") {
      int version = 2;
      st = set_int(version, 1, 2);
      p.sizes.actions = version == 1 ? kDmcActionFeaturesV1 : kDmcActionFeatures;
    }
    else if (key == "teacher")
      st = set_int(p.teacher.playouts, 0, 1e9);
    else if (key == "teach_moves")
      st = set_int(p.teacher.moves, 0, 1000);
    else if (key == "teach_visits")
      st = set_int(p.teacher.min_visits, 1, 1e9);
    else
      return fail("junqi dmc has no parameter '" + key +
                  "' (pool, gamma, epsilon, epsilon_end, epsilon_games, lr, batch, epochs, "
                  "max_plies, material, lstm, hidden1, hidden2, features, teacher, teach_moves, "
                  "teach_visits)");
    if (!st) return Error{st.message()};
  }
  return p;
}

class DmcMethod : public TrainingMethod {
 public:
  DmcMethod(const TrainConfig& config, const DmcParams& params)
      : config_(config), params_(params), pair_((torch::manual_seed(config.seed), params.sizes)) {
    use_threads(config.threads);
    for (int s = 0; s < 2; ++s)
      optimizer_[s] = std::make_unique<torch::optim::Adam>(pair_.net[s]->parameters(),
                                                           torch::optim::AdamOptions(params.lr));
  }
  std::string game() const override { return "junqi"; }
  std::string method() const override { return "dmc"; }
  std::string weights_file() const override { return std::string(kDmcWeightsFile); }
  std::int64_t games_played() const override { return games_; }

  double epsilon() const {
    const double share =
        std::min(1.0, static_cast<double>(games_) / static_cast<double>(params_.epsilon_games));
    return params_.epsilon + (params_.epsilon_end - params_.epsilon) * share;
  }

  Result<TrainStats> train(std::int64_t games) override {
    TrainStats stats;
    double loss_sum = 0, plies = 0, decided = 0, first_wins = 0, taught = 0;
    int learns = 0;
    const int workers =
        std::max(1, config_.threads == 0 ? static_cast<int>(std::thread::hardware_concurrency())
                                         : config_.threads);
    try {
      for (std::int64_t done = 0; done < games;) {
        const int round = static_cast<int>(std::min<std::int64_t>(workers, games - done));
        std::vector<DmcGame> played(static_cast<std::size_t>(round));
        DmcSelfPlayOptions o;
        o.epsilon = epsilon();
        o.gamma = params_.gamma;
        o.max_plies = params_.max_plies;
        o.material = params_.material;
        auto play = [&](int i) {
          played[static_cast<std::size_t>(i)] =
              params_.teacher.playouts > 0
                  ? dmc_teacher_play(o, params_.teacher, game_seed(games_ + i))
                  : dmc_self_play(pair_, o, game_seed(games_ + i));
        };
        if (round == 1) {
          play(0);
        } else {
          std::vector<std::thread> threads;
          for (int i = 0; i < round; ++i) threads.emplace_back(play, i);
          for (auto& t : threads) t.join();
        }
        for (DmcGame& g : played) {
          ++games_;
          ++stats.games;
          plies += g.plies;
          if (g.outcome.winner) {
            ++decided;
            first_wins += *g.outcome.winner == 0;
          }
          for (int s = 0; s < 2; ++s) {
            stats.positions += static_cast<std::int64_t>(g.samples[s].size());
            for (auto& sample : g.samples[s]) pool_[s].push_back(std::move(sample));
            taught += static_cast<double>(g.taught[s].size());
            for (auto& sample : g.taught[s]) pool_[s].push_back(std::move(sample));
            if (static_cast<int>(pool_[s].size()) >= params_.pool) {
              for (int e = 0; e < params_.epochs; ++e) {
                last_loss_ = dmc_learn(pair_.net[s], *optimizer_[s], pool_[s], params_.batch,
                                       game_seed(games_) ^ (0x9e37ull * (2 * learns_ + s + 1)));
                loss_sum += last_loss_;
                ++learns;
              }
              ++learns_;
              pool_[s].clear();
            }
          }
        }
        done += round;
      }
    } catch (const std::exception& e) {
      return fail(std::string("junqi dmc training failed: ") + e.what());
    }
    stats.loss = learns ? loss_sum / learns : last_loss_;
    stats.epsilon = epsilon();
    stats.step_size = params_.lr;
    stats.extra["plies_per_game"] = stats.games ? plies / static_cast<double>(stats.games) : 0;
    stats.extra["decided_share"] = stats.games ? decided / static_cast<double>(stats.games) : 0;
    stats.extra["first_seat_wins"] = decided ? first_wins / decided : 0;
    stats.extra["learn_passes"] = learns;
    if (params_.teacher.playouts > 0) stats.extra["taught_samples"] = taught;
    return stats;
  }

  // Each recorded game replayed through the seats' knowledge (the same features as self-play),
  // its moves' Monte-Carlo returns from the recorded result, and then `epochs` learning
  // passes per seat over all of them.
  Result<TrainStats> learn_from_games(const std::vector<RecordedGame>& games,
                                      int epochs) override {
    TrainStats stats;
    std::array<std::vector<DmcSample>, 2> samples;
    try {
      for (std::size_t i = 0; i < games.size(); ++i) {
        const RecordedGame& g = games[i];
        const std::string which = "recorded game " + std::to_string(i + 1);
        if (g.game != "junqi") return fail(which + " is " + g.game + ", not junqi");
        auto rules = junqi::Rules::parse(g.rules);
        if (!rules) return fail(which + ": " + rules.message());
        // The two deployments first (in either order), then the steps in order.
        junqi::State reader(*rules);
        std::array<junqi::Move, 2> deployments{};
        std::vector<junqi::Move> steps;
        int deployed = 0;
        for (const auto& [seat, text] : g.actions) {
          auto move = reader.parse_move(seat, text);
          if (!move || (seat != 0 && seat != 1)) return fail(which + ": '" + text + "' does not read");
          if (move->kind == junqi::Move::kDeploy) {
            deployments[static_cast<std::size_t>(seat)] = *move;
            ++deployed;
          } else {
            steps.push_back(*move);
          }
        }
        if (deployed != 2) return fail(which + ": both seats must have deployed");
        DmcSelfPlayOptions o;
        o.rules = *rules;
        o.gamma = params_.gamma;
        o.material = params_.material;
        o.max_plies = static_cast<int>(steps.size()) + 1;
        std::size_t next = 0;
        Outcome result;
        result.ending = Ending::kNormal;
        result.winner = g.winner;
        DmcGame game = dmc_play(
            o, deployments,
            [&](Seat, const std::vector<junqi::Move>& moves, const DmcPosition&,
                const JunqiSeatInfo&, std::vector<DmcValuedMove>&) {
              if (next >= steps.size()) return kDmcGameOver;
              const auto it = std::find(moves.begin(), moves.end(), steps[next++]);
              return it == moves.end() ? -2 : static_cast<int>(it - moves.begin());
            },
            result);
        if (game.stopped || next != steps.size())
          return fail(which + ": step " + std::to_string(next) + " is not legal there");
        for (int s = 0; s < 2; ++s)
          for (auto& sample : game.samples[s]) samples[s].push_back(std::move(sample));
      }
      double loss_sum = 0;
      int learns = 0;
      for (int e = 0; e < epochs; ++e)
        for (int s = 0; s < 2; ++s) {
          if (samples[s].empty()) continue;
          loss_sum += dmc_learn(pair_.net[s], *optimizer_[s], samples[s], params_.batch,
                                game_seed(-1 - e) ^ (0x51ull * (s + 1)));
          ++learns;
        }
      stats.loss = learns ? loss_sum / learns : 0;
    } catch (const std::exception& e) {
      return fail(std::string("junqi dmc warm start failed: ") + e.what());
    }
    stats.positions = static_cast<std::int64_t>(samples[0].size() + samples[1].size());
    stats.step_size = params_.lr;
    return stats;
  }

  Status save_checkpoint(const std::filesystem::path& file) const override {
    return save_archive(file, [&](torch::serialize::OutputArchive& archive) {
      dmc_save_pair(pair_, archive);
      for (int s = 0; s < 2; ++s) {
        torch::serialize::OutputArchive sub;
        optimizer_[s]->save(sub);
        archive.write("adam" + std::to_string(s + 1), sub);
      }
      archive.write("counters",
                    torch::tensor(std::vector<std::int64_t>{games_, learns_}, torch::kInt64));
      archive.write("last_loss", torch::tensor({last_loss_}, torch::kFloat64));
    });
  }

  Status load_checkpoint(const std::filesystem::path& file) override {
    return load_archive(file, [&](torch::serialize::InputArchive& archive) -> Status {
      auto pair = dmc_load_pair(archive);
      if (!pair) return Error{pair.message()};
      if (pair->net[0]->sizes.actions != params_.sizes.actions ||
          pair->net[0]->sizes.lstm != params_.sizes.lstm ||
          pair->net[0]->sizes.hidden1 != params_.sizes.hidden1 ||
          pair->net[0]->sizes.hidden2 != params_.sizes.hidden2)
        return fail("the checkpoint's network sizes differ from --set's");
      torch::Tensor counters, loss;
      if (!archive.try_read("counters", counters) || counters.numel() != 2 ||
          !archive.try_read("last_loss", loss) || loss.numel() != 1)
        return fail("not a junqi dmc checkpoint");
      DmcPair loaded = std::move(pair).value();
      std::array<std::unique_ptr<torch::optim::Adam>, 2> optimizer;
      for (int s = 0; s < 2; ++s) {
        torch::serialize::InputArchive sub;
        if (!archive.try_read("adam" + std::to_string(s + 1), sub))
          return fail("the checkpoint lacks the optimizer state");
        optimizer[s] = std::make_unique<torch::optim::Adam>(loaded.net[s]->parameters(),
                                                            torch::optim::AdamOptions(params_.lr));
        optimizer[s]->load(sub);
      }
      pair_ = std::move(loaded);
      optimizer_ = std::move(optimizer);
      games_ = counters[0].item<std::int64_t>();
      learns_ = counters[1].item<std::int64_t>();
      last_loss_ = loss[0].item<double>();
      for (auto& p : pool_) p.clear();
      return {};
    });
  }

  Status export_weights(const std::filesystem::path& file) const override {
    return dmc_save_weights(pair_, file);
  }
  Status average_weights(const std::vector<std::filesystem::path>& files,
                         const std::filesystem::path& out) const override {
    auto average = dmc_average_weights(files);
    if (!average) return Error{average.message()};
    return dmc_save_weights(*average, out);
  }
  std::string player_spec(const std::filesystem::path& weights) const override {
    return "dmc:weights=" + weights.string();
  }
  std::vector<std::string> baselines() const override { return {"random", "belief"}; }

 private:
  std::uint64_t game_seed(std::int64_t index) const {
    std::uint64_t x = config_.seed * 0x100000001b3ull + static_cast<std::uint64_t>(index);
    return splitmix64(x);
  }

  TrainConfig config_;
  DmcParams params_;
  DmcPair pair_;
  std::array<std::unique_ptr<torch::optim::Adam>, 2> optimizer_;
  std::array<std::vector<DmcSample>, 2> pool_;
  std::int64_t games_ = 0, learns_ = 0;
  double last_loss_ = 0;
};

}  // namespace

Result<std::unique_ptr<TrainingMethod>> make_junqi_method(std::string_view method,
                                                          const TrainConfig& config) {
  if (method != "dmc")
    return fail("no training method '" + std::string(method) + "' for junqi (dmc)");
  auto params = parse_params(config.params);
  if (!params) return Error{params.message()};
  std::unique_ptr<TrainingMethod> m = std::make_unique<DmcMethod>(config, *params);
  return m;
}

std::vector<std::string> junqi_methods() {
  return {
      "junqi dmc      Deep Monte-Carlo Q(s,a) self-play (军棋 DMC seed): Q1/Q2, pools B1/B2, "
      "ε-greedy, Monte-Carlo returns, MSE + Adam"};
}

}  // namespace boyi::bots::learned
