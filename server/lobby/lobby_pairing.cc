// The lobby's automatic pairing: users waiting for the same game, rules and time, on any
// server, are paired in the order they came.
#include "server/lobby/lobby.h"

namespace boyi::app {

void Lobby::auto_pair(const Request& r) {
  const auto& sent = r.message().auto_pair().setup();
  Resolved setup;
  if (!resolve_or_reply(r, sent, setup)) return;
  auto paired = store_.pair_or_wait(offer_of(setup, sent, storage::OfferKind::kPool, r.user()));
  if (!paired) return r.error(v1::ERROR_CODE_INTERNAL, paired.message());
  if (paired->already) return r.error(v1::ERROR_CODE_CONFLICT, "already waiting to be paired");
  r.ack();
  if (!paired->partner) return;
  auto partner_setup = resolve_stored(*paired->partner);
  if (!partner_setup) {
    app_.log.error("pairing_setup_unreadable", {{"reason", partner_setup.message()}});
    return;
  }
  start_match(*partner_setup, user_of(paired->partner->owner), r.user());
}

void Lobby::cancel_auto_pair(const Request& r) {
  auto waiting = store_.list(storage::OfferKind::kPool, r.user().id);
  if (!waiting) return r.error(v1::ERROR_CODE_INTERNAL, waiting.message());
  bool cancelled = false;
  for (const auto& w : *waiting) {
    if (w.owner.id != r.user().id) continue;
    auto taken = store_.take(storage::OfferKind::kPool, w.id);
    cancelled = cancelled || (taken && *taken);
  }
  if (!cancelled) return r.error(v1::ERROR_CODE_NOT_FOUND, "you are not waiting to be paired");
  r.ack();
}

}  // namespace boyi::app
