#include "referee/presets.h"

#include <vector>

#include "engine/games.h"

namespace boyi::referee {
namespace {

Preset from_game(std::string_view game, const GamePreset& p) {
  return {p.name,
          game,
          p.rules_text,
          {p.total_ms, p.per_move_ms, p.increment_ms, p.grace_ms},
          p.description};
}

// Every game's presets (each game keeps its own, engine/<game>/): the competition's first,
// in the order of the list of games, then the others.
std::vector<Preset> collect() {
  std::vector<Preset> out;
  for (const bool competition : {true, false})
    for_each_game([&]<Game G>() {
      if constexpr (requires { G::kPresets; })
        for (const auto& p : G::kPresets)
          if (p.competition == competition) out.push_back(from_game(G::kName, p));
    });
  return out;
}

const std::vector<Preset>& all() {
  static const std::vector<Preset> kAll = collect();
  return kAll;
}

}  // namespace

std::span<const Preset> presets() {
  return all();
}

const Preset* find_preset(std::string_view name) {
  for (const auto& p : all())
    if (p.name == name) return &p;
  return nullptr;
}

MatchConfig config_from_preset(const Preset& preset, std::string match_id) {
  MatchConfig config;
  config.match_id = std::move(match_id);
  config.game = std::string(preset.game);
  config.rules_text = std::string(preset.rules_text);
  config.time = preset.time;
  return config;
}

}  // namespace boyi::referee
