#include "server/core/presence.h"

namespace boyi::app {

bool Presence::add(const UserInfo& user, const Peer& peer) {
  std::lock_guard lock(mu_);
  auto& o = online_[user.id];
  const bool first = o.peers.empty();
  o.user = user;
  o.peers[peer.conn->id()] = peer;
  return first;
}

bool Presence::remove(storage::Id user, std::uint64_t connection) {
  std::lock_guard lock(mu_);
  auto it = online_.find(user);
  if (it == online_.end()) return false;
  if (it->second.peers.erase(connection) == 0) return false;
  if (!it->second.peers.empty()) return false;
  online_.erase(it);
  return true;
}

void Presence::set_kind(storage::Id user, std::uint64_t connection, net::FrameKind kind) {
  std::lock_guard lock(mu_);
  if (auto it = online_.find(user); it != online_.end())
    if (auto p = it->second.peers.find(connection); p != it->second.peers.end())
      p->second.kind = kind;
}

std::vector<Peer> Presence::peers_of(storage::Id user) const {
  std::vector<Peer> out;
  std::lock_guard lock(mu_);
  if (auto it = online_.find(user); it != online_.end())
    for (const auto& [id, peer] : it->second.peers) out.push_back(peer);
  return out;
}

std::vector<net::ConnectionPtr> Presence::connections_of(storage::Id user) const {
  std::vector<net::ConnectionPtr> out;
  for (auto& p : peers_of(user)) out.push_back(std::move(p.conn));
  return out;
}

void Presence::send_to_user(storage::Id user, const v1::ServerMessage& m) const {
  const auto peers = peers_of(user);
  if (peers.empty()) return;
  Outgoing out(m, max_frame_);
  for (const auto& p : peers) out.send(p);
}

std::optional<UserInfo> Presence::online_user(storage::Id user) const {
  std::lock_guard lock(mu_);
  if (auto it = online_.find(user); it != online_.end()) return it->second.user;
  return std::nullopt;
}

std::vector<UserInfo> Presence::online() const {
  std::vector<UserInfo> out;
  std::lock_guard lock(mu_);
  for (const auto& [id, o] : online_) out.push_back(o.user);
  return out;
}

std::size_t Presence::count() const {
  std::lock_guard lock(mu_);
  return online_.size();
}

Result<UserInfo> Presence::user_info(storage::Id user) const {
  if (is_house(user)) return house_;
  if (auto u = online_user(user)) return *u;
  auto u = db_.user_by_id(user);
  if (!u) return Error{u.message()};
  return UserInfo{u->id, u->name, u->name, role_of(*u)};
}

}  // namespace boyi::app
