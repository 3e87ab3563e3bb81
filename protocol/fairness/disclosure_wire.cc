#include "protocol/fairness/disclosure_wire.h"

namespace boyi::fairness {

v1::SlotOpening to_wire(const Opening& o) {
  v1::SlotOpening w;
  w.set_seat(o.seat);
  w.set_slot(o.slot);
  w.set_piece(std::string(1, o.piece));
  w.set_salt(o.salt);
  for (const auto& p : o.path) w.add_path(p);
  return w;
}

Opening from_wire(const v1::SlotOpening& w) {
  Opening o;
  o.seat = w.seat();
  o.slot = w.slot();
  o.piece = w.piece().size() == 1 ? w.piece()[0] : '\0';
  o.salt = w.salt();
  o.path.assign(w.path().begin(), w.path().end());
  return o;
}

v1::FairnessDisclosure to_wire(const Disclosure& d) {
  v1::FairnessDisclosure w;
  w.set_scheme(d.scheme);
  w.set_public_key(d.public_key);
  for (int s = 0; s < 2; ++s) {
    const auto& secrets = d.seats[static_cast<std::size_t>(s)];
    auto* seat = w.add_seats();
    seat->set_seat(s);
    seat->set_root(secrets.root);
    seat->set_seed(secrets.seed);
    seat->set_client_commitment(secrets.client_commitment);
    seat->set_client_salt(secrets.client_salt);
  }
  w.set_seq(d.seq);
  w.set_chain(d.chain);
  w.set_signature(d.signature);
  return w;
}

Disclosure from_wire(const v1::FairnessDisclosure& w) {
  Disclosure d;
  d.scheme = w.scheme();
  d.public_key = w.public_key();
  for (const auto& seat : w.seats()) {
    if (seat.seat() != 0 && seat.seat() != 1) continue;
    auto& secrets = d.seats[static_cast<std::size_t>(seat.seat())];
    secrets.root = seat.root();
    secrets.seed = seat.seed();
    secrets.client_commitment = seat.client_commitment();
    secrets.client_salt = seat.client_salt();
  }
  d.seq = w.seq();
  d.chain = w.chain();
  d.signature = w.signature();
  return d;
}

}  // namespace boyi::fairness
