#include "server/session/account_upkeep.h"

#include <boost/asio/post.hpp>
#include <set>

#include "server/storage/lobby_store.h"

namespace boyi::app {

AccountUpkeep::AccountUpkeep(AppContext& app, accounts::Accounts& accounts, Presence& presence,
                             Sessions& sessions)
    : app_(app),
      accounts_(accounts),
      presence_(presence),
      sessions_(sessions),
      revocation_timer_(app.ioc),
      purge_timer_(app.ioc) {}

void AccountUpkeep::start() {
  // What was revoked before this start concerns no session of this process.
  if (auto last = app_.db.last_revocation(); last)
    last_revocation_ = *last;
  else
    app_.log.warn("revocations_not_read", {{"reason", last.message()}});
  purge_guests();
  arm(revocation_timer_, app_.config.revocation_poll_ms, &AccountUpkeep::poll_revocations);
}

void AccountUpkeep::stop() {
  boost::asio::post(app_.ioc, [self = shared_from_this()] {
    self->revocation_timer_.cancel();
    self->purge_timer_.cancel();
  });
}

void AccountUpkeep::arm(boost::asio::steady_timer& timer, std::int64_t ms,
                        void (AccountUpkeep::*step)()) {
  timer.expires_after(std::chrono::milliseconds(ms));
  timer.async_wait([self = shared_from_this(), step](const boost::system::error_code& ec) {
    if (!ec) ((*self).*step)();
  });
}

void AccountUpkeep::poll_revocations() {
  for (;;) {
    auto batch = app_.db.revocations_after(last_revocation_);
    if (!batch) {
      app_.log.warn("revocations_not_read", {{"reason", batch.message()}});
      break;
    }
    for (const auto& r : *batch) {
      last_revocation_ = r.id;
      sessions_.revoke(r);
    }
    if (batch->size() < 256) break;  // a full batch: more may wait
  }
  arm(revocation_timer_, app_.config.revocation_poll_ms, &AccountUpkeep::poll_revocations);
}

void AccountUpkeep::purge_guests() {
  std::set<storage::Id> online;
  for (const auto& u : presence_.online())
    if (u.role == v1::ROLE_GUEST) online.insert(u.id);
  // Several servers: a guest connected to another one is online too (the lobby's presence).
  if (auto everywhere = storage::LobbyStore(app_.db, 0).online(); everywhere)
    for (const auto& u : *everywhere)
      if (u.role == v1::ROLE_GUEST) online.insert(u.id);
  const auto before = storage::wall_clock_ms() - app_.config.guest_lifetime_ms;
  if (auto purged = accounts_.purge_unused_guests(before, online); !purged)
    app_.log.warn("guest_purge_failed", {{"reason", purged.message()}});
  else if (*purged > 0)
    app_.log.info("guests_purged", {{"count", *purged}});
  if (auto expired = app_.db.purge_expired_sign_in_sessions(storage::wall_clock_ms()); !expired)
    app_.log.warn("sign_in_purge_failed", {{"reason", expired.message()}});
  arm(purge_timer_, app_.config.guest_purge_interval_ms, &AccountUpkeep::purge_guests);
}

}  // namespace boyi::app
