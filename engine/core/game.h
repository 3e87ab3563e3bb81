// The uniform API every game of the engine provides (docs/DESIGN.md, "Engine").
// A game type G is the state of one match under one rules value. The referee
// uses the checked path; search uses the fast path; everything a viewer sees
// goes through view() and render_event(), which are built only from what that
// viewer may know.
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/outcome.h"
#include "base/result.h"

namespace boyi {

template <class R>
concept GameRules = std::regular<R> && requires(const R r, std::string_view text) {
  { r.to_string() } -> std::same_as<std::string>;  // canonical "key=value ..." (all keys)
  { R::parse(text) } -> std::same_as<Result<R>>;   // from defaults; "" gives the defaults
};

template <class G>
concept Game = GameRules<typename G::Rules> && std::copyable<G> &&
    std::equality_comparable<typename G::Move> && std::equality_comparable<typename G::View> &&
    requires(G g, const G cg, const typename G::Rules rules, const typename G::Move move,
             typename G::MoveList list, const typename G::Event event, std::string_view text,
             Seat seat) {
  { G::kName } -> std::convertible_to<std::string_view>;   // "junqi", "gomoku", ...
  { G::kTitle } -> std::convertible_to<std::string_view>;  // "军棋", "五子棋", ...
  { G::kEnglish } -> std::convertible_to<std::string_view>;
  { G::kRecordCode } -> std::convertible_to<std::string_view>;  // "JQ", "C5", ...
  { G::kColours[0] } -> std::convertible_to<std::string_view>;  // "red", "black", ...
  { G::kColourLetters[0] } -> std::convertible_to<char>;
  G{rules};                                                // the initial position
  { cg.rules() } -> std::same_as<const typename G::Rules&>;
  // The seat that must act now; kPublic when none does alone (军棋 deployment,
  // where can_act tells who still has to deploy) or when the game is over.
  { cg.to_move() } -> std::same_as<Seat>;
  { cg.can_act(seat) } -> std::same_as<bool>;
  { cg.ply() } -> std::same_as<int>;  // actions applied so far
  // Fast path: every legal move of the side to move, no allocation.
  cg.legal_moves(list);
  // Checked path: the reason the move is not allowed for `seat` now, or ok.
  { cg.check(seat, move) } -> std::same_as<Status>;
  { g.apply_checked(seat, move) } -> std::same_as<Result<typename G::Event>>;
  g.apply(move);  // unchecked: move must be legal
  { cg.is_terminal() } -> std::same_as<bool>;
  { cg.outcome() } -> std::same_as<Outcome>;
  { cg.hash() } -> std::same_as<std::uint64_t>;          // incremental Zobrist hash
  { cg.compute_hash() } -> std::same_as<std::uint64_t>;  // recomputed from scratch
  // The competition's notation (absolute frame for 军棋).
  { cg.parse_move(seat, text) } -> std::same_as<Result<typename G::Move>>;
  { cg.format_move(move) } -> std::same_as<std::string>;
  // What a seat (0, 1) or a spectator (kPublic) may see, built from scratch.
  { cg.view(seat) } -> std::same_as<typename G::View>;
  { cg.view(seat).to_text() } -> std::same_as<std::string>;
  { cg.to_text() } -> std::same_as<std::string>;  // the full state (for records and debugging)
  // One viewer's rendering of an accepted move.
  { G::render_event(event, seat) } -> std::same_as<std::string>;
};

}  // namespace boyi
