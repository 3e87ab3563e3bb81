// The analysis board's engine: for a position reached by a list of actions, what a player
// (an engine by its spec) would play and the line it expects, with its own account of the
// first choice (ChoiceNote: a score, a win rate or a proven result). Perfect-information
// games only: a 军棋 position's hidden pieces are the players' secrets even after the game.
//
// The line is the player choosing for each side in turn, a share of the time each: the
// engine's continuation, not a principal variation read from one search tree.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/result.h"
#include "bots/player.h"
#include "engine/core/outcome.h"

namespace boyi::bots {

struct Analysis {
  Seat to_move = kPublic;         // who chooses at the position
  int ply = 0;                    // the position's ply
  std::vector<std::string> line;  // the best move first, then the expected replies (notation)
  std::vector<Seat> line_seats;   // who plays each move of the line
  std::optional<ChoiceNote> note; // the player's account of the best move
  std::string player;             // the spec that analysed
};

struct AnalysisRequest {
  std::string game, rules;
  std::vector<std::pair<Seat, std::string>> actions;  // the actions leading to the position
  std::string player_spec;  // e.g. "threat", "chain", "loop"
  std::int64_t budget_ms = 1000;  // for the whole analysis
  int line_plies = 6;
  std::uint64_t seed = 1;
  const StopSignal* stop = nullptr;  // raised: answer at once with what is found
};

// The analysis, or why not (a hidden-information game, actions that do not replay, a
// finished position, a bad spec).
Result<Analysis> analyse(const AnalysisRequest& request);

}  // namespace boyi::bots
