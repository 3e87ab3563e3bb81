// The views of a finished tournament game, rebuilt from its stored journal: what seat 0,
// seat 1 and spectators saw after a given action (or at the end), and the full position
// with every identity, public once the match is over.
#pragma once

#include <optional>

#include "boyi/v1/boyi.pb.h"
#include "server/storage/database.h"

namespace boyi::app {

struct GameViews {
  int actions = 0;  // actions in the match
  int after = 0;    // the views are after this many actions
  v1::GameView seat0, seat1, spectators, full;
  v1::Outcome outcome;
};

// `after`: the number of actions to replay (nullopt: all). An error for a match still
// running (its views are secret until the end) or one whose journal does not replay.
Result<GameViews> finished_game_views(storage::Database& db, storage::Id match,
                                      std::optional<int> after);

}  // namespace boyi::app
