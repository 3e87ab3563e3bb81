// A match in the terminal: each seat is a person typing moves or the built-in
// random player. Input and output are streams so tests can drive it.
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <memory>

#include "engine/registry.h"

namespace boyi::play {

enum class PlayerKind { kHuman, kRandom };

struct MatchOptions {
  std::array<PlayerKind, 2> players{PlayerKind::kHuman, PlayerKind::kRandom};
  std::uint64_t seed = 1;
  bool show_every_board = false;  // random-vs-random: print the board after every move
};

// Plays until the game ends, a person resigns or quits, or input runs out.
// Returns the outcome (Ending::kAborted when a person quit or input ended).
Outcome play_match(AnyGame& game, const MatchOptions& options, std::istream& in, std::ostream& out);

}  // namespace boyi::play
