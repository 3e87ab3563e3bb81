// The lobby's seeks: open, cancel and accept a seek.
#include "server/app/hub_internal.h"

namespace boyi::app {

using hub_detail::split_error;

namespace {

constexpr std::size_t kMaxSeeksPerUser = 10;

}  // namespace

v1::Seek Hub::wire_seek(const SeekEntry& e) const {
  v1::Seek s;
  s.set_seek_id(e.id);
  *s.mutable_owner() = to_player(e.owner, -1);
  *s.mutable_setup() = e.setup.wire;
  return s;
}

void Hub::create_seek(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  auto r = resolve(m.create_seek().setup());
  if (!r) {
    auto [code, text] = split_error(r.message());
    return reply_error(*s, rid, code, text);
  }
  v1::ServerMessage out;
  out.set_request_id(rid);
  {
    std::lock_guard lock(mu_);
    std::size_t mine = 0;
    for (const auto& [id, e] : seeks_) mine += e->owner.id == s->user->id;
    if (mine >= kMaxSeeksPerUser)
      return reply_error(*s, rid, v1::ERROR_CODE_CONFLICT, "too many open seeks");
    auto e = std::make_unique<SeekEntry>();
    e->id = "k" + std::to_string(++next_offer_);
    e->owner = *s->user;
    e->setup = std::move(r).value();
    *out.mutable_seek_created()->mutable_seek() = wire_seek(*e);
    v1::LobbyUpdate u;
    *u.mutable_seek_opened() = wire_seek(*e);
    seeks_[e->id] = std::move(e);
    lobby_broadcast_locked(u);
  }
  reply(*s, std::move(out));
}

void Hub::cancel_seek(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  {
    std::lock_guard lock(mu_);
    auto it = seeks_.find(m.cancel_seek().seek_id());
    if (it == seeks_.end() || it->second->owner.id != s->user->id)
      return reply_error(*s, rid, v1::ERROR_CODE_NOT_FOUND,
                         "you have no seek " + m.cancel_seek().seek_id());
    seeks_.erase(it);
    v1::LobbyUpdate u;
    u.set_seek_closed(m.cancel_seek().seek_id());
    lobby_broadcast_locked(u);
  }
  ack(*s, rid);
}

void Hub::accept_seek(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  std::unique_ptr<SeekEntry> seek;
  std::vector<Peer> owner_peers, my_peers;
  UserInfo me;
  {
    std::lock_guard lock(mu_);
    auto it = seeks_.find(m.accept_seek().seek_id());
    if (it == seeks_.end())
      return reply_error(*s, rid, v1::ERROR_CODE_NOT_FOUND,
                         "no open seek " + m.accept_seek().seek_id());
    if (it->second->owner.id == s->user->id)
      return reply_error(*s, rid, v1::ERROR_CODE_CONFLICT, "that is your own seek");
    seek = std::move(it->second);
    seeks_.erase(it);
    v1::LobbyUpdate u;
    u.set_seek_closed(seek->id);
    lobby_broadcast_locked(u);
    owner_peers = peers_of_locked(seek->owner.id);
    my_peers = peers_of_locked(s->user->id);
    me = *s->user;
  }
  ack(*s, rid);
  start_match(seek->setup, seek->owner, owner_peers, me, my_peers, false, 0);
}
}  // namespace boyi::app
