// The learned players, loaded on first use.
//
// The learned evaluators (bots/learned) are the only code that uses libtorch,
// and libtorch is heavy to load (about half a second and 150 MB at process
// start). So they are built as a shared library that a process loads only when
// it first asks for a learned player (or lists the players: a server does when
// it first lists its house engines): a process that never meets one never
// loads torch, and nothing but that library links it.
//
// The library is found at $BOYI_LEARNED_LIBRARY when set, else in lib/boyi/ beside the
// program's bin/ (installed, or the build tree, which has the same layout). A build made
// without them (BOYI_WITH_LEARNED off) looks only where $BOYI_LEARNED_LIBRARY says. When it cannot
// be loaded the learned players are simply absent (make_player() answers "unknown player" for them)
// and a warning says why, once.
#pragma once

#include <vector>

#include "bots/engines/engines.h"

namespace boyi::bots {

// What the library hands over: its tables of learned players (see
// bots/learned/learned_engines.h). kAbi changes whenever this struct or
// NamedEngine does, so a stale library is refused rather than misread.
struct LearnedPlugin {
  static constexpr int kAbi = 1;
  int abi = kAbi;
  const std::vector<NamedEngine<gomoku::State>>* gomoku = nullptr;
  const std::vector<NamedEngine<dots::State>>* dots = nullptr;
  const std::vector<NamedEngine<surakarta::State>>* surakarta = nullptr;
  const std::vector<NamedEngine<junqi::State>>* junqi = nullptr;
};

// The library's entry point (extern "C", so dlsym finds it by this name).
inline constexpr const char* kLearnedPluginEntry = "boyi_learned_plugin";
using LearnedPluginEntry = const LearnedPlugin* (*)();

// The learned players of G: empty when the library cannot be loaded, or for a game the
// plugin has none for.
template <Game G>
const std::vector<NamedEngine<G>>& learned_players() {
  static const std::vector<NamedEngine<G>> none;
  return none;
}
template <>
const std::vector<NamedEngine<gomoku::State>>& learned_players<gomoku::State>();
template <>
const std::vector<NamedEngine<dots::State>>& learned_players<dots::State>();
template <>
const std::vector<NamedEngine<surakarta::State>>& learned_players<surakarta::State>();
template <>
const std::vector<NamedEngine<junqi::State>>& learned_players<junqi::State>();

}  // namespace boyi::bots
