// The lobby's house-bot matches: play_house_bot. The requested strength is resolved (0: the
// default) and checked here, stored with the match (start_match) and shown as the seat's name.
#include "server/app/hub_internal.h"

namespace boyi::app {

using hub_detail::split_error;

void Hub::play_house_bot(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  if (!app_.config.house_bots)
    return reply_error(*s, rid, v1::ERROR_CODE_FORBIDDEN,
                       "house bots are turned off on this server");
  auto strength = resolve_house_strength(m.play_house_bot().strength());
  if (!strength) return reply_error(*s, rid, v1::ERROR_CODE_INVALID_ARGUMENT, strength.message());
  auto r = resolve(m.play_house_bot().setup());
  if (!r) {
    auto [code, text] = split_error(r.message());
    return reply_error(*s, rid, code, text);
  }
  if (auto level = house_level(r->config.game, *strength); !level)
    return reply_error(*s, rid, v1::ERROR_CODE_INVALID_ARGUMENT, level.message());
  std::vector<Peer> peers;
  UserInfo me;
  {
    std::lock_guard lock(mu_);
    peers = peers_of_locked(s->user->id);
    me = *s->user;
  }
  UserInfo house = house_;
  house.display_name = house_display_name(*strength);
  ack(*s, rid);
  start_match(*r, me, peers, house, {}, true, static_cast<std::uint32_t>(*strength));
}
}  // namespace boyi::app
