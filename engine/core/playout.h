// Random play on the fast path: the default policy of Monte-Carlo search, and
// the workload of the engine's tests and benchmarks.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/game.h"
#include "base/rng.h"

namespace boyi {

// The initial position; for games that begin with secret layouts (军棋) each
// seat's layout is drawn at random first.
template <Game G>
G random_start(const typename G::Rules& rules, Rng& rng) {
  G state{rules};
  if constexpr (requires(Seat s) { state.random_deployment(s, rng); }) {
    for (Seat s = 0; s < kSeats; ++s)
      if (state.can_act(s)) state.apply(state.random_deployment(s, rng));
  }
  return state;
}

// Applies a uniformly random legal move; false when the side to move has none.
template <Game G>
bool apply_random_move(G& state, typename G::MoveList& list, Rng& rng) {
  state.legal_moves(list);
  if (list.empty()) return false;
  state.apply(list[rng.below(static_cast<std::uint32_t>(list.size()))]);
  return true;
}

// Plays random moves to the end of the game; returns the number of moves played.
template <Game G>
int play_out(G& state, Rng& rng) {
  typename G::MoveList list;
  int plies = 0;
  while (!state.is_terminal() && apply_random_move(state, list, rng)) ++plies;
  return plies;
}

// Every `every`-th position of `games` seeded random games (terminal ones left out).
template <Game G>
std::vector<G> sample_positions(const typename G::Rules& rules, int games, int every,
                                std::uint64_t seed) {
  std::vector<G> out;
  Rng rng(seed);
  typename G::MoveList list;
  for (int g = 0; g < games; ++g) {
    G state = random_start<G>(rules, rng);
    for (int ply = 0; !state.is_terminal(); ++ply) {
      if (ply % every == 0) out.push_back(state);
      if (!apply_random_move(state, list, rng)) break;
    }
  }
  return out;
}

}  // namespace boyi
