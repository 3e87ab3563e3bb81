// Each game's own strong engines, offered by name next to the generic players of
// player.h. A game's folder (bots/engines/<game>/) defines its table with one
// explicit specialization of strong_engines<G>(); make_player() looks there first.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "bots/player.h"
#include "bots/player_options.h"
#include "engine/core/game.h"
#include "engine/dots/dots.h"
#include "engine/gomoku/gomoku.h"
#include "engine/junqi/junqi.h"
#include "engine/surakarta/surakarta.h"

namespace boyi::bots {

template <Game G>
struct NamedEngine {
  std::string_view name;  // e.g. "renju" (a player spec "renju:vct=0")
  std::string_view help;  // one line: what it is and its options
  // `text` is the whole spec (the player's name()); `spec` is it parsed.
  Result<std::unique_ptr<Player<G>>> (*make)(const PlayerSpec& spec, std::string_view text,
                                             std::uint64_t seed);
};

// A game without engines of its own (the tests' tic-tac-toe) is played by the generic ones.
template <Game G>
const std::vector<NamedEngine<G>>& strong_engines() {
  static const std::vector<NamedEngine<G>> none;
  return none;
}

template <>
const std::vector<NamedEngine<gomoku::State>>& strong_engines<gomoku::State>();
template <>
const std::vector<NamedEngine<dots::State>>& strong_engines<dots::State>();
template <>
const std::vector<NamedEngine<surakarta::State>>& strong_engines<surakarta::State>();
template <>
const std::vector<NamedEngine<junqi::State>>& strong_engines<junqi::State>();

}  // namespace boyi::bots
