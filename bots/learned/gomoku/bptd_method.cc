#include "bots/learned/gomoku/bptd_method.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "bots/learned/device.h"
#include "bots/learned/gomoku/bptd_net.h"
#include "bots/learned/gomoku/features.h"
#include "bots/learned/gomoku/self_play.h"
#include "bots/learned/gomoku/td_trace.h"

namespace boyi::bots::learned::gomoku_td {
namespace {

using gomoku::Colour;
using gomoku::Point;
using gomoku_threat::Position;

struct Params {
  double alpha1 = 0.2, lambda1 = 0.4, alpha2 = 0.4, lambda2 = 0.6;
  double late_alpha1 = 0.1, late_lambda1 = 0.1, late_alpha2 = 0.2, late_lambda2 = 0.2;
  double late_after = 10000;
  double step = 8;
  double m = 6, m_min = 3, m_decay = 10000;
  double depth = 2, nodes = 3000, vcf = 2000;
  double hidden = 14;
};

Result<Params> read_params(bool rich, const std::map<std::string, std::string>& given) {
  Params p;
  if (rich) p.hidden = 40;
  const std::map<std::string, std::pair<double*, std::pair<double, double>>> keys = {
      {"alpha1", {&p.alpha1, {0, 10}}},
      {"lambda1", {&p.lambda1, {0, 1}}},
      {"alpha2", {&p.alpha2, {0, 10}}},
      {"lambda2", {&p.lambda2, {0, 1}}},
      {"late_after", {&p.late_after, {0, 1e12}}},
      {"late_alpha1", {&p.late_alpha1, {0, 10}}},
      {"late_lambda1", {&p.late_lambda1, {0, 1}}},
      {"late_alpha2", {&p.late_alpha2, {0, 10}}},
      {"late_lambda2", {&p.late_lambda2, {0, 1}}},
      {"step", {&p.step, {0, 113}}},
      {"m", {&p.m, {1, 100}}},
      {"m_min", {&p.m_min, {1, 100}}},
      {"m_decay", {&p.m_decay, {1, 1e12}}},
      {"depth", {&p.depth, {1, 8}}},
      {"nodes", {&p.nodes, {1, 1e9}}},
      {"vcf", {&p.vcf, {100, 1e9}}},
      {"hidden", {&p.hidden, {1, 1024}}},
  };
  for (const auto& [key, text] : given) {
    auto it = keys.find(key);
    if (it == keys.end()) {
      std::string known;
      for (const auto& k : keys) known += (known.empty() ? "" : ", ") + k.first;
      return fail("unknown bp-td parameter '" + key + "' (known: " + known + ")");
    }
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    const auto [lo, hi] = it->second.second;
    if (ec != std::errc() || end != text.data() + text.size() || !(v >= lo && v <= hi))
      return fail("bp-td parameter " + key + "=" + text + ": want a number in [" +
                  std::to_string(lo) + ", " + std::to_string(hi) + "]");
    *it->second.first = v;
  }
  return p;
}

class BpTdMethod : public TrainingMethod {
 public:
  BpTdMethod(bool rich, const TrainConfig& config, Params params)
      : rich_(rich),
        seed_(config.seed),
        p_(params),
        net_(std::make_unique<TdNet>(rich ? FeatureSet::kRich : FeatureSet::kPaper,
                                     static_cast<int>(params.hidden), config.seed)),
        chooser_(chooser_options(params)),
        workers_(config.threads > 0
                     ? config.threads
                     : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))) {
    use_threads(config.threads);
  }

  std::string game() const override { return "gomoku"; }
  std::string method() const override { return rich_ ? "bp-td-rich" : "bp-td"; }
  std::string weights_file() const override {
    return rich_ ? "gomoku-bptd-rich.pt" : "gomoku-bptd.pt";
  }

  Result<TrainStats> train(std::int64_t games) override {
    TrainStats stats;
    double squared = 0;
    std::int64_t updates = 0, opening_moves = 0, explored = 0;
    auto account = [&](const GameFigures& f) {
      squared += f.squared;
      updates += f.updates;
      stats.positions += f.positions;
      opening_moves += f.opening_moves;
      explored += f.explored;
      ++games_;
      ++stats.games;
      results_[f.result] += 1;
    };
    for (std::int64_t g = 0; g < games;) {
      if (workers_ <= 1) {
        account(play_online());
        ++g;
        continue;
      }
      const int n = static_cast<int>(std::min<std::int64_t>(workers_, games - g));
      auto round = play_round(n);
      if (!round) return Error{round.message()};
      // In game-index order, whatever order the threads finished in.
      for (const FrozenGame& game : *round) {
        if (Status applied = net_->apply_delta(game.delta); !applied.ok())
          return Error{applied.message()};
        account(game.figures);
      }
      g += n;
    }
    stats.loss = updates > 0 ? squared / static_cast<double>(updates) : 0;
    stats.epsilon = opening_moves > 0 ? static_cast<double>(explored) / opening_moves : 0;
    stats.step_size = schedule(true, games_).first;
    const double played = static_cast<double>(std::max<std::int64_t>(1, stats.games));
    stats.extra["black_wins"] = static_cast<double>(results_[2]) / played;
    stats.extra["white_wins"] = static_cast<double>(results_[0]) / played;
    stats.extra["window"] = window_at_start(games_);
    results_ = {};
    return stats;
  }

  // The recorded games' positions, stone by stone, fed to online TD(λ) as self-play feeds its
  // own (the schedule of the current game index), ending with the game's result for black.
  Result<TrainStats> learn_from_games(const std::vector<RecordedGame>& games,
                                      int epochs) override {
    TrainStats stats;
    double squared = 0;
    std::int64_t updates = 0;
    for (int epoch = 0; epoch < epochs; ++epoch) {
      for (std::size_t i = 0; i < games.size(); ++i) {
        const RecordedGame& g = games[i];
        const std::string which = "recorded game " + std::to_string(i + 1);
        if (g.game != "gomoku") return fail(which + " is " + g.game + ", not gomoku");
        auto rules = gomoku::Rules::parse(g.rules);
        if (!rules) return fail(which + ": " + rules.message());
        gomoku::State state(*rules);
        net_->begin_game();
        int black_stones = 0;
        for (const auto& [seat, text] : g.actions) {
          auto move = state.parse_move(seat, text);
          if (!move) return fail(which + ": '" + text + "': " + move.message());
          const int before = Position(state).stones();
          if (auto applied = state.apply_checked(seat, *move); !applied)
            return fail(which + ": '" + text + "': " + applied.message());
          const Position pos(state);
          if (pos.stones() == before) continue;  // swap, keep, an offer: no stone yet
          black_stones += pos.to_move() == Colour::kWhite;
          const auto [alpha, lambda] =
              schedule(black_stones >= static_cast<int>(p_.step), games_);
          squared += net_->observe(features(pos, net_->features()), alpha, lambda);
          updates += pos.stones() > 1;
          ++stats.positions;
        }
        // The result for black, the colour whoever won was playing at the end.
        double reward = 0.5;
        if (g.winner) reward = state.colour_of(*g.winner) == Colour::kBlack ? 1.0 : 0.0;
        squared += net_->finish(reward, schedule(black_stones >= static_cast<int>(p_.step), games_).first);
        ++updates;
      }
    }
    stats.loss = updates > 0 ? squared / static_cast<double>(updates) : 0;
    stats.step_size = schedule(true, games_).first;
    return stats;
  }

  Status save_checkpoint(const std::filesystem::path& file) const override {
    return net_->save(file, games_);
  }
  Status load_checkpoint(const std::filesystem::path& file) override {
    std::int64_t games = 0;
    auto net = TdNet::load(file, &games);
    if (!net) return Error{net.message()};
    if ((*net)->features() != net_->features() || (*net)->hidden() != net_->hidden())
      return fail(file.string() + " holds a network of another shape than " + method() + "'s");
    net_ = std::move(net).value();
    games_ = games;
    return {};
  }
  Status export_weights(const std::filesystem::path& file) const override {
    return net_->save(file, games_);
  }
  std::string player_spec(const std::filesystem::path& weights) const override {
    return "td:weights=" + weights.string();  // the file says which network it holds
  }
  std::vector<std::string> baselines() const override { return {"threat"}; }
  std::int64_t games_played() const override { return games_; }

 private:
  struct GameFigures {
    double squared = 0;
    std::int64_t updates = 0, positions = 0, opening_moves = 0, explored = 0;
    int result = 1;  // 0 white won, 1 draw, 2 black won
  };

  static SelfPlayOptions chooser_options(const Params& p) {
    SelfPlayOptions o;
    o.depth = static_cast<int>(p.depth);
    o.max_nodes = static_cast<std::int64_t>(p.nodes);
    o.vcf_nodes = static_cast<std::int64_t>(p.vcf);
    return o;
  }

  // (α, λ) for the opening or the middle game of game `game` (its index).
  std::pair<double, double> schedule(bool middle, std::int64_t game) const {
    const bool late = static_cast<double>(game) >= p_.late_after;
    if (late)
      return middle ? std::pair{p_.late_alpha2, p_.late_lambda2}
                    : std::pair{p_.late_alpha1, p_.late_lambda1};
    return middle ? std::pair{p_.alpha2, p_.lambda2} : std::pair{p_.alpha1, p_.lambda1};
  }

  double window_at_start(std::int64_t game) const {
    const double shrink = (p_.m - p_.m_min) * static_cast<double>(game) / p_.m_decay;
    return std::max(p_.m_min, p_.m - shrink);
  }

  // TD(λ) as the paper does it: the torch network learns after every move and
  // the moves are chosen with its latest weights.
  struct OnlineLearner {
    TdNet& net;
    void start(SelfPlayChooser& chooser) {
      chooser.set_net(net.plain());
      net.begin_game();
    }
    double observe(const Position& pos, double alpha, double lambda) {
      return net.observe(features(pos, net.features()), alpha, lambda);
    }
    void after_observe(SelfPlayChooser& chooser) { chooser.set_net(net.plain()); }
    double finish(double reward, double alpha) { return net.finish(reward, alpha); }
  };

  // TD(λ) against frozen weights, summed into a delta (td_trace.h).
  struct FrozenLearner {
    const MlpWeights& net;
    FrozenTdLambda td{net};
    std::array<float, kRichInputs> x{};
    void start(SelfPlayChooser& chooser) { chooser.set_net(net); }
    double observe(const Position& pos, double alpha, double lambda) {
      extract_features(pos, net.features, x.data());
      return td.observe(x.data(), alpha, lambda);
    }
    void after_observe(SelfPlayChooser&) {}
    double finish(double reward, double alpha) { return td.finish(reward, alpha); }
  };

  GameFigures play_online() {
    OnlineLearner learner{*net_};
    return play_game(games_, chooser_, learner);
  }

  struct FrozenGame {
    GameFigures figures;
    std::vector<double> delta;
  };

  // Games games_ .. games_+n−1 at once, one thread each, all against the
  // current weights; their deltas in game-index order (nothing applied yet).
  Result<std::vector<FrozenGame>> play_round(int n) {
    const MlpWeights frozen = net_->plain();
    while (static_cast<int>(worker_choosers_.size()) < n)
      worker_choosers_.push_back(std::make_unique<SelfPlayChooser>(chooser_options(p_)));
    std::vector<FrozenGame> round(static_cast<std::size_t>(n));
    std::vector<std::string> errors(static_cast<std::size_t>(n));
    {
      std::vector<std::jthread> threads;
      threads.reserve(static_cast<std::size_t>(n));
      for (int i = 0; i < n; ++i)
        threads.emplace_back([this, i, &frozen, &round, &errors] {
          const auto k = static_cast<std::size_t>(i);
          try {
            FrozenLearner learner{frozen};
            round[k].figures = play_game(games_ + i, *worker_choosers_[k], learner);
            round[k].delta = learner.td.delta();
          } catch (const std::exception& e) {
            errors[k] = e.what();
          }
        });
    }
    for (int i = 0; i < n; ++i)
      if (!errors[static_cast<std::size_t>(i)].empty())
        return fail("bp-td self-play game " + std::to_string(games_ + i) +
                    " failed: " + errors[static_cast<std::size_t>(i)]);
    return round;
  }

  // Self-play game number `game` from the centre stone, seeded by its index,
  // fed position by position to `learner`.
  template <class Learner>
  GameFigures play_game(std::int64_t game, SelfPlayChooser& chooser, Learner& learner) const {
    GameFigures f;
    Rng rng(seed_ ^ (0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(game + 1)));
    Position pos(gomoku::RuleSet::kRenju);
    pos.play(gomoku::kH8);
    int black_stones = 1;
    learner.start(chooser);
    const int start_window = static_cast<int>(std::floor(window_at_start(game)));
    double reward = 0.5;
    while (pos.stones() < gomoku::kPoints) {
      const bool middle = black_stones >= static_cast<int>(p_.step);
      const auto [alpha, lambda] = schedule(middle, game);
      f.squared += learner.observe(pos, alpha, lambda);
      f.updates += pos.stones() > 1;
      ++f.positions;
      learner.after_observe(chooser);
      const int window = middle ? 1 : std::max(1, start_window - black_stones / 2);
      bool explored = false;
      const Colour mover = pos.to_move();
      const Point p = chooser.choose(pos, window, rng, &explored);
      if (window > 1) {
        ++f.opening_moves;
        f.explored += explored;
      }
      if (p == gomoku::kNoPoint) break;  // no playable point: a draw
      const bool wins = pos.fives(mover).contains(p);
      pos.play(p);
      black_stones += mover == Colour::kBlack;
      if (wins) {
        reward = mover == Colour::kBlack ? 1.0 : 0.0;
        break;
      }
    }
    const bool middle = black_stones >= static_cast<int>(p_.step);
    f.squared += learner.finish(reward, schedule(middle, game).first);
    ++f.updates;
    f.result = reward > 0.75 ? 2 : reward < 0.25 ? 0 : 1;
    return f;
  }

  bool rich_;
  std::uint64_t seed_;
  Params p_;
  std::unique_ptr<TdNet> net_;
  SelfPlayChooser chooser_;  // the online game's (one thread)
  int workers_;              // games at once: 1 = online TD(λ)
  std::vector<std::unique_ptr<SelfPlayChooser>> worker_choosers_;
  std::int64_t games_ = 0;
  std::array<std::int64_t, 3> results_{};
};

}  // namespace

Result<std::unique_ptr<TrainingMethod>> make_bptd_method(bool rich, const TrainConfig& config) {
  auto params = read_params(rich, config.params);
  if (!params) return Error{params.message()};
  if (params->m_min > params->m) return fail("bp-td: m_min must not exceed m");
  std::unique_ptr<TrainingMethod> m = std::make_unique<BpTdMethod>(rich, config, *params);
  return m;
}

}  // namespace boyi::bots::learned::gomoku_td
