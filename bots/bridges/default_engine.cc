#include "bots/bridges/default_engine.h"

#include <algorithm>
#include <array>

#include "bots/player.h"

namespace boyi::bots {

std::string default_engine_spec(std::string_view game) {
  constexpr std::array<std::string_view, 7> kGeneric = {"random", "greedy", "alphabeta", "minimax",
                                                        "uct",    "mcts",   "ismcts"};
  constexpr std::array<std::string_view, 4> kPrimary = {"threat", "chain", "loop", "belief"};
  std::string strong, primary;
  for (const auto& name : player_names(game)) {
    if (std::find(kGeneric.begin(), kGeneric.end(), name) != kGeneric.end()) continue;
    strong = name;
    if (std::find(kPrimary.begin(), kPrimary.end(), name) != kPrimary.end()) primary = name;
  }
  if (!primary.empty()) return primary;
  return strong.empty() ? "uct" : strong;
}

}  // namespace boyi::bots
