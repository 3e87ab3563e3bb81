// The `neural` player of 苏拉卡尔塔: PUCT search (neural_mcts.h) over the policy/value network
// (surakarta-distilled.pt by default; weights=surakarta-sarsa.pt is the seed paper's self-play
// network). Without a loadable weights file it warns once and plays as `loop-mcts`.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "bots/player.h"
#include "bots/player_options.h"
#include "base/result.h"
#include "engine/surakarta/surakarta.h"

namespace boyi::bots::learned::surakarta_net {

// With a budget that has no deadline: the playouts searched by default.
inline constexpr std::int64_t kUnlimitedPlayouts = 800;

// neural[:weights=PATH,c=X,playouts=N,batch=N,fpu=X,reuse=0|1,mix=X,prior=X,init=0|1,w=X,q=N,
//         scale=X]
// mix: share of the loop quiescence value in the leaf value; prior: share of the tactical prior;
// init: quiescence values of the children (backed up minimax-fashion, weight w); q: quiescence
// plies; scale: quiescence units per unit of the logistic.
Result<std::unique_ptr<Player<surakarta::State>>> make_neural_player(const PlayerSpec& spec,
                                                                     std::string_view text,
                                                                     std::uint64_t seed);

}  // namespace boyi::bots::learned::surakarta_net
