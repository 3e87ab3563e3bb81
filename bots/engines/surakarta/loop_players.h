// The players `loop` (alpha-beta, loop_search.h) and `loop-mcts` (UCT, loop_mcts.h) made from a
// player spec; engines.cc registers them by name.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "bots/player.h"
#include "bots/player_options.h"
#include "base/result.h"
#include "engine/surakarta/surakarta.h"

namespace boyi::bots::surakarta_engine {

using SurakartaPlayer = Result<std::unique_ptr<Player<surakarta::State>>>;

// loop[:depth=N,nodes=N,q=N,tt=LOG2,pvs=0|1,lmr=0|1,order=0|1,eval=loop|material,loopw=PCT,
//       hang=PCT,limit=0|1]
SurakartaPlayer make_loop_player(const PlayerSpec& spec, std::string_view text, std::uint64_t seed);
// loop-mcts[:c=X,w=X,playouts=N,rollout=N,q=N,scale=X,policy=0|1,eval=loop|material,loopw=PCT,
//            hang=PCT,limit=0|1]
SurakartaPlayer make_loop_mcts_player(const PlayerSpec& spec, std::string_view text,
                                      std::uint64_t seed);

// With a budget that has no deadline: the depth and the playouts searched by default.
inline constexpr int kUnlimitedDepth = 6;
inline constexpr std::int64_t kUnlimitedPlayouts = 2000;

}  // namespace boyi::bots::surakarta_engine
