// Decisive tactics, tried before any search: moves whose worth does not
// depend on a deep look ahead.
//  - Take the enemy flag when a piece can reach a post that surely holds it
//    (the revealed flag, or a piece whose every possible identity is the flag).
//  - Defend our flag: an enemy piece next to it takes it on the next move, so
//    attack that piece with the move most likely to remove it (by the
//    beliefs; a bomb always does), the cheapest piece among equals.
//  - The no-battle limit: when our quiet move would end the game, make it if
//    the enemy loses by it, or else fight with the attack of the best
//    expected gain.
#pragma once

#include <optional>

#include "bots/engines/junqi/belief.h"
#include "engine/junqi/junqi.h"

namespace boyi::bots {

// `world` is any sampled world of `belief` (our moves are the same in all).
std::optional<junqi::Move> junqi_decisive_move(const JunqiBelief& belief,
                                               const junqi::State& world);

// P(our attack `m` removes the enemy piece it meets), by the beliefs.
double junqi_removal_chance(const JunqiBelief& belief, const junqi::State& world,
                            const junqi::Move& m);
// The expected material gain of our attack `m` for us, by the beliefs.
double junqi_expected_gain(const JunqiBelief& belief, const junqi::State& world,
                           const junqi::Move& m);

}  // namespace boyi::bots
