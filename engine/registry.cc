#include "engine/registry.h"

#include <vector>

#include "engine/game_adapter.h"
#include "engine/games.h"

namespace boyi {
namespace {

std::vector<GameInfo> make_infos() {
  std::vector<GameInfo> out;
  for_each_game([&]<Game G>() {
    out.push_back(GameInfo{G::kName, G::kTitle, G::kEnglish, typename G::Rules{}.to_string(),
                           &create_adapted<G>, is_listed<G>(), can_be_drawn<G>(),
                           has_hidden_information<G>()});
  });
  return out;
}

}  // namespace

std::span<const GameInfo> games() {
  static const std::vector<GameInfo> kGames = make_infos();
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
