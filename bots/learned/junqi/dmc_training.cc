#include "bots/learned/junqi/dmc_training.h"

#include <algorithm>
#include <array>
#include <numeric>

#include "base/rng.h"
#include "bots/engines/junqi/belief_player.h"
#include "bots/engines/junqi/deployment.h"

namespace boyi::bots::learned {

using namespace junqi;

namespace {

// What each seat has been told, kept as the referee would tell it.
struct SeatRecords {
  std::array<JunqiSeatInfo, 2> info;
  explicit SeatRecords(const Rules& rules) {
    for (Seat s = 0; s < 2; ++s) {
      info[s].seat = s;
      info[s].rules = rules;
    }
  }
  bool act(State& truth, Seat seat, const Move& move) {
    auto e = truth.apply_checked(seat, move);
    if (!e) return false;
    for (Seat s = 0; s < 2; ++s) {
      info[s].events.push_back(State::event_view(*e, s));
      info[s].view = truth.view(s);
    }
    return true;
  }
};

double uniform(Rng& rng) {
  return static_cast<double>(rng() >> 11) * (1.0 / 9007199254740992.0);
}

torch::Tensor stack_rows(std::span<const DmcSample> samples, std::vector<float> DmcSample::*field,
                         std::vector<std::int64_t> shape) {
  torch::Tensor t = torch::empty(shape);
  float* at = t.data_ptr<float>();
  for (const DmcSample& s : samples) at = std::copy((s.*field).begin(), (s.*field).end(), at);
  return t;
}

// Rough battle values of the pieces (marshal .. flag), for the shaping reward. Not
// junqi_piece_value (bots/games/heuristics.h), whose mine and bomb weigh 2.5 and 5 on this
// scale: the shipped networks were trained with these, and a run is reproduced only with them.
constexpr std::array<double, kPieceKinds> kValue = {10, 8, 6, 4.5, 3.5, 2.5, 1.5, 1, 2, 2, 4, 0};

}  // namespace

double dmc_material(const State& s, Seat seat) {
  double total = 0, have = 0;
  for (int k = 0; k < kPieceKinds; ++k) {
    total += kValue[k] * kPieceCount[k];
    have += kValue[k] * s.count(seat, k);
  }
  return have / total;
}

DmcGame dmc_play(const DmcSelfPlayOptions& options, const std::array<Move, 2>& deployments,
                 const DmcChooser& choose, const std::optional<Outcome>& final_outcome) {
  DmcGame game;
  State truth(options.rules);
  SeatRecords records(options.rules);
  for (Seat s = 0; s < 2; ++s) {
    if (!records.act(truth, s, deployments[s])) {
      game.stopped = true;
      return game;
    }
  }
  State::MoveList list;
  std::vector<DmcValuedMove> valued;
  // The material balance for seat 0 before each ply, and the ply of each sample.
  std::vector<double> balance;
  std::array<std::vector<int>, 2> sample_ply;
  while (!truth.is_terminal() && game.plies < options.max_plies) {
    const Seat seat = truth.to_move();
    if (seat != 0 && seat != 1) break;
    truth.legal_moves(list);
    if (list.empty()) break;
    const std::vector<Move> moves(list.begin(), list.end());
    const JunqiSeatInfo& info = records.info[seat];
    const JunqiBelief belief(info, dmc_belief_options());
    DmcPosition position = dmc_features(info, belief, moves);
    valued.clear();
    const int chosen = choose(seat, moves, position, info, valued);
    if (chosen < 0 || chosen >= static_cast<int>(moves.size())) {
      game.stopped = chosen != kDmcGameOver;
      break;
    }
    for (const DmcValuedMove& v : valued) {
      if (v.index < 0 || v.index >= static_cast<int>(moves.size())) continue;
      DmcSample taught;
      taught.state = position.state;
      taught.history = position.history;
      const auto at =
          position.actions.begin() + static_cast<std::ptrdiff_t>(v.index) * kDmcActionFeatures;
      taught.action.assign(at, at + kDmcActionFeatures);
      taught.target = v.target;
      game.taught[seat].push_back(std::move(taught));
    }
    DmcSample sample;
    sample.state = std::move(position.state);
    sample.history = std::move(position.history);
    const auto row =
        position.actions.begin() + static_cast<std::ptrdiff_t>(chosen) * kDmcActionFeatures;
    sample.action.assign(row, row + kDmcActionFeatures);
    game.samples[seat].push_back(std::move(sample));
    sample_ply[seat].push_back(game.plies);
    balance.push_back(dmc_material(truth, 0) - dmc_material(truth, 1));
    if (!records.act(truth, seat, moves[static_cast<std::size_t>(chosen)])) break;
    ++game.plies;
  }
  game.outcome = final_outcome ? *final_outcome : truth.outcome();
  const bool decided = final_outcome ? final_outcome->finished() : truth.is_terminal();
  balance.push_back(dmc_material(truth, 0) - dmc_material(truth, 1));
  for (Seat s = 0; s < 2; ++s) {
    float result = 0;
    if (decided && game.outcome.winner) result = *game.outcome.winner == s ? 1.f : -1.f;
    // r_t <- r_t + γ r_{t+1}, with the only reward at the seat's last move.
    float ret = 0;
    auto& samples = game.samples[s];
    const double sign = s == 0 ? 1.0 : -1.0;
    for (std::size_t t = samples.size(); t-- > 0;) {
      const std::size_t from = static_cast<std::size_t>(sample_ply[s][t]);
      const std::size_t to = t + 1 < samples.size() ? static_cast<std::size_t>(sample_ply[s][t + 1])
                                                    : balance.size() - 1;
      float r = t + 1 == samples.size() ? result : 0.f;
      r += static_cast<float>(options.material * sign * (balance[to] - balance[from]));
      ret = r + static_cast<float>(options.gamma) * ret;
      samples[t].target = ret;
    }
  }
  return game;
}

DmcGame dmc_self_play(DmcPair& pair, const DmcSelfPlayOptions& options, std::uint64_t seed) {
  Rng rng(seed);
  const std::array<Move, 2> deployments = {junqi_generate_deployment(0, rng),
                                           junqi_generate_deployment(1, rng)};
  return dmc_play(options, deployments,
                  [&](Seat seat, const std::vector<Move>& moves, const DmcPosition& position,
                      const JunqiSeatInfo&, std::vector<DmcValuedMove>&) {
                    if (moves.size() <= 1) return 0;
                    if (uniform(rng) < options.epsilon)
                      return static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())));
                    const std::vector<float> q = dmc_q_values(pair.net[seat], position);
                    return static_cast<int>(std::max_element(q.begin(), q.end()) - q.begin());
                  });
}

DmcGame dmc_teacher_play(const DmcSelfPlayOptions& options, const DmcTeacherOptions& teacher,
                         std::uint64_t seed) {
  Rng rng(seed);
  const std::array<Move, 2> deployments = {junqi_generate_deployment(0, rng),
                                           junqi_generate_deployment(1, rng)};
  JunqiSearchOptions search;
  search.root_pieces = 0;
  search.max_playouts = teacher.playouts;
  std::vector<const JunqiRootStat*> tried;
  return dmc_play(
      options, deployments,
      [&](Seat, const std::vector<Move>& moves, const DmcPosition&, const JunqiSeatInfo& info,
          std::vector<DmcValuedMove>& valued) {
        if (moves.size() <= 1) return 0;
        const JunqiSearchResult r = junqi_belief_root(info, search, TimeBudget(), rng());
        const auto index_of = [&](const Move& m) {
          return static_cast<int>(std::find(moves.begin(), moves.end(), m) - moves.begin());
        };
        tried.clear();
        for (const JunqiRootStat& stat : r.root)
          if (stat.visits >= teacher.min_visits) tried.push_back(&stat);
        std::sort(tried.begin(), tried.end(),
                  [](const auto* a, const auto* b) { return a->visits > b->visits; });
        // The most visited moves (the search's best) and the least (what it found bad): a
        // greedy choice over every move must learn both ends.
        const std::size_t keep = static_cast<std::size_t>(teacher.moves);
        if (tried.size() > keep)
          tried.erase(tried.begin() + static_cast<std::ptrdiff_t>((keep + 1) / 2),
                      tried.end() - static_cast<std::ptrdiff_t>(keep / 2));
        for (const JunqiRootStat* stat : tried)
          valued.push_back({index_of(stat->move), static_cast<float>(2 * stat->mean - 1)});
        const int chosen = r.has_move ? index_of(r.move) : static_cast<int>(moves.size());
        if (chosen < static_cast<int>(moves.size())) return chosen;
        return static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())));
      });
}

torch::Tensor dmc_loss(DmcNet& net, std::span<const DmcSample> samples) {
  const auto n = static_cast<std::int64_t>(samples.size());
  const torch::Tensor state = stack_rows(samples, &DmcSample::state, {n, kDmcStateFeatures});
  const torch::Tensor history =
      stack_rows(samples, &DmcSample::history, {n, kDmcHistory, kDmcMoveFeatures});
  const torch::Tensor action = stack_rows(samples, &DmcSample::action, {n, kDmcActionFeatures});
  torch::Tensor target = torch::empty({n});
  for (std::int64_t i = 0; i < n; ++i) target[i] = samples[static_cast<std::size_t>(i)].target;
  const torch::Tensor owner = torch::arange(n, torch::kInt64);
  return torch::mse_loss(net->forward(state, history, action, owner), target);
}

double dmc_learn(DmcNet& net, torch::optim::Adam& optimizer, std::span<const DmcSample> samples,
                 int batch, std::uint64_t shuffle_seed) {
  if (samples.empty()) return 0;
  net->train();
  std::vector<std::size_t> order(samples.size());
  std::iota(order.begin(), order.end(), 0);
  Rng rng(shuffle_seed);
  for (std::size_t i = order.size(); i > 1; --i)
    std::swap(order[i - 1], order[rng.below(static_cast<std::uint32_t>(i))]);
  const std::size_t step = static_cast<std::size_t>(std::max(1, batch));
  double total = 0;
  int batches = 0;
  std::vector<DmcSample> chunk;
  for (std::size_t at = 0; at < order.size(); at += step) {
    chunk.clear();
    for (std::size_t i = at; i < std::min(order.size(), at + step); ++i)
      chunk.push_back(samples[order[i]]);
    optimizer.zero_grad();
    torch::Tensor loss = dmc_loss(net, chunk);
    loss.backward();
    optimizer.step();
    total += loss.item<double>();
    ++batches;
  }
  net->eval();
  return total / batches;
}

}  // namespace boyi::bots::learned
