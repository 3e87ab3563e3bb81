// The one list of the games. Code that must handle every game — the registry, the wire
// conversions, players by name, record formats — visits this list instead of naming the
// games; adding a game is its folder plus one entry here.
//
//   visit_game(name, [&]<Game G>() { ... });   // the game named `name`; false if none
//   for_each_game([&]<Game G>() { ... });      // every game, in the list's order
#pragma once

#include <string_view>
#include <utility>

#include "engine/core/game.h"
#include "engine/dots/dots.h"
#include "engine/gomoku/gomoku.h"
#include "engine/junqi/junqi.h"
#include "engine/surakarta/surakarta.h"

namespace boyi {

template <Game... Gs>
struct GameList {
  template <class F>
  static bool visit(std::string_view name, F&& f) {
    return ((name == Gs::kName ? (f.template operator()<Gs>(), true) : false) || ...);
  }
  template <class F>
  static void for_each(F&& f) {
    (f.template operator()<Gs>(), ...);
  }
};

using Games = GameList<junqi::State, gomoku::State, dots::State, surakarta::State>;

// Calls f.template operator()<G>() for the game named `name`; false when no game has it.
template <class F>
bool visit_game(std::string_view name, F&& f) {
  return Games::visit(name, std::forward<F>(f));
}

// Calls f.template operator()<G>() for every game, in the list's order.
template <class F>
void for_each_game(F&& f) {
  Games::for_each(std::forward<F>(f));
}

}  // namespace boyi
