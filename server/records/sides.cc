#include "server/records/sides.h"

#include "server/records/notation.h"

#include "engine/games.h"

namespace boyi::records {

std::array<std::string_view, 2> colour_names(std::string_view game) {
  std::array<std::string_view, 2> names = {"black", "white"};
  visit_game(game, [&]<Game G>() { names = G::kColours; });
  return names;
}

std::array<char, 2> colour_letters(std::string_view game) {
  std::array<char, 2> letters = {'B', 'W'};
  visit_game(game, [&]<Game G>() { letters = G::kColourLetters; });
  return letters;
}

Result<std::unique_ptr<AnyGame>> new_game(std::string_view game, std::string_view rules_text) {
  if (find_game(game) == nullptr) {
    std::string known;
    for (const auto& g : games()) known += (known.empty() ? "" : ", ") + std::string(g.name);
    return fail("unknown game '" + std::string(game.substr(0, 40)) + "' (known: " + known + ")");
  }
  return create_game(game, rules_text);
}

Status check_outcome(const AnyGame& game, const Outcome& claimed) {
  if (!claimed.finished()) return fail("the outcome says the game is not over");
  if (claimed.winner && *claimed.winner != 0 && *claimed.winner != 1)
    return fail("the winner must be seat 0 or 1");
  if (game.is_terminal()) {
    const Outcome actual = game.outcome();
    if (actual != claimed)
      return fail("the outcome '" + describe(claimed) + "' does not match the moves, which end '" +
                  describe(actual) + "'");
    return Status::Ok();
  }
  switch (claimed.ending) {
    case Ending::kResignation:
    case Ending::kTimeForfeit:
    case Ending::kIllegalMove:
    case Ending::kDisconnectForfeit:
    case Ending::kAdjudication:
      return Status::Ok();
    case Ending::kAborted:
      if (claimed.winner) return fail("an aborted game has no winner");
      return Status::Ok();
    default:
      return fail("the outcome '" + describe(claimed) +
                  "' is an ending by the rules, but after the moves the game is not over");
  }
}

SeatColours::SeatColours(std::string_view game) {
  visit_game(game, [&]<Game G>() { swaps_ = &detail::TextNotation<G>::swaps_colours; });
}

}  // namespace boyi::records
