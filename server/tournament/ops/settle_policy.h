// How a tournament settles a game whose match is over: a finished match's result counts (and
// is rated when the match was); an aborted one is played again, and after `max_attempts`
// matches the game is void. Storage records the decision (storage/tournament_store.h).
#pragma once

#include "server/storage/tournament_store.h"

namespace boyi::tournament {

storage::Settlement settle_game(const storage::PlayedGame& game, int max_attempts);

// settle_game with the tournament's attempt limit bound, for TournamentStore::settle.
storage::SettlePolicy settle_policy(int max_attempts);

}  // namespace boyi::tournament
