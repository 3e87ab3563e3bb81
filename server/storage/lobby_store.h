// The lobby's shared state (migration 16): who is online on which node, and the open offers
// (seeks, challenges, users waiting to be paired). Kept in the database so that every server
// on it shows one lobby: a user connected to any node sees everyone online on every node, and
// accepts a seek opened on another. An offer is taken by whoever deletes its row
// (DELETE ... RETURNING), so two servers never both start a match from one seek; a pairing is
// made under a transaction-scoped lock on its setup, so two users waiting for the same game on
// two servers are paired. A server alone (SQLite) is node 0 and starts with an empty lobby, as
// a lobby in memory would.
//
// The setups are stored as the client sent them (setup) and as the server resolved them for
// the wire (wire), both serialised protobuf messages the lobby owns; this store only keeps
// the bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/storage/database.h"

namespace boyi::storage {

struct LobbyUser {
  Id id = 0;
  std::string username;
  std::string display_name;
  int role = 0;
};

enum class OfferKind { kSeek, kChallenge, kPool };

struct LobbyOffer {
  Id id = 0;  // given by the store
  OfferKind kind = OfferKind::kSeek;
  LobbyUser owner;  // who opened it (a challenge's sender)
  LobbyUser to{};   // a challenge's recipient
  std::string setup_key;  // offers with equal keys are for the same game, rules and time
  std::string setup;      // bytes: the setup as the client sent it
  std::string wire;       // bytes: the setup as the server resolved it
  std::int64_t expires_ms = 0;  // on the database's clock; 0: never
};

class LobbyStore {
 public:
  // `node`: whose presence arrive and leave write (0: a server alone); a reader of who is
  // online may pass any.
  LobbyStore(Database& db, Id node) : db_(db), node_(node) {}

  // A server alone starts with an empty lobby (nothing of an earlier run is open).
  Status clear_all();

  // The user's first connection on this node: true when it was online on no node before.
  Result<bool> arrive(const LobbyUser& user);
  // The user's last connection on this node closed: true when it is online on no node now.
  Result<bool> leave(Id user);
  // Everyone online on some node, each once, by id.
  Result<std::vector<LobbyUser>> online();
  Result<std::optional<LobbyUser>> online_user(Id user);
  // The nodes the user is connected to.
  Result<std::vector<Id>> nodes_of(Id user);
  // Forgets who was online on nodes whose lease ended (stopped, silent for `lease_ms`, an
  // earlier run of this node's name): the users now online on no node.
  Result<std::vector<Id>> forget_ended_nodes(std::int64_t lease_ms);

  // Stores a new offer (its id and, for `ttl_ms` > 0, its expiry filled in); an error that
  // says so when its owner already has `max_per_owner` of that kind open.
  Result<LobbyOffer> open(LobbyOffer offer, std::size_t max_per_owner, std::int64_t ttl_ms);
  Result<std::optional<LobbyOffer>> find(OfferKind kind, Id id);
  // Takes (deletes) the offer: true for the one caller that took it.
  Result<bool> take(OfferKind kind, Id id);
  // Open offers of a kind, by id; with `involving`, only those it opened or was sent.
  Result<std::vector<LobbyOffer>> list(OfferKind kind, Id involving = 0);
  // Takes every offer the user opened or was sent (it went offline).
  Result<std::vector<LobbyOffer>> take_all_of(Id user);
  // Takes every offer whose expiry has passed.
  Result<std::vector<LobbyOffer>> take_expired();

  // Automatic pairing: takes the longest-waiting user with the same setup key and answers
  // it, or, when none waits, puts `mine` in the pool and answers none. `already` when its
  // owner is waiting already (nothing changes).
  struct Pairing {
    bool already = false;
    std::optional<LobbyOffer> partner;
  };
  Result<Pairing> pair_or_wait(LobbyOffer mine);

 private:
  Database& db_;
  const Id node_;
};

}  // namespace boyi::storage
