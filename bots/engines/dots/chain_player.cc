#include "bots/engines/dots/chain_player.h"

#include <algorithm>
#include <utility>

namespace boyi::bots::dots_engine {

MctsHooks<dots::State> chain_mcts_hooks(std::shared_ptr<PlayoutPolicy> policy, bool merge) {
  MctsHooks<dots::State> h;
  h.generate = [merge](const dots::State& s, dots::MoveList& list) {
    list.clear();
    const Edges drawn = s.drawn_edges();
    const Degrees deg(drawn);
    // Unmerged, a claim is one edge among all: the tree may take it, leave it, or stop halfway.
    const Edges moves =
        !merge && deg.with(1) ? ~drawn & dots::kAllEdges : searched_edges(drawn, deg);
    for (Edges m = moves; m; m &= m - 1)
      list.push_back(dots::Move{static_cast<std::uint8_t>(std::countr_zero(m))});
  };
  h.rollout_move = [policy](const dots::State& s, dots::MoveList&, Rng& rng) {
    return policy->next(s, rng);
  };
  h.settle = [policy](const dots::State& s) { return policy->settle(s); };
  return h;
}

ChainPlayer::ChainPlayer(std::string name, ChainOptions options, std::uint64_t seed)
    : name_(std::move(name)),
      options_(options),
      policy_(std::make_shared<PlayoutPolicy>(options.playout)),
      solver_(SolverOptions{.table_log2 = options.table_log2}),
      mcts_(options.mcts, chain_mcts_hooks(policy_, options.merge), seed),
      seed_(seed) {}

namespace {

// `fraction` of the span from now to `deadline_ns`, as an instant.
std::int64_t part_of(const TimeBudget& b, std::int64_t deadline_ns, double fraction) {
  const std::int64_t now = b.clock().now_ns();
  return now + static_cast<std::int64_t>(fraction * static_cast<double>(deadline_ns - now));
}

}  // namespace

std::optional<int> ChainPlayer::try_solver(const dots::State& s, Seat seat,
                                           const TimeBudget& budget) {
  const Edges drawn = s.drawn_edges();
  SolverLimits limits{.budget = &budget};
  if (budget.unlimited()) {
    limits.max_nodes = options_.unlimited_solver_nodes;
  } else {
    // Solving is where time turns into certainty: up to solve_time soft budgets, never more
    // than half of what the hard deadline leaves.
    limits.stop_at_ns = part_of(budget, budget.hard_deadline_ns(), 0.5);
    if (budget.soft_deadline_ns() >= 0)
      limits.stop_at_ns = std::min(limits.stop_at_ns,
                                   part_of(budget, budget.soft_deadline_ns(), options_.solve_time));
  }
  // A win needs more of the remaining boxes than the opponent's lead.
  const int target = 1 - (s.score(seat) - s.score(1 - seat));
  const auto win = solver_.solve_at_least(drawn, target, limits);
  report_.solver_nodes = solver_.nodes();
  if (!win) return std::nullopt;
  if (win->value >= target) {
    report_.winning = true;
    report_.solved_value = win->value;
    return win->edge;
  }
  // Lost against perfect play: lose by as little as possible (the opponent may still err).
  const auto best = solver_.solve(drawn, limits);
  report_.solver_nodes += solver_.nodes();
  if (!best) return win->edge;
  report_.solved_value = best->value;
  return best->edge;
}

dots::Move ChainPlayer::choose(const dots::State& s, Seat seat, const TimeBudget& budget) {
  report_ = {};
  note_.reset();
  const Edges drawn = s.drawn_edges();
  const Degrees deg(drawn);
  const CaptureChoice claim = capture_choice(drawn, deg);
  if (options_.merge && claim.kind == CaptureChoice::Kind::kForced) {
    // Taking the box is right whatever follows: nothing to search, but say why (Analyze).
    ChoiceNote n;
    n.method = "forced";
    note_ = n;
    return dots::Move{static_cast<std::uint8_t>(claim.take)};
  }

  const std::int64_t soft = budget.soft_deadline_ns();
  // Out of the solver's reach the playouts tell little (the fight for control is decided by
  // what the solver sees later): spend a part of the soft budget and keep the rest.
  std::int64_t mcts_end = soft >= 0 ? part_of(budget, soft, options_.open_time) : -1;
  if (options_.solve_safe >= 0 && std::popcount(safe_edges(drawn, deg)) <= options_.solve_safe) {
    if (const auto edge = try_solver(s, seat, budget)) {
      report_.by = ChainReport::By::kSolver;
      ChoiceNote n;
      n.method = "solver";
      n.proven = report_.winning;
      n.nodes = report_.solver_nodes;
      // A loss is solved exactly (the final margin); a win only as "at least enough".
      if (!report_.winning && report_.solved_value) {
        n.score = s.score(seat) - s.score(1 - seat) + *report_.solved_value;
        n.unit = "box";
      }
      note_ = n;
      return dots::Move{static_cast<std::uint8_t>(*edge)};
    }
    // The solver ran out of its time: UCT gets the rest of the soft budget, at least a quarter.
    if (soft >= 0) {
      const std::int64_t now = budget.clock().now_ns();
      const std::int64_t soft_span = soft - (now - budget.elapsed_ns());
      mcts_end = std::max(soft, now + soft_span / 4);
    }
  }

  report_.by = ChainReport::By::kMcts;
  MctsResult<dots::Move> r;
  if (budget.unlimited()) {
    if (options_.mcts.max_playouts < 0) {
      MctsOptions bounded = options_.mcts;
      bounded.max_playouts = options_.unlimited_playouts;
      Mcts<dots::State> once(bounded, chain_mcts_hooks(policy_, options_.merge), seed_ + s.ply());
      r = once.search(s, budget);
    } else {
      r = mcts_.search(s, budget);
    }
  } else {
    r = mcts_.search(s, mcts_end >= 0 ? budget.until(mcts_end) : budget);
  }
  report_.playouts = r.playouts;
  if (r.has_move) {
    ChoiceNote n;
    n.method = "uct";
    n.nodes = r.playouts;
    for (const auto& child : r.root)
      if (child.move == r.move) n.win_rate = std::clamp(child.mean, 0.0, 1.0);
    note_ = n;
    return r.move;
  }
  // Unreachable for a running game (the tree always has a child); keep the answer legal.
  return dots::Move{static_cast<std::uint8_t>(std::countr_zero(s.undrawn_edges()))};
}

namespace {

#define CHAIN_TRY(var, expr)                               \
  auto var##_result = (expr);                              \
  if (!var##_result) return Error{var##_result.message()}; \
  auto var = *var##_result

}  // namespace

Result<std::unique_ptr<Player<dots::State>>> make_chain_player(const PlayerSpec& spec,
                                                               std::string_view text,
                                                               std::uint64_t seed) {
  if (auto st =
          spec.only({"c", "alpha", "amaf", "playouts", "expand", "reuse", "solve", "solve_time",
                     "open_time", "tt", "endgame", "rule", "exact", "settle", "merge"});
      !st)
    return Error{st.message()};
  ChainOptions o;
  CHAIN_TRY(c, spec.real("c", 0.7, 0.0, 100.0));
  CHAIN_TRY(alpha, spec.real("alpha", 0.3, 0.0, 1.0));
  CHAIN_TRY(amaf, spec.integer("amaf", 1, 0, 1));
  CHAIN_TRY(playouts, spec.integer("playouts", -1, -1, std::int64_t{1} << 40));
  CHAIN_TRY(expand, spec.integer("expand", 1, 1, 1'000'000));
  CHAIN_TRY(reuse, spec.integer("reuse", 1, 0, 1));
  CHAIN_TRY(solve, spec.integer("solve", o.solve_safe, -1, dots::kEdges));
  CHAIN_TRY(solve_time, spec.real("solve_time", o.solve_time, 0.0, 100.0));
  CHAIN_TRY(open_time, spec.real("open_time", o.open_time, 0.0, 1.0));
  CHAIN_TRY(tt, spec.integer("tt", o.table_log2, 10, 26));
  CHAIN_TRY(endgame, spec.integer("endgame", 1, 0, 1));
  CHAIN_TRY(rule, spec.integer("rule", o.playout.chain_rule_window, 0, dots::kEdges));
  CHAIN_TRY(exact, spec.integer("exact", o.playout.exact_nodes, 0, 1'000'000));
  CHAIN_TRY(settle, spec.integer("settle", o.playout.settle_safe, 0, dots::kEdges));
  CHAIN_TRY(merge, spec.integer("merge", 1, 0, 1));
  o.mcts.exploration = c;
  o.mcts.amaf = amaf ? AmafMode::kAlpha : AmafMode::kOff;
  o.mcts.amaf_alpha = alpha;
  o.mcts.max_playouts = playouts;
  o.mcts.expand_after = static_cast<int>(expand);
  o.mcts.reuse = reuse != 0;
  o.solve_safe = static_cast<int>(solve);
  o.solve_time = solve_time;
  o.open_time = open_time;
  o.table_log2 = static_cast<int>(tt);
  o.playout.endgame = endgame != 0;
  o.playout.chain_rule_window = static_cast<int>(rule);
  o.playout.exact_nodes = static_cast<int>(exact);
  o.playout.settle_safe = static_cast<int>(settle);
  o.merge = merge != 0;
  return std::unique_ptr<Player<dots::State>>(
      std::make_unique<ChainPlayer>(std::string(text), o, seed));
}

}  // namespace boyi::bots::dots_engine
