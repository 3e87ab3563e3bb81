// The per-game part of the text records, dispatched through the one list of games; each
// game's notation is its own file (notation_<game>.cc, formats in README.md).
#include "server/records/text_moves.h"

#include "server/records/notation.h"
#include "server/records/sides.h"

namespace boyi::records::detail {

std::string_view code_of_game(std::string_view game) {
  std::string_view code;
  visit_game(game, [&]<Game G>() { code = G::kRecordCode; });
  return code;
}

std::string_view game_of_code(std::string_view code) {
  std::string_view game;
  for_each_game([&]<Game G>() {
    if (G::kRecordCode == code) game = G::kName;
  });
  return game;
}

Result<std::vector<TextMove>> moves_from_actions(std::string_view game,
                                                 std::span<const referee::RecordedAction> actions) {
  Result<std::vector<TextMove>> out =
      fail("no text record format for game '" + std::string(game) + "'");
  visit_game(game, [&]<Game G>() {
    using Notation = TextNotation<G>;
    std::vector<TextMove> items;
    SeatColours colours(game);
    for (std::size_t i = 0; i < actions.size(); ++i) {
      const auto& a = actions[i];
      const auto bad = [&](const std::string& why) {
        out = fail("action " + std::to_string(i + 1) + " '" + a.text.substr(0, 80) + "': " + why);
      };
      if (a.seat != 0 && a.seat != 1) return bad("seat must be 0 or 1");
      auto item = Notation::item(a.text, colours.colour_of(a.seat));
      colours.after(a.text);
      if (!item) return bad(item.message());
      if (!*item) continue;  // not an item of the record
      TextMove m = *std::move(item).value();
      if (Notation::kTurns && !items.empty() && items.back().colour == m.colour) {
        auto& last = items.back();  // the same turn goes on
        last.parts.insert(last.parts.end(), m.parts.begin(), m.parts.end());
        last.actions.insert(last.actions.end(), m.actions.begin(), m.actions.end());
        continue;
      }
      items.push_back(std::move(m));
    }
    out = std::move(items);
  });
  return out;
}

Status fill_actions(std::string_view game, TextMove& m) {
  m.actions.clear();
  Status s = fail("no text record format for game '" + std::string(game) + "'");
  visit_game(game, [&]<Game G>() { s = TextNotation<G>::fill_actions(m); });
  return s;
}

Status check_colour_order(std::string_view game, std::span<const TextMove> moves) {
  const auto letters = colour_letters(game);
  Result<std::size_t> opening = fail("no text record format for game '" + std::string(game) + "'");
  visit_game(game, [&]<Game G>() { opening = TextNotation<G>::opening(moves, letters); });
  if (!opening) return Error{opening.message()};
  const std::size_t first_step = *opening;
  for (std::size_t i = first_step; i < moves.size(); ++i) {
    const int expected = static_cast<int>((i - first_step) % 2);
    if (moves[i].colour != expected)
      return fail("wrong colour order: move " + std::to_string(i + 1) + " is " +
                  std::string(1, letters[static_cast<std::size_t>(moves[i].colour)]) +
                  ", expected " + std::string(1, letters[static_cast<std::size_t>(expected)]));
  }
  return Status::Ok();
}

}  // namespace boyi::records::detail
