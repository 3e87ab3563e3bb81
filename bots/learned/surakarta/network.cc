#include "bots/learned/surakarta/network.h"

#include <optional>

#include "bots/learned/archive.h"

#include <omp.h>

#include <cstring>
#include <map>
#include <stdexcept>

#include "bots/learned/batcher.h"
#include "bots/learned/device.h"
#include "bots/learned/model_cache.h"
#include "bots/learned/surakarta/evaluator.h"

namespace boyi::bots::learned::surakarta_net {

namespace {

constexpr std::int64_t kMagic = 0x53524B54;  // "SRKT"
constexpr std::int64_t kVersion = 1;
constexpr int kPolicyPlanes = 4;
constexpr int kValuePlanes = 2;
constexpr int kValueHidden = 64;

torch::nn::Conv2dOptions conv(int in, int out, int k) {
  return torch::nn::Conv2dOptions(in, out, k).padding(k / 2);
}

}  // namespace

ResidualBlockImpl::ResidualBlockImpl(int channels) {
  conv1_ = register_module("conv1", torch::nn::Conv2d(conv(channels, channels, 3)));
  conv2_ = register_module("conv2", torch::nn::Conv2d(conv(channels, channels, 3)));
}

torch::Tensor ResidualBlockImpl::forward(const torch::Tensor& x) {
  return torch::relu(x + conv2_->forward(torch::relu(conv1_->forward(x))));
}

SurakartaNetImpl::SurakartaNetImpl(const NetShape& shape) : shape_(shape) {
  const int c = shape.channels;
  stem_ = register_module("stem", torch::nn::Conv2d(conv(kPlanes, c, 3)));
  tower_ = register_module("tower", torch::nn::ModuleList());
  for (int i = 0; i < shape.blocks; ++i) tower_->push_back(ResidualBlock(c));
  policy_conv_ = register_module("policy_conv", torch::nn::Conv2d(conv(c, kPolicyPlanes, 1)));
  policy_fc_ =
      register_module("policy_fc", torch::nn::Linear(kPolicyPlanes * kBoardPoints, kPolicySize));
  value_conv_ = register_module("value_conv", torch::nn::Conv2d(conv(c, kValuePlanes, 1)));
  value_fc1_ =
      register_module("value_fc1", torch::nn::Linear(kValuePlanes * kBoardPoints, kValueHidden));
  value_fc2_ = register_module("value_fc2", torch::nn::Linear(kValueHidden, 1));
}

std::pair<torch::Tensor, torch::Tensor> SurakartaNetImpl::forward(const torch::Tensor& x) {
  auto h = torch::relu(stem_->forward(x));
  for (const auto& block : *tower_) h = block->as<ResidualBlock>()->forward(h);
  auto p = torch::relu(policy_conv_->forward(h)).flatten(1);
  auto logits = policy_fc_->forward(p);
  auto v = torch::relu(value_conv_->forward(h)).flatten(1);
  v = torch::relu(value_fc1_->forward(v));
  auto value = torch::tanh(value_fc2_->forward(v)).squeeze(1);
  return {logits, value};
}

torch::Tensor to_input(std::span<const Planes> planes) {
  auto t = torch::empty(
      {static_cast<std::int64_t>(planes.size()), kPlanes, surakarta::kSize, surakarta::kSize},
      torch::kFloat32);
  if (!planes.empty())
    std::memcpy(t.data_ptr<float>(), planes.data(), planes.size() * sizeof(Planes));
  return t;
}

void evaluate_into(SurakartaNet& net, std::span<const Planes> planes,
                   std::span<NetOutput> outputs) {
  if (planes.empty()) return;
  torch::NoGradGuard no_grad;
  const auto device = net->parameters().front().device();
  auto [logits, value] = net->forward(to_input(planes).to(device));
  logits = logits.to(torch::kCPU).contiguous();
  value = value.to(torch::kCPU).contiguous();
  const float* l = logits.data_ptr<float>();
  const float* v = value.data_ptr<float>();
  for (std::size_t i = 0; i < planes.size(); ++i) {
    outputs[i].value = v[i];
    std::memcpy(outputs[i].logits.data(), l + i * kPolicySize, sizeof(float) * kPolicySize);
  }
}

void write_network(const SurakartaNet& net, torch::serialize::OutputArchive& archive) {
  archive.write("format", torch::tensor({kMagic, kVersion, std::int64_t{kPlanes},
                                         std::int64_t{net->shape().channels},
                                         std::int64_t{net->shape().blocks}},
                                        torch::kInt64));
  torch::serialize::OutputArchive params;
  net->save(params);
  archive.write("net", params);
}

Result<SurakartaNet> read_network(torch::serialize::InputArchive& archive) {
  try {
    torch::Tensor format;
    if (!archive.try_read("format", format) || format.dim() != 1 || format.numel() != 5 ||
        format.scalar_type() != torch::kInt64)
      return fail("not a surakarta network (no format record)");
    const auto* f = format.data_ptr<std::int64_t>();
    if (f[0] != kMagic) return fail("not a surakarta network (wrong magic)");
    if (f[1] != kVersion) return fail("surakarta network version " + std::to_string(f[1]));
    if (f[2] != kPlanes) return fail("surakarta network with " + std::to_string(f[2]) + " planes");
    if (f[3] < 1 || f[3] > 512 || f[4] < 0 || f[4] > 64)
      return fail("surakarta network of an impossible size");
    SurakartaNet net(NetShape{static_cast<int>(f[3]), static_cast<int>(f[4])});
    std::map<std::string, std::vector<std::int64_t>> expected;
    for (const auto& p : net->named_parameters()) expected[p.key()] = p.value().sizes().vec();
    torch::serialize::InputArchive params;
    if (!archive.try_read("net", params)) return fail("surakarta network without parameters");
    net->load(params);
    for (const auto& p : net->named_parameters())
      if (p.value().sizes().vec() != expected[p.key()] ||
          p.value().scalar_type() != torch::kFloat32)
        return fail("surakarta network parameter '" + p.key() + "' has the wrong shape");
    return net;
  } catch (const std::exception& e) {  // c10::Error derives from std::exception
    return fail(std::string("unreadable surakarta network: ") + e.what());
  }
}

Status save_network(const SurakartaNet& net, const std::filesystem::path& file) {
  return save_archive(
      file, [&](torch::serialize::OutputArchive& archive) { write_network(net, archive); });
}

Result<SurakartaNet> load_network(const std::filesystem::path& file) {
  std::optional<SurakartaNet> loaded;
  const Status st = load_archive(file, [&](torch::serialize::InputArchive& archive) -> Status {
    auto net = read_network(archive);
    if (!net) return Error{net.message()};
    loaded = std::move(net).value();
    return {};
  });
  if (!st) return Error{st.message()};
  return std::move(*loaded);
}

namespace {

// One loaded network whose forwards all run on one batcher thread.
class BatchedEvaluator final : public Evaluator {
 public:
  BatchedEvaluator(SurakartaNet net, int max_batch)
      : net_(std::move(net)),
        batcher_(
            [this](std::span<const Planes> in, std::span<NetOutput> out) {
              // One intra-op thread on the batcher's thread (OpenMP's setting is per thread):
              // the throughput comes from batching across matches, and a server running many
              // matches must not oversubscribe its cores with spinning OpenMP teams, which
              // stalls forwards past the players' deadlines.
              static thread_local const bool single = (omp_set_num_threads(1), true);
              (void)single;
              evaluate_into(net_, in, out);
            },
            static_cast<std::size_t>(max_batch)) {
    net_->eval();
  }

  std::vector<NetOutput> evaluate(std::vector<Planes> inputs) override {
    try {
      return batcher_.evaluate(std::move(inputs));
    } catch (const std::exception& e) {
      throw std::runtime_error(std::string("surakarta network: ") + e.what());
    }
  }

  std::unique_ptr<Registration> register_search() override {
    return std::make_unique<ClientRegistration>(batcher_);
  }

  Stats stats() const override {
    const auto s = batcher_.stats();
    return {s.items, s.batches};
  }

  std::string describe() const override {
    return "resnet " + std::to_string(net_->shape().channels) + "ch x " +
           std::to_string(net_->shape().blocks) + " blocks";
  }

 private:
  using Batcher = InferenceBatcher<Planes, NetOutput>;
  class ClientRegistration final : public Registration {
   public:
    explicit ClientRegistration(Batcher& b) : client_(b) {}

   private:
    Batcher::Client client_;
  };

  SurakartaNet net_;
  Batcher batcher_;
};

}  // namespace

Result<std::shared_ptr<Evaluator>> shared_evaluator(const std::filesystem::path& file,
                                                    int max_batch) {
  std::string why;
  auto model = shared_model<Evaluator>(file, [&]() -> std::shared_ptr<Evaluator> {
    auto net = load_network(file);
    if (!net) {
      why = net.message();
      return nullptr;
    }
    // One forward now: torch's first one is slow (lazy initialisation), and it must not eat
    // into the first move's time.
    std::vector<Planes> warm(1);
    std::vector<NetOutput> out(1);
    encode(surakarta::State(), std::nullopt, warm[0]);
    try {
      evaluate_into(net.value(), warm, out);
    } catch (const std::exception& e) {
      why = file.string() + ": the network does not run (" + e.what() + ")";
      return nullptr;
    }
    return std::make_shared<BatchedEvaluator>(std::move(*net), max_batch);
  });
  if (!model) return fail(why.empty() ? "cannot load " + file.string() : why);
  return model;
}

}  // namespace boyi::bots::learned::surakarta_net
