#include "bots/learned/gomoku/mlp.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace boyi::bots::learned::gomoku_td {
namespace {

double sigmoid(double x) {
  return 1.0 / (1.0 + std::exp(-x));
}

}  // namespace

bool MlpWeights::consistent() const {
  const auto h = static_cast<std::size_t>(hidden);
  return inputs == feature_count(features) && hidden > 0 &&
         w1.size() == h * static_cast<std::size_t>(inputs) && b1.size() == h && w2.size() == h;
}

double MlpWeights::predict(const float* x) const {
  // The inputs are mostly one-hot zeros: sum only the non-zero ones (adding a
  // zero term leaves a double sum exactly as it was, so the value is the same).
  std::array<int, kRichInputs> active{};
  int n = 0;
  for (int i = 0; i < inputs; ++i)
    if (x[i] != 0.0F) active[static_cast<std::size_t>(n++)] = i;
  double out = b2;
  for (int j = 0; j < hidden; ++j) {
    const float* row = w1.data() + static_cast<std::size_t>(j) * inputs;
    double a = b1[j];
    for (int k = 0; k < n; ++k) {
      const int i = active[static_cast<std::size_t>(k)];
      a += static_cast<double>(row[i]) * x[i];
    }
    out += w2[j] * sigmoid(a);
  }
  return sigmoid(out);
}

double win_probability(const MlpWeights& net, const gomoku_threat::Position& pos) {
  std::array<float, kRichInputs> x{};
  extract_features_incremental(pos, net.features, x.data());
  return net.predict(x.data());
}

int NetEvaluator::evaluate(const gomoku_threat::Position& pos) const {
  const double black = win_probability(net_, pos);
  const double mine = pos.to_move() == gomoku::Colour::kBlack ? black : 1 - black;
  const double p = std::clamp(mine, 1e-6, 1 - 1e-6);
  return static_cast<int>(std::lround(kScale * std::log(p / (1 - p))));
}

}  // namespace boyi::bots::learned::gomoku_td
