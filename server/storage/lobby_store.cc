#include "server/storage/lobby_store.h"

#include "server/storage/cluster_sql.h"

namespace boyi::storage {

namespace {

const char* kind_name(OfferKind kind) {
  switch (kind) {
    case OfferKind::kSeek:
      return "seek";
    case OfferKind::kChallenge:
      return "challenge";
    case OfferKind::kPool:
      return "pool";
  }
  return "seek";
}

OfferKind kind_of(const std::string& name) {
  if (name == "challenge") return OfferKind::kChallenge;
  if (name == "pool") return OfferKind::kPool;
  return OfferKind::kSeek;
}

// An offer's columns, in the order read_offer reads them.
#define BOYI_OFFER_COLUMNS                                                                  \
  "id, kind, owner_id, owner_name, owner_display, owner_role, to_id, to_name, to_display, " \
  "to_role, setup_key, setup, wire, expires_ms"

LobbyOffer read_offer(const Statement& st) {
  LobbyOffer o;
  o.id = st.int64(0);
  o.kind = kind_of(st.text(1));
  o.owner = {st.int64(2), st.text(3), st.text(4), static_cast<int>(st.int64(5))};
  o.to = {st.int64(6), st.text(7), st.text(8), static_cast<int>(st.int64(9))};
  o.setup_key = st.text(10);
  o.setup = st.blob(11);
  o.wire = st.blob(12);
  o.expires_ms = st.int64(13);
  return o;
}

Result<std::vector<LobbyOffer>> read_offers(Statement& st) {
  std::vector<LobbyOffer> out;
  for (;;) {
    auto row = st.step();
    if (!row) return Error{row.message()};
    if (!*row) return out;
    out.push_back(read_offer(st));
  }
}

Result<std::vector<LobbyUser>> read_users(Statement& st) {
  std::vector<LobbyUser> out;
  for (;;) {
    auto row = st.step();
    if (!row) return Error{row.message()};
    if (!*row) return out;
    out.push_back({st.int64(0), st.text(1), st.text(2), static_cast<int>(st.int64(3))});
  }
}

Result<std::int64_t> count(Connection& conn, const char* sql, Id id) {
  auto q = conn.query(sql);
  if (!q) return Error{q.message()};
  if (auto b = q.value()->bind_all(id); !b) return Error{b.message()};
  auto row = q.value()->step();
  if (!row) return Error{row.message()};
  return *row ? q.value()->int64(0) : 0;
}

template <class Row>
Result<std::optional<Row>> first_of(Result<std::vector<Row>> rows) {
  if (!rows) return Error{rows.message()};
  if (rows->empty()) return std::optional<Row>();
  return std::optional<Row>(std::move(rows->front()));
}

Result<LobbyOffer> insert_offer(Connection& conn, LobbyOffer o) {
  auto q = conn.query(
      "INSERT INTO lobby_offers(kind, owner_id, owner_name, owner_display, owner_role, to_id, "
      "to_name, to_display, to_role, setup_key, setup, wire, expires_ms) VALUES(?1, ?2, ?3, ?4, "
      "?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13) RETURNING id");
  if (!q) return Error{q.message()};
  auto& st = *q.value();
  if (auto b = st.bind_all(kind_name(o.kind), o.owner.id, o.owner.username, o.owner.display_name,
                           o.owner.role, o.to.id, o.to.username, o.to.display_name, o.to.role,
                           o.setup_key);
      !b)
    return Error{b.message()};
  if (auto b = st.bind_blob(11, o.setup); !b) return Error{b.message()};
  if (auto b = st.bind_blob(12, o.wire); !b) return Error{b.message()};
  if (auto b = st.bind(13, o.expires_ms); !b) return Error{b.message()};
  auto row = st.step();
  if (!row) return Error{row.message()};
  if (!*row) return fail("the offer was not stored");
  o.id = st.int64(0);
  return o;
}

// Holds, until the transaction ends, the lock named `key` shared by every server, so that
// transactions which read rows another may be changing take turns. PostgreSQL needs it: at
// READ COMMITTED two servers each deleting their own presence row of a user would each
// still count the other's, and neither would tell the lobby the user left. SQLite's write
// lock already serialises the one server it has.
Status take_turns(Connection& conn, const std::string& key) {
  if (conn.dialect() != SqlDialect::kPostgres) return Status::Ok();
  auto q = conn.query("SELECT pg_advisory_xact_lock(hashtext(?1))");
  if (!q) return q.status();
  if (auto b = q.value()->bind_all(key); !b) return b;
  if (auto r = q.value()->step(); !r) return r.status();
  return Status::Ok();
}

constexpr const char* kPresenceTurn = "boyi-presence";

}  // namespace

Status LobbyStore::clear_all() {
  return db_.with_connection(
      [](Connection& conn) { return conn.exec("DELETE FROM lobby_presence; DELETE FROM lobby_offers;"); });
}

Result<bool> LobbyStore::arrive(const LobbyUser& user) {
  bool first = false;
  auto s = db_.in_transaction([&](Connection& conn) -> Status {
    if (auto t = take_turns(conn, kPresenceTurn); !t) return t;
    auto elsewhere = count(conn, "SELECT COUNT(*) FROM lobby_presence WHERE user_id = ?1", user.id);
    if (!elsewhere) return elsewhere.status();
    first = *elsewhere == 0;
    return execute(conn,
                   "INSERT INTO lobby_presence(node_id, user_id, username, display_name, role) "
                   "VALUES(?1, ?2, ?3, ?4, ?5) ON CONFLICT (node_id, user_id) DO UPDATE SET "
                   "username = excluded.username, display_name = excluded.display_name, role = "
                   "excluded.role",
                   node_, user.id, user.username, user.display_name, user.role);
  });
  if (!s) return Error{s.message()};
  return first;
}

Result<bool> LobbyStore::leave(Id user) {
  bool gone = false;
  auto s = db_.in_transaction([&](Connection& conn) -> Status {
    if (auto t = take_turns(conn, kPresenceTurn); !t) return t;
    if (auto e = execute(conn, "DELETE FROM lobby_presence WHERE node_id = ?1 AND user_id = ?2",
                         node_, user);
        !e)
      return e;
    auto left = count(conn, "SELECT COUNT(*) FROM lobby_presence WHERE user_id = ?1", user);
    if (!left) return left.status();
    gone = *left == 0;
    return Status::Ok();
  });
  if (!s) return Error{s.message()};
  return gone;
}

Result<std::vector<LobbyUser>> LobbyStore::online() {
  // One row per user: the lowest node's (a user's names are the same on every node).
  return rows_of(db_, read_users,
                 "SELECT p.user_id, p.username, p.display_name, p.role FROM lobby_presence p "
                 "WHERE p.node_id = (SELECT MIN(node_id) FROM lobby_presence q WHERE q.user_id = "
                 "p.user_id) ORDER BY p.user_id");
}

Result<std::optional<LobbyUser>> LobbyStore::online_user(Id user) {
  return first_of(rows_of(db_, read_users,
                          "SELECT user_id, username, display_name, role FROM lobby_presence "
                          "WHERE user_id = ?1 ORDER BY node_id LIMIT 1",
                          user));
}

Result<std::vector<Id>> LobbyStore::nodes_of(Id user) {
  return rows_of(db_, read_ids,
                 "SELECT node_id FROM lobby_presence WHERE user_id = ?1 ORDER BY node_id", user);
}

Result<std::vector<Id>> LobbyStore::forget_ended_nodes(std::int64_t lease_ms) {
  std::vector<Id> gone;
  auto s = db_.in_transaction([&](Connection& conn) -> Status {
    gone.clear();
    if (auto t = take_turns(conn, kPresenceTurn); !t) return t;
    auto now = database_now_ms(conn);
    if (!now) return now.status();
    auto q = conn.query("DELETE FROM lobby_presence WHERE node_id IN (" BOYI_ENDED_NODES_BEFORE(
        "?2") ") RETURNING user_id");
    if (!q) return q.status();
    if (auto b = q.value()->bind_all(node_, *now - lease_ms); !b) return b;
    auto users = read_ids(*q.value());
    if (!users) return users.status();
    for (const Id user : *users) {
      auto left = count(conn, "SELECT COUNT(*) FROM lobby_presence WHERE user_id = ?1", user);
      if (!left) return left.status();
      if (*left == 0) gone.push_back(user);
    }
    return Status::Ok();
  });
  if (!s) return Error{s.message()};
  return gone;
}

Result<LobbyOffer> LobbyStore::open(LobbyOffer offer, std::size_t max_per_owner,
                                    std::int64_t ttl_ms) {
  LobbyOffer made;
  auto s = db_.in_transaction([&](Connection& conn) -> Status {
    // One owner opening offers on two servers at once stays within the limit.
    if (auto t = take_turns(conn, "boyi-offers:" + std::to_string(offer.owner.id)); !t) return t;
    auto q = conn.query("SELECT COUNT(*) FROM lobby_offers WHERE owner_id = ?1 AND kind = ?2");
    if (!q) return q.status();
    if (auto b = q.value()->bind_all(offer.owner.id, kind_name(offer.kind)); !b) return b;
    auto row = q.value()->step();
    if (!row) return row.status();
    if (*row && q.value()->int64(0) >= static_cast<std::int64_t>(max_per_owner))
      return fail(std::string("too many open ") + kind_name(offer.kind) + "s");
    if (ttl_ms > 0) {
      auto now = database_now_ms(conn);
      if (!now) return now.status();
      offer.expires_ms = *now + ttl_ms;
    }
    auto inserted = insert_offer(conn, offer);
    if (!inserted) return inserted.status();
    made = std::move(inserted).value();
    return Status::Ok();
  });
  if (!s) return Error{s.message()};
  return made;
}

Result<std::optional<LobbyOffer>> LobbyStore::find(OfferKind kind, Id id) {
  return first_of(rows_of(db_, read_offers,
                          "SELECT " BOYI_OFFER_COLUMNS " FROM lobby_offers WHERE id = ?1 AND kind = ?2",
                          id, kind_name(kind)));
}

Result<bool> LobbyStore::take(OfferKind kind, Id id) {
  bool taken = false;
  auto s = db_.with_connection([&](Connection& conn) -> Status {
    if (auto e = execute(conn, "DELETE FROM lobby_offers WHERE id = ?1 AND kind = ?2", id,
                         kind_name(kind));
        !e)
      return e;
    taken = conn.changes() == 1;
    return Status::Ok();
  });
  if (!s) return Error{s.message()};
  return taken;
}

Result<std::vector<LobbyOffer>> LobbyStore::list(OfferKind kind, Id involving) {
  return rows_of(db_, read_offers,
                 "SELECT " BOYI_OFFER_COLUMNS " FROM lobby_offers WHERE kind = ?1 AND (?2 = 0 OR "
                 "owner_id = ?2 OR to_id = ?2) ORDER BY id",
                 kind_name(kind), involving);
}

Result<std::vector<LobbyOffer>> LobbyStore::take_all_of(Id user) {
  return rows_of(db_, read_offers,
                 "DELETE FROM lobby_offers WHERE owner_id = ?1 OR to_id = ?1 RETURNING " BOYI_OFFER_COLUMNS,
                 user);
}

Result<std::vector<LobbyOffer>> LobbyStore::take_expired() {
  std::vector<LobbyOffer> out;
  auto s = db_.with_connection([&](Connection& conn) -> Status {
    auto now = database_now_ms(conn);
    if (!now) return now.status();
    auto q = conn.query("DELETE FROM lobby_offers WHERE expires_ms > 0 AND expires_ms <= ?1 "
                        "RETURNING " BOYI_OFFER_COLUMNS);
    if (!q) return q.status();
    if (auto b = q.value()->bind_all(*now); !b) return b;
    auto taken = read_offers(*q.value());
    if (!taken) return taken.status();
    out = std::move(taken).value();
    return Status::Ok();
  });
  if (!s) return Error{s.message()};
  return out;
}

Result<LobbyStore::Pairing> LobbyStore::pair_or_wait(LobbyOffer mine) {
  Pairing out;
  auto s = db_.in_transaction([&](Connection& conn) -> Status {
    out = {};
    // Two servers pairing the same setup at once take turns.
    if (auto t = take_turns(conn, "boyi-pool:" + mine.setup_key); !t) return t;
    auto waiting = count(conn, "SELECT COUNT(*) FROM lobby_offers WHERE kind = 'pool' AND owner_id = ?1",
                         mine.owner.id);
    if (!waiting) return waiting.status();
    if (*waiting > 0) {
      out.already = true;
      return Status::Ok();
    }
    auto q = conn.query("DELETE FROM lobby_offers WHERE id = (SELECT id FROM lobby_offers WHERE "
                        "kind = 'pool' AND setup_key = ?1 ORDER BY id LIMIT 1) RETURNING " BOYI_OFFER_COLUMNS);
    if (!q) return q.status();
    if (auto b = q.value()->bind_all(mine.setup_key); !b) return b;
    auto partner = read_offers(*q.value());
    if (!partner) return partner.status();
    if (!partner->empty()) {
      out.partner = partner->front();
      return Status::Ok();
    }
    mine.kind = OfferKind::kPool;
    auto inserted = insert_offer(conn, std::move(mine));
    return inserted ? Status::Ok() : inserted.status();
  });
  if (!s) return Error{s.message()};
  return out;
}

}  // namespace boyi::storage
