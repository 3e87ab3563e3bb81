// The BP-TD(λ) network of 五子棋 (torch inside, standard C++ outside): inputs
// from features.h, one hidden layer of sigmoid units, one sigmoid output
// P(black wins) — the seed paper's 44-14-1, or a wider net on the rich inputs —
// learned online by TD(λ), the paper's eq. (1):
//   Δw_t = α (P_{t+1} − P_t) Σ_{k≤t} λ^{t−k} ∇_w P_k
// with an eligibility trace e_t = λ e_{t−1} + ∇_w P_t, and the game's result R
// (1 black wins, 0 white wins, 0.5 draw) as the last prediction.
//
// File format (torch::serialize archive): the two Linear layers' parameters
// and a "meta" tensor [magic, version, feature set, inputs, hidden, games]
// checked on load, so a file of another model, a truncated or garbage file is
// an error message, never a crash.
//
// For parallel self-play (td_trace.h): apply_delta() adds an update computed
// elsewhere against frozen weights; gradient() and frozen_td_delta() are its
// torch (autograd, float64) references.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <vector>

#include "bots/learned/gomoku/mlp.h"
#include "base/result.h"

namespace boyi::bots::learned::gomoku_td {

// One position of a game as TD(λ) sees it: its inputs and its schedule's
// step size and trace decay.
struct TdStep {
  std::vector<float> x;
  double alpha = 0;
  double lambda = 0;
};

class TdNet {
 public:
  // A fresh network, initialised from `seed` (torch's default Linear init).
  TdNet(FeatureSet features, int hidden, std::uint64_t seed);
  ~TdNet();
  TdNet(const TdNet&) = delete;
  TdNet& operator=(const TdNet&) = delete;

  // A saved network; `games` (if given) receives the games counter stored with it.
  static Result<std::unique_ptr<TdNet>> load(const std::filesystem::path& file,
                                             std::int64_t* games = nullptr);
  Status save(const std::filesystem::path& file, std::int64_t games = 0) const;

  FeatureSet features() const;
  int inputs() const;
  int hidden() const;

  // P(black wins) by the torch module.
  double predict(const std::vector<float>& x) const;
  // The weights for the plain C++ copy.
  MlpWeights plain() const;

  // Online TD(λ) through one game: begin_game() clears the trace; observe()
  // takes each position in turn, and finish() the result. Each returns the
  // squared TD error of the update it made (observe: 0 for the first position).
  void begin_game();
  double observe(const std::vector<float>& x, double alpha, double lambda);
  double finish(double reward, double alpha);

  // The mean squared TD error of one recorded game under the current weights
  // (no learning): the loss that TD(λ) drives down.
  double td_error(const std::vector<std::vector<float>>& positions, double reward) const;

  // Adds `delta` (td_trace.h's flat parameter layout) to the weights; an
  // error if its size is not the network's parameter count.
  Status apply_delta(const std::vector<double>& delta);
  // ∇_w P(x) by torch's autograd in float64 (the same layout).
  std::vector<double> gradient(const std::vector<float>& x) const;
  // The TD(λ) update of a game against the current weights, left unchanged:
  // the observe/finish sequence of `steps` then `reward` (with `final_alpha`),
  // every P and ∇P by autograd in float64 with these weights, summed.
  std::vector<double> frozen_td_delta(const std::vector<TdStep>& steps, double reward,
                                      double final_alpha) const;

 private:
  struct Impl;
  explicit TdNet(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The plain copy straight from a file (what the players load).
Result<MlpWeights> load_plain_weights(const std::filesystem::path& file);

}  // namespace boyi::bots::learned::gomoku_td
