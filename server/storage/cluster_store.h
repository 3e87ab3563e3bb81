// Several servers on one database: the nodes, which node hosts each running match, and which
// node holds a cluster-wide role (running the tournaments). The coordination is the
// database's own: each claim or takeover is one statement or one transaction, row locks keep
// two nodes from taking the same match, and every time is the database's clock (the nodes'
// clocks never need to agree). server/cluster/ runs it; the schema is migration 15.
//
// A node is one run of a server: a new row each start, renewed by its heartbeat. Its lease on
// everything it hosts ends when it stops (marked at a clean shutdown) or when its heartbeat is
// older than the lease; a node started under the same name (the same server run again) takes
// its earlier run's matches at once.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "server/storage/database.h"

namespace boyi::storage {

struct ClusterNode {
  Id id = 0;
  std::string name;
  std::int64_t started_ms = 0;
  std::int64_t heartbeat_ms = 0;
  std::int64_t silent_ms = 0;  // since its last heartbeat, on the database's clock
  bool stopped = false;
  bool alive = false;          // not stopped, heartbeat within the lease
  std::int64_t matches = 0;    // running matches it hosts
  std::int64_t takeovers = 0;  // matches it took over from other nodes
};

class ClusterStore {
 public:
  explicit ClusterStore(Database& db) : db_(db) {}

  // A new node (heartbeat now); its id.
  Result<Id> register_node(std::string_view name);
  // Renews the node's leases (its heartbeat = the database's now).
  Status heartbeat(Id node);
  // The node stopped: what it hosted is free to take at once.
  Status mark_stopped(Id node);

  // The node hosts this new match (stored, not started: its start entry needs the claim).
  // An error when another node already does.
  Status claim_match(Id match, Id node);
  // The match ended: nobody hosts it any more.
  Status release_match(Id match);
  // Takes over at most `limit` running matches that no live node hosts: those of a stopped
  // node, of an earlier run of this node's name, of a node silent for `lease_ms`, and running
  // matches nobody claimed (stored before migration 15). Their ids, oldest first.
  Result<std::vector<Id>> take_over_matches(Id node, std::int64_t lease_ms, int limit);
  // The matches the node hosts now.
  Result<std::vector<Id>> matches_of(Id node);
  // The node that hosts the match (0: none).
  Result<Id> owner_of(Id match);
  struct Host {
    Id node = 0;  // 0: none
    bool alive = false;
  };
  // The node that hosts the match, and whether its lease holds.
  Result<Host> host_of(Id match, std::int64_t lease_ms);

  // Holds `role` for the node: true when it holds it now (it was free, its holder is not
  // alive, or the node holds it already).
  Result<bool> hold_role(std::string_view role, Id node, std::int64_t lease_ms);
  Status release_role(std::string_view role, Id node);

  // The nodes whose lease holds, by id (one light query: asked at each match start and
  // lobby push).
  Result<std::vector<Id>> alive_nodes(std::int64_t lease_ms);
  // The nodes that are alive or host something, with their figures, by id.
  Result<std::vector<ClusterNode>> nodes(std::int64_t lease_ms);
  // Drops the relayed messages (PostgreSQL only: relay_queue.h) addressed to nodes whose
  // lease ended: nobody will read them.
  Status drop_relay_to_ended(Id node, std::int64_t lease_ms);

 private:
  Database& db_;
};

}  // namespace boyi::storage
