// The 军棋 evaluation of a full (determinized) position, for playout cut-offs
// and the Q-learning rewards of the belief search:
//  - material, each piece by a value that depends on the position: engineers
//    are worth more while enemy mines remain and when few are left, bombs
//    while the enemy marshal and general live;
//  - the safety of each flag: an enemy piece next to it (it takes the flag on
//    its move), one that reaches a post next to it in one move (engineers
//    turning on the railway included), others by their distance;
//  - a little for movable pieces that advanced;
//  - the no-battle limit: the side that would lose by it is penalised as the
//    count nears the limit, so it fights in time.
#pragma once

#include <cstdint>

#include "engine/core/outcome.h"
#include "engine/junqi/junqi.h"

namespace boyi::bots {

// Moves a piece that is no engineer needs from one post to another on an
// empty board (road steps and straight rail runs); 99 where none leads.
int junqi_move_distance(int from, int to);

// Every post the piece on `from` may step to now (State's move rules, for
// either side, whoever is to move).
std::uint64_t junqi_reach(const junqi::State& s, int from);

// The value of `owner`'s `piece` in `s` (material units: a marshal is 100).
int junqi_dynamic_value(const junqi::State& s, Seat owner, int piece);

// The evaluation for `seat` in material units (positive: `seat` is better).
int junqi_evaluate_world(const junqi::State& s, Seat seat);

// The evaluation as a chance to win in [0, 1]: the outcome when the game is
// over, else a logistic of the evaluation with `scale` units per e-fold.
double junqi_win_chance(const junqi::State& s, Seat seat, double scale);

}  // namespace boyi::bots
