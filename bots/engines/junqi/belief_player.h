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

#include "bots/engines/junqi/belief_search.h"
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

// The multi-piece Q-learning seed's system on its own (张小川 等 2020): the
// same belief search, but UCT alone (UCB1 on the Monte-Carlo mean) activates
// the high-value pieces' moves, Q-learning with α, γ learns along the
// simulations and chooses the final move by Q among the activated root moves;
// no decisive tactics. Spec "qlearn[:alpha=X,gamma=X,pieces=N,root=N,c=X,
// rollout=N,worlds=N,playouts=N]".
Result<std::unique_ptr<Player<junqi::State>>> make_junqi_qlearn_player(const PlayerSpec& spec,
                                                                       std::string_view text,
                                                                       std::uint64_t seed);

inline constexpr std::string_view kJunqiQlearnHelp =
    "the multi-piece Q-learning seed alone: belief-sampled worlds, UCT (Monte-Carlo mean only) "
    "activates the high-value pieces' moves, Q-learning (alpha 0.4, gamma 0.6) picks the final "
    "move among them, no decisive tactics (belief blends Q into UCT and adds tactics): "
    "qlearn[:alpha=X,gamma=X,pieces=N,root=N,c=X,rollout=N,worlds=N,playouts=N]";

// The belief search (no decisive tactics) from what `info`'s seat knows, the seat to move in
// the play phase: its root statistics, empty (has_move false) when the history does not explain
// the view. Every root move is searched when options.root_pieces is 0. A teacher's values of
// each move (boyi-train junqi dmc, teacher=N).
JunqiSearchResult junqi_belief_root(const JunqiSeatInfo& info, const JunqiSearchOptions& options,
                                    const TimeBudget& budget, std::uint64_t seed);

}  // namespace boyi::bots
