#include "engine/registry.h"

#include "engine/dots/dots.h"
#include "engine/game_adapter.h"
#include "engine/gomoku/gomoku.h"
#include "engine/junqi/junqi.h"
#include "engine/surakarta/surakarta.h"

namespace boyi {
namespace {

template <Game G>
GameInfo info(std::string_view english) {
  return GameInfo{G::kName, G::kTitle, english, typename G::Rules{}.to_string(),
                  &create_adapted<G>};
}

}  // namespace

std::span<const GameInfo> games() {
  static const GameInfo kGames[] = {
      info<junqi::State>("Junqi (two-player, hidden pieces)"),
      info<gomoku::State>("Gomoku / Renju"),
      info<dots::State>("Dots and Boxes"),
      info<surakarta::State>("Surakarta"),
  };
  return kGames;
}

const GameInfo* find_game(std::string_view name) {
  for (const auto& g : games())
    if (g.name == name) return &g;
  return nullptr;
}

Result<std::unique_ptr<AnyGame>> create_game(std::string_view name, std::string_view rules_text) {
  const GameInfo* info = find_game(name);
  if (!info) {
    std::string known;
    for (const auto& g : games()) known += (known.empty() ? "" : ", ") + std::string(g.name);
    return Error{"unknown game '" + std::string(name) + "' (known: " + known + ")"};
  }
  return info->create(rules_text);
}

}  // namespace boyi
