#include "protocol/fairness/commitment.h"

#include <array>

#include "base/crypto/crypto.h"
#include "engine/junqi/board.h"
#include "engine/junqi/junqi.h"

namespace boyi::fairness {
namespace {

constexpr int kLeaves = 32;  // 25 slots padded to a power of two
constexpr int kLevels = 5;

std::string hash_hex(std::string_view text) { return crypto::to_hex(crypto::sha256_bytes(text)); }

std::string node(std::string_view left, std::string_view right) {
  return hash_hex("boyi-fair/1 node|" + std::string(left) + std::string(right));
}

// The tree's levels, leaves first; levels[kLevels][0] is the root.
std::array<std::vector<std::string>, kLevels + 1> tree(std::string_view match_id, Seat seat,
                                                        std::string_view layout,
                                                        std::string_view seed) {
  std::array<std::vector<std::string>, kLevels + 1> levels;
  const std::string pad = hash_hex("boyi-fair/1 pad");
  for (int slot = 0; slot < kLeaves; ++slot)
    levels[0].push_back(slot < kSlots ? leaf_hash(match_id, seat, slot,
                                                  layout[static_cast<std::size_t>(slot)],
                                                  slot_salt(seed, slot))
                                      : pad);
  for (int l = 1; l <= kLevels; ++l)
    for (std::size_t i = 0; i < levels[l - 1].size(); i += 2)
      levels[l].push_back(node(levels[l - 1][i], levels[l - 1][i + 1]));
  return levels;
}

}  // namespace

std::string seat_seed(std::string_view server_secret, std::string_view match_id, Seat seat) {
  return crypto::to_hex(crypto::hmac_sha256(
      server_secret, "boyi-fair/1 seed|" + std::string(match_id) + "|" + std::to_string(seat)));
}

std::string slot_salt(std::string_view seed, int slot) {
  return hash_hex(std::string(seed) + "|" + std::to_string(slot));
}

std::string leaf_hash(std::string_view match_id, Seat seat, int slot, char piece,
                      std::string_view salt) {
  return hash_hex("boyi-fair/1 leaf|" + std::string(match_id) + "|" + std::to_string(seat) + "|" +
                  std::to_string(slot) + "|" + std::string(1, piece) + "|" + std::string(salt));
}

Result<std::string> layout_root(std::string_view match_id, Seat seat, std::string_view layout,
                                std::string_view seed) {
  if (layout.size() != kSlots) return fail("a layout has 25 letters");
  return tree(match_id, seat, layout, seed)[kLevels][0];
}

Opening open_slot(std::string_view match_id, Seat seat, std::string_view layout,
                  std::string_view seed, int slot) {
  const auto levels = tree(match_id, seat, layout, seed);
  Opening o;
  o.seat = seat;
  o.slot = slot;
  o.piece = layout[static_cast<std::size_t>(slot)];
  o.salt = slot_salt(seed, slot);
  for (int l = 0, i = slot; l < kLevels; ++l, i /= 2)
    o.path.push_back(levels[l][static_cast<std::size_t>(i ^ 1)]);
  return o;
}

std::string slot_post(Seat seat, int slot) {
  if (slot < 0 || slot >= kSlots || (seat != 0 && seat != 1)) return "";
  return junqi::post_name(junqi::from_own_frame(junqi::kDeploySlots[static_cast<std::size_t>(slot)], seat));
}

bool opening_matches(std::string_view match_id, std::string_view root, const Opening& o) {
  if (o.slot < 0 || o.slot >= kSlots || o.path.size() != kLevels) return false;
  std::string h = leaf_hash(match_id, o.seat, o.slot, o.piece, o.salt);
  for (int l = 0, i = o.slot; l < kLevels; ++l, i /= 2) {
    const std::string& sibling = o.path[static_cast<std::size_t>(l)];
    h = (i % 2 == 0) ? node(h, sibling) : node(sibling, h);
  }
  return h == root;
}

std::string client_commitment(std::string_view layout, std::string_view salt) {
  return hash_hex("boyi-fair/1 client|" + std::string(layout) + "|" + std::string(salt));
}

Status check_client_salt(std::string_view salt) {
  if (salt.size() < 16 || salt.size() > 128) return fail("a commitment salt has 16 to 128 characters");
  for (char c : salt)
    if (c < 0x21 || c > 0x7e) return fail("a commitment salt is printable ASCII without spaces");
  return Status::Ok();
}

bool is_hash_text(std::string_view text) {
  if (text.size() != 64) return false;
  for (char c : text)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

}  // namespace boyi::fairness
