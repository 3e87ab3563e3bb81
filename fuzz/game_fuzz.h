// What each game's target does with its input (junqi_fuzz.cc, gomoku_fuzz.cc, ...):
//  - the first line as the game's rules text: a parsed rules value's canonical text parses to
//    the same value and is its own canonical text;
//  - the whole input as a diagram (the game's from_diagram): a position read is consistent
//    (incremental hash), and every legal move's notation parses back to that move;
//  - the other lines as actions, two ways: the engine's parse_move (notation round trip, the
//    checked apply, the incremental hash) and the referee's path, a WireGame's play_wire (what
//    a client's move text goes through); then the positions reached are checked as a diagram's
//    is, with every viewer's wire view.
// Hooks<G> (in the game's target) gives the diagram reader and checks of the game's own
// notations (turns, platform lines, points) on each line.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "engine/core/game.h"
#include "fuzz/fuzz_check.h"
#include "protocol/wire/wire_game.h"

namespace boyi::fuzz {

// Checks a position: its hash, its text forms, and the notation of (some of) its moves.
template <Game G>
void check_position(const G& s) {
  BOYI_FUZZ_CHECK(s.hash() == s.compute_hash(), s.to_text());
  (void)s.to_text();
  for (Seat viewer : {Seat{0}, Seat{1}, kPublic}) (void)s.view(viewer).to_text();
  const Seat seat = s.to_move();
  if (seat == kPublic) return;
  typename G::MoveList list;
  s.legal_moves(list);
  int checked = 0;
  for (const auto& move : list) {
    if (++checked > 48) break;  // enough for the notation; keeps each run fast
    const std::string text = s.format_move(move);
    auto back = s.parse_move(seat, text);
    BOYI_FUZZ_CHECK(back.ok() && *back == move, text);
    BOYI_FUZZ_CHECK(s.check(seat, move).ok(), text);
  }
}

// The seat whose action a line is: the one to move, or in a simultaneous phase (军棋
// deployment) the first that may act.
template <class Game>
Seat actor(const Game& g) {
  if (g.to_move() != kPublic) return g.to_move();
  return g.can_act(0) ? 0 : 1;
}

template <Game G, class Hooks>
void fuzz_game(std::string_view input) {
  const auto lines = lines_of(input);
  const std::string_view first = lines.empty() ? std::string_view() : lines[0];

  typename G::Rules rules{};
  if (auto parsed = G::Rules::parse(first)) {
    const std::string canonical = parsed->to_string();
    auto again = G::Rules::parse(canonical);
    BOYI_FUZZ_CHECK(again.ok() && *again == *parsed, canonical);
    BOYI_FUZZ_CHECK(again->to_string() == canonical, canonical);
    rules = *parsed;
  }

  if (auto position = Hooks::diagram(rules, input, input.size() % 2 == 1))
    check_position(*position);

  G state(rules);
  auto wire = protocol::create_wire_game(G::kName, rules.to_string());
  BOYI_FUZZ_CHECK(wire.ok(), wire.ok() ? "" : wire.message());
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::string_view line = lines[i];
    Hooks::notation(line);
    if (!state.is_terminal()) {
      const Seat seat = actor(state);
      if (auto move = state.parse_move(seat, line)) {
        const std::string text = state.format_move(*move);
        auto back = state.parse_move(seat, text);
        BOYI_FUZZ_CHECK(back.ok() && *back == *move, text);
        if (state.apply_checked(seat, *move))
          BOYI_FUZZ_CHECK(state.hash() == state.compute_hash(), text);
      }
    }
    protocol::WireGame& game = *wire.value();
    if (!game.is_terminal()) (void)game.play_wire(actor(game), line);
  }
  // The positions reached (the full checks once, not after every action: keeps runs fast).
  check_position(state);
  const protocol::WireGame& game = *wire.value();
  for (Seat viewer : {Seat{0}, Seat{1}, kPublic}) {
    (void)game.wire_view(viewer);
    (void)game.view_text(viewer);
  }
  if (game.is_terminal()) {
    (void)game.full_view();
    (void)game.full_text();
  }
}

}  // namespace boyi::fuzz
