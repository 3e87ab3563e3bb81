// Small pieces shared by the generic searches: move keys, outcome scores and
// the side that acts in a state.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "engine/core/game.h"

namespace boyi::bots {

// Scores are from the point of view of one seat, in evaluation units; a win is
// kWinScore minus the plies to reach it so shorter wins are preferred.
inline constexpr int kWinScore = 1'000'000;
inline constexpr int kInfinity = 2'000'000;
inline constexpr int kWinThreshold = kWinScore - 10'000;  // beyond this: a proven result

// A 64-bit key of a move's bytes (every move type of the engine is a plain value
// without padding), for history tables, AMAF sets and node lookup.
template <class Move>
std::uint64_t move_key(const Move& m) {
  static_assert(std::has_unique_object_representations_v<Move>,
                "move_key hashes the bytes of a move: it must have no padding");
  unsigned char bytes[sizeof(Move)];
  std::memcpy(bytes, &m, sizeof(Move));
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char b : bytes) h = (h ^ b) * 0x100000001b3ull;
  return h ^ (h >> 29);
}

// The seat whose decision the state waits for in the sequential phase.
// (Games with a simultaneous phase report kPublic there; the searches leave
// that phase to a layout generator.)
template <Game G>
Seat acting_seat(const G& s) {
  return s.to_move();
}

// The exact score of a finished game for `seat`, `ply` plies from the root.
inline int terminal_score(const Outcome& o, Seat seat, int ply) {
  if (!o.winner.has_value()) return 0;
  return *o.winner == seat ? kWinScore - ply : -(kWinScore - ply);
}

// The result of a finished game for `seat` in [0, 1] (win 1, draw 0.5, loss 0).
inline double terminal_reward(const Outcome& o, Seat seat) {
  if (!o.winner.has_value()) return 0.5;
  return *o.winner == seat ? 1.0 : 0.0;
}

}  // namespace boyi::bots
