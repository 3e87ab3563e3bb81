// Moves chosen from a seat's wire view alone: what a player falls back on when its
// engine cannot answer (an error, a move the server refused), and what the simplest
// bots play. Never reads more than the view and the match's rules.
#pragma once

#include <string>
#include <vector>

#include "boyi/v1/boyi.pb.h"
#include "base/result.h"
#include "base/rng.h"

namespace boyi::bots {

// A uniformly random action of the viewer in `view`: one of view.legal_moves not in
// `avoid`, or where the choices are not listed (a 军棋 deployment) a random legal
// action of a fresh game under `rules`, which holds nothing of the opponent.
// An error when the viewer may not act or no choice is left.
Result<std::string> random_move_from_view(const std::string& game, const std::string& rules,
                                          const v1::GameView& view, Rng& rng,
                                          const std::vector<std::string>& avoid = {});

}  // namespace boyi::bots
