// The generic notation and what the games' notations share.
#include "server/records/notation.h"

namespace boyi::records::detail {

bool all_of(std::string_view s, bool (*pred)(char)) {
  for (char c : s)
    if (!pred(c)) return false;
  return !s.empty();
}
bool upper(char c) {
  return c >= 'A' && c <= 'Z';
}
bool lower(char c) {
  return c >= 'a' && c <= 'z';
}
bool digit(char c) {
  return c >= '0' && c <= '9';
}

Result<std::optional<TextMove>> GenericNotation::item(std::string_view action, int colour) {
  if (action.empty() || action.find_first_of(",() ") != std::string_view::npos)
    return fail("'" + std::string(action.substr(0, 80)) + "' cannot be written as one part");
  return std::optional<TextMove>(TextMove{colour, {std::string(action)}, {std::string(action)}});
}

Status GenericNotation::fill_actions(TextMove& move) {
  if (move.parts.size() != 1 || move.parts[0].empty())
    return fail("an item is one action in the game's notation");
  move.actions = {move.parts[0]};
  return Status::Ok();
}

Result<std::size_t> GenericNotation::opening(std::span<const TextMove>,
                                             const std::array<char, 2>&) {
  return std::size_t{0};
}

}  // namespace boyi::records::detail
