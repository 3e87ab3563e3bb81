#include "bots/wire/view_moves.h"

#include <algorithm>

#include "engine/registry.h"

namespace boyi::bots {

Result<std::string> random_move_from_view(const std::string& game, const std::string& rules,
                                          const v1::GameView& view, Rng& rng,
                                          const std::vector<std::string>& avoid) {
  if (!view.can_act()) return fail("the seat may not act in this view");
  const Seat seat = view.viewer();
  if (seat != 0 && seat != 1) return fail("not a seat's view");
  if (view.legal_moves_size() > 0) {
    std::vector<const std::string*> left;
    for (const auto& m : view.legal_moves())
      if (std::find(avoid.begin(), avoid.end(), m) == avoid.end()) left.push_back(&m);
    if (left.empty()) return fail("every listed move was refused");
    return *left[rng.below(static_cast<std::uint32_t>(left.size()))];
  }
  if (view.to_move() == seat) return fail("the seat is to move but no move is listed");
  // Unlisted choices: a fresh game of the same rules, where the seat may act the same way.
  auto fresh = create_game(game, rules);
  if (!fresh) return fail(fresh.message());
  if (!(*fresh)->can_act(seat)) return fail("no listed moves and no unlisted action to choose");
  std::string move = (*fresh)->random_move(seat, rng);
  if (move.empty()) return fail("no action");
  return move;
}

}  // namespace boyi::bots
