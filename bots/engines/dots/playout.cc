#include "bots/engines/dots/playout.h"

namespace boyi::bots::dots_engine {
namespace {

int random_edge(Edges m, Rng& rng) {
  for (auto k = rng.below(static_cast<std::uint32_t>(std::popcount(m))); k > 0; --k) m &= m - 1;
  return std::countr_zero(m);
}

}  // namespace

Edges searched_edges(Edges drawn, const Degrees& deg) {
  const CaptureChoice c = capture_choice(drawn, deg);
  if (c.kind == CaptureChoice::Kind::kForced) return edge_bit(c.take);
  if (c.kind == CaptureChoice::Kind::kDecide) return edge_bit(c.take) | edge_bit(c.decline);
  return candidate_edges(analyze(drawn, deg), drawn);
}

int PlayoutPolicy::next_edge(Edges drawn, Rng& rng) {
  const Degrees deg(drawn);
  const CaptureChoice c = capture_choice(drawn, deg);
  if (c.kind == CaptureChoice::Kind::kForced) return c.take;
  const Edges safe = safe_edges(drawn, deg);
  // The solver once the endgame is loony; once it gives up, not again below that position.
  if (!safe && options_.exact_nodes > 0 && (drawn & gave_up_at_) != gave_up_at_) {
    if (const auto solved = solver_.solve(drawn, {.max_nodes = options_.exact_nodes}))
      return solved->edge;
    gave_up_at_ = drawn;
  }
  if (c.kind == CaptureChoice::Kind::kDecide)
    return take_at_decision(drawn, c) ? c.take : c.decline;
  if (safe) return safe_edge(drawn, safe, rng);
  if (!options_.endgame) return random_edge(~drawn & dots::kAllEdges, rng);
  return loony_edge(drawn, analyze(drawn, deg), rng);
}

std::optional<double> PlayoutPolicy::settle(const dots::State& s) {
  if (!options_.endgame || s.is_terminal()) return std::nullopt;
  const Edges drawn = s.drawn_edges();
  const Degrees deg(drawn);
  const int safe = std::popcount(safe_edges(drawn, deg));
  if (safe > options_.settle_safe) return std::nullopt;
  const Seat mover = s.to_move();
  const int lead = s.score(mover) - s.score(1 - mover);
  bool mover_wins = false;
  if (const auto r =
          options_.exact_nodes > 0
              ? solver_.solve_at_least(drawn, 1 - lead, {.max_nodes = options_.exact_nodes})
              : std::nullopt) {
    mover_wins = r->value >= 1 - lead;
  } else {
    if (safe > 0) return std::nullopt;
    const Structure st = analyze(drawn, deg);
    if (st.claimable) return std::nullopt;
    mover_wins = lead + endgame_.value(resolved_components(st, deg)) > 0;
  }
  return mover_wins == (mover == 0) ? 1.0 : 0.0;
}

bool PlayoutPolicy::take_at_decision(Edges drawn, const CaptureChoice& c) {
  if (!options_.endgame) return true;
  Edges rest = drawn;
  for (Boxes m = c.boxes; m; m &= m - 1) rest |= dots::kBoxMask[std::countr_zero(m)];
  const Structure st = analyze(rest);
  if (st.safe) return true;  // the middle game goes on: take
  return endgame_.take_all(components_of(st), c.handed);
}

int PlayoutPolicy::loony_edge(Edges drawn, const Structure& st, Rng& rng) {
  if (st.count == 0) return random_edge(~drawn & dots::kAllEdges, rng);
  const ComponentSet set = components_of(st);
  const SimpleEndgame::Opening best = endgame_.best_opening(set);
  int length = 1;
  bool loop = false;
  if (best.which == -2) {
    length = 2;
  } else if (best.which >= 0) {
    length = set.lengths[best.which] >> 1;
    loop = set.lengths[best.which] & 1;
  }
  for (const Component& c : st)
    if (c.length == length && c.loop == loop) return random_edge(openings(c, drawn), rng);
  return random_edge(openings(st.parts[0], drawn), rng);
}

int PlayoutPolicy::safe_edge(Edges drawn, Edges safe, Rng& rng) {
  if (std::popcount(safe) > options_.chain_rule_window) return random_edge(safe, rng);
  // The long-chain rule: prefer an edge after which the opponent, to move, is not favoured.
  Edges good = 0;
  for (Edges m = safe; m; m &= m - 1) {
    const int e = std::countr_zero(m);
    const Edges after = drawn | edge_bit(e);
    const Degrees deg(after);
    if (!chain_rule_favours_mover(analyze(after, deg), deg)) good |= edge_bit(e);
  }
  return random_edge(good ? good : safe, rng);
}

}  // namespace boyi::bots::dots_engine
