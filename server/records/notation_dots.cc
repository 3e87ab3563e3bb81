// 点格棋 in the text record: B(AAA) / B(ABA,BAB,ACA), a whole turn: its edges in order.
#include "server/records/notation.h"

namespace boyi::records::detail {

using Notation = TextNotation<dots::State>;

Result<std::optional<TextMove>> Notation::item(std::string_view action, int colour) {
  TextMove m;
  m.colour = colour;
  std::size_t i = 0;
  while (i < action.size()) {
    while (i < action.size() && action[i] == ' ') ++i;
    std::size_t j = i;
    while (j < action.size() && action[j] != ' ') ++j;
    if (j > i) m.parts.emplace_back(action.substr(i, j - i));
    i = j;
  }
  if (m.parts.empty()) return fail("no edge");
  m.actions = m.parts;
  return std::optional<TextMove>(std::move(m));
}

Status Notation::fill_actions(TextMove& m) {
  if (m.parts.empty()) return fail("a turn needs at least one edge");
  m.actions.clear();
  for (const auto& e : m.parts) {
    if (e.size() != 3 || !all_of(e, upper))
      return fail("'" + e + "' is not an edge of three capital letters, e.g. AAA");
    m.actions.push_back(e);
  }
  return Status::Ok();
}

}  // namespace boyi::records::detail
