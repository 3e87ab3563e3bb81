// A slow, obviously-correct reference for the tests and the benchmark baseline: legal moves and
// the end of the game written straight from docs/rules/surakarta.md. It shares no
// move-generation code with the engine; it reads the board only through State's accessors.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/core/outcome.h"
#include "engine/surakarta/surakarta.h"

namespace boyi::surakarta::reference {

// Every legal move of the side to move as "XYXY" text, sorted, each once; empty once the game
// is over (by reference::ending below).
std::vector<std::string> legal_moves(const State& state);

// Ending and winner by the rules (the detail text is left empty); Ending::kNone while running.
struct Verdict {
  Ending ending = Ending::kNone;
  std::optional<Seat> winner;
  bool operator==(const Verdict&) const = default;
};
Verdict ending(const State& state);

}  // namespace boyi::surakarta::reference
