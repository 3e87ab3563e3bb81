// Revocations: credentials withdrawn from live sessions, written by the change that caused
// them and read by running servers (server/session/revocation_watch.h).
#include "server/storage/database.h"
#include "server/storage/sql.h"

namespace boyi::storage {

Status Database::revoke_locked(Id user, std::string_view token_id, std::string_view reason) {
  auto q = conn_->query(
      "INSERT INTO revocations(user_id, token_id, reason, at_ms) VALUES(?1, ?2, ?3, ?4)");
  if (!q) return q.status();
  if (auto s = q.value()->bind_all(user, token_id, reason, wall_clock_ms()); !s) return s;
  if (auto s = q.value()->run(); !s) return fail("recording the revocation: " + s.message());
  return Status::Ok();
}

Result<std::vector<Revocation>> Database::revocations_after(Id after, int limit) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query(
      "SELECT id, user_id, token_id, reason, at_ms FROM revocations WHERE id > ?1 "
      "ORDER BY id LIMIT ?2");
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(after, limit); !s) return Error{s.message()};
  std::vector<Revocation> out;
  for (;;) {
    auto row = q.value()->step();
    if (!row) return Error{row.message()};
    if (!*row) break;
    const Statement& st = *q.value();
    out.push_back({st.int64(0), st.int64(1), st.text(2), st.text(3), st.int64(4)});
  }
  return out;
}

Result<Id> Database::last_revocation() {
  std::lock_guard lock(mutex_);
  auto q = conn_->query("SELECT COALESCE(MAX(id), 0) FROM revocations");
  if (!q) return Error{q.message()};
  auto row = q.value()->step();
  if (!row) return Error{row.message()};
  if (!*row) return Id{0};
  return q.value()->int64(0);
}

}  // namespace boyi::storage
