// Training data from real games: a finished match as one episode per seat — exactly what that
// seat was told, event by event (the move as it saw it, redacted where it was hidden from it,
// and the structured events it got), and at each of its own decisions its view with the legal
// moves and the action it took — with the final result from its side. This is the form
// learning code needs for imperfect-information games (军棋): nothing the seat did not know
// is in its episode until the end. `boyi-admin export` writes episodes as JSON lines or as
// NumPy arrays (npz_export.h).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "boyi/v1/boyi.pb.h"
#include "base/result.h"
#include "engine/core/outcome.h"
#include "referee/record.h"

namespace boyi::data_export {

struct SeatStep {
  std::uint32_t seq = 0;  // the MatchEvent's
  Seat actor = 0;
  std::string told_move;   // the move as this seat saw it ("" when redacted)
  bool redacted = false;
  std::vector<v1::GameEvent> told_events;  // the structured events this seat got
  // This seat's own decisions: its view just before (legal moves listed where the game lists
  // them), the action it took, and its index among the legal moves (-1 when not listed: a
  // 军棋 deployment).
  std::optional<v1::GameView> view_before;
  std::string action;
  int action_index = -1;
};

struct Episode {
  std::string match_id;
  std::string game;
  std::string rules;
  Seat seat = 0;
  Outcome outcome;
  int result = 0;  // from this seat's side: 1 won, 0 drawn or aborted, -1 lost
  std::vector<SeatStep> steps;
};

// Both seats' episodes of a finished match (the record replayed through the wire game).
Result<std::array<Episode, 2>> episodes_of(const std::string& match_id,
                                           const referee::MatchRecord& record);

// One JSON line (no newline), schema "boyi-observations/1" (server/export/README.md).
std::string to_json_line(const Episode& episode);

}  // namespace boyi::data_export
