// The arbiter's requests from boyi-admin: a command-line tool cannot reach into a running
// server's matches, so it leaves the request here; the server that runs the match carries it
// out (as the console's Arbitrate would) and settles it with what came of it.
#include "server/storage/database.h"
#include "server/storage/sql.h"

namespace boyi::storage {
namespace {

constexpr const char* kColumns =
    "id, match_id, action, seat, ms, winner, reason, requested_by, requested_ms, state, result";

ArbiterRequest read_request(const Statement& q) {
  ArbiterRequest r;
  r.id = q.int64(0);
  r.match = q.int64(1);
  r.action = q.text(2);
  r.seat = static_cast<int>(q.int64(3));
  r.ms = q.int64(4);
  r.winner = static_cast<int>(q.int64(5));
  r.reason = q.text(6);
  r.requested_by = q.text(7);
  r.requested_ms = q.int64(8);
  r.state = q.text(9);
  r.result = q.text(10);
  return r;
}

}  // namespace

Result<Id> Database::queue_arbiter_request(const ArbiterRequest& r) {
  std::lock_guard lock(mutex_);
  return insert_returning_id(
      *conn_,
      "INSERT INTO arbiter_requests(match_id, action, seat, ms, winner, reason, requested_by, "
      "requested_ms) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id",
      r.match, r.action, static_cast<std::int64_t>(r.seat), r.ms, static_cast<std::int64_t>(r.winner),
      r.reason, r.requested_by, r.requested_ms);
}

Result<std::vector<ArbiterRequest>> Database::pending_arbiter_requests(int limit) {
  std::lock_guard lock(mutex_);
  const std::string sql = std::string("SELECT ") + kColumns +
                          " FROM arbiter_requests WHERE state = 'pending' ORDER BY id LIMIT ?1";
  auto q = conn_->query(sql.c_str());
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(static_cast<std::int64_t>(limit)); !s) return Error{s.message()};
  std::vector<ArbiterRequest> out;
  for (;;) {
    auto row = q.value()->step();
    if (!row) return Error{row.message()};
    if (!*row) break;
    out.push_back(read_request(*q.value()));
  }
  return out;
}

Result<bool> Database::settle_arbiter_request(Id id, bool done, std::string_view result) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query(
      "UPDATE arbiter_requests SET state = ?2, result = ?3 WHERE id = ?1 AND state = 'pending'");
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(id, std::string(done ? "done" : "failed"), result); !s)
    return Error{s.message()};
  if (auto s = q.value()->run(); !s) return Error{"settling arbiter request: " + s.message()};
  return conn_->changes() == 1;
}

Result<ArbiterRequest> Database::arbiter_request(Id id) {
  std::lock_guard lock(mutex_);
  const std::string sql = std::string("SELECT ") + kColumns + " FROM arbiter_requests WHERE id = ?1";
  auto q = conn_->query(sql.c_str());
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(id); !s) return Error{s.message()};
  auto row = q.value()->step();
  if (!row) return Error{row.message()};
  if (!*row) return fail("no arbiter request " + std::to_string(id));
  return read_request(*q.value());
}

}  // namespace boyi::storage
