// What keeps the accounts of a running server true to storage, on timers of the io context:
// - revocations (storage::Revocation) written by boyi-admin — a disabled account, a rotated
//   token, a changed role or password, a remembered sign-in ended by signing out — are read
//   every revocation_poll_ms and the sessions they concern are ended (Sessions::revoke);
// - guests that never played are removed guest_lifetime_ms after they were made, unless
//   online, and expired remembered sign-ins, every guest_purge_interval_ms (at start-up too).
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <memory>

#include "server/accounts/accounts.h"
#include "server/core/app_context.h"
#include "server/core/presence.h"
#include "server/session/sessions.h"

namespace boyi::app {

class AccountUpkeep : public std::enable_shared_from_this<AccountUpkeep> {
 public:
  AccountUpkeep(AppContext& app, accounts::Accounts& accounts, Presence& presence,
                Sessions& sessions);

  // Purges once, notes where the revocations stand, and starts the timers.
  void start();
  // Cancels the timers (from any thread).
  void stop();

 private:
  void poll_revocations();
  void purge_guests();
  void arm(boost::asio::steady_timer& timer, std::int64_t ms, void (AccountUpkeep::*step)());

  AppContext& app_;
  accounts::Accounts& accounts_;
  Presence& presence_;
  Sessions& sessions_;
  boost::asio::steady_timer revocation_timer_;
  boost::asio::steady_timer purge_timer_;
  storage::Id last_revocation_ = 0;
};

}  // namespace boyi::app
