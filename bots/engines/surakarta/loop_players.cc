#include "bots/engines/surakarta/loop_players.h"

#include <string>

#include "bots/engines/surakarta/loop_mcts.h"
#include "bots/engines/surakarta/loop_search.h"
#include "base/rng.h"

namespace boyi::bots::surakarta_engine {

namespace {

using surakarta::Move;
using surakarta::State;

#define SK_TRY(var, expr)                                  \
  auto var##_result = (expr);                              \
  if (!var##_result) return Error{var##_result.message()}; \
  auto var = *var##_result

// The options both engines share: which evaluation, how much its loop terms and its penalty for
// hanging pieces weigh (percent), and the adjudication blend.
Result<EvalWeights> read_eval(const PlayerSpec& spec) {
  EvalWeights w;
  SK_TRY(eval, spec.word("eval", "loop", {"loop", "material"}));
  SK_TRY(loopw, spec.integer("loopw", 100, 0, 1000));
  SK_TRY(hang, spec.integer("hang", 100, 0, 1000));
  SK_TRY(limit, spec.integer("limit", 1, 0, 1));
  w.loop_terms = eval == "loop";
  for (int* term : {&w.interior, &w.corner, &w.arc_ray, &w.attack, &w.cover, &w.step})
    *term = static_cast<int>(*term * loopw / 100);
  for (int* term : {&w.hanging_one, &w.hanging_more}) *term = static_cast<int>(*term * hang / 100);
  if (!limit) w.limit_horizon = 0;
  return w;
}

Move any_legal(const State& s) {
  surakarta::MoveList list;
  s.legal_moves(list);
  return list.empty() ? Move{} : list[0];
}

class LoopPlayer final : public Player<State> {
 public:
  LoopPlayer(std::string name, const LoopSearchOptions& options, bool depth_given)
      : name_(std::move(name)), options_(options), depth_given_(depth_given), search_(options) {}
  // The search holds a large table: one per player, never copied.
  LoopPlayer(const LoopPlayer&) = delete;
  LoopPlayer& operator=(const LoopPlayer&) = delete;
  std::string name() const override { return name_; }

  Move choose(const State& s, Seat, const TimeBudget& budget) override {
    const bool unbounded = budget.unlimited() && !depth_given_ && options_.max_nodes < 0;
    const auto r = search_.search(s, budget, unbounded ? kUnlimitedDepth : 0);
    note_ = r.has_move ? std::optional<ChoiceNote>(ChoiceNote{"alpha-beta", r.score, "centipiece",
                                                              std::nullopt, std::nullopt, r.depth,
                                                              r.nodes})
                       : std::nullopt;
    return r.has_move ? r.move : any_legal(s);
  }
  std::optional<ChoiceNote> last_note() const override { return note_; }

 private:
  std::string name_;
  LoopSearchOptions options_;
  bool depth_given_;
  LoopSearch search_;
  std::optional<ChoiceNote> note_;
};

class LoopMctsPlayer final : public Player<State> {
 public:
  LoopMctsPlayer(std::string name, const LoopMctsOptions& options, std::uint64_t seed)
      : name_(std::move(name)), options_(options), seed_(seed), search_(options, seed) {}
  std::string name() const override { return name_; }

  Move choose(const State& s, Seat, const TimeBudget& budget) override {
    if (budget.unlimited() && options_.max_playouts < 0) {
      LoopMctsOptions bounded = options_;
      bounded.max_playouts = kUnlimitedPlayouts;
      LoopMcts once(bounded, splitmix64(seed_));
      const auto r = once.search(s, budget);
      return r.has_move ? r.move : any_legal(s);
    }
    const auto r = search_.search(s, budget);
    return r.has_move ? r.move : any_legal(s);
  }

 private:
  std::string name_;
  LoopMctsOptions options_;
  std::uint64_t seed_;
  LoopMcts search_;
};

}  // namespace

SurakartaPlayer make_loop_player(const PlayerSpec& spec, std::string_view text, std::uint64_t) {
  if (auto st = spec.only(
          {"depth", "nodes", "q", "tt", "pvs", "lmr", "order", "eval", "loopw", "hang", "limit"});
      !st)
    return Error{st.message()};
  LoopSearchOptions o;
  SK_TRY(depth, spec.integer("depth", o.max_depth, 1, 64));
  SK_TRY(nodes, spec.integer("nodes", -1, -1, std::int64_t{1} << 50));
  SK_TRY(q, spec.integer("q", o.quiescence_plies, 0, 64));
  SK_TRY(tt, spec.integer("tt", o.tt_log2, 10, 26));
  SK_TRY(pvs, spec.integer("pvs", 1, 0, 1));
  SK_TRY(lmr, spec.integer("lmr", 1, 0, 1));
  SK_TRY(order, spec.integer("order", 1, 0, 1));
  SK_TRY(eval, read_eval(spec));
  o.max_depth = static_cast<int>(depth);
  o.max_nodes = nodes;
  o.quiescence_plies = static_cast<int>(q);
  o.tt_log2 = static_cast<int>(tt);
  o.pvs = pvs != 0;
  o.lmr = lmr != 0;
  o.exchange_order = order != 0;
  o.eval = eval;
  std::unique_ptr<Player<State>> p =
      std::make_unique<LoopPlayer>(std::string(text), o, spec.options.count("depth") > 0);
  return p;
}

SurakartaPlayer make_loop_mcts_player(const PlayerSpec& spec, std::string_view text,
                                      std::uint64_t seed) {
  if (auto st = spec.only({"c", "w", "playouts", "rollout", "q", "scale", "policy", "eval", "loopw",
                           "hang", "limit"});
      !st)
    return Error{st.message()};
  LoopMctsOptions o;
  SK_TRY(c, spec.real("c", o.exploration, 0.0, 100.0));
  SK_TRY(w, spec.real("w", o.minimax_weight, 0.0, 1.0));
  SK_TRY(playouts, spec.integer("playouts", -1, -1, std::int64_t{1} << 40));
  SK_TRY(rollout, spec.integer("rollout", o.rollout_limit, 0, 1'000'000));
  SK_TRY(q, spec.integer("q", o.quiescence_plies, 0, 64));
  SK_TRY(scale, spec.real("scale", o.scale, 1.0, 1e6));
  SK_TRY(policy, spec.integer("policy", 1, 0, 1));
  SK_TRY(eval, read_eval(spec));
  o.exploration = c;
  o.minimax_weight = w;
  o.max_playouts = playouts;
  o.rollout_limit = static_cast<int>(rollout);
  o.quiescence_plies = static_cast<int>(q);
  o.scale = scale;
  o.policy = policy != 0;
  o.eval = eval;
  std::unique_ptr<Player<State>> p = std::make_unique<LoopMctsPlayer>(std::string(text), o, seed);
  return p;
}

}  // namespace boyi::bots::surakarta_engine
