// A person's own bot accounts: make one (CreateBot), see them (ListMyBots) and give one a
// new token (RotateBotToken) — what only an operator's boyi-admin could do before. A token is
// shown once, when made; only its public id is shown after. People (not guests) may own up
// to `max_bots_per_owner` bots; a bot's games and rating are on its profile like anyone's.
#pragma once

#include <mutex>

#include "server/accounts/accounts.h"
#include "server/core/app_context.h"
#include "server/core/presence.h"
#include "server/core/request.h"

namespace boyi::app {

class OwnedBots {
 public:
  OwnedBots(AppContext& app, accounts::Accounts& accounts, Presence& presence)
      : app_(app), accounts_(accounts), presence_(presence) {}

  void add_routes(RequestRoutes& routes);

 private:
  // The requester may own bots (a person, not a guest or a bot); else answers why not.
  bool may_own(const Request& r) const;
  void create(const Request& r);
  void list(const Request& r);
  void rotate(const Request& r);

  AppContext& app_;
  accounts::Accounts& accounts_;
  Presence& presence_;
  std::mutex create_mu_;  // counting an owner's bots and adding one is one step
};

}  // namespace boyi::app
