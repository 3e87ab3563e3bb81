// The learned players of each game, offered by name next to the strong
// engines (bots/engines/engines.h) — same table shape, so make_player() reads
// both. Each game's folder here defines its table (<game>/engines.cc).
// Standard C++ only: whoever makes a learned player never sees torch.
#pragma once

#include <vector>

#include "bots/engines/engines.h"

namespace boyi::bots {

template <Game G>
const std::vector<NamedEngine<G>>& learned_engines();

template <>
const std::vector<NamedEngine<gomoku::State>>& learned_engines<gomoku::State>();
template <>
const std::vector<NamedEngine<dots::State>>& learned_engines<dots::State>();
template <>
const std::vector<NamedEngine<surakarta::State>>& learned_engines<surakarta::State>();
template <>
const std::vector<NamedEngine<junqi::State>>& learned_engines<junqi::State>();

}  // namespace boyi::bots
