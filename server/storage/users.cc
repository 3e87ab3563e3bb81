// Users and their secret tokens.
#include <utility>

#include "server/storage/database.h"
#include "server/storage/sql.h"

namespace boyi::storage {

namespace {

Result<User> read_user(const Statement& st) {
  User u;
  u.id = st.int64(0);
  u.name = st.text(1);
  auto kind = parse_user_kind(st.text(2));
  auto role = parse_role(st.text(3));
  if (!kind || !role) return fail("user " + u.name + ": unreadable kind or role");
  u.kind = *kind;
  u.role = *role;
  u.password_hash = st.text(4);
  u.owner = st.optional_int64(5);
  u.created_ms = st.int64(6);
  u.disabled = st.int64(7) != 0;
  return u;
}

// Runs a query expected to give at most one user.
Result<User> one_user(Statement& st, const std::string& missing) {
  auto row = st.step();
  if (!row) return Error{row.message()};
  if (!*row) return fail(missing);
  return read_user(st);
}

Status changed_one(Connection& conn, Status status, const std::string& missing) {
  if (!status) return status;
  if (conn.changes() != 1) return fail(missing);
  return Status::Ok();
}

std::string no_user(Id id) {
  return "no user with id " + std::to_string(id);
}

}  // namespace

Result<User> Database::create_user(const NewUser& user) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query(
      "INSERT INTO users(name, kind, role, password_hash, owner_id, created_ms) "
      "VALUES(?1, ?2, ?3, ?4, ?5, ?6) RETURNING id");
  if (!q) return Error{q.message()};
  const std::int64_t now = wall_clock_ms();
  if (auto s = q.value()->bind_all(user.name, to_string(user.kind), to_string(user.role),
                                   user.password_hash, user.owner, now);
      !s)
    return Error{s.message()};
  auto inserted = q.value()->step();
  if (!inserted || !*inserted) {
    const SqlErrorKind kind = conn_->last_error_kind();
    if (kind == SqlErrorKind::kUniqueViolation)
      return fail("user name '" + user.name + "' is already taken");
    if (kind == SqlErrorKind::kForeignKeyViolation)
      return fail("owner of '" + user.name + "' does not exist");
    return fail("creating user '" + user.name + "': " + inserted.message());
  }
  User out;
  out.id = q.value()->int64(0);
  out.name = user.name;
  out.kind = user.kind;
  out.role = user.role;
  out.password_hash = user.password_hash;
  out.owner = user.owner;
  out.created_ms = now;
  return out;
}

Result<User> Database::user_by_id(Id id) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query(
      "SELECT id, name, kind, role, password_hash, owner_id, created_ms, "
      "disabled FROM users WHERE id = ?1");
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(id); !s) return Error{s.message()};
  return one_user(*q.value(), no_user(id));
}

Result<User> Database::user_by_name(std::string_view name) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query(
      "SELECT id, name, kind, role, password_hash, owner_id, created_ms, "
      "disabled FROM users WHERE name = ?1");
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(name); !s) return Error{s.message()};
  return one_user(*q.value(), "no user named '" + std::string(name) + "'");
}

#define BOYI_USER_COLUMNS "id, name, kind, role, password_hash, owner_id, created_ms, disabled"

Result<std::vector<User>> Database::list_users() {
  return users_where("SELECT " BOYI_USER_COLUMNS " FROM users ORDER BY id", std::nullopt);
}

Result<std::vector<User>> Database::users_owned_by(Id owner) {
  return users_where("SELECT " BOYI_USER_COLUMNS " FROM users WHERE owner_id = ?1 ORDER BY id",
                     owner);
}

#undef BOYI_USER_COLUMNS

Result<std::vector<User>> Database::users_where(const char* sql, std::optional<Id> param) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query(sql);
  if (!q) return Error{q.message()};
  if (param)
    if (auto s = q.value()->bind_all(*param); !s) return Error{s.message()};
  std::vector<User> out;
  for (;;) {
    auto row = q.value()->step();
    if (!row) return Error{row.message()};
    if (!*row) break;
    auto u = read_user(*q.value());
    if (!u) return Error{u.message()};
    out.push_back(std::move(u).value());
  }
  return out;
}

Result<std::string> Database::token_id_of_user(Id user) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query("SELECT token_id FROM tokens WHERE user_id = ?1");
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(user); !s) return Error{s.message()};
  auto row = q.value()->step();
  if (!row) return Error{row.message()};
  if (!*row) return std::string();
  return q.value()->text(0);
}

template <class Value>
Status Database::update_user_revoking(Id user, const char* sql, const Value& value,
                                      std::string_view reason, bool end_sign_ins) {
  std::lock_guard lock(mutex_);
  Transaction tx(*conn_);
  if (auto s = tx.begin(); !s) return s;
  auto q = conn_->query(sql);
  if (!q) return q.status();
  if (auto s = q.value()->bind_all(user, value); !s) return s;
  if (auto s = changed_one(*conn_, q.value()->run(), no_user(user)); !s) return s;
  if (!reason.empty())
    if (auto s = revoke_locked(user, "", reason); !s) return s;
  if (end_sign_ins) {
    auto del = conn_->query("DELETE FROM sign_in_sessions WHERE user_id = ?1");
    if (!del) return del.status();
    if (auto s = del.value()->bind_all(user); !s) return s;
    if (auto s = del.value()->run(); !s) return fail("ending the sign-ins: " + s.message());
  }
  return tx.commit();
}

Status Database::set_role(Id user, Role role) {
  return update_user_revoking(user, "UPDATE users SET role = ?2 WHERE id = ?1", to_string(role),
                              "role changed", false);
}

Status Database::set_disabled(Id user, bool disabled) {
  // Enabling withdraws nothing.
  return update_user_revoking(user, "UPDATE users SET disabled = ?2 WHERE id = ?1", disabled,
                              disabled ? "disabled" : "", disabled);
}

Status Database::set_password_hash(Id user, std::string_view hash) {
  return update_user_revoking(user, "UPDATE users SET password_hash = ?2 WHERE id = ?1", hash,
                              "password changed", true);
}

Result<int> Database::purge_unused_guests(std::int64_t created_before_ms,
                                          const std::set<Id>& keep) {
  // "Unused": a guest made before ?1 that sits in no match.
  const std::string unused =
      "kind = 'guest' AND created_ms < ?1 AND NOT EXISTS (SELECT 1 FROM matches m "
      "WHERE m.seat0_user = users.id OR m.seat1_user = users.id)";
  std::lock_guard lock(mutex_);
  if (keep.empty()) {
    auto q = conn_->query(("DELETE FROM users WHERE " + unused).c_str());
    if (!q) return Error{q.message()};
    if (auto s = q.value()->bind_all(created_before_ms); !s) return Error{s.message()};
    if (auto s = q.value()->run(); !s) return Error{"purging guests: " + s.message()};
    return conn_->changes();
  }
  // Some must stay (guests online now): the candidates one by one, each still unused.
  std::vector<Id> candidates;
  {
    auto q = conn_->query(("SELECT id FROM users WHERE " + unused).c_str());
    if (!q) return Error{q.message()};
    if (auto s = q.value()->bind_all(created_before_ms); !s) return Error{s.message()};
    for (;;) {
      auto row = q.value()->step();
      if (!row) return Error{row.message()};
      if (!*row) break;
      if (const Id id = q.value()->int64(0); !keep.contains(id)) candidates.push_back(id);
    }
  }
  Transaction tx(*conn_);
  if (auto s = tx.begin(); !s) return Error{s.message()};
  int purged = 0;
  for (const Id id : candidates) {
    auto q = conn_->query(("DELETE FROM users WHERE id = ?2 AND " + unused).c_str());
    if (!q) return Error{q.message()};
    if (auto s = q.value()->bind_all(created_before_ms, id); !s) return Error{s.message()};
    if (auto s = q.value()->run(); !s) return Error{"purging guests: " + s.message()};
    purged += conn_->changes();
  }
  if (auto s = tx.commit(); !s) return Error{s.message()};
  return purged;
}

Status Database::put_token(const TokenRecord& token) {
  std::lock_guard lock(mutex_);
  Transaction tx(*conn_);
  if (auto s = tx.begin(); !s) return s;
  // The token it replaces, if any, is withdrawn from the sessions it signed in.
  auto old = conn_->query("SELECT token_id FROM tokens WHERE user_id = ?1");
  if (!old) return old.status();
  if (auto s = old.value()->bind_all(token.user_id); !s) return s;
  auto had = old.value()->step();
  if (!had) return had.status();
  const std::string replaced = *had ? old.value()->text(0) : std::string();
  old.value()->reset();
  auto q = conn_->query(
      "INSERT INTO tokens(user_id, token_id, secret_hash, created_ms) VALUES(?1, ?2, ?3, ?4) "
      "ON CONFLICT(user_id) DO UPDATE SET token_id = excluded.token_id, "
      "secret_hash = excluded.secret_hash, created_ms = excluded.created_ms");
  if (!q) return q.status();
  Statement& st = *q.value();
  if (auto s = st.bind_all(token.user_id, token.token_id); !s) return s;
  if (auto s = st.bind_blob(3, token.secret_hash); !s) return s;
  if (auto s = st.bind(4, token.created_ms); !s) return s;
  if (auto s = st.run(); !s) {
    const SqlErrorKind kind = conn_->last_error_kind();
    if (kind == SqlErrorKind::kUniqueViolation) return fail("token id already in use");
    if (kind == SqlErrorKind::kForeignKeyViolation) return fail(no_user(token.user_id));
    return fail("storing token: " + s.message());
  }
  if (!replaced.empty())
    if (auto s = revoke_locked(token.user_id, replaced, "token rotated"); !s) return s;
  return tx.commit();
}

Result<TokenRecord> Database::token_by_id(std::string_view token_id) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query(
      "SELECT user_id, token_id, secret_hash, created_ms FROM tokens WHERE token_id = ?1");
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(token_id); !s) return Error{s.message()};
  auto row = q.value()->step();
  if (!row) return Error{row.message()};
  if (!*row) return fail("no such token");
  TokenRecord t;
  t.user_id = q.value()->int64(0);
  t.token_id = q.value()->text(1);
  t.secret_hash = q.value()->blob(2);
  t.created_ms = q.value()->int64(3);
  return t;
}

}  // namespace boyi::storage
