// The lobby's automatic pairing: the pool of users waiting for the same game, rules and time.
#include "server/app/hub_internal.h"

namespace boyi::app {

using hub_detail::split_error;

void Hub::auto_pair(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  auto r = resolve(m.auto_pair().setup());
  if (!r) {
    auto [code, text] = split_error(r.message());
    return reply_error(*s, rid, code, text);
  }
  std::unique_ptr<PoolEntry> partner;
  std::vector<Peer> partner_peers, my_peers;
  UserInfo me;
  {
    std::lock_guard lock(mu_);
    for (const auto& p : pool_)
      if (p->user.id == s->user->id)
        return reply_error(*s, rid, v1::ERROR_CODE_CONFLICT, "already waiting to be paired");
    const std::string key = r->key();
    for (auto it = pool_.begin(); it != pool_.end(); ++it) {
      if ((*it)->setup.key() == key) {
        partner = std::move(*it);
        pool_.erase(it);
        break;
      }
    }
    if (!partner) {
      auto e = std::make_unique<PoolEntry>();
      e->user = *s->user;
      e->setup = std::move(r).value();
      pool_.push_back(std::move(e));
    } else {
      partner_peers = peers_of_locked(partner->user.id);
      my_peers = peers_of_locked(s->user->id);
      me = *s->user;
    }
  }
  ack(*s, rid);
  if (partner) start_match(partner->setup, partner->user, partner_peers, me, my_peers, false, 0);
}

void Hub::cancel_auto_pair(const std::shared_ptr<Session>& s, std::uint64_t rid) {
  {
    std::lock_guard lock(mu_);
    const auto before = pool_.size();
    std::erase_if(pool_, [&](const auto& p) { return p->user.id == s->user->id; });
    if (before == pool_.size())
      return reply_error(*s, rid, v1::ERROR_CODE_NOT_FOUND, "you are not waiting to be paired");
  }
  ack(*s, rid);
}
}  // namespace boyi::app
