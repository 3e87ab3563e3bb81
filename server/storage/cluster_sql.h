// SQL shared by the stores of several servers on one database (cluster_store.h,
// lobby_store.h): the database's clock, on which every lease is measured, reading a
// statement's rows, and which nodes' leases have ended. Only storage/ includes this header.
#pragma once

#include <cstdint>
#include <vector>

#include "server/storage/database.h"
#include "server/storage/sql.h"

namespace boyi::storage {

// The database's clock in ms: every lease is measured on it.
Result<std::int64_t> database_now_ms(Connection& conn);

// The first column of every row the statement gives (node, match or user ids).
Result<std::vector<std::int64_t>> read_ids(Statement& st);

// The rows a statement with these parameters gives (a SELECT, or a DELETE ... RETURNING),
// read by `read`.
template <class Row, class... Args>
Result<std::vector<Row>> rows_of(Database& db, Result<std::vector<Row>> (*read)(Statement&),
                                 const char* sql, const Args&... args) {
  std::vector<Row> out;
  auto s = db.with_connection([&](Connection& conn) -> Status {
    auto q = conn.query(sql);
    if (!q) return q.status();
    if (auto b = q.value()->bind_all(args...); !b) return b;
    auto rows = read(*q.value());
    if (!rows) return rows.status();
    out = std::move(rows).value();
    return Status::Ok();
  });
  if (!s) return Error{s.message()};
  return out;
}

// The nodes whose leases have ended, seen by node ?1 when the last heartbeat of a live node
// is no older than CUTOFF (a parameter): stopped, silent, or an earlier run of ?1's name.
#define BOYI_ENDED_NODES_BEFORE(CUTOFF)                                                 \
  "SELECT n.id FROM cluster_nodes n WHERE n.id <> ?1 AND (n.stopped = 1 OR "            \
  "n.heartbeat_ms < " CUTOFF " OR (n.id < ?1 AND n.name = (SELECT name FROM cluster_nodes " \
  "WHERE id = ?1)))"
#define BOYI_ENDED_NODES BOYI_ENDED_NODES_BEFORE("?3")

}  // namespace boyi::storage
