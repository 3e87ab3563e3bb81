// How the server rates a game: Glicko-2 (server/tournament/glicko2.h) with the parameters
// documented in server/tournament/README.md ("Ratings"). Each rated game is one rating period
// for both players, from both ratings before it; idle time first widens each player's RD by
// one period per day since its last rated game.
#pragma once

#include "server/storage/tournament_store.h"
#include "server/tournament/glicko2.h"

namespace boyi::app {

storage::RateGame glicko2_rater(const tournament::Glicko2Params& params = {});

}  // namespace boyi::app
