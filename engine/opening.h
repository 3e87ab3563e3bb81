// An opening from a suite (boyi-match --openings, a tournament's `openings` setting): actions
// in the game's notation played for the seats before the players take over, each by the first
// seat that may act (WireMatch::play_opening plays them the same way on the server).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "base/rng.h"

namespace boyi {

// An opening suite file: one opening per line, its actions in the game's notation separated
// by spaces; '#' starts a comment, blank lines are skipped.
Result<std::vector<std::vector<std::string>>> read_opening_suite(const std::string& path);

// Whether `actions` can be played from the start of `game` under `rules`, leaving a game
// still to play; the error names the first action that cannot.
Status check_opening(std::string_view game, std::string_view rules,
                     const std::vector<std::string>& actions);

// `plies` random legal actions from the start of `game` under `rules`, each by the first seat
// that may act (fewer when the game ends: an opening leaves a game to play, so it stops one
// action short of an ending).
Result<std::vector<std::string>> random_opening(std::string_view game, std::string_view rules,
                                                int plies, Rng& rng);

}  // namespace boyi
