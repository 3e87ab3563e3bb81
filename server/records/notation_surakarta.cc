// 苏拉卡尔塔 in the text record: B(BB,BC), a move or capture: from point, to point (x, y).
#include "server/records/notation.h"

namespace boyi::records::detail {

using Notation = TextNotation<surakarta::State>;

Result<std::optional<TextMove>> Notation::item(std::string_view action, int colour) {
  if (action.size() != 4) return fail("'" + std::string(action) + "' is not a from-to move");
  return std::optional<TextMove>(
      TextMove{colour,
               {std::string(action.substr(0, 2)), std::string(action.substr(2))},
               {std::string(action)}});
}

Status Notation::fill_actions(TextMove& m) {
  const auto& p = m.parts;
  if (p.size() != 2 || p[0].size() != 2 || p[1].size() != 2 || !all_of(p[0], upper) ||
      !all_of(p[1], upper))
    return fail("a move is (from,to) with points as two letters, e.g. (BB,BC)");
  m.actions = {p[0] + p[1]};
  return Status::Ok();
}

}  // namespace boyi::records::detail
