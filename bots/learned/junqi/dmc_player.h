// The `dmc` player of 军棋: the seed's Deep Monte-Carlo network in actual play.
// It deploys with the layout generator; then, every move, it builds the
// beliefs about the enemy's pieces from its seat's history, the features of
// the position and of each legal step, and plays the step of highest Q(s, a)
// (the network of its seat, Q1 or Q2, unless net=1|2 names one). Every match
// of a process that loads the same file shares one model and one inference
// batcher. Without a loadable weights file it warns once and plays as the
// `belief` engine.
//
// Spec "dmc[:weights=PATH,net=seat|1|2]". Standard C++ only.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "bots/player.h"
#include "bots/player_options.h"

namespace boyi::bots::learned {

inline constexpr std::string_view kDmcWeightsFile = "junqi-dmc.pt";

Result<std::unique_ptr<Player<junqi::State>>> make_junqi_dmc_player(const PlayerSpec& spec,
                                                                    std::string_view text,
                                                                    std::uint64_t seed);

inline constexpr std::string_view kJunqiDmcHelp =
    "Deep Monte-Carlo Q(s,a) network (军棋 DMC seed: LSTM over the last 20 steps, belief "
    "rank-probability features, Q1/Q2 per seat), greedy on Q, layout generator; falls back to "
    "belief without weights: dmc[:weights=PATH,net=seat|1|2]";

}  // namespace boyi::bots::learned
