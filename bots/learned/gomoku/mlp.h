// The BP-TD(λ) network as plain C++ for the search's hot path: one hidden
// layer of sigmoid units and one sigmoid output, P(black wins). The search
// evaluates thousands of leaves per move, where a torch call per leaf would
// cost more than the whole evaluation; the weights are copied from the torch
// module (bptd_net.h) when it loads or trains.
#pragma once

#include <memory>
#include <vector>

#include "bots/engines/gomoku/evaluator.h"
#include "bots/learned/gomoku/features.h"

namespace boyi::bots::learned::gomoku_td {

struct MlpWeights {
  FeatureSet features = FeatureSet::kPaper;
  int inputs = kPaperInputs;
  int hidden = 14;
  std::vector<float> w1;  // hidden × inputs, row-major
  std::vector<float> b1;  // hidden
  std::vector<float> w2;  // hidden
  float b2 = 0;

  bool consistent() const;
  // P(black wins) for the inputs x (`inputs` values).
  double predict(const float* x) const;
};

// P(black wins) of a position.
double win_probability(const MlpWeights& net, const gomoku_threat::Position& pos);

// The network as the threat engine's leaf evaluation: the side to move's
// winning chance as a log-odds in engine units (kScale per unit of logit,
// clamped), so the search compares leaves by the network alone.
class NetEvaluator : public gomoku_threat::PositionEvaluator {
 public:
  static constexpr double kScale = 1000;
  explicit NetEvaluator(MlpWeights net) : net_(std::move(net)) {}
  int evaluate(const gomoku_threat::Position& pos) const override;
  const MlpWeights& net() const { return net_; }
  // For a single-threaded owner (self-play) whose network learns as it plays.
  void set_net(MlpWeights net) { net_ = std::move(net); }

 private:
  MlpWeights net_;
};

}  // namespace boyi::bots::learned::gomoku_td
