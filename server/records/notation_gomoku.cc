// 五子棋 in the text record: B(J,10), one stone: column letter, row number. The opening's
// decisions (swap, keep, offers) are not stones; a chosen fifth-move candidate is black's.
#include "server/records/notation.h"

namespace boyi::records::detail {

using Notation = TextNotation<gomoku::State>;

Result<std::optional<TextMove>> Notation::item(std::string_view action, int colour) {
  std::string_view point = action;
  if (action == "swap" || action == "keep" || action.starts_with("offer "))
    return std::optional<TextMove>();
  if (action.starts_with("choose ")) {
    point = action.substr(7);
    colour = 0;  // the chosen candidate is black's stone 5
  }
  if (point.size() < 2 || !upper(point[0]) || !all_of(point.substr(1), digit))
    return fail("'" + std::string(point) + "' is not a point like J10");
  return std::optional<TextMove>(
      TextMove{colour,
               {std::string(point.substr(0, 1)), std::string(point.substr(1))},
               {std::string(point)}});
}

Status Notation::fill_actions(TextMove& m) {
  const auto& p = m.parts;
  if (p.size() != 2 || p[0].size() != 1 || !upper(p[0][0]) || !all_of(p[1], digit) ||
      p[1].size() > 2)
    return fail("a stone is written as (column letter,row number), e.g. (J,10)");
  m.actions = {p[0] + p[1]};
  return Status::Ok();
}

Result<std::string> Notation::replay_rules(std::string_view rules_text) {
  auto rules = gomoku::Rules::parse(rules_text);
  if (!rules) return Error{"gomoku rules: " + rules.message()};
  gomoku::Rules replay = *rules;
  if (replay.opening == gomoku::Opening::kCcgc) replay.opening = gomoku::Opening::kFree;
  return replay.to_string();
}

}  // namespace boyi::records::detail
