// An admin's chat mutes: one row per muted user, until a time (boyi-admin user mute). The
// server reads it when the user sends a chat message, so a mute takes effect at once.
#include "server/storage/database.h"
#include "server/storage/sql.h"

namespace boyi::storage {

Status Database::mute_chat(Id user, std::int64_t until_ms, std::string_view reason) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query(
      "INSERT INTO chat_mutes(user_id, until_ms, reason) VALUES(?1, ?2, ?3) "
      "ON CONFLICT(user_id) DO UPDATE SET until_ms = excluded.until_ms, reason = excluded.reason");
  if (!q) return q.status();
  if (auto s = q.value()->bind_all(user, until_ms, reason); !s) return s;
  if (auto s = q.value()->run(); !s) {
    if (conn_->last_error_kind() == SqlErrorKind::kForeignKeyViolation)
      return fail("no user with id " + std::to_string(user));
    return fail("muting: " + s.message());
  }
  return Status::Ok();
}

Status Database::unmute_chat(Id user) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query("DELETE FROM chat_mutes WHERE user_id = ?1");
  if (!q) return q.status();
  if (auto s = q.value()->bind_all(user); !s) return s;
  if (auto s = q.value()->run(); !s) return fail("unmuting: " + s.message());
  return Status::Ok();
}

Result<std::optional<std::int64_t>> Database::chat_muted_until(Id user, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query("SELECT until_ms FROM chat_mutes WHERE user_id = ?1 AND until_ms > ?2");
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(user, now_ms); !s) return Error{s.message()};
  auto row = q.value()->step();
  if (!row) return Error{row.message()};
  if (!*row) return std::optional<std::int64_t>{};
  return std::optional<std::int64_t>{q.value()->int64(0)};
}

}  // namespace boyi::storage
