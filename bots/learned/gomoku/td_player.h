// The learned players of 五子棋: the `threat` engine (threat-space search,
// alpha-beta, the ccgc opening) with a BP-TD(λ) network as its alpha-beta leaf
// evaluation. Options: the engine's own (see threat_player.h) and
// weights=PATH (default: the shipped file of the model). Without a loadable
// file the player warns once and plays with the engine's hand-made evaluation.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "bots/player.h"
#include "bots/player_options.h"
#include "engine/gomoku/gomoku.h"

namespace boyi::bots::learned::gomoku_td {

// The shipped 44-14-1 network. A file names its own inputs and sizes, so the
// same player plays a bp-td-rich network given as weights=PATH (none is
// shipped: it did not play stronger, see README.md).
inline constexpr std::string_view kTdModel = "gomoku-bptd.pt";

// A `threat` player evaluating with the network of `model` (or weights=PATH); `seed` as
// threat's.
Result<std::unique_ptr<Player<gomoku::State>>> make_td_player(std::string_view model,
                                                              const PlayerSpec& spec,
                                                              std::string_view text,
                                                              std::uint64_t seed);

}  // namespace boyi::bots::learned::gomoku_td
