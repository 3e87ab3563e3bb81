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
#include "engine/tictactoe/tictactoe.h"

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

// The list, as an X-macro for what needs one line per game (explicit instantiations:
// BOYI_FOR_EACH_GAME(INSTANTIATE) with INSTANTIATE(G) a declaration), and as a type list.
#define BOYI_FOR_EACH_GAME(X) \
  X(::boyi::junqi::State)     \
  X(::boyi::gomoku::State)    \
  X(::boyi::dots::State)      \
  X(::boyi::surakarta::State) \
  X(::boyi::tictactoe::State)

#define BOYI_GAME_LIST_ITEM(G) , G
template <class Void, Game... Gs>
using GameListAfter = GameList<Gs...>;
using Games = GameListAfter<void BOYI_FOR_EACH_GAME(BOYI_GAME_LIST_ITEM)>;
#undef BOYI_GAME_LIST_ITEM

// The competition text protocol the game's engines speak (bots/bridges): a game names its
// own with `kEngineProtocol`; otherwise the competition platform's "sau" protocol, whose
// lines carry each action in the game's notation ("move b2"), or in the game's own platform
// form (`format_platform_action` / `parse_platform_action`).
template <Game G>
constexpr std::string_view engine_protocol() {
  if constexpr (requires { G::kEngineProtocol; })
    return G::kEngineProtocol;
  else
    return "sau";
}

// Whether players are offered the game (ListGames, the web client). A game says no with
// `static constexpr bool kListed = false` (the tests' tic-tac-toe).
template <Game G>
constexpr bool is_listed() {
  if constexpr (requires { G::kListed; })
    return G::kListed;
  else
    return true;
}

// Whether a game can end in a draw by its rules: a game that never can (点格棋's 25 boxes)
// says `static constexpr bool kDrawPossible = false`, and then nobody may offer one.
template <Game G>
constexpr bool can_be_drawn() {
  if constexpr (requires { G::kDrawPossible; })
    return G::kDrawPossible;
  else
    return true;
}

// Whether a seat does not see the whole position (军棋's hidden pieces): such a game allows
// no takeback, since what a battle revealed cannot be forgotten. `kHiddenInformation = true`.
template <Game G>
constexpr bool has_hidden_information() {
  if constexpr (requires { G::kHiddenInformation; })
    return G::kHiddenInformation;
  else
    return false;
}

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
