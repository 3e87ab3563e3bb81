// Replaying a text record through the engine: 先手 is seat 0, each item's
// actions are played in order, and the result tag must agree with the rules
// when the moves end the game.
#include "server/records/notation.h"
#include "server/records/sides.h"
#include "server/records/text_record.h"

namespace boyi::records {

namespace {

Result<std::string> replay_rules(std::string_view game, std::string_view rules_text) {
  Result<std::string> out = std::string(rules_text);
  visit_game(game, [&]<Game G>() { out = detail::TextNotation<G>::replay_rules(rules_text); });
  return out;
}

}  // namespace

Result<ReplayedText> replay_text_record(const TextRecord& record, std::string_view rules_text) {
  auto rules = replay_rules(record.game, rules_text);
  if (!rules) return Error{rules.message()};
  auto game = new_game(record.game, *rules);
  if (!game) return Error{game.message()};
  ReplayedText out;
  out.game = std::move(game).value();
  const auto letters = colour_letters(record.game);
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    const TextMove& m = record.moves[i];
    std::string item(1, letters[m.colour]);
    item += '(';
    for (std::size_t k = 0; k < m.parts.size(); ++k) item += (k ? "," : "") + m.parts[k];
    item += ')';
    if (m.actions.empty()) return fail("move " + std::to_string(i + 1) + " '" + item + "': empty");
    for (const auto& action : m.actions) {
      const Seat seat = m.colour;
      auto applied = out.game->play(seat, action);
      if (!applied)
        return fail("move " + std::to_string(i + 1) + " '" + item.substr(0, 80) +
                    "': " + applied.message());
      out.actions.emplace_back(seat, action);
    }
  }
  if (out.game->is_terminal()) {
    const Outcome o = out.game->outcome();
    const TextResult expected = !o.winner        ? TextResult::kDraw
                                : *o.winner == 0 ? TextResult::kFirstWins
                                                 : TextResult::kSecondWins;
    if (record.result != expected)
      return fail("the result tag says " + std::string(text_result_name(record.result)) +
                  " but the moves end " + std::string(text_result_name(expected)) + " (" +
                  describe(o) + ")");
  }
  return out;
}

}  // namespace boyi::records
