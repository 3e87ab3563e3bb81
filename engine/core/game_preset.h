// A named match setup a game offers: its rules text and time control, as plain data, so each
// game keeps its presets in its own folder (`static constexpr std::array<GamePreset, N>
// kPresets`); the referee turns them into match configurations (referee/presets.h).
#pragma once

#include <cstdint>
#include <string_view>

namespace boyi {

struct GamePreset {
  std::string_view name;        // "junqi-ccgc"
  std::string_view rules_text;  // the engine's rules text
  std::int64_t total_ms = 0;    // per side
  std::int64_t per_move_ms = 0;
  std::int64_t increment_ms = 0;
  std::int64_t grace_ms = 1000;  // network grace added to each move's allowance
  std::string_view description;  // one line for people
  bool competition = false;      // the competition's own setup (listed first)
};

}  // namespace boyi
