// The lobby's online list and pushes: who is online, subscriptions, offers closed.
#include "server/lobby/lobby.h"

namespace boyi::app {

v1::OnlineUser Lobby::online_user(const UserInfo& user) const {
  v1::OnlineUser u;
  *u.mutable_user() = to_player(user, -1);
  for (const auto& id : matches_.playing(user.id)) u.add_playing(id);
  return u;
}

void Lobby::list_online(const Request& r) {
  v1::ServerMessage m;
  auto* list = m.mutable_online_list();
  if (app_.config.house_bots) *list->add_users() = online_user(presence_.house());
  for (const auto& user : presence_.online()) *list->add_users() = online_user(user);
  r.reply(std::move(m));
}

void Lobby::subscribe(const Request& r) {
  v1::ServerMessage m;
  auto* snap = m.mutable_lobby_snapshot();
  if (app_.config.house_bots) *snap->add_users() = online_user(presence_.house());
  for (const auto& user : presence_.online()) *snap->add_users() = online_user(user);
  {
    std::lock_guard lock(mu_);
    subscribers_[r.connection()] = {r.peer(), r.user().id};
    for (const auto& [id, e] : seeks_) *snap->add_seeks() = wire_seek(*e);
    for (const auto& [id, e] : challenges_)
      if (e->from.id == r.user().id || e->to.id == r.user().id)
        *snap->add_challenges() = wire_challenge(*e);
  }
  r.reply(std::move(m));
}

void Lobby::broadcast_locked(const v1::LobbyUpdate& update) {
  v1::ServerMessage m;
  *m.mutable_lobby_update() = update;
  Outgoing out(std::move(m), app_.max_frame());
  for (const auto& [id, s] : subscribers_) out.send(s.peer);
}

void Lobby::close_offers_locked(storage::Id user) {
  for (auto it = seeks_.begin(); it != seeks_.end();) {
    if (it->second->owner.id == user) {
      v1::LobbyUpdate u;
      u.set_seek_closed(it->first);
      it = seeks_.erase(it);
      broadcast_locked(u);
    } else {
      ++it;
    }
  }
  std::erase_if(pool_, [&](const auto& p) { return p->user.id == user; });
  for (auto it = challenges_.begin(); it != challenges_.end();) {
    auto& c = *it->second;
    if (c.from.id == user || c.to.id == user) {
      v1::ServerMessage m;
      auto* cc = m.mutable_lobby_update()->mutable_challenge_closed();
      cc->set_challenge_id(c.id);
      cc->set_reason(v1::ChallengeClosed::REASON_CANCELLED);
      cc->set_message("the player went offline");
      presence_.send_to_user(c.from.id == user ? c.to.id : c.from.id, m);
      if (c.expiry) c.expiry->cancel();
      it = challenges_.erase(it);
    } else {
      ++it;
    }
  }
}
}  // namespace boyi::app
