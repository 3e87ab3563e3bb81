// The lobby's automatic pairing: the pool of users waiting for the same game, rules and time.
#include "server/lobby/lobby.h"

namespace boyi::app {

void Lobby::auto_pair(const Request& r) {
  Resolved setup;
  if (!resolve_or_reply(r, r.message().auto_pair().setup(), setup)) return;
  std::unique_ptr<PoolEntry> partner;
  {
    std::lock_guard lock(mu_);
    for (const auto& p : pool_)
      if (p->user.id == r.user().id)
        return r.error(v1::ERROR_CODE_CONFLICT, "already waiting to be paired");
    const std::string key = setup.key();
    for (auto it = pool_.begin(); it != pool_.end(); ++it) {
      if ((*it)->setup.key() == key) {
        partner = std::move(*it);
        pool_.erase(it);
        break;
      }
    }
    if (!partner) {
      auto e = std::make_unique<PoolEntry>();
      e->user = r.user();
      e->setup = std::move(setup);
      pool_.push_back(std::move(e));
    }
  }
  r.ack();
  if (partner) start_match(partner->setup, partner->user, r.user());
}

void Lobby::cancel_auto_pair(const Request& r) {
  {
    std::lock_guard lock(mu_);
    const auto before = pool_.size();
    std::erase_if(pool_, [&](const auto& p) { return p->user.id == r.user().id; });
    if (before == pool_.size())
      return r.error(v1::ERROR_CODE_NOT_FOUND, "you are not waiting to be paired");
  }
  r.ack();
}
}  // namespace boyi::app
