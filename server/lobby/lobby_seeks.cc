// The lobby's seeks: open, cancel and accept a seek.
#include "server/lobby/lobby.h"

namespace boyi::app {

namespace {

constexpr std::size_t kMaxSeeksPerUser = 10;

}  // namespace

v1::Seek Lobby::wire_seek(const SeekEntry& e) const {
  v1::Seek s;
  s.set_seek_id(e.id);
  *s.mutable_owner() = to_player(e.owner, -1);
  *s.mutable_setup() = e.setup.wire;
  return s;
}

void Lobby::create_seek(const Request& r) {
  Resolved setup;
  if (!resolve_or_reply(r, r.message().create_seek().setup(), setup)) return;
  v1::ServerMessage out;
  {
    std::lock_guard lock(mu_);
    std::size_t mine = 0;
    for (const auto& [id, e] : seeks_) mine += e->owner.id == r.user().id;
    if (mine >= kMaxSeeksPerUser) return r.error(v1::ERROR_CODE_CONFLICT, "too many open seeks");
    auto e = std::make_unique<SeekEntry>();
    e->id = "k" + std::to_string(++next_offer_);
    e->owner = r.user();
    e->setup = std::move(setup);
    *out.mutable_seek_created()->mutable_seek() = wire_seek(*e);
    v1::LobbyUpdate u;
    *u.mutable_seek_opened() = wire_seek(*e);
    seeks_[e->id] = std::move(e);
    broadcast_locked(u);
  }
  r.reply(std::move(out));
}

void Lobby::cancel_seek(const Request& r) {
  const auto& id = r.message().cancel_seek().seek_id();
  {
    std::lock_guard lock(mu_);
    auto it = seeks_.find(id);
    if (it == seeks_.end() || it->second->owner.id != r.user().id)
      return r.error(v1::ERROR_CODE_NOT_FOUND, "you have no seek " + id);
    seeks_.erase(it);
    v1::LobbyUpdate u;
    u.set_seek_closed(id);
    broadcast_locked(u);
  }
  r.ack();
}

void Lobby::accept_seek(const Request& r) {
  const auto& id = r.message().accept_seek().seek_id();
  std::unique_ptr<SeekEntry> seek;
  {
    std::lock_guard lock(mu_);
    auto it = seeks_.find(id);
    if (it == seeks_.end()) return r.error(v1::ERROR_CODE_NOT_FOUND, "no open seek " + id);
    if (it->second->owner.id == r.user().id)
      return r.error(v1::ERROR_CODE_CONFLICT, "that is your own seek");
    seek = std::move(it->second);
    seeks_.erase(it);
    v1::LobbyUpdate u;
    u.set_seek_closed(seek->id);
    broadcast_locked(u);
  }
  r.ack();
  start_match(seek->setup, seek->owner, r.user());
}
}  // namespace boyi::app
