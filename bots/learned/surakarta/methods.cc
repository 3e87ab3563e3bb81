// The training methods of surakarta (see bots/learned/training_method.h): `sarsa`, the seed
// paper's on-policy TD self-play (sarsa.h), driving the network of network.h.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <numeric>
#include <thread>

#include "base/rng.h"
#include "bots/learned/archive.h"
#include "bots/learned/device.h"
#include "bots/learned/surakarta/evaluator.h"
#include "bots/learned/surakarta/sarsa.h"
#include "bots/learned/training_method.h"

namespace boyi::bots::learned {

namespace surakarta_net {

GameRecord play_game(SurakartaNet& net, const SelfPlayParams& params, std::uint64_t seed) {
  torch::NoGradGuard no_grad;
  Rng rng(seed);
  GameRecord record;
  surakarta::State s;
  std::optional<surakarta::Move> last;
  std::vector<float> taken_q;  // Q(s_t, a_t) for the mover at t
  surakarta::MoveList list;
  std::vector<Planes> children;
  std::vector<int> child_of;  // index into `children` of each move, -1 when it ends the game
  std::vector<NetOutput> outputs;
  std::vector<float> q;
  while (!s.is_terminal()) {
    s.legal_moves(list);
    const Seat side = s.side();
    children.clear();
    child_of.assign(list.size(), -1);
    q.assign(list.size(), 0.0f);
    for (std::size_t i = 0; i < list.size(); ++i) {
      surakarta::State c = s;
      c.apply(list[i]);
      if (c.is_terminal()) {
        const Outcome o = c.outcome();
        q[i] = !o.winner ? 0.0f : *o.winner == side ? 1.0f : -1.0f;
        continue;
      }
      child_of[i] = static_cast<int>(children.size());
      children.emplace_back();
      encode(c, list[i], children.back());
    }
    outputs.resize(children.size());
    evaluate_into(net, children, outputs);
    for (std::size_t i = 0; i < list.size(); ++i)
      if (child_of[i] >= 0) q[i] = -outputs[static_cast<std::size_t>(child_of[i])].value;

    // ε-greedy over Q.
    std::size_t chosen = 0;
    if (rng.below(1'000'000) < params.epsilon * 1'000'000) {
      chosen = rng.below(static_cast<std::uint32_t>(list.size()));
    } else {
      for (std::size_t i = 1; i < list.size(); ++i)
        if (q[i] > q[chosen]) chosen = i;
    }

    Sample sample;
    encode(s, last, sample.planes);
    const float top = *std::max_element(q.begin(), q.end());
    double total = 0;
    sample.policy.reserve(list.size());
    for (std::size_t i = 0; i < list.size(); ++i) {
      const auto p = static_cast<float>(std::exp((q[i] - top) / params.tau));
      sample.policy.emplace_back(static_cast<std::int16_t>(policy_index(list[i], side)), p);
      total += p;
    }
    for (auto& [index, p] : sample.policy) p = static_cast<float>(p / total);
    record.samples.push_back(std::move(sample));
    taken_q.push_back(q[chosen]);
    s.apply(list[chosen]);
    last = list[chosen];
  }
  // The targets, last move first: y = γ((1−λ)q − λ·y_next); the last move's is its result.
  float next = 0;
  for (std::size_t t = record.samples.size(); t-- > 0;) {
    const bool last_move = t + 1 == record.samples.size();
    const double y =
        last_move ? taken_q[t]
                  : params.gamma * ((1.0 - params.lambda) * taken_q[t] - params.lambda * next);
    record.samples[t].value_target = static_cast<float>(y);
    next = static_cast<float>(y);
  }
  record.plies = s.ply();
  const Outcome o = s.outcome();
  record.result = !o.winner ? 0 : *o.winner == 0 ? 1 : -1;
  return record;
}

namespace {

struct BatchTensors {
  torch::Tensor input, value_target, policy_target, legal;
};

BatchTensors tensors(std::span<const Sample> batch, torch::Device device) {
  std::vector<Planes> planes;
  planes.reserve(batch.size());
  const auto n = static_cast<std::int64_t>(batch.size());
  auto value = torch::empty({n}, torch::kFloat32);
  auto policy = torch::zeros({n, kPolicySize}, torch::kFloat32);
  auto legal = torch::zeros({n, kPolicySize}, torch::kBool);
  auto* v = value.data_ptr<float>();
  auto* p = policy.data_ptr<float>();
  auto* l = legal.data_ptr<bool>();
  for (std::int64_t i = 0; i < n; ++i) {
    const Sample& s = batch[static_cast<std::size_t>(i)];
    planes.push_back(s.planes);
    v[i] = s.value_target;
    for (const auto& [index, prob] : s.policy) {
      p[i * kPolicySize + index] = prob;
      l[i * kPolicySize + index] = true;
    }
  }
  return {to_input(planes).to(device), value.to(device), policy.to(device), legal.to(device)};
}

std::tuple<torch::Tensor, torch::Tensor> losses(SurakartaNet& net, const BatchTensors& b) {
  auto [logits, value] = net->forward(b.input);
  // Cross-entropy against the target over the legal moves (illegal logits masked out).
  auto masked = logits.masked_fill(b.legal.logical_not(), -1e9);
  auto policy_loss = -(b.policy_target * torch::log_softmax(masked, 1)).sum(1).mean();
  auto value_loss = (value - b.value_target).pow(2).mean();
  return {value_loss, policy_loss};
}

}  // namespace

Losses batch_loss(SurakartaNet& net, std::span<const Sample> batch) {
  torch::NoGradGuard no_grad;
  const auto device = net->parameters().front().device();
  auto [value_loss, policy_loss] = losses(net, tensors(batch, device));
  const double v = value_loss.item<double>(), p = policy_loss.item<double>();
  return {v + p, v, p};
}

Losses train_step(SurakartaNet& net, torch::optim::Optimizer& optimizer,
                  std::span<const Sample> batch) {
  const auto device = net->parameters().front().device();
  auto [value_loss, policy_loss] = losses(net, tensors(batch, device));
  auto loss = value_loss + policy_loss;
  optimizer.zero_grad();
  loss.backward();
  optimizer.step();
  const double v = value_loss.item<double>(), p = policy_loss.item<double>();
  return {v + p, v, p};
}

}  // namespace surakarta_net

namespace {

using namespace surakarta_net;

// The method's hyper-parameters (--set key=value).
struct SarsaConfig {
  int channels = 32;
  int blocks = 3;
  double gamma = 0.995;
  double lambda = 0.7;
  double tau = 0.25;
  double epsilon_start = 0.3;  // ε decays towards epsilon_end: ε = end + (start−end)·e^(−g/G)
  double epsilon_end = 0.05;
  double epsilon_games = 600;
  double lr = 2e-3;  // step size α = lr / (1 + games / lr_games)
  double lr_games = 1000;
  double l2 = 1e-4;
  int epochs = 2;  // passes over each call's positions
  int batch = 128;
};

Result<SarsaConfig> read_config(const TrainConfig& config) {
  SarsaConfig c;
  for (const auto& [key, text] : config.params) {
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v))
      return fail("surakarta sarsa: " + key + " must be a number, got '" + text + "'");
    const auto whole = [&](int lo, int hi, int& out) -> Status {
      if (v != std::floor(v) || v < lo || v > hi)
        return fail("surakarta sarsa: " + key + " must be an integer in " + std::to_string(lo) +
                    ".." + std::to_string(hi));
      out = static_cast<int>(v);
      return {};
    };
    const auto real = [&](double lo, double hi, double& out) -> Status {
      if (v < lo || v > hi)
        return fail("surakarta sarsa: " + key + " must be in [" + std::to_string(lo) + ", " +
                    std::to_string(hi) + "]");
      out = v;
      return {};
    };
    Status st;
    if (key == "channels")
      st = whole(1, 256, c.channels);
    else if (key == "blocks")
      st = whole(0, 16, c.blocks);
    else if (key == "gamma")
      st = real(0, 1, c.gamma);
    else if (key == "lambda")
      st = real(0, 1, c.lambda);
    else if (key == "tau")
      st = real(1e-3, 100, c.tau);
    else if (key == "epsilon")
      st = real(0, 1, c.epsilon_start);
    else if (key == "epsilon_end")
      st = real(0, 1, c.epsilon_end);
    else if (key == "epsilon_games")
      st = real(1, 1e9, c.epsilon_games);
    else if (key == "lr")
      st = real(1e-7, 1, c.lr);
    else if (key == "lr_games")
      st = real(1, 1e9, c.lr_games);
    else if (key == "l2")
      st = real(0, 1, c.l2);
    else if (key == "epochs")
      st = whole(1, 100, c.epochs);
    else if (key == "batch")
      st = whole(1, 4096, c.batch);
    else
      return fail("surakarta sarsa has no parameter '" + key +
                  "' (channels, blocks, gamma, lambda, tau, epsilon, epsilon_end, "
                  "epsilon_games, lr, lr_games, l2, epochs, batch)");
    if (!st) return Error{st.message()};
  }
  return c;
}

class SarsaMethod final : public TrainingMethod {
 public:
  SarsaMethod(const TrainConfig& config, const SarsaConfig& c)
      : config_(config),
        c_(c),
        device_(training_device()),
        net_(init_net(config, c)),
        optimizer_(net_->parameters(), torch::optim::AdamOptions(c.lr).weight_decay(c.l2)) {}

  std::string game() const override { return "surakarta"; }
  std::string method() const override { return "sarsa"; }
  std::string weights_file() const override { return kSarsaWeightsFile; }

  Result<TrainStats> train(std::int64_t games) override {
    try {
      return train_games(games);
    } catch (const std::exception& e) {
      return fail(std::string("surakarta sarsa: ") + e.what());
    }
  }

  Status save_checkpoint(const std::filesystem::path& file) const override {
    return save_archive(file, [&](torch::serialize::OutputArchive& archive) {
      write_network(net_, archive);
      torch::serialize::OutputArchive optim;
      optimizer_.save(optim);
      archive.write("optimizer", optim);
      archive.write("games", torch::tensor({games_}, torch::kInt64));
    });
  }

  Status load_checkpoint(const std::filesystem::path& file) override {
    return load_archive(file, [&](torch::serialize::InputArchive& archive) -> Status {
      auto net = read_network(archive);
      if (!net) return Error{net.message()};
      if (!(net.value()->shape() == net_->shape()))
        return fail("a network of another size than channels/blocks say");
      torch::Tensor games;
      if (!archive.try_read("games", games) || games.numel() != 1)
        return fail("not a surakarta sarsa checkpoint");
      // Copy into the live parameters, which the optimizer holds.
      {
        torch::NoGradGuard no_grad;
        auto from = net.value()->parameters();
        auto to = net_->parameters();
        for (std::size_t i = 0; i < to.size(); ++i) to[i].copy_(from[i]);
      }
      torch::serialize::InputArchive optim;
      if (!archive.try_read("optimizer", optim)) return fail("no optimizer");
      optimizer_.load(optim);
      games_ = games.item<std::int64_t>();
      return {};
    });
  }

  Status export_weights(const std::filesystem::path& file) const override {
    return save_network(net_, file);
  }

  // Supervised warm start: every recorded position, the move played there as the policy
  // target and the recorded result, discounted by γ per ply to the end, as the value target
  // (from the mover's side); then `epochs` passes at the first step size.
  Result<TrainStats> learn_from_games(const std::vector<RecordedGame>& games, int epochs) override {
    std::vector<Sample> samples;
    for (std::size_t i = 0; i < games.size(); ++i) {
      auto replayed = replay(games[i], samples);
      if (!replayed)
        return fail("recorded game " + std::to_string(i + 1) + ": " + replayed.message());
    }
    TrainStats stats;
    try {
      const Losses l = learn(samples, epochs, c_.lr, 0x5A125A12ull);
      stats.loss = l.total;
      stats.extra = {{"value_loss", l.value}, {"policy_loss", l.policy}};
    } catch (const std::exception& e) {
      return fail(std::string("surakarta sarsa warm start failed: ") + e.what());
    }
    stats.positions = static_cast<std::int64_t>(samples.size());
    stats.step_size = c_.lr;
    return stats;
  }

  std::string player_spec(const std::filesystem::path& weights) const override {
    return "neural:weights=" + weights.string();
  }
  std::vector<std::string> baselines() const override { return {"loop-mcts", "loop"}; }
  std::int64_t games_played() const override { return games_; }

 private:
  // One recorded game's positions, appended to `out`.
  Status replay(const RecordedGame& g, std::vector<Sample>& out) const {
    if (g.game != "surakarta") return fail("it is " + g.game + ", not surakarta");
    auto rules = surakarta::Rules::parse(g.rules);
    if (!rules) return fail(rules.message());
    surakarta::State s(*rules);
    std::optional<surakarta::Move> last;
    std::vector<Sample> game;
    std::vector<Seat> movers;
    surakarta::MoveList list;
    for (const auto& [seat, text] : g.actions) {
      auto move = s.parse_move(seat, text);
      if (!move) return fail("'" + text + "' does not read: " + move.message());
      Sample sample;
      encode(s, last, sample.planes);
      // Every legal move is in the target (the loss is over them), the played one certain;
      // an action of an imposed opening was nobody's choice: no policy target there.
      s.legal_moves(list);
      if (game.size() >= g.opening_actions)
        for (std::size_t k = 0; k < list.size(); ++k)
          sample.policy.emplace_back(static_cast<std::int16_t>(policy_index(list[k], s.side())),
                                     list[k] == *move ? 1.0f : 0.0f);
      if (auto applied = s.apply_checked(seat, *move); !applied)
        return fail("'" + text + "' is not legal there: " + applied.message());
      game.push_back(std::move(sample));
      movers.push_back(seat);
      last = *move;
    }
    double discount = 1;
    for (std::size_t t = game.size(); t-- > 0;) {
      const double result = !g.winner ? 0.0 : *g.winner == movers[t] ? 1.0 : -1.0;
      game[t].value_target = static_cast<float>(result * discount);
      discount *= c_.gamma;
    }
    std::move(game.begin(), game.end(), std::back_inserter(out));
    return Status::Ok();
  }

  static SurakartaNet init_net(const TrainConfig& config, const SarsaConfig& c) {
    torch::manual_seed(config.seed);
    SurakartaNet net(NetShape{c.channels, c.blocks});
    net->to(training_device());
    return net;
  }

  double epsilon() const {
    return c_.epsilon_end + (c_.epsilon_start - c_.epsilon_end) *
                                std::exp(-static_cast<double>(games_) / c_.epsilon_games);
  }
  double step_size() const { return c_.lr / (1.0 + static_cast<double>(games_) / c_.lr_games); }

  Result<TrainStats> train_games(std::int64_t games) {
    const int threads = config_.threads > 0
                            ? config_.threads
                            : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    use_threads(threads);
    SelfPlayParams params{epsilon(), c_.gamma, c_.lambda, c_.tau};
    // Self-play: each game seeded by its index, so the games are the same on any number of
    // workers; the network is not updated meanwhile.
    std::vector<GameRecord> records(static_cast<std::size_t>(std::max<std::int64_t>(games, 0)));
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
      for (std::size_t i; (i = next.fetch_add(1)) < records.size();) {
        std::uint64_t seed =
            config_.seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(games_) + i;
        records[i] = play_game(net_, params, splitmix64(seed));
      }
    };
    const int workers = static_cast<int>(std::min<std::size_t>(threads, records.size()));
    if (workers <= 1) {
      work();
    } else {
      std::vector<std::thread> pool;
      for (int w = 0; w < workers; ++w) pool.emplace_back(work);
      for (auto& t : pool) t.join();
    }

    std::vector<Sample> samples;
    double plies = 0, black = 0;
    for (auto& r : records) {
      plies += r.plies;
      black += r.result > 0 ? 1.0 : r.result == 0 ? 0.5 : 0.0;
      std::move(r.samples.begin(), r.samples.end(), std::back_inserter(samples));
    }

    const double lr = step_size();
    const Losses sum = learn(samples, c_.epochs, lr, static_cast<std::uint64_t>(games_));
    games_ += games;
    TrainStats stats;
    stats.games = games;
    stats.positions = static_cast<std::int64_t>(samples.size());
    stats.loss = sum.total;
    stats.epsilon = epsilon();
    stats.step_size = lr;
    stats.extra = {{"value_loss", sum.value},
                   {"policy_loss", sum.policy},
                   {"plies", records.empty() ? 0.0 : plies / records.size()},
                   {"black_score", records.empty() ? 0.0 : black / records.size()}};
    return stats;
  }

  // `epochs` shuffled passes over `samples` in batches at step size `lr`; the mean losses.
  Losses learn(const std::vector<Sample>& samples, int epochs, double lr, std::uint64_t salt) {
    for (auto& group : optimizer_.param_groups())
      static_cast<torch::optim::AdamOptions&>(group.options()).lr(lr);
    Rng rng(splitmix64(config_.seed) ^ salt);
    std::vector<std::size_t> order(samples.size());
    std::iota(order.begin(), order.end(), 0);
    Losses sum;
    std::int64_t steps = 0;
    std::vector<Sample> batch;
    for (int epoch = 0; epoch < epochs; ++epoch) {
      for (std::size_t i = order.size(); i > 1; --i)
        std::swap(order[i - 1], order[rng.below(static_cast<std::uint32_t>(i))]);
      for (std::size_t at = 0; at < order.size(); at += static_cast<std::size_t>(c_.batch)) {
        batch.clear();
        for (std::size_t k = at; k < std::min(order.size(), at + c_.batch); ++k)
          batch.push_back(samples[order[k]]);
        const Losses l = train_step(net_, optimizer_, batch);
        sum.total += l.total;
        sum.value += l.value;
        sum.policy += l.policy;
        ++steps;
      }
    }
    const double n = static_cast<double>(std::max<std::int64_t>(steps, 1));
    return Losses{sum.total / n, sum.value / n, sum.policy / n};
  }

  TrainConfig config_;
  SarsaConfig c_;
  torch::Device device_;
  SurakartaNet net_;
  mutable torch::optim::Adam optimizer_;
  std::int64_t games_ = 0;
};

}  // namespace

Result<std::unique_ptr<TrainingMethod>> make_surakarta_method(std::string_view method,
                                                              const TrainConfig& config) {
  if (method != "sarsa")
    return fail("no training method '" + std::string(method) + "' for surakarta (sarsa)");
  auto c = read_config(config);
  if (!c) return Error{c.message()};
  std::unique_ptr<TrainingMethod> m = std::make_unique<SarsaMethod>(config, *c);
  return m;
}

std::vector<std::string> surakarta_methods() {
  return {
      "surakarta sarsa   on-policy TD (SARSA) self-play of the residual policy/value "
      "network, ε-greedy, decaying step size (surakarta-sarsa.pt; with --warm-start from loop's "
      "games surakarta-distilled.pt, player neural's default)"};
}

}  // namespace boyi::bots::learned
