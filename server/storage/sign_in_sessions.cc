// Remembered sign-ins (SignedIn.session_token): stored by their public id with the secret's
// hash and an expiry; ended by signing out (with a revocation, so that every connection
// signed in with one ends) or with the account's credentials (users.cc).
#include "server/storage/database.h"
#include "server/storage/sql.h"

namespace boyi::storage {

Status Database::put_sign_in_session(const SignInSessionRecord& session) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query(
      "INSERT INTO sign_in_sessions(token_id, user_id, secret_hash, created_ms, expires_ms) "
      "VALUES(?1, ?2, ?3, ?4, ?5)");
  if (!q) return q.status();
  Statement& st = *q.value();
  if (auto s = st.bind_all(session.token_id, session.user_id); !s) return s;
  if (auto s = st.bind_blob(3, session.secret_hash); !s) return s;
  if (auto s = st.bind(4, session.created_ms); !s) return s;
  if (auto s = st.bind(5, session.expires_ms); !s) return s;
  if (auto s = st.run(); !s) {
    const SqlErrorKind kind = conn_->last_error_kind();
    if (kind == SqlErrorKind::kUniqueViolation) return fail("session id already in use");
    if (kind == SqlErrorKind::kForeignKeyViolation)
      return fail("no user with id " + std::to_string(session.user_id));
    return fail("storing the sign-in: " + s.message());
  }
  return Status::Ok();
}

Result<SignInSessionRecord> Database::sign_in_session(std::string_view token_id) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query(
      "SELECT user_id, token_id, secret_hash, created_ms, expires_ms FROM sign_in_sessions "
      "WHERE token_id = ?1");
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(token_id); !s) return Error{s.message()};
  auto row = q.value()->step();
  if (!row) return Error{row.message()};
  if (!*row) return fail("no such sign-in");
  const Statement& st = *q.value();
  return SignInSessionRecord{st.int64(0), st.text(1), st.blob(2), st.int64(3), st.int64(4)};
}

Result<bool> Database::end_sign_in_session(std::string_view token_id) {
  std::lock_guard lock(mutex_);
  Transaction tx(*conn_);
  if (auto s = tx.begin(); !s) return Error{s.message()};
  auto find = conn_->query("SELECT user_id FROM sign_in_sessions WHERE token_id = ?1");
  if (!find) return Error{find.message()};
  if (auto s = find.value()->bind_all(token_id); !s) return Error{s.message()};
  auto row = find.value()->step();
  if (!row) return Error{row.message()};
  if (!*row) return false;
  const Id user = find.value()->int64(0);
  find.value()->reset();
  auto del = conn_->query("DELETE FROM sign_in_sessions WHERE token_id = ?1");
  if (!del) return Error{del.message()};
  if (auto s = del.value()->bind_all(token_id); !s) return Error{s.message()};
  if (auto s = del.value()->run(); !s) return Error{"ending the sign-in: " + s.message()};
  if (auto s = revoke_locked(user, token_id, "signed out"); !s) return Error{s.message()};
  if (auto s = tx.commit(); !s) return Error{s.message()};
  return true;
}

Result<int> Database::purge_expired_sign_in_sessions(std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query("DELETE FROM sign_in_sessions WHERE expires_ms < ?1");
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(now_ms); !s) return Error{s.message()};
  if (auto s = q.value()->run(); !s) return Error{"purging sign-ins: " + s.message()};
  return conn_->changes();
}

}  // namespace boyi::storage
