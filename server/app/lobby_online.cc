// The lobby's online list and pushes: who is online, subscriptions, sends to a user, offers closed.
#include "server/app/hub_internal.h"

namespace boyi::app {

v1::OnlineUser Hub::online_user_locked(storage::Id user) const {
  v1::OnlineUser u;
  auto it = users_.find(user);
  const UserInfo info = user == house_.id    ? house_
                        : it != users_.end() ? it->second
                                             : UserInfo{user, "", "", v1::ROLE_UNSPECIFIED};
  *u.mutable_user() = to_player(info, -1);
  if (auto p = playing_.find(user); p != playing_.end())
    for (const auto& id : p->second) u.add_playing(id);
  return u;
}

void Hub::list_online(const Session& s, std::uint64_t rid) {
  v1::ServerMessage m;
  m.set_request_id(rid);
  {
    std::lock_guard lock(mu_);
    auto* list = m.mutable_online_list();
    if (app_.config.house_bots) *list->add_users() = online_user_locked(house_.id);
    for (const auto& [id, conns] : online_) *list->add_users() = online_user_locked(id);
  }
  reply(s, std::move(m));
}

void Hub::subscribe_lobby(const std::shared_ptr<Session>& s, std::uint64_t rid) {
  v1::ServerMessage m;
  m.set_request_id(rid);
  {
    std::lock_guard lock(mu_);
    s->lobby = true;
    auto* snap = m.mutable_lobby_snapshot();
    if (app_.config.house_bots) *snap->add_users() = online_user_locked(house_.id);
    for (const auto& [id, conns] : online_) *snap->add_users() = online_user_locked(id);
    for (const auto& [id, e] : seeks_) *snap->add_seeks() = wire_seek(*e);
    for (const auto& [id, e] : challenges_)
      if (e->from.id == s->user->id || e->to.id == s->user->id)
        *snap->add_challenges() = wire_challenge(*e);
  }
  reply(*s, std::move(m));
}

void Hub::lobby_broadcast_locked(const v1::LobbyUpdate& update) {
  v1::ServerMessage m;
  *m.mutable_lobby_update() = update;
  Outgoing out(std::move(m), app_.max_frame());
  for (const auto& [id, s] : sessions_)
    if (s->lobby && s->user) out.send(s->peer());
}

void Hub::send_user_locked(storage::Id user, const v1::ServerMessage& m) {
  auto it = online_.find(user);
  if (it == online_.end()) return;
  Outgoing out(m, app_.max_frame());
  for (auto id : it->second)
    if (auto s = sessions_.find(id); s != sessions_.end()) out.send(s->second->peer());
}

std::vector<Peer> Hub::peers_of_locked(storage::Id user) const {
  std::vector<Peer> peers;
  auto it = online_.find(user);
  if (it == online_.end()) return peers;
  for (auto id : it->second)
    if (auto s = sessions_.find(id); s != sessions_.end()) peers.push_back(s->second->peer());
  return peers;
}

void Hub::close_user_offers_locked(storage::Id user) {
  for (auto it = seeks_.begin(); it != seeks_.end();) {
    if (it->second->owner.id == user) {
      v1::LobbyUpdate u;
      u.set_seek_closed(it->first);
      it = seeks_.erase(it);
      lobby_broadcast_locked(u);
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
      send_user_locked(c.from.id == user ? c.to.id : c.from.id, m);
      if (c.expiry) c.expiry->cancel();
      it = challenges_.erase(it);
    } else {
      ++it;
    }
  }
}
}  // namespace boyi::app
