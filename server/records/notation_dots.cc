// 点格棋 in the text record: B(AAA) / B(ABA,BAB,ACA), a whole turn: its edges in order.
#include "server/records/notation.h"

#include "base/words.h"

namespace boyi::records::detail {

using Notation = TextNotation<dots::State>;

Result<std::optional<TextMove>> Notation::item(std::string_view action, int colour) {
  TextMove m;
  m.colour = colour;
  for (const auto word : split_words(action)) m.parts.emplace_back(word);
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
