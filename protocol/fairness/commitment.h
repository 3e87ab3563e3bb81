// A 军棋 deployment committed without being shown: a Merkle tree over its 25 slots, each
// leaf salted with its own secret, so the whole layout can be revealed at the end and one
// piece (a flag revealed when its marshal falls) can be opened during the game without
// telling anything about the others. Every value is lower-case hex SHA-256 text, so a bot
// author can recompute it in a few lines of any language (protocol/README.md §Fairness).
//
//   seed(seat)   = HMAC-SHA-256(server secret, "boyi-fair/1 seed|<match>|<seat>")
//   salt(slot)   = SHA-256(seed_hex + "|" + slot)
//   leaf(slot)   = SHA-256("boyi-fair/1 leaf|<match>|<seat>|<slot>|<letter>|" + salt_hex)
//   padding      = SHA-256("boyi-fair/1 pad") for slots 25..31
//   node(l, r)   = SHA-256("boyi-fair/1 node|" + l_hex + r_hex)
//   root         = node at the top of the 32 leaves
//
// A seat may also commit itself before the server sees its layout:
//   client commitment = SHA-256("boyi-fair/1 client|" + layout + "|" + salt), salt 16..128
//   printable ASCII characters, revealed with the deploying move.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "engine/core/outcome.h"

namespace boyi::fairness {

inline constexpr int kSlots = 25;

// The seat's secret in a match, derived from the server's secret (crypto::SigningKey's
// derivation_secret): the same after a restart, unguessable without the server's key.
std::string seat_seed(std::string_view server_secret, std::string_view match_id, Seat seat);
std::string slot_salt(std::string_view seed, int slot);
std::string leaf_hash(std::string_view match_id, Seat seat, int slot, char piece,
                      std::string_view salt);

// The root over a 25-letter layout; an error for another length.
Result<std::string> layout_root(std::string_view match_id, Seat seat, std::string_view layout,
                                std::string_view seed);

struct Opening {
  Seat seat = 0;
  int slot = 0;
  char piece = 0;
  std::string salt;
  std::vector<std::string> path;  // sibling hashes, leaf level first
  bool operator==(const Opening&) const = default;
};
Opening open_slot(std::string_view match_id, Seat seat, std::string_view layout,
                  std::string_view seed, int slot);
// The post a slot of `seat`'s deployment fills, in the absolute frame ("L1").
std::string slot_post(Seat seat, int slot);
// Whether the opening leads to `root`.
bool opening_matches(std::string_view match_id, std::string_view root, const Opening& opening);

std::string client_commitment(std::string_view layout, std::string_view salt);
// Why `salt` may not be a client salt, or ok.
Status check_client_salt(std::string_view salt);
// Whether `commitment` is 64 lower-case hex digits.
bool is_hash_text(std::string_view commitment);

}  // namespace boyi::fairness
