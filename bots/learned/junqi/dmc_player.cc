#include "bots/learned/junqi/dmc_player.h"

#include <torch/torch.h>

#include <mutex>
#include <string>

#include "bots/engines/junqi/belief_player.h"
#include "bots/engines/junqi/deployment.h"
#include "bots/learned/batcher.h"
#include "bots/learned/junqi/dmc_network.h"
#include "bots/learned/model_cache.h"
#include "bots/learned/weights.h"

namespace boyi::bots::learned {

using namespace junqi;

namespace {

struct DmcRequest {
  std::shared_ptr<const DmcPosition> position;
  int net = 0;  // 0: Q1, 1: Q2
};
using DmcBatcher = InferenceBatcher<DmcRequest, std::vector<float>>;

// One loaded weights file: the two networks and the batcher whose worker runs
// every forward of them.
struct DmcModel {
  explicit DmcModel(DmcPair p) : pair(std::move(p)) {
    batcher = std::make_unique<DmcBatcher>(
        [this](std::span<const DmcRequest> in, std::span<std::vector<float>> out) { run(in, out); },
        32);
  }
  void run(std::span<const DmcRequest> in, std::span<std::vector<float>> out) {
    torch::InferenceMode guard;
    for (int net = 0; net < 2; ++net) {
      std::vector<const DmcPosition*> positions;
      std::vector<std::size_t> slots;
      for (std::size_t i = 0; i < in.size(); ++i)
        if (in[i].net == net && in[i].position->action_count() > 0) {
          positions.push_back(in[i].position.get());
          slots.push_back(i);
        }
      if (positions.empty()) continue;
      const DmcBatch b = dmc_batch(positions);
      const torch::Tensor q =
          pair.net[net]->forward(b.state, b.history, b.actions, b.owner).contiguous();
      const float* at = q.data_ptr<float>();
      for (std::size_t j = 0; j < positions.size(); ++j) {
        const int n = positions[j]->action_count();
        out[slots[j]].assign(at, at + n);
        at += n;
      }
    }
  }
  DmcPair pair;
  std::unique_ptr<DmcBatcher> batcher;  // last: stopped before the networks go
};

std::shared_ptr<DmcModel> load_model(const std::filesystem::path& file) {
  return shared_model<DmcModel>(file, [&]() -> std::shared_ptr<DmcModel> {
    auto pair = dmc_load_weights(file);
    if (!pair) {
      warn_once(kDmcWeightsFile, pair.message() + " — dmc plays as the belief engine");
      return nullptr;
    }
    return std::make_shared<DmcModel>(std::move(pair).value());
  });
}

class DmcPlayer : public Player<State> {
 public:
  DmcPlayer(std::string name, std::shared_ptr<DmcModel> model, int net,
            std::unique_ptr<Player<State>> fallback, std::uint64_t seed)
      : name_(std::move(name)),
        model_(std::move(model)),
        net_(net),
        fallback_(std::move(fallback)),
        rng_(seed) {}
  std::string name() const override { return name_; }

  Move choose(const JunqiSeatInfo& info, Seat seat, const TimeBudget& budget) override {
    if (seat != 0 && seat != 1) return Move{};
    if (!((info.view.deployed >> seat) & 1)) return junqi_generate_deployment(seat, rng_);
    if (!model_) return fallback_->choose(info, seat, budget);
    JunqiSeatInfo mine = info;
    mine.seat = seat;
    const JunqiBelief belief(mine, dmc_belief_options());
    // A history the beliefs cannot explain: the belief engine copes with it.
    if (!belief.ok()) return fallback_->choose(info, seat, budget);
    const std::vector<Move> moves = dmc_legal_moves(mine, rng_);
    if (moves.empty()) return fallback_->choose(info, seat, budget);
    if (moves.size() == 1 || budget.should_stop()) return moves.front();
    DmcRequest request;
    request.position = std::make_shared<DmcPosition>(dmc_features(mine, belief, moves));
    request.net = net_ >= 0 ? net_ : seat;
    std::vector<float> q;
    {
      DmcBatcher::Client client(*model_->batcher);
      q = model_->batcher->evaluate_one(std::move(request));
    }
    std::size_t best = 0;
    for (std::size_t i = 1; i < q.size() && i < moves.size(); ++i)
      if (q[i] > q[best]) best = i;
    return moves[best];
  }

 private:
  std::string name_;
  std::shared_ptr<DmcModel> model_;
  int net_;  // -1: by seat
  std::unique_ptr<Player<State>> fallback_;
  Rng rng_;
};

}  // namespace

Result<std::unique_ptr<Player<State>>> make_junqi_dmc_player(const PlayerSpec& spec,
                                                             std::string_view text,
                                                             std::uint64_t seed) {
  if (auto st = spec.only({"weights", "net"}); !st) return Error{st.message()};
  auto net = spec.word("net", "seat", {"seat", "1", "2"});
  if (!net) return Error{net.message()};
  const auto w = spec.options.find("weights");
  const std::string explicit_path = w == spec.options.end() ? "" : w->second;
  auto belief_spec = PlayerSpec::parse("belief");
  if (!belief_spec) return Error{belief_spec.message()};
  auto fallback = make_junqi_belief_player(*belief_spec, "belief", seed ^ 0x5bd1e995u);
  if (!fallback) return Error{fallback.message()};
  std::shared_ptr<DmcModel> model = load_model(weights_path(kDmcWeightsFile, explicit_path));
  const int which = *net == "seat" ? -1 : std::stoi(*net) - 1;
  std::unique_ptr<Player<State>> p = std::make_unique<DmcPlayer>(
      std::string(text), std::move(model), which, std::move(fallback).value(), seed);
  return p;
}

}  // namespace boyi::bots::learned
