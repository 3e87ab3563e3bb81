// Internal to the text records: how each game writes its actions as record items, dispatched
// through the one list of games (engine/games.h). A game without a notation of its own uses
// the generic one: one item per action, the action's text as its only part, the colours
// alternating from the first mover. The four competition games have theirs, one file each
// (notation_<game>.cc).
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/games.h"
#include "server/records/text_record.h"

namespace boyi::records::detail {

struct GenericNotation {
  // The item one accepted action by `colour` makes, or nullopt when the action is not an
  // item (五子棋's opening decisions). The item may name another colour than the mover's.
  static Result<std::optional<TextMove>> item(std::string_view action, int colour);
  // Whether consecutive items of one colour are one item (点格棋: a whole turn).
  static constexpr bool kTurns = false;
  // Checks a parsed item's parts and fills its engine actions.
  static Status fill_actions(TextMove& move);
  // How many items at the start stand outside the alternation (军棋's two deployments),
  // after checking them; `letters` name the colours in errors.
  static Result<std::size_t> opening(std::span<const TextMove> moves,
                                     const std::array<char, 2>& letters);
  // Whether the action exchanges the seats' colours (五子棋's swap, 三手交换).
  static bool swaps_colours(std::string_view) { return false; }
  // The rules a text record is replayed under (五子棋's ccgc opening becomes a free one: the
  // swap, the offers and the choice are not in the record).
  static Result<std::string> replay_rules(std::string_view rules_text) {
    return std::string(rules_text);
  }
};

template <Game G>
struct TextNotation : GenericNotation {};

template <>
struct TextNotation<gomoku::State> : GenericNotation {  // B(J,10)
  static Result<std::optional<TextMove>> item(std::string_view action, int colour);
  static Status fill_actions(TextMove& move);
  static bool swaps_colours(std::string_view action) { return action == "swap"; }
  static Result<std::string> replay_rules(std::string_view rules_text);
};

template <>
struct TextNotation<junqi::State> : GenericNotation {  // R(abcc...) deployments, R(G0,F0) steps
  static Result<std::optional<TextMove>> item(std::string_view action, int colour);
  static Status fill_actions(TextMove& move);
  static Result<std::size_t> opening(std::span<const TextMove> moves,
                                     const std::array<char, 2>& letters);
};

template <>
struct TextNotation<dots::State> : GenericNotation {  // B(AAA) or a whole turn B(ABA,BAB)
  static Result<std::optional<TextMove>> item(std::string_view action, int colour);
  static constexpr bool kTurns = true;
  static Status fill_actions(TextMove& move);
};

template <>
struct TextNotation<surakarta::State> : GenericNotation {  // B(BB,BC)
  static Result<std::optional<TextMove>> item(std::string_view action, int colour);
  static Status fill_actions(TextMove& move);
};

// Character tests the notations share.
bool all_of(std::string_view s, bool (*pred)(char));
bool upper(char c);
bool lower(char c);
bool digit(char c);

}  // namespace boyi::records::detail
