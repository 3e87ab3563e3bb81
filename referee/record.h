// The full record of a finished match: public once the game is over (both
// seats' actions in order, with their server-measured times, and the final
// position in full). The server turns it into JSON and the competition's
// record formats.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/outcome.h"
#include "referee/match_config.h"

namespace boyi::referee {

struct RecordedAction {
  std::uint64_t seq = 0;  // the event that announced it
  Seat seat = 0;
  std::string text;  // canonical notation, exactly as applied (replays the game)
  std::int64_t elapsed_ms = 0;
  std::array<std::int64_t, 2> clock_ms{};  // both clocks after it
  bool operator==(const RecordedAction&) const = default;
};

struct MatchRecord {
  MatchConfig config;
  std::string rules_text;  // canonical (all keys)
  std::vector<RecordedAction> actions;
  Outcome outcome;
  std::string final_text;  // the engine's full_text() of the final position
};

}  // namespace boyi::referee
