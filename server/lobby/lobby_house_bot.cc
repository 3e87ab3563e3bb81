// The lobby's house-bot matches: play_house_bot. The requested strength is resolved (0: the
// default) and checked here, stored with the match and shown as the seat's name.
#include "server/house/house_levels.h"
#include "server/lobby/lobby.h"
#include "server/matches/house_bot.h"

namespace boyi::app {

void Lobby::play_house_bot(const Request& r) {
  const auto& in = r.message().play_house_bot();
  if (!app_.config.house_bots)
    return r.error(v1::ERROR_CODE_FORBIDDEN, "house bots are turned off on this server");
  auto strength = resolve_house_strength(in.strength());
  if (!strength) return r.error(v1::ERROR_CODE_INVALID_ARGUMENT, strength.message());
  Resolved setup;
  if (!resolve_or_reply(r, in.setup(), setup)) return;
  if (auto level = house_level(setup.config.game, *strength, in.engine()); !level)
    return r.error(v1::ERROR_CODE_INVALID_ARGUMENT, level.message());
  if (auto refused = matches_.reserve_house_match(r.user().id))
    return r.error(refused->first, refused->second);
  const HouseChoice choice{static_cast<std::uint32_t>(*strength), in.engine()};
  UserInfo house = presence_.house();
  present_house_seat(house, choice);
  r.ack();
  start_match(setup, r.user(), house, choice);
}
}  // namespace boyi::app
