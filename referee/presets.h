// Competition presets: a name a player picks in the lobby ("junqi-ccgc") for a
// game, its rules text and its time control, with the defaults of
// docs/rules/*.md. Presets are data; the table is in presets.cc.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "referee/match_config.h"

namespace boyi::referee {

struct Preset {
  std::string_view name;        // "junqi-ccgc"
  std::string_view game;        // "junqi"
  std::string_view rules_text;  // the engine's rules text
  TimeControl time;
  std::string_view description;  // one line for people
};

// Every preset, competition presets first.
std::span<const Preset> presets();
// The preset of that name, or null.
const Preset* find_preset(std::string_view name);
// A match configuration from a preset with the default policies (illegal-move
// retry with 3 attempts, 30 s disconnect grace, no spectator delay).
MatchConfig config_from_preset(const Preset& preset, std::string match_id);

}  // namespace boyi::referee
