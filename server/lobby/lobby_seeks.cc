// The lobby's seeks: open, cancel and accept a seek (on any server).
#include "server/lobby/lobby.h"

namespace boyi::app {

namespace {

constexpr std::size_t kMaxSeeksPerUser = 10;

}  // namespace

v1::Seek Lobby::wire_seek(const storage::LobbyOffer& e) const {
  v1::Seek s;
  s.set_seek_id(wire_id(e));
  *s.mutable_owner() = to_player(user_of(e.owner), -1);
  (void)s.mutable_setup()->ParseFromString(e.wire);
  return s;
}

void Lobby::create_seek(const Request& r) {
  const auto& sent = r.message().create_seek().setup();
  Resolved setup;
  if (!resolve_or_reply(r, sent, setup)) return;
  auto made = store_.open(offer_of(setup, sent, storage::OfferKind::kSeek, r.user()),
                          kMaxSeeksPerUser, 0);
  if (!made) return r.error(v1::ERROR_CODE_CONFLICT, made.message());
  v1::ServerMessage out;
  *out.mutable_seek_created()->mutable_seek() = wire_seek(*made);
  v1::LobbyUpdate u;
  *u.mutable_seek_opened() = wire_seek(*made);
  broadcast(u);
  r.reply(std::move(out));
}

void Lobby::cancel_seek(const Request& r) {
  const auto& id = r.message().cancel_seek().seek_id();
  auto seek = find_offer(storage::OfferKind::kSeek, id);
  if (!seek) return r.error(v1::ERROR_CODE_INTERNAL, seek.message());
  if (!*seek || (*seek)->owner.id != r.user().id)
    return r.error(v1::ERROR_CODE_NOT_FOUND, "you have no seek " + id);
  auto taken = store_.take(storage::OfferKind::kSeek, (*seek)->id);
  if (!taken) return r.error(v1::ERROR_CODE_INTERNAL, taken.message());
  if (!*taken) return r.error(v1::ERROR_CODE_NOT_FOUND, "you have no seek " + id);
  v1::LobbyUpdate u;
  u.set_seek_closed(id);
  broadcast(u);
  r.ack();
}

void Lobby::accept_seek(const Request& r) {
  const auto& id = r.message().accept_seek().seek_id();
  auto seek = find_offer(storage::OfferKind::kSeek, id);
  if (!seek) return r.error(v1::ERROR_CODE_INTERNAL, seek.message());
  if (!*seek) return r.error(v1::ERROR_CODE_NOT_FOUND, "no open seek " + id);
  if ((*seek)->owner.id == r.user().id)
    return r.error(v1::ERROR_CODE_CONFLICT, "that is your own seek");
  auto setup = resolve_stored(**seek);
  if (!setup) return r.error(v1::ERROR_CODE_INTERNAL, setup.message());
  // Whoever deletes the row has it: a seek accepted on two servers at once starts one match.
  auto taken = store_.take(storage::OfferKind::kSeek, (*seek)->id);
  if (!taken) return r.error(v1::ERROR_CODE_INTERNAL, taken.message());
  if (!*taken) return r.error(v1::ERROR_CODE_NOT_FOUND, "no open seek " + id);
  v1::LobbyUpdate u;
  u.set_seek_closed(id);
  broadcast(u);
  r.ack();
  start_match(*setup, user_of((*seek)->owner), r.user());
}

}  // namespace boyi::app
