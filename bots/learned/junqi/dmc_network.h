// The 军棋 DMC decision network Q(s, a) (internal to bots/learned/junqi: torch).
//
// As the seed's figure 3: an LSTM reads the last 20 steps; its last output is
// joined with the state features and one legal move's action features and
// goes through fully connected layers to one value, Q(s, a) in [-1, 1] (the
// expected final result for the mover). The first fully connected layer over
// the concatenation is written as three linear maps that are summed (the
// state's and the history's computed once per position, broadcast to each of
// its moves) — the same function, without copying the state per move.
//
// A weights file holds one network per seat (the seed's Q1, Q2) and the sizes
// they were built with; loading checks both, so a file of another model, a
// truncated or a garbage file is an error, never a crash.
#pragma once

#include <torch/torch.h>

#include <array>
#include <filesystem>
#include <span>

#include "bots/learned/junqi/dmc_features.h"
#include "base/result.h"

namespace boyi::bots::learned {

struct DmcSizes {
  // The action columns the network reads: kDmcActionFeatures, or
  // kDmcActionFeaturesV1 for weights of the first feature version.
  int actions = kDmcActionFeatures;
  int lstm = 64;
  int hidden1 = 128;
  int hidden2 = 64;
  bool operator==(const DmcSizes&) const = default;
};

struct DmcNetImpl : torch::nn::Module {
  explicit DmcNetImpl(const DmcSizes& sizes = {});
  // state [B, S], history [B, T, M], actions [N, A], owner [N] (the position
  // of each action, int64 in [0, B)) -> Q [N].
  torch::Tensor forward(const torch::Tensor& state, const torch::Tensor& history,
                        const torch::Tensor& actions, const torch::Tensor& owner);

  DmcSizes sizes;
  torch::nn::LSTM lstm{nullptr};
  torch::nn::Linear state_in{nullptr}, history_in{nullptr}, action_in{nullptr};
  torch::nn::Linear hidden{nullptr}, out{nullptr};
};
TORCH_MODULE(DmcNet);

// A batch of positions as tensors (CPU, float32).
struct DmcBatch {
  torch::Tensor state, history, actions, owner;
};
DmcBatch dmc_batch(std::span<const DmcPosition* const> positions);

// Q of every action of one position, by `net` (no gradients).
std::vector<float> dmc_q_values(DmcNet& net, const DmcPosition& position);

// The two seats' networks.
struct DmcPair {
  std::array<DmcNet, 2> net;
  DmcPair();
  explicit DmcPair(const DmcSizes& sizes);
};

// Archive tags of the weights file.
void dmc_save_pair(const DmcPair& pair, torch::serialize::OutputArchive& archive);
Result<DmcPair> dmc_load_pair(torch::serialize::InputArchive& archive);

Status dmc_save_weights(const DmcPair& pair, const std::filesystem::path& file);
Result<DmcPair> dmc_load_weights(const std::filesystem::path& file);

// The weights files' networks averaged parameter by parameter (an average of the exports of
// one run smooths its swings from export to export). Files of different sizes, or none, are
// an error.
Result<DmcPair> dmc_average_weights(std::span<const std::filesystem::path> files);

}  // namespace boyi::bots::learned
