#include "bots/learned/junqi/dmc_network.h"

#include <optional>
#include <string>

#include "bots/learned/archive.h"

namespace boyi::bots::learned {

namespace {

constexpr std::int64_t kMagic = 0x4A51444D;  // "JQDM"
constexpr std::int64_t kVersion = 1;

torch::Tensor size_record(const DmcSizes& s) {
  return torch::tensor(
      std::vector<std::int64_t>{kMagic, kVersion, kDmcStateFeatures, kDmcHistory, kDmcMoveFeatures,
                                s.actions, s.lstm, s.hidden1, s.hidden2},
      torch::kInt64);
}

Result<DmcSizes> read_sizes(torch::serialize::InputArchive& archive) {
  torch::Tensor t;
  if (!archive.try_read("junqi_dmc_sizes", t)) return fail("not a junqi-dmc weights file");
  if (t.dim() != 1 || t.numel() != 9 || t.scalar_type() != torch::kInt64)
    return fail("junqi-dmc sizes record is malformed");
  auto v = t.accessor<std::int64_t, 1>();
  if (v[0] != kMagic || v[1] != kVersion) return fail("not a junqi-dmc weights file (version)");
  if (v[2] != kDmcStateFeatures || v[3] != kDmcHistory || v[4] != kDmcMoveFeatures ||
      (v[5] != kDmcActionFeatures && v[5] != kDmcActionFeaturesV1))
    return fail("junqi-dmc weights were made for other features");
  DmcSizes s;
  s.actions = static_cast<int>(v[5]);
  s.lstm = static_cast<int>(v[6]);
  s.hidden1 = static_cast<int>(v[7]);
  s.hidden2 = static_cast<int>(v[8]);
  if (s.lstm < 1 || s.lstm > 4096 || s.hidden1 < 1 || s.hidden1 > 4096 || s.hidden2 < 1 ||
      s.hidden2 > 4096)
    return fail("junqi-dmc sizes out of range");
  return s;
}

// Every parameter of `loaded` has the shape a fresh network of its sizes has.
Status check_shapes(DmcNet& loaded) {
  DmcNet fresh(loaded->sizes);
  auto a = loaded->named_parameters(), b = fresh->named_parameters();
  if (a.size() != b.size()) return fail("junqi-dmc network has the wrong parameters");
  for (const auto& p : b) {
    const torch::Tensor* q = a.find(p.key());
    if (!q || q->sizes() != p.value().sizes() || q->scalar_type() != torch::kFloat32)
      return fail("junqi-dmc parameter " + p.key() + " has the wrong shape");
    if (!torch::isfinite(*q).all().item<bool>())
      return fail("junqi-dmc parameter " + p.key() + " is not finite");
  }
  return {};
}

}  // namespace

DmcNetImpl::DmcNetImpl(const DmcSizes& s) : sizes(s) {
  lstm = register_module(
      "lstm", torch::nn::LSTM(torch::nn::LSTMOptions(kDmcMoveFeatures, s.lstm).batch_first(true)));
  state_in = register_module("state_in", torch::nn::Linear(kDmcStateFeatures, s.hidden1));
  history_in = register_module(
      "history_in", torch::nn::Linear(torch::nn::LinearOptions(s.lstm, s.hidden1).bias(false)));
  action_in = register_module(
      "action_in",
      torch::nn::Linear(torch::nn::LinearOptions(s.actions, s.hidden1).bias(false)));
  hidden = register_module("hidden", torch::nn::Linear(s.hidden1, s.hidden2));
  out = register_module("out", torch::nn::Linear(s.hidden2, 1));
}

torch::Tensor DmcNetImpl::forward(const torch::Tensor& state, const torch::Tensor& history,
                                  const torch::Tensor& actions, const torch::Tensor& owner) {
  auto seq = std::get<0>(lstm->forward(history));      // [B, T, L]
  auto last = seq.select(1, seq.size(1) - 1);          // [B, L]
  auto position = state_in(state) + history_in(last);  // [B, H1]
  // Weights of the first feature version read the columns it had (contiguous, so
  // the product is computed exactly as it was before the columns were added).
  const auto read = actions.size(1) > sizes.actions
                        ? actions.narrow(1, 0, sizes.actions).contiguous()
                        : actions;
  auto h = torch::relu(position.index_select(0, owner) + action_in(read));
  h = torch::relu(hidden(h));
  return torch::tanh(out(h)).squeeze(1);
}

DmcBatch dmc_batch(std::span<const DmcPosition* const> positions) {
  const auto b = static_cast<std::int64_t>(positions.size());
  std::int64_t n = 0;
  for (const DmcPosition* p : positions) n += p->action_count();
  DmcBatch batch;
  batch.state = torch::empty({b, kDmcStateFeatures});
  batch.history = torch::empty({b, kDmcHistory, kDmcMoveFeatures});
  batch.actions = torch::empty({n, kDmcActionFeatures});
  batch.owner = torch::empty({n}, torch::kInt64);
  float* s = batch.state.data_ptr<float>();
  float* h = batch.history.data_ptr<float>();
  float* a = batch.actions.data_ptr<float>();
  std::int64_t* o = batch.owner.data_ptr<std::int64_t>();
  for (std::int64_t i = 0; i < b; ++i) {
    const DmcPosition& p = *positions[static_cast<std::size_t>(i)];
    s = std::copy(p.state.begin(), p.state.end(), s);
    h = std::copy(p.history.begin(), p.history.end(), h);
    a = std::copy(p.actions.begin(), p.actions.end(), a);
    o = std::fill_n(o, p.action_count(), i);
  }
  return batch;
}

std::vector<float> dmc_q_values(DmcNet& net, const DmcPosition& position) {
  if (position.action_count() == 0) return {};
  torch::NoGradGuard no_grad;
  const DmcPosition* one[] = {&position};
  const DmcBatch b = dmc_batch(one);
  const torch::Tensor q = net->forward(b.state, b.history, b.actions, b.owner).contiguous();
  return {q.data_ptr<float>(), q.data_ptr<float>() + q.numel()};
}

DmcPair::DmcPair() : DmcPair(DmcSizes{}) {}
DmcPair::DmcPair(const DmcSizes& sizes) : net{DmcNet(sizes), DmcNet(sizes)} {}

void dmc_save_pair(const DmcPair& pair, torch::serialize::OutputArchive& archive) {
  archive.write("junqi_dmc_sizes", size_record(pair.net[0]->sizes));
  for (int s = 0; s < 2; ++s) {
    torch::serialize::OutputArchive sub;
    pair.net[s]->save(sub);
    archive.write("q" + std::to_string(s + 1), sub);
  }
}

Result<DmcPair> dmc_load_pair(torch::serialize::InputArchive& archive) {
  auto sizes = read_sizes(archive);
  if (!sizes) return Error{sizes.message()};
  DmcPair pair(*sizes);
  for (int s = 0; s < 2; ++s) {
    torch::serialize::InputArchive sub;
    if (!archive.try_read("q" + std::to_string(s + 1), sub))
      return fail("junqi-dmc weights lack network Q" + std::to_string(s + 1));
    pair.net[s]->load(sub);
    if (auto st = check_shapes(pair.net[s]); !st) return Error{st.message()};
  }
  return pair;
}

Status dmc_save_weights(const DmcPair& pair, const std::filesystem::path& file) {
  return save_archive(
      file, [&](torch::serialize::OutputArchive& archive) { dmc_save_pair(pair, archive); });
}

Result<DmcPair> dmc_load_weights(const std::filesystem::path& file) {
  std::optional<DmcPair> loaded;
  const Status st = load_archive(file, [&](torch::serialize::InputArchive& archive) -> Status {
    auto pair = dmc_load_pair(archive);
    if (!pair) return Error{pair.message()};
    loaded = std::move(pair).value();
    return {};
  });
  if (!st) return Error{st.message()};
  for (auto& n : loaded->net) n->eval();
  return std::move(*loaded);
}

Result<DmcPair> dmc_average_weights(std::span<const std::filesystem::path> files) {
  if (files.empty()) return fail("no junqi-dmc weights to average");
  auto first = dmc_load_weights(files.front());
  if (!first) return Error{first.message()};
  DmcPair sum = std::move(first).value();
  const torch::NoGradGuard no_grad;
  for (const auto& file : files.subspan(1)) {
    auto next = dmc_load_weights(file);
    if (!next) return Error{next.message()};
    if (next->net[0]->sizes != sum.net[0]->sizes)
      return fail(file.string() + ": its network's sizes differ from " +
                  files.front().string() + "'s; only one model's weights can be averaged");
    for (int s = 0; s < 2; ++s) {
      auto into = sum.net[s]->parameters();
      const auto from = next->net[s]->parameters();
      for (std::size_t i = 0; i < into.size(); ++i) into[i].add_(from[i]);
    }
  }
  for (auto& net : sum.net)
    for (auto& p : net->parameters()) p.div_(static_cast<double>(files.size()));
  return sum;
}

}  // namespace boyi::bots::learned
