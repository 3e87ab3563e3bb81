#include "server/app/house_bot.h"

#include "engine/registry.h"

namespace boyi::app {

RandomHousePlayer::RandomHousePlayer(std::string game, std::string rules, int seat,
                                     std::uint64_t seed)
    : game_(std::move(game)), rules_(std::move(rules)), seat_(seat), rng_(seed) {}

std::optional<std::string> RandomHousePlayer::choose(const v1::GameView& view) {
  if (!view.can_act()) return std::nullopt;
  if (view.legal_moves_size() > 0) {
    const auto n = static_cast<std::uint32_t>(view.legal_moves_size());
    return view.legal_moves(static_cast<int>(rng_.below(n)));
  }
  // Unlisted choices (a 军棋 deployment): a random legal action of a fresh game of the
  // same rules, which holds nothing of the opponent.
  auto fresh = create_game(game_, rules_);
  if (!fresh || !fresh.value()->can_act(seat_)) return std::nullopt;
  return fresh.value()->random_move(seat_, rng_);
}

std::unique_ptr<HousePlayer> make_house_player(std::uint32_t /*strength*/, const std::string& game,
                                               const std::string& rules, int seat,
                                               std::uint64_t seed) {
  return std::make_unique<RandomHousePlayer>(game, rules, seat, seed);
}

}  // namespace boyi::app
