#include "bots/learned/gomoku/td_trace.h"

#include <cmath>

namespace boyi::bots::learned::gomoku_td {
namespace {

double sigmoid(double x) {
  return 1.0 / (1.0 + std::exp(-x));
}

}  // namespace

std::size_t parameter_count(const MlpWeights& net) {
  const auto h = static_cast<std::size_t>(net.hidden);
  return h * static_cast<std::size_t>(net.inputs) + 2 * h + 1;
}

double value_and_gradient(const MlpWeights& net, const float* x, double* gradient) {
  const int n = net.inputs, h = net.hidden;
  const std::size_t w1_size = static_cast<std::size_t>(h) * n;
  double* g_w1 = gradient;
  double* g_b1 = g_w1 + w1_size;
  double* g_w2 = g_b1 + h;
  double* g_b2 = g_w2 + h;
  // Forward: the hidden activations go to g_w2 (∂out/∂w2_j = s_j).
  double out = net.b2;
  for (int j = 0; j < h; ++j) {
    const float* row = net.w1.data() + static_cast<std::size_t>(j) * n;
    double a = net.b1[j];
    for (int i = 0; i < n; ++i) a += static_cast<double>(row[i]) * x[i];
    g_w2[j] = sigmoid(a);
    out += net.w2[j] * g_w2[j];
  }
  const double p = sigmoid(out);
  // Backward: dP/dout = p (1 − p); dout/da_j = w2_j s_j (1 − s_j).
  const double d_out = p * (1 - p);
  *g_b2 = d_out;
  for (int j = 0; j < h; ++j) {
    const double s = g_w2[j];
    const double d_a = d_out * net.w2[j] * s * (1 - s);
    g_w2[j] = d_out * s;
    g_b1[j] = d_a;
    double* row = g_w1 + static_cast<std::size_t>(j) * n;
    for (int i = 0; i < n; ++i) row[i] = d_a * x[i];
  }
  return p;
}

FrozenTdLambda::FrozenTdLambda(const MlpWeights& net)
    : net_(net),
      trace_(parameter_count(net), 0.0),
      delta_(parameter_count(net), 0.0),
      gradient_(parameter_count(net), 0.0) {}

void FrozenTdLambda::add_trace(double step) {
  for (std::size_t i = 0; i < delta_.size(); ++i) delta_[i] += step * trace_[i];
}

double FrozenTdLambda::observe(const float* x, double alpha, double lambda) {
  const double p = value_and_gradient(net_, x, gradient_.data());
  double squared = 0;
  if (has_prev_) {
    const double d = p - prev_;
    add_trace(alpha * d);
    squared = d * d;
  }
  for (std::size_t i = 0; i < trace_.size(); ++i) trace_[i] = lambda * trace_[i] + gradient_[i];
  prev_ = p;
  has_prev_ = true;
  return squared;
}

double FrozenTdLambda::finish(double reward, double alpha) {
  if (!has_prev_) return 0;
  const double d = reward - prev_;
  add_trace(alpha * d);
  has_prev_ = false;
  return d * d;
}

}  // namespace boyi::bots::learned::gomoku_td
