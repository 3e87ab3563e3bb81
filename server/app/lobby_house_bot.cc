// The lobby's house-bot matches: play_house_bot.
#include "server/app/hub_internal.h"

namespace boyi::app {

using hub_detail::split_error;

void Hub::play_house_bot(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  if (!app_.config.house_bots)
    return reply_error(*s, rid, v1::ERROR_CODE_FORBIDDEN,
                       "house bots are turned off on this server");
  if (m.play_house_bot().strength() > 10)
    return reply_error(*s, rid, v1::ERROR_CODE_INVALID_ARGUMENT,
                       "strength is 1..10 (0: the default)");
  auto r = resolve(m.play_house_bot().setup());
  if (!r) {
    auto [code, text] = split_error(r.message());
    return reply_error(*s, rid, code, text);
  }
  std::vector<Peer> peers;
  UserInfo me;
  {
    std::lock_guard lock(mu_);
    peers = peers_of_locked(s->user->id);
    me = *s->user;
  }
  ack(*s, rid);
  start_match(*r, me, peers, house_, {}, true, m.play_house_bot().strength());
}
}  // namespace boyi::app
