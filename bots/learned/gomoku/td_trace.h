// TD(λ) of one game against frozen weights, in plain C++ (no torch): what a
// parallel self-play worker (bptd_method.cc, threads > 1) computes while its
// game runs, to be added to the network after the round.
//
// The online update of bptd_net.h applies α (P_{t+1} − P_t) e_t after every
// move; here every P and ∇P is taken with the same frozen weights w and the
// updates are summed instead:
//   e_t = λ_t e_{t−1} + ∇_w P(x_t),   Δ = Σ_t α_{t+1} (P(x_{t+1}) − P(x_t)) e_t
// with the result R as the last P. ∇P of the two-layer sigmoid net is written
// out by hand (tested against torch's autograd in bptd_parallel_test.cc).
//
// Parameter layout of a gradient or delta (flat, in torch's parameter order):
// hidden weight (hidden × inputs, row-major), hidden bias (hidden), output
// weight (hidden), output bias (1).
#pragma once

#include <cstddef>
#include <vector>

#include "bots/learned/gomoku/mlp.h"

namespace boyi::bots::learned::gomoku_td {

// The number of parameters of a network of this shape.
std::size_t parameter_count(const MlpWeights& net);

// P(black wins) of x, and ∇_w P written to `gradient` (parameter_count values).
double value_and_gradient(const MlpWeights& net, const float* x, double* gradient);

class FrozenTdLambda {
 public:
  explicit FrozenTdLambda(const MlpWeights& net);

  // Like TdNet::observe / finish: the position x (with the step size and trace
  // decay of its schedule), then the game's result. Each returns the squared
  // TD error of its term (observe: 0 for the first position).
  double observe(const float* x, double alpha, double lambda);
  double finish(double reward, double alpha);

  // The summed update of the game so far (parameter layout above).
  const std::vector<double>& delta() const { return delta_; }

 private:
  void add_trace(double step);

  const MlpWeights& net_;
  std::vector<double> trace_, delta_, gradient_;
  bool has_prev_ = false;
  double prev_ = 0;
};

}  // namespace boyi::bots::learned::gomoku_td
