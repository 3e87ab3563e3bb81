#include "bots/bridges/default_engine.h"

#include <algorithm>
#include <array>

#include "bots/engines/engines.h"
#include "bots/player.h"
#include "engine/games.h"

namespace boyi::bots {

std::string default_engine_spec(std::string_view game) {
  // The game's primary strong engine, else its last strong one, else uct. Only the strong
  // engines are consulted: the learned players (and libtorch) are not loaded for this.
  constexpr std::array<std::string_view, 4> kPrimary = {"threat", "chain", "loop", "belief"};
  std::string strong, primary;
  visit_game(game, [&]<Game G>() {
    for (const auto& engine : strong_engines<G>()) {
      strong = std::string(engine.name);
      if (std::find(kPrimary.begin(), kPrimary.end(), engine.name) != kPrimary.end())
        primary = strong;
    }
  });
  if (!primary.empty()) return primary;
  return strong.empty() ? "uct" : strong;
}

}  // namespace boyi::bots
