#include "server/session/owned_bots.h"

#include <algorithm>

#include "server/accounts/names.h"
#include "server/records/record_meta.h"
#include "server/storage/lobby_store.h"

namespace boyi::app {

void OwnedBots::add_routes(RequestRoutes& routes) {
  using C = v1::ClientMessage;
  routes.add(C::kCreateBot, Access::kSignedIn, [this](const Request& r) { create(r); });
  routes.add(C::kListMyBots, Access::kSignedIn, [this](const Request& r) { list(r); });
  routes.add(C::kRotateBotToken, Access::kSignedIn, [this](const Request& r) { rotate(r); });
}

bool OwnedBots::may_own(const Request& r) const {
  const auto role = r.user().role;
  if (role != v1::ROLE_HUMAN && role != v1::ROLE_ADMIN) {
    r.error(v1::ERROR_CODE_FORBIDDEN, "only a person with an account may own bots");
    return false;
  }
  if (app_.config.max_bots_per_owner == 0) {
    r.error(v1::ERROR_CODE_FORBIDDEN, "this server's operators make the bots");
    return false;
  }
  return true;
}

void OwnedBots::create(const Request& r) {
  if (!may_own(r)) return;
  const std::string& name = r.message().create_bot().name();
  if (accounts::is_reserved_name(name))
    return r.error(v1::ERROR_CODE_NAME_TAKEN, "the name " + name + " is reserved");
  Result<accounts::Credentials> made = fail("not made");
  {
    std::lock_guard lock(create_mu_);
    auto owned = app_.db.users_owned_by(r.user().id);
    if (!owned) return r.error(v1::ERROR_CODE_INTERNAL, owned.message());
    if (static_cast<int>(owned->size()) >= app_.config.max_bots_per_owner)
      return r.error(v1::ERROR_CODE_CONFLICT, "you own " + std::to_string(owned->size()) +
                                                  " bots already, the most one person may");
    if (app_.db.user_by_name(name).ok())
      return r.error(v1::ERROR_CODE_NAME_TAKEN, "the name " + name + " is taken");
    made = accounts_.create_bot(name, r.user().username);
  }
  if (!made) return r.error(v1::ERROR_CODE_INVALID_ARGUMENT, made.message());
  app_.log.info("bot_created", {{"bot", made->user.name}, {"owner", r.user().username}});
  v1::ServerMessage m;
  auto* t = m.mutable_new_bot_token();
  *t->mutable_bot() = to_player({made->user.id, made->user.name, made->user.name, v1::ROLE_BOT}, -1);
  t->set_token(made->token);
  r.reply(std::move(m));
}

void OwnedBots::list(const Request& r) {
  if (!may_own(r)) return;
  auto owned = app_.db.users_owned_by(r.user().id);
  if (!owned) return r.error(v1::ERROR_CODE_INTERNAL, owned.message());
  v1::ServerMessage m;
  auto* out = m.mutable_my_bots();
  out->set_max_bots(static_cast<std::uint32_t>(app_.config.max_bots_per_owner));
  for (const auto& u : *owned) {
    auto* b = out->add_bots();
    const auto shown = presence_.user_info(u.id);
    *b->mutable_bot() = to_player(shown ? *shown : UserInfo{u.id, u.name, u.name, v1::ROLE_BOT}, -1);
    if (auto token = app_.db.token_id_of_user(u.id); token) b->set_token_id(*token);
    b->set_created_at(records::format_utc(u.created_ms));
    // Connected to this server, or to any other on the database (the lobby's presence).
    auto elsewhere = storage::LobbyStore(app_.db, 0).online_user(u.id);
    b->set_online(presence_.online_user(u.id).has_value() || (elsewhere && elsewhere->has_value()));
    b->set_disabled(u.disabled);
  }
  r.reply(std::move(m));
}

void OwnedBots::rotate(const Request& r) {
  if (!may_own(r)) return;
  const std::string& wanted = r.message().rotate_bot_token().bot_user_id();
  auto owned = app_.db.users_owned_by(r.user().id);
  if (!owned) return r.error(v1::ERROR_CODE_INTERNAL, owned.message());
  const auto it = std::find_if(owned->begin(), owned->end(),
                               [&](const storage::User& u) { return user_id_text(u.id) == wanted; });
  // Someone else's bot reads as no bot at all.
  if (it == owned->end()) return r.error(v1::ERROR_CODE_NOT_FOUND, "you own no bot " + wanted);
  auto token = accounts_.rotate_token(it->name);
  if (!token) return r.error(v1::ERROR_CODE_INTERNAL, token.message());
  app_.log.info("bot_token_rotated", {{"bot", it->name}, {"owner", r.user().username}});
  v1::ServerMessage m;
  auto* t = m.mutable_new_bot_token();
  *t->mutable_bot() = to_player({it->id, it->name, it->name, v1::ROLE_BOT}, -1);
  t->set_token(*token);
  r.reply(std::move(m));
}

}  // namespace boyi::app
