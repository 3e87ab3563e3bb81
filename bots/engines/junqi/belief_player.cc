#include "bots/engines/junqi/belief_player.h"

#include <algorithm>
#include <string>

#include "bots/engines/junqi/belief.h"
#include "bots/engines/junqi/belief_search.h"
#include "bots/engines/junqi/deploy_prior.h"
#include "bots/engines/junqi/deployment.h"
#include "bots/engines/junqi/evaluation.h"
#include "bots/engines/junqi/tactics.h"
#include "bots/engines/junqi/world_sampler.h"

namespace boyi::bots {

using namespace junqi;

namespace {

constexpr std::int64_t kUnlimitedPlayouts = 3000;
constexpr double kSearchShare = 0.9;

struct BeliefConfig {
  JunqiSearchOptions search;
  JunqiBeliefOptions belief;
  bool random_layout = false;
  bool tactics = true;
  // qlearn: the final move is the one of highest Q among the moves UCT
  // activated (visited at least half as often as the most visited).
  bool final_by_q = false;
};

// The activated root move of highest Q, or `fallback` when none was visited.
Move final_by_q(const JunqiSearchResult& r, Move fallback) {
  std::int64_t most = 0;
  for (const JunqiRootStat& s : r.root) most = std::max(most, s.visits);
  double best = -1e300;
  for (const JunqiRootStat& s : r.root) {
    if (s.visits == 0 || 2 * s.visits < most) continue;
    if (s.q > best) {
      best = s.q;
      fallback = s.move;
    }
  }
  return fallback;
}

class BeliefPlayer : public Player<State> {
 public:
  BeliefPlayer(std::string name, BeliefConfig config, std::uint64_t seed)
      : name_(std::move(name)), config_(config), rng_(seed) {}
  std::string name() const override { return name_; }

  Move choose(const JunqiSeatInfo& info, Seat seat, const TimeBudget& budget) override {
    if (seat != 0 && seat != 1) return Move{};
    if (!((info.view.deployed >> seat) & 1)) {
      if (config_.random_layout) return State(info.rules).random_deployment(seat, rng_);
      return junqi_generate_deployment(seat, rng_);
    }
    JunqiSeatInfo mine = info;
    mine.seat = seat;
    const JunqiBelief belief(mine, config_.belief);
    const JunqiWorldSampler sampler(mine, belief);
    if (!sampler.ok()) return fallback(mine);
    auto world = sampler.sample(rng_);
    if (!world || world->is_terminal() || world->side() != seat) return fallback(mine);
    if (config_.tactics)
      if (auto m = junqi_decisive_move(belief, *world)) return *m;
    JunqiSearchOptions options = config_.search;
    if (budget.unlimited() && options.max_playouts < 0) options.max_playouts = kUnlimitedPlayouts;
    JunqiBeliefSearch search(options, rng_());
    // A tenth of the soft span is kept back for a loaded machine's scheduling.
    const JunqiSearchResult r = search.search(sampler, seat, budget.share(kSearchShare));
    const Move chosen = config_.final_by_q ? final_by_q(r, r.move) : r.move;
    if (r.has_move && world->check(seat, chosen).ok()) return chosen;
    return random_legal(*world);
  }

 private:
  // The history does not explain the view: play from the view alone (our
  // moves do not depend on what the enemy pieces are).
  Move fallback(const JunqiSeatInfo& info) {
    const JunqiDeterminizer det(info);
    auto world = det.sample(rng_);
    if (!world) return Move{};
    return random_legal(*world);
  }
  Move random_legal(const State& s) {
    State::MoveList list;
    s.legal_moves(list);
    return list.empty() ? Move{} : list[rng_.below(static_cast<std::uint32_t>(list.size()))];
  }

  std::string name_;
  BeliefConfig config_;
  Rng rng_;
};

}  // namespace

Result<std::unique_ptr<Player<State>>> make_junqi_qlearn_player(const PlayerSpec& spec,
                                                                std::string_view text,
                                                                std::uint64_t seed) {
  if (auto st =
          spec.only({"alpha", "gamma", "pieces", "root", "c", "rollout", "worlds", "playouts"});
      !st)
    return Error{st.message()};
  BeliefConfig c;
  JunqiSearchOptions& o = c.search;
  // UCT alone steers the simulations (no Q in the selection), Q-learning
  // learns along them and makes the final choice; no decisive tactics.
  o.q_learning = true;
  o.q_weight = 0;
  c.tactics = false;
  c.final_by_q = true;
  auto alpha = spec.real("alpha", o.alpha, 0.0, 1.0);
  auto gamma = spec.real("gamma", o.gamma, 0.0, 1.0);
  auto pieces = spec.integer("pieces", o.pieces, 0, 25);
  auto root = spec.integer("root", o.root_pieces, 0, 25);
  auto cexp = spec.real("c", o.exploration, 0.0, 100.0);
  auto rollout = spec.integer("rollout", o.rollout, 0, 1000);
  auto worlds = spec.integer("worlds", o.worlds, 1, 100'000);
  auto playouts = spec.integer("playouts", -1, -1, std::int64_t{1} << 40);
  for (const Status& st : {alpha.status(), gamma.status(), pieces.status(), root.status(),
                           cexp.status(), rollout.status(), worlds.status(), playouts.status()})
    if (!st) return Error{st.message()};
  o.alpha = *alpha;
  o.gamma = *gamma;
  o.pieces = static_cast<int>(*pieces);
  o.root_pieces = static_cast<int>(*root);
  o.exploration = *cexp;
  o.rollout = static_cast<int>(*rollout);
  o.worlds = static_cast<int>(*worlds);
  o.max_playouts = *playouts;
  (void)junqi_deploy_prior();
  (void)junqi_move_distance(0, 0);
  std::unique_ptr<Player<State>> p = std::make_unique<BeliefPlayer>(std::string(text), c, seed);
  return p;
}

Result<std::unique_ptr<Player<State>>> make_junqi_belief_player(const PlayerSpec& spec,
                                                                std::string_view text,
                                                                std::uint64_t seed) {
  if (auto st = spec.only({"pieces", "root", "q", "alpha", "gamma", "qw", "c", "rollout", "worlds",
                           "playouts", "layout", "tactics", "prior"});
      !st)
    return Error{st.message()};
  BeliefConfig c;
  JunqiSearchOptions& o = c.search;
  auto pieces = spec.integer("pieces", o.pieces, 0, 25);
  auto root = spec.integer("root", o.root_pieces, 0, 25);
  auto q = spec.integer("q", o.q_learning ? 1 : 0, 0, 1);
  auto alpha = spec.real("alpha", o.alpha, 0.0, 1.0);
  auto gamma = spec.real("gamma", o.gamma, 0.0, 1.0);
  auto qw = spec.real("qw", o.q_weight, 0.0, 1.0);
  auto cexp = spec.real("c", o.exploration, 0.0, 100.0);
  auto rollout = spec.integer("rollout", o.rollout, 0, 1000);
  auto worlds = spec.integer("worlds", o.worlds, 1, 100'000);
  auto playouts = spec.integer("playouts", -1, -1, std::int64_t{1} << 40);
  auto layout = spec.word("layout", "belief", {"belief", "random"});
  auto tactics = spec.integer("tactics", 1, 0, 1);
  auto prior = spec.integer("prior", 1, 0, 1);
  for (const Status& st :
       {pieces.status(), root.status(), q.status(), alpha.status(), gamma.status(), qw.status(),
        cexp.status(), rollout.status(), worlds.status(), playouts.status(), layout.status(),
        tactics.status(), prior.status()})
    if (!st) return Error{st.message()};
  o.pieces = static_cast<int>(*pieces);
  o.root_pieces = static_cast<int>(*root);
  o.q_learning = *q != 0;
  o.alpha = *alpha;
  o.gamma = *gamma;
  o.q_weight = *qw;
  o.exploration = *cexp;
  o.rollout = static_cast<int>(*rollout);
  o.worlds = static_cast<int>(*worlds);
  o.max_playouts = *playouts;
  c.random_layout = *layout == "random";
  c.tactics = *tactics != 0;
  c.belief.deploy_prior = *prior != 0;
  // The tables computed once (the deployment prior, move distances) are built
  // now, not inside the first timed move.
  (void)junqi_deploy_prior();
  (void)junqi_move_distance(0, 0);
  std::unique_ptr<Player<State>> p = std::make_unique<BeliefPlayer>(std::string(text), c, seed);
  return p;
}

JunqiSearchResult junqi_belief_root(const JunqiSeatInfo& info, const JunqiSearchOptions& options,
                                    const TimeBudget& budget, std::uint64_t seed) {
  const JunqiBelief belief(info, JunqiBeliefOptions{});
  const JunqiWorldSampler sampler(info, belief);
  if (!sampler.ok()) return {};
  JunqiBeliefSearch search(options, seed);
  return search.search(sampler, info.seat, budget);
}

}  // namespace boyi::bots
