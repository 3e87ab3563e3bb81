// The seed paper's high-value multi-piece activation, and the playout policy.
//
// Of the side to move, only the moves of a few "activated" pieces are searched
// at a node: the pieces scored highest by value plus what they can do now (in
// contact with an enemy piece, close to an enemy headquarters, defending the
// own flag). Moves that answer a danger are always added whatever piece makes
// them: attacks on an enemy piece near the own flag or on a headquarters,
// moves onto a post next to an enemy headquarters (one step from its flag),
// moves onto the posts around the own flag while an enemy piece could reach
// them (as an engineer flies), and, when the no-battle limit presses the side
// to move, every attack. The score reads only the
// mover's own identities and where enemy pieces stand, so for our side it is
// the same in every sampled world.
#pragma once

#include <cstdint>

#include "base/rng.h"
#include "engine/junqi/junqi.h"

namespace boyi::bots {

// The activated moves of the side to move (all legal moves when `pieces` <= 0
// or when the side has no more movable pieces than that). Never empty while
// the side has a legal move.
void junqi_activated_moves(const junqi::State& s, int pieces, junqi::State::MoveList& out);

// The expected material swing of an attack for the attacker when both
// identities are known (a flag capture is worth most).
int junqi_battle_gain(const junqi::State& s, const junqi::Move& m);

// A playout move: a flag capture at once; otherwise, most of the time, the
// best winning attack; else a random legal move. `list` is scratch space.
junqi::Move junqi_playout_move(const junqi::State& s, junqi::State::MoveList& list, Rng& rng);

}  // namespace boyi::bots
