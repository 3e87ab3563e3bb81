// SQL shared by the stores of several servers on one database (cluster_store.h,
// lobby_store.h): the database's clock, on which every lease is measured, and which nodes'
// leases have ended. Only storage/ includes this header.
#pragma once

#include <cstdint>
#include <vector>

#include "server/storage/sql.h"

namespace boyi::storage {

// The database's clock in ms: every lease is measured on it.
Result<std::int64_t> database_now_ms(Connection& conn);

// The first column of every row the statement gives (node, match or user ids).
Result<std::vector<std::int64_t>> read_ids(Statement& st);

// The nodes whose leases have ended, seen by node ?1 when the last heartbeat of a live node
// is no older than CUTOFF (a parameter): stopped, silent, or an earlier run of ?1's name.
#define BOYI_ENDED_NODES_BEFORE(CUTOFF)                                                 \
  "SELECT n.id FROM cluster_nodes n WHERE n.id <> ?1 AND (n.stopped = 1 OR "            \
  "n.heartbeat_ms < " CUTOFF " OR (n.id < ?1 AND n.name = (SELECT name FROM cluster_nodes " \
  "WHERE id = ?1)))"
#define BOYI_ENDED_NODES BOYI_ENDED_NODES_BEFORE("?3")

}  // namespace boyi::storage
