#include "bots/learned/surakarta/neural_player.h"

#include <exception>
#include <string>

#include "bots/engines/surakarta/loop_players.h"
#include "bots/learned/surakarta/evaluator.h"
#include "bots/learned/surakarta/neural_mcts.h"
#include "bots/learned/weights.h"

namespace boyi::bots::learned::surakarta_net {

namespace {

using surakarta::Move;
using surakarta::State;

// The hand-made engine a `neural` player plays as when it has no network.
std::unique_ptr<Player<State>> fallback_player(std::string_view text, std::uint64_t seed) {
  PlayerSpec spec;
  spec.name = "loop-mcts";
  auto p = surakarta_engine::make_loop_mcts_player(spec, text, seed);
  return p ? std::move(p).value() : nullptr;
}

class NeuralPlayer final : public Player<State> {
 public:
  NeuralPlayer(std::string name, std::shared_ptr<Evaluator> evaluator,
               const NeuralMctsOptions& options, std::uint64_t seed)
      : name_(std::move(name)),
        options_(options),
        seed_(seed),
        search_(evaluator, options),
        unlimited_search_(evaluator, unlimited(options)) {}
  std::string name() const override { return name_; }

  Move choose(const State& s, Seat seat, const TimeBudget& budget) override {
    try {
      NeuralMcts& search =
          budget.unlimited() && options_.max_playouts < 0 ? unlimited_search_ : search_;
      const auto r = search.search(s, budget);
      if (r.has_move) return r.move;
    } catch (const std::exception& e) {
      warn_once(kWeightsFile, e.what());
      if (!fallback_) fallback_ = fallback_player(name_, seed_);
      if (fallback_) return fallback_->choose(s, seat, budget);
    }
    surakarta::MoveList list;
    s.legal_moves(list);
    return list.empty() ? Move{} : list[0];
  }

 private:
  static NeuralMctsOptions unlimited(NeuralMctsOptions o) {
    if (o.max_playouts < 0) o.max_playouts = kUnlimitedPlayouts;
    return o;
  }

  std::string name_;
  NeuralMctsOptions options_;
  std::uint64_t seed_;
  NeuralMcts search_;
  NeuralMcts unlimited_search_;
  std::unique_ptr<Player<State>> fallback_;
};

#define NP_TRY(var, expr)                                  \
  auto var##_result = (expr);                              \
  if (!var##_result) return Error{var##_result.message()}; \
  auto var = *var##_result

}  // namespace

Result<std::unique_ptr<Player<State>>> make_neural_player(const PlayerSpec& spec,
                                                          std::string_view text,
                                                          std::uint64_t seed) {
  if (auto st = spec.only({"weights", "c", "playouts", "batch", "fpu", "reuse", "mix", "prior", "q",
                           "scale", "init", "w"});
      !st)
    return Error{st.message()};
  NeuralMctsOptions o;
  NP_TRY(c, spec.real("c", o.c_puct, 0.0, 100.0));
  NP_TRY(playouts, spec.integer("playouts", -1, -1, std::int64_t{1} << 40));
  NP_TRY(batch, spec.integer("batch", o.batch, 1, 256));
  NP_TRY(fpu, spec.real("fpu", o.first_play_reduction, 0.0, 2.0));
  NP_TRY(reuse, spec.integer("reuse", 1, 0, 1));
  NP_TRY(mix, spec.real("mix", o.mix, 0.0, 1.0));
  NP_TRY(prior, spec.real("prior", o.tactical_prior, 0.0, 1.0));
  NP_TRY(q, spec.integer("q", o.quiescence_plies, 0, 32));
  NP_TRY(scale, spec.real("scale", o.scale, 1.0, 10000.0));
  NP_TRY(init, spec.integer("init", o.child_values ? 1 : 0, 0, 1));
  NP_TRY(w, spec.real("w", o.minimax_weight, 0.0, 1.0));
  o.c_puct = c;
  o.max_playouts = playouts;
  o.batch = static_cast<int>(batch);
  o.first_play_reduction = fpu;
  o.reuse = reuse != 0;
  o.mix = mix;
  o.tactical_prior = prior;
  o.quiescence_plies = static_cast<int>(q);
  o.scale = scale;
  o.child_values = init != 0;
  o.minimax_weight = w;
  const auto weights = spec.options.count("weights") ? spec.options.at("weights") : std::string();
  auto evaluator = shared_evaluator(weights_path(kWeightsFile, weights));
  if (!evaluator) {
    warn_once(kWeightsFile, evaluator.message());
    auto fallback = fallback_player(text, seed);
    if (!fallback) return fail("neural: no fallback player");
    return fallback;
  }
  std::unique_ptr<Player<State>> p =
      std::make_unique<NeuralPlayer>(std::string(text), *evaluator, o, seed);
  return p;
}

}  // namespace boyi::bots::learned::surakarta_net
