// The lobby's online list and subscriptions: everyone online on every server.
#include "server/lobby/lobby.h"

namespace boyi::app {

v1::OnlineUser Lobby::online_user(const UserInfo& user) const {
  v1::OnlineUser u;
  *u.mutable_user() = to_player(user, -1);
  for (const auto& m : matches_.active_matches(user.id)) u.add_playing(m.match_id());
  return u;
}

Result<std::vector<v1::OnlineUser>> Lobby::everyone_online() const {
  auto users = store_.online();
  if (!users) return Error{users.message()};
  // Who plays what, read once for the whole list.
  std::map<storage::Id, std::vector<std::string>> playing;
  for (const auto& m : matches_.running_everywhere())
    for (const auto& p : m.players) playing[p.id].push_back(m.match_id);
  std::vector<v1::OnlineUser> out;
  const auto add = [&](const UserInfo& user) {
    v1::OnlineUser u;
    *u.mutable_user() = to_player(user, -1);
    for (const auto& id : playing[user.id]) u.add_playing(id);
    out.push_back(std::move(u));
  };
  if (app_.config.house_bots) add(presence_.house());
  for (const auto& u : *users) add(user_of(u));
  return out;
}

void Lobby::list_online(const Request& r) {
  auto everyone = everyone_online();
  if (!everyone) return r.error(v1::ERROR_CODE_INTERNAL, everyone.message());
  v1::ServerMessage m;
  auto* list = m.mutable_online_list();
  for (auto& u : *everyone) *list->add_users() = std::move(u);
  r.reply(std::move(m));
}

void Lobby::subscribe(const Request& r) {
  auto everyone = everyone_online();
  if (!everyone) return r.error(v1::ERROR_CODE_INTERNAL, everyone.message());
  v1::ServerMessage m;
  auto* snap = m.mutable_lobby_snapshot();
  for (auto& u : *everyone) *snap->add_users() = std::move(u);
  // Subscribed before the offers are read: an offer opened meanwhile is pushed, not lost.
  {
    std::lock_guard lock(mu_);
    subscribers_[r.connection()] = {r.peer(), r.user().id};
  }
  auto seeks = store_.list(storage::OfferKind::kSeek);
  auto challenges = store_.list(storage::OfferKind::kChallenge, r.user().id);
  if (!seeks || !challenges)
    return r.error(v1::ERROR_CODE_INTERNAL, !seeks ? seeks.message() : challenges.message());
  for (const auto& e : *seeks) *snap->add_seeks() = wire_seek(e);
  for (const auto& e : *challenges) *snap->add_challenges() = wire_challenge(e);
  r.reply(std::move(m));
}

}  // namespace boyi::app
