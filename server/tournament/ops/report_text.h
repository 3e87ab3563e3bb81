// The tournament as plain text for terminals (boyi-admin tournament show, boyi-tourney):
// a header line, the standings with tie-breaks and Elo [95%], the crosstable and, when
// asked, every game.
#pragma once

#include <string>

#include "server/tournament/ops/tournament_ops.h"

namespace boyi::tournament {

std::string standings_text(const LoadedTournament& t, bool with_games);

}  // namespace boyi::tournament
