#include "server/storage/cluster_store.h"

#include <algorithm>

#include "server/storage/cluster_sql.h"

namespace boyi::storage {

namespace {

#define BOYI_RUNNING "SELECT id FROM matches WHERE status = 'running'"

}  // namespace

Result<Id> ClusterStore::register_node(std::string_view name) {
  Id id = 0;
  auto s = db_.in_transaction([&](Connection& conn) -> Status {
    auto now = database_now_ms(conn);
    if (!now) return now.status();
    auto made = insert_returning_id(
        conn,
        "INSERT INTO cluster_nodes(name, started_ms, heartbeat_ms) VALUES(?1, ?2, ?2) "
        "RETURNING id",
        name, *now);
    if (!made) return made.status();
    id = *made;
    return Status::Ok();
  });
  if (!s) return Error{"cannot register this server in the cluster: " + s.message()};
  return id;
}

Status ClusterStore::heartbeat(Id node) {
  return db_.with_connection([&](Connection& conn) -> Status {
    auto now = database_now_ms(conn);
    if (!now) return now.status();
    return execute(conn, "UPDATE cluster_nodes SET heartbeat_ms = ?2 WHERE id = ?1", node, *now);
  });
}

Status ClusterStore::mark_stopped(Id node) {
  return db_.with_connection([&](Connection& conn) {
    return execute(conn, "UPDATE cluster_nodes SET stopped = 1 WHERE id = ?1", node);
  });
}

Status ClusterStore::claim_match(Id match, Id node) {
  return db_.in_transaction([&](Connection& conn) -> Status {
    auto now = database_now_ms(conn);
    if (!now) return now.status();
    if (auto s = execute(conn,
                         "INSERT INTO match_owners(match_id, node_id, since_ms) VALUES(?1, ?2, ?3) "
                         "ON CONFLICT (match_id) DO NOTHING",
                         match, node, *now);
        !s)
      return s;
    if (conn.changes() == 0)
      return fail("match " + std::to_string(match) + " is hosted by another server");
    return Status::Ok();
  });
}

Status ClusterStore::release_match(Id match) {
  return db_.with_connection([&](Connection& conn) {
    return execute(conn, "DELETE FROM match_owners WHERE match_id = ?1", match);
  });
}

Result<std::vector<Id>> ClusterStore::take_over_matches(Id node, std::int64_t lease_ms,
                                                        int limit) {
  std::vector<Id> taken;
  auto s = db_.in_transaction([&](Connection& conn) -> Status {
    taken.clear();
    auto now = database_now_ms(conn);
    if (!now) return now.status();
    // PostgreSQL: rows another node is taking (or whose owner is appending to the journal
    // right now) are skipped, not waited for; SQLite's write lock already serialises.
    auto moved = conn.query(
        conn.dialect() == SqlDialect::kPostgres
            ? "UPDATE match_owners SET node_id = ?1, since_ms = ?2 WHERE match_id IN (SELECT "
              "match_id FROM match_owners WHERE node_id IN (" BOYI_ENDED_NODES
              ") AND match_id IN (" BOYI_RUNNING ") ORDER BY match_id LIMIT ?4 FOR UPDATE SKIP LOCKED) RETURNING match_id"
            : "UPDATE match_owners SET node_id = ?1, since_ms = ?2 WHERE match_id IN (SELECT "
              "match_id FROM match_owners WHERE node_id IN (" BOYI_ENDED_NODES
              ") AND match_id IN (" BOYI_RUNNING ") ORDER BY match_id LIMIT ?4) RETURNING match_id");
    if (!moved) return moved.status();
    if (auto b = moved.value()->bind_all(node, *now, *now - lease_ms, limit); !b) return b;
    auto ids = read_ids(*moved.value());
    if (!ids) return ids.status();
    taken = std::move(ids).value();
    // Running matches nobody claimed (stored by a server before the cluster tables).
    if (static_cast<int>(taken.size()) < limit) {
      auto orphans = conn.query(
          "INSERT INTO match_owners(match_id, node_id, since_ms) SELECT id, ?1, ?2 FROM "
          "matches m WHERE status = 'running' AND NOT EXISTS (SELECT 1 FROM match_owners o "
          "WHERE o.match_id = m.id) ORDER BY id LIMIT ?3 ON CONFLICT (match_id) DO NOTHING "
          "RETURNING match_id");
      if (!orphans) return orphans.status();
      if (auto b = orphans.value()->bind_all(node, *now, limit - static_cast<int>(taken.size()));
          !b)
        return b;
      auto more = read_ids(*orphans.value());
      if (!more) return more.status();
      taken.insert(taken.end(), more->begin(), more->end());
    }
    if (taken.empty()) return Status::Ok();
    return execute(conn, "UPDATE cluster_nodes SET takeovers = takeovers + ?2 WHERE id = ?1", node,
                   static_cast<std::int64_t>(taken.size()));
  });
  if (!s) return Error{"cannot take over matches: " + s.message()};
  std::sort(taken.begin(), taken.end());
  return taken;
}

Result<std::vector<Id>> ClusterStore::matches_of(Id node) {
  return rows_of(db_, read_ids,
                 "SELECT match_id FROM match_owners WHERE node_id = ?1 ORDER BY match_id", node);
}

Result<Id> ClusterStore::owner_of(Id match) {
  Id owner = 0;
  auto s = db_.with_connection([&](Connection& conn) -> Status {
    auto q = conn.query("SELECT node_id FROM match_owners WHERE match_id = ?1");
    if (!q) return q.status();
    if (auto b = q.value()->bind_all(match); !b) return b;
    auto row = q.value()->step();
    if (!row) return row.status();
    if (*row) owner = q.value()->int64(0);
    return Status::Ok();
  });
  if (!s) return Error{s.message()};
  return owner;
}

Result<ClusterStore::Host> ClusterStore::host_of(Id match, std::int64_t lease_ms) {
  Host host;
  auto s = db_.with_connection([&](Connection& conn) -> Status {
    auto now = database_now_ms(conn);
    if (!now) return now.status();
    auto q = conn.query(
        "SELECT o.node_id, CASE WHEN n.stopped = 0 AND n.heartbeat_ms >= ?2 THEN 1 ELSE 0 END "
        "FROM match_owners o JOIN "
        "cluster_nodes n ON n.id = o.node_id WHERE o.match_id = ?1");
    if (!q) return q.status();
    if (auto b = q.value()->bind_all(match, *now - lease_ms); !b) return b;
    auto row = q.value()->step();
    if (!row) return row.status();
    if (*row) host = {q.value()->int64(0), q.value()->int64(1) != 0};
    return Status::Ok();
  });
  if (!s) return Error{s.message()};
  return host;
}

Result<bool> ClusterStore::hold_role(std::string_view role, Id node, std::int64_t lease_ms) {
  bool held = false;
  auto s = db_.in_transaction([&](Connection& conn) -> Status {
    auto now = database_now_ms(conn);
    if (!now) return now.status();
    if (auto e = execute(conn,
                         "INSERT INTO cluster_roles(role, node_id, since_ms) VALUES(?4, ?1, ?2) "
                         "ON CONFLICT (role) DO UPDATE SET node_id = excluded.node_id, since_ms = "
                         "excluded.since_ms WHERE cluster_roles.node_id IN (" BOYI_ENDED_NODES ")",
                         node, *now, *now - lease_ms, role);
        !e)
      return e;
    auto q = conn.query("SELECT node_id FROM cluster_roles WHERE role = ?1");
    if (!q) return q.status();
    if (auto b = q.value()->bind_all(role); !b) return b;
    auto row = q.value()->step();
    if (!row) return row.status();
    held = *row && q.value()->int64(0) == node;
    return Status::Ok();
  });
  if (!s) return Error{s.message()};
  return held;
}

Status ClusterStore::release_role(std::string_view role, Id node) {
  return db_.with_connection([&](Connection& conn) {
    return execute(conn, "DELETE FROM cluster_roles WHERE role = ?1 AND node_id = ?2", role, node);
  });
}

Result<std::vector<Id>> ClusterStore::alive_nodes(std::int64_t lease_ms) {
  std::vector<Id> out;
  auto s = db_.with_connection([&](Connection& conn) -> Status {
    auto now = database_now_ms(conn);
    if (!now) return now.status();
    auto q = conn.query(
        "SELECT id FROM cluster_nodes WHERE stopped = 0 AND heartbeat_ms >= ?1 ORDER BY id");
    if (!q) return q.status();
    if (auto b = q.value()->bind_all(*now - lease_ms); !b) return b;
    auto ids = read_ids(*q.value());
    if (!ids) return ids.status();
    out = std::move(ids).value();
    return Status::Ok();
  });
  if (!s) return Error{s.message()};
  return out;
}

Result<std::vector<ClusterNode>> ClusterStore::nodes(std::int64_t lease_ms) {
  std::vector<ClusterNode> out;
  auto s = db_.with_connection([&](Connection& conn) -> Status {
    auto now = database_now_ms(conn);
    if (!now) return now.status();
    auto q = conn.query(
        "SELECT n.id, n.name, n.started_ms, n.heartbeat_ms, n.stopped, n.takeovers, "
        "(SELECT COUNT(*) FROM match_owners o WHERE o.node_id = n.id) FROM cluster_nodes n "
        "WHERE (n.stopped = 0 AND n.heartbeat_ms >= ?1) OR EXISTS (SELECT 1 FROM "
        "match_owners o WHERE o.node_id = n.id) ORDER BY n.id");
    if (!q) return q.status();
    if (auto b = q.value()->bind_all(*now - lease_ms); !b) return b;
    for (;;) {
      auto row = q.value()->step();
      if (!row) return row.status();
      if (!*row) return Status::Ok();
      const Statement& st = *q.value();
      ClusterNode n;
      n.id = st.int64(0);
      n.name = st.text(1);
      n.started_ms = st.int64(2);
      n.heartbeat_ms = st.int64(3);
      n.stopped = st.int64(4) != 0;
      n.takeovers = st.int64(5);
      n.matches = st.int64(6);
      n.silent_ms = *now - n.heartbeat_ms;
      n.alive = !n.stopped && n.heartbeat_ms >= *now - lease_ms;
      out.push_back(std::move(n));
    }
  });
  if (!s) return Error{s.message()};
  return out;
}

Status ClusterStore::drop_relay_to_ended(Id node, std::int64_t lease_ms) {
  return db_.with_connection([&](Connection& conn) -> Status {
    auto now = database_now_ms(conn);
    if (!now) return now.status();
    return execute(conn,
                   "DELETE FROM relay_messages WHERE to_node IN (SELECT n.id FROM cluster_nodes n "
                   "WHERE n.id <> ?1 AND (n.stopped = 1 OR n.heartbeat_ms < ?2))",
                   node, *now - lease_ms);
  });
}

}  // namespace boyi::storage
