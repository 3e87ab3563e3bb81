// The `belief` engine of 军棋: its own layout from the deployment generator,
// then, every move, the beliefs about each hidden enemy piece (belief.h), the
// decisive tactics (tactics.h) and otherwise the belief search
// (belief_search.h) over worlds sampled from the beliefs (world_sampler.h).
//
// Spec "belief[:k=v,...]": pieces=N (activated pieces per node, 0: all moves),
// root=N (at the root), q=0|1 (Q-learning coordination), alpha=X, gamma=X,
// qw=X (weight of Q against the Monte-Carlo mean), c=X (UCB1), rollout=N
// (playout plies), worlds=N (distinct sampled worlds), playouts=N (a bound;
// 3000 with an unlimited budget), layout=belief|random, tactics=0|1,
// prior=0|1 (the deployment prior of the beliefs).
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "bots/player.h"
#include "bots/player_options.h"

namespace boyi::bots {

Result<std::unique_ptr<Player<junqi::State>>> make_junqi_belief_player(const PlayerSpec& spec,
                                                                       std::string_view text,
                                                                       std::uint64_t seed);

inline constexpr std::string_view kJunqiBeliefHelp =
    "belief tracking of every hidden piece, worlds sampled from the beliefs, UCT with high-value "
    "multi-piece activation and Q-learning coordination, decisive tactics, own layout generator: "
    "belief[:pieces=N,root=N,q=0|1,alpha=X,gamma=X,qw=X,c=X,rollout=N,worlds=N,playouts=N,"
    "layout=belief|random,tactics=0|1,prior=0|1]";

}  // namespace boyi::bots
