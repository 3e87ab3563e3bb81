// The 苏拉卡尔塔 residual policy/value network (torch; included only by this folder's sources).
//
// The seed paper's network: a tower of 3×3 convolutions with residual connections and ReLU
// (a stem convolution, then `blocks` residual blocks of two convolutions each: 6 convolutions
// with the default 3 blocks, as the paper's 6 layers), a policy head with 36×36 = 1296 logits
// (from × to, the oriented frame of features.h) and a value head ending in tanh (the value of
// the position for the side to move). No batch normalisation: the network is small, and
// without it training and inference compute the same function and forwards from several
// threads share no running statistics.
//
// The weights file (torch OutputArchive) holds "format" = [magic, version, planes, channels,
// blocks] beside the parameters ("net"), so a loader rebuilds the architecture and rejects
// another model's file.
#pragma once

#include <torch/torch.h>

#include <filesystem>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "bots/learned/surakarta/features.h"
#include "base/result.h"

namespace boyi::bots::learned::surakarta_net {

struct NetShape {
  int channels = 32;
  int blocks = 3;
  bool operator==(const NetShape&) const = default;
};

class ResidualBlockImpl : public torch::nn::Module {
 public:
  explicit ResidualBlockImpl(int channels);
  torch::Tensor forward(const torch::Tensor& x);

 private:
  torch::nn::Conv2d conv1_{nullptr}, conv2_{nullptr};
};
TORCH_MODULE(ResidualBlock);

class SurakartaNetImpl : public torch::nn::Module {
 public:
  explicit SurakartaNetImpl(const NetShape& shape);
  // x: [N, kPlanes, 6, 6] -> (policy logits [N, 1296], value [N] in [-1, 1]).
  std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& x);
  const NetShape& shape() const { return shape_; }

 private:
  NetShape shape_;
  torch::nn::Conv2d stem_{nullptr};
  torch::nn::ModuleList tower_{nullptr};
  torch::nn::Conv2d policy_conv_{nullptr};
  torch::nn::Linear policy_fc_{nullptr};
  torch::nn::Conv2d value_conv_{nullptr};
  torch::nn::Linear value_fc1_{nullptr}, value_fc2_{nullptr};
};
TORCH_MODULE(SurakartaNet);

// [N, kPlanes, 6, 6] from the encoded planes.
torch::Tensor to_input(std::span<const Planes> planes);

// Runs the network without gradients and copies the results out (outputs.size() == planes.size()).
void evaluate_into(SurakartaNet& net, std::span<const Planes> planes, std::span<NetOutput> outputs);

// The weights file: the network alone.
Status save_network(const SurakartaNet& net, const std::filesystem::path& file);
Result<SurakartaNet> load_network(const std::filesystem::path& file);

// The network as sub-archive `key` of an archive (the trainer's checkpoints reuse these).
void write_network(const SurakartaNet& net, torch::serialize::OutputArchive& archive);
Result<SurakartaNet> read_network(torch::serialize::InputArchive& archive);

}  // namespace boyi::bots::learned::surakarta_net
