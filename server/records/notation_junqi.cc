// 军棋 in the text record: R(abccddeeffggghhhiiijjkklj), a deployment: 25 piece letters in
// the seat's own slot order; R(G0,F0), a step: from post, to post (absolute frame). The two
// deployments come first, one per colour in either order; then steps alternate from red.
#include "server/records/notation.h"

namespace boyi::records::detail {

using Notation = TextNotation<junqi::State>;

Result<std::optional<TextMove>> Notation::item(std::string_view action, int colour) {
  TextMove m{colour, {}, {std::string(action)}};
  if (action.size() == 25 && all_of(action, lower)) {
    m.parts = {std::string(action)};
  } else {
    if (action.size() != 4) return fail("'" + std::string(action) + "' is not a from-to move");
    m.parts = {std::string(action.substr(0, 2)), std::string(action.substr(2))};
  }
  return std::optional<TextMove>(std::move(m));
}

Status Notation::fill_actions(TextMove& m) {
  const auto& p = m.parts;
  if (p.size() == 1 && all_of(p[0], lower)) {
    if (p[0].size() != 25) return fail("a deployment is 25 piece letters a-l");
    m.actions = {p[0]};
  } else if (p.size() == 2 && p[0].size() == 2 && p[1].size() == 2 && upper(p[0][0]) &&
             digit(p[0][1]) && upper(p[1][0]) && digit(p[1][1])) {
    m.actions = {p[0] + p[1]};
  } else {
    return fail("a 军棋 move is (from,to), e.g. (G0,F0), or a deployment of 25 letters");
  }
  return Status::Ok();
}

Result<std::size_t> Notation::opening(std::span<const TextMove> moves,
                                      const std::array<char, 2>& letters) {
  std::size_t first_step = 0;
  std::array<bool, 2> deployed{};
  while (first_step < moves.size() && moves[first_step].parts.size() == 1) {
    const int c = moves[first_step].colour;
    if (deployed[static_cast<std::size_t>(c)] || first_step >= 2)
      return fail("wrong colour order: move " + std::to_string(first_step + 1) + " is a second " +
                  std::string(1, letters[static_cast<std::size_t>(c)]) + " deployment");
    deployed[static_cast<std::size_t>(c)] = true;
    ++first_step;
  }
  for (std::size_t i = first_step; i < moves.size(); ++i)
    if (moves[i].parts.size() == 1)
      return fail("wrong colour order: move " + std::to_string(i + 1) +
                  " is a deployment after the moves began");
  if (first_step < moves.size() && first_step < 2)
    return fail("wrong colour order: move " + std::to_string(first_step + 1) +
                " comes before both sides deployed");
  return first_step;
}

}  // namespace boyi::records::detail
