// Reference positions and values for the 点格棋 engine's tests and benchmark: seeded endgames
// (random, or grown by random safe edges as real games grow chains) and a brute-force minimax
// over every edge (a memo, no pruning rule, no symmetry) to check the solver against.
#pragma once

#include <algorithm>
#include <unordered_map>

#include "bots/engines/dots/board.h"
#include "base/rng.h"
#include "engine/dots/dots.h"

namespace boyi::bots::dots_engine::testing {

// The value for the side to move of what remains: its future boxes minus the opponent's.
class BruteForce {
 public:
  int value(Edges drawn) {
    if (drawn == dots::kAllEdges) return 0;
    if (auto it = memo_.find(drawn); it != memo_.end()) return it->second;
    const Degrees deg(drawn);
    int best = -100;
    for (Edges m = ~drawn & dots::kAllEdges; m; m &= m - 1) {
      const int e = std::countr_zero(m);
      const int c = claims(deg, e);
      const int v = c > 0 ? c + value(drawn | edge_bit(e)) : -value(drawn | edge_bit(e));
      best = std::max(best, v);
    }
    memo_.emplace(drawn, best);
    return best;
  }
  // The value of drawing `e` now.
  int value_of(Edges drawn, int e) {
    const int c = claims(Degrees(drawn), e);
    return c > 0 ? c + value(drawn | edge_bit(e)) : -value(drawn | edge_bit(e));
  }

 private:
  std::unordered_map<Edges, int> memo_;
};

// A position `undrawn` edges before the end, reached by seeded play that draws safe edges
// while there are any (`structured`: so chains and loops form as in real games) and random
// edges otherwise.
inline dots::State random_endgame(std::uint64_t seed, int undrawn, bool structured) {
  Rng rng(seed);
  dots::State s{dots::Rules{}};
  dots::MoveList list;
  while (s.undrawn_count() > undrawn) {
    Edges pool = s.undrawn_edges();
    if (structured) {
      const Edges safe = safe_edges(s.drawn_edges(), Degrees(s.drawn_edges()));
      if (safe) pool = safe;
    }
    const int n = std::popcount(pool);
    int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
    for (; pick > 0; --pick) pool &= pool - 1;
    s.apply(dots::Move{static_cast<std::uint8_t>(std::countr_zero(pool))});
  }
  return s;
}

// The first position of a seeded game of random safe edges where no safe edge is left: a
// loony endgame, with every box still unclaimed.
inline dots::State random_loony(std::uint64_t seed) {
  Rng rng(seed);
  dots::State s{dots::Rules{}};
  while (Edges pool = safe_edges(s.drawn_edges(), Degrees(s.drawn_edges()))) {
    for (auto k = rng.below(static_cast<std::uint32_t>(std::popcount(pool))); k > 0; --k)
      pool &= pool - 1;
    s.apply(dots::Move{static_cast<std::uint8_t>(std::countr_zero(pool))});
  }
  return s;
}

}  // namespace boyi::bots::dots_engine::testing
