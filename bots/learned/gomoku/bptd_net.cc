#include "bots/learned/gomoku/bptd_net.h"

#include "bots/learned/archive.h"

#include <torch/torch.h>

#include <string>

namespace boyi::bots::learned::gomoku_td {
namespace {

constexpr std::int64_t kMagic = 0x42505444;  // "BPTD"
constexpr std::int64_t kVersion = 1;
constexpr int kMaxHidden = 4096;

struct BpNetImpl : torch::nn::Module {
  BpNetImpl(int inputs, int hidden)
      : hidden_layer(register_module("hidden", torch::nn::Linear(inputs, hidden))),
        output_layer(register_module("output", torch::nn::Linear(hidden, 1))) {}
  torch::Tensor forward(const torch::Tensor& x) {
    return torch::sigmoid(output_layer(torch::sigmoid(hidden_layer(x))));
  }
  torch::nn::Linear hidden_layer;
  torch::nn::Linear output_layer;
};
TORCH_MODULE(BpNet);

torch::Tensor input_tensor(const std::vector<float>& x) {
  return torch::from_blob(const_cast<float*>(x.data()), {1, static_cast<std::int64_t>(x.size())},
                          torch::kFloat32)
      .clone();
}

}  // namespace

struct TdNet::Impl {
  Impl(FeatureSet f, int h) : features(f), hidden(h), net(feature_count(f), h) {
    for (auto& p : net->parameters()) trace.push_back(torch::zeros_like(p));
  }
  FeatureSet features;
  int hidden;
  BpNet net;
  std::vector<torch::Tensor> trace;
  bool has_prev = false;
  double prev = 0;

  void update(double step) {
    torch::NoGradGuard guard;
    auto params = net->parameters();
    for (std::size_t i = 0; i < params.size(); ++i) params[i].add_(trace[i], step);
  }
  double value(const std::vector<float>& x) {
    torch::NoGradGuard guard;
    return net->forward(input_tensor(x)).item<double>();
  }
};

TdNet::TdNet(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

TdNet::TdNet(FeatureSet features, int hidden, std::uint64_t seed) {
  torch::manual_seed(seed);
  impl_ = std::make_unique<Impl>(features, hidden);
}

TdNet::~TdNet() = default;

FeatureSet TdNet::features() const {
  return impl_->features;
}
int TdNet::inputs() const {
  return feature_count(impl_->features);
}
int TdNet::hidden() const {
  return impl_->hidden;
}

Status TdNet::save(const std::filesystem::path& file, std::int64_t games) const {
  return save_archive(file, [&](torch::serialize::OutputArchive& archive) {
    impl_->net->save(archive);
    archive.write("meta",
                  torch::tensor({kMagic, kVersion, static_cast<std::int64_t>(impl_->features),
                                 static_cast<std::int64_t>(inputs()),
                                 static_cast<std::int64_t>(hidden()), games},
                                torch::kInt64));
  });
}

Result<std::unique_ptr<TdNet>> TdNet::load(const std::filesystem::path& file, std::int64_t* games) {
  std::unique_ptr<TdNet> loaded;
  const Status st = load_archive(file, [&](torch::serialize::InputArchive& archive) -> Status {
    torch::Tensor meta;
    if (!archive.try_read("meta", meta) || meta.dim() != 1 || meta.numel() != 6 ||
        meta.scalar_type() != torch::kInt64)
      return fail("no BP-TD network (no meta record)");
    const auto m = meta.accessor<std::int64_t, 1>();
    if (m[0] != kMagic || m[1] != kVersion)
      return fail("no BP-TD network of version " + std::to_string(kVersion));
    if (m[2] != static_cast<std::int64_t>(FeatureSet::kPaper) &&
        m[2] != static_cast<std::int64_t>(FeatureSet::kRich))
      return fail("unknown feature set");
    const auto features = static_cast<FeatureSet>(m[2]);
    if (m[3] != feature_count(features) || m[4] < 1 || m[4] > kMaxHidden)
      return fail("inconsistent network sizes");
    auto impl = std::make_unique<Impl>(features, static_cast<int>(m[4]));
    impl->net->load(archive);
    for (const auto& p : impl->net->parameters())
      if (!torch::isfinite(p).all().item<bool>()) return fail("weights are not finite");
    if (games != nullptr) *games = m[5];
    loaded.reset(new TdNet(std::move(impl)));
    return {};
  });
  if (!st) return Error{st.message()};
  return loaded;
}

double TdNet::predict(const std::vector<float>& x) const {
  return impl_->value(x);
}

MlpWeights TdNet::plain() const {
  torch::NoGradGuard guard;
  MlpWeights w;
  w.features = impl_->features;
  w.inputs = inputs();
  w.hidden = hidden();
  auto copy = [](const torch::Tensor& t) {
    const torch::Tensor c = t.contiguous().to(torch::kFloat32);
    return std::vector<float>(c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
  };
  w.w1 = copy(impl_->net->hidden_layer->weight);
  w.b1 = copy(impl_->net->hidden_layer->bias);
  w.w2 = copy(impl_->net->output_layer->weight);
  w.b2 = impl_->net->output_layer->bias.item<float>();
  return w;
}

void TdNet::begin_game() {
  for (auto& e : impl_->trace) e.zero_();
  impl_->has_prev = false;
}

double TdNet::observe(const std::vector<float>& x, double alpha, double lambda) {
  Impl& s = *impl_;
  double squared = 0;
  if (s.has_prev) {
    const double delta = s.value(x) - s.prev;
    s.update(alpha * delta);
    squared = delta * delta;
  }
  // ∇P at this position (after the update), folded into the trace.
  s.net->zero_grad();
  const torch::Tensor p = s.net->forward(input_tensor(x)).sum();
  p.backward();
  {
    torch::NoGradGuard guard;
    auto params = s.net->parameters();
    for (std::size_t i = 0; i < params.size(); ++i) s.trace[i].mul_(lambda).add_(params[i].grad());
  }
  s.prev = p.item<double>();
  s.has_prev = true;
  return squared;
}

double TdNet::finish(double reward, double alpha) {
  Impl& s = *impl_;
  if (!s.has_prev) return 0;
  const double delta = reward - s.prev;
  s.update(alpha * delta);
  s.has_prev = false;
  return delta * delta;
}

double TdNet::td_error(const std::vector<std::vector<float>>& positions, double reward) const {
  if (positions.empty()) return 0;
  double sum = 0, prev = impl_->value(positions[0]);
  for (std::size_t t = 1; t < positions.size(); ++t) {
    const double next = impl_->value(positions[t]);
    sum += (next - prev) * (next - prev);
    prev = next;
  }
  sum += (reward - prev) * (reward - prev);
  return sum / static_cast<double>(positions.size());
}

namespace {

// The network's parameters as float64 leaves that autograd can differentiate.
std::vector<torch::Tensor> float64_leaves(BpNet& net) {
  torch::NoGradGuard guard;
  std::vector<torch::Tensor> leaves;
  for (const auto& p : net->parameters())
    leaves.push_back(p.detach().to(torch::kFloat64).clone().set_requires_grad(true));
  return leaves;
}

// P(black wins) of x and ∇P over `leaves`, flat in parameter order.
std::pair<double, std::vector<double>> float64_gradient(const std::vector<torch::Tensor>& leaves,
                                                        const std::vector<float>& x) {
  const torch::Tensor in = input_tensor(x).to(torch::kFloat64);
  const torch::Tensor hidden =
      torch::sigmoid(torch::nn::functional::linear(in, leaves[0], leaves[1]));
  const torch::Tensor p =
      torch::sigmoid(torch::nn::functional::linear(hidden, leaves[2], leaves[3])).sum();
  const auto grads = torch::autograd::grad({p}, leaves);
  std::vector<double> flat;
  for (const auto& g : grads) {
    const torch::Tensor c = g.contiguous();
    flat.insert(flat.end(), c.data_ptr<double>(), c.data_ptr<double>() + c.numel());
  }
  return {p.item<double>(), std::move(flat)};
}

}  // namespace

Status TdNet::apply_delta(const std::vector<double>& delta) {
  torch::NoGradGuard guard;
  auto params = impl_->net->parameters();
  std::size_t total = 0;
  for (const auto& p : params) total += static_cast<std::size_t>(p.numel());
  if (delta.size() != total)
    return fail("a TD(λ) delta of " + std::to_string(delta.size()) + " values for a network of " +
                std::to_string(total) + " parameters");
  std::size_t at = 0;
  for (auto& p : params) {
    const auto n = static_cast<std::size_t>(p.numel());
    const torch::Tensor d =
        torch::from_blob(const_cast<double*>(delta.data() + at), p.sizes(), torch::kFloat64);
    p.copy_((p.to(torch::kFloat64) + d).to(torch::kFloat32));
    at += n;
  }
  return {};
}

std::vector<double> TdNet::gradient(const std::vector<float>& x) const {
  return float64_gradient(float64_leaves(impl_->net), x).second;
}

std::vector<double> TdNet::frozen_td_delta(const std::vector<TdStep>& steps, double reward,
                                           double final_alpha) const {
  const auto leaves = float64_leaves(impl_->net);
  std::size_t total = 0;
  for (const auto& l : leaves) total += static_cast<std::size_t>(l.numel());
  std::vector<double> trace(total, 0.0), delta(total, 0.0);
  auto add_trace = [&](double step) {
    for (std::size_t i = 0; i < total; ++i) delta[i] += step * trace[i];
  };
  double prev = 0;
  for (std::size_t t = 0; t < steps.size(); ++t) {
    const auto [p, grad] = float64_gradient(leaves, steps[t].x);
    if (t > 0) add_trace(steps[t].alpha * (p - prev));
    for (std::size_t i = 0; i < total; ++i) trace[i] = steps[t].lambda * trace[i] + grad[i];
    prev = p;
  }
  if (!steps.empty()) add_trace(final_alpha * (reward - prev));
  return delta;
}

Result<MlpWeights> load_plain_weights(const std::filesystem::path& file) {
  auto net = TdNet::load(file);
  if (!net) return Error{net.message()};
  return (*net)->plain();
}

}  // namespace boyi::bots::learned::gomoku_td
