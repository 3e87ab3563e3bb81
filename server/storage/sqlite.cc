#include "server/storage/sqlite.h"

#include <utility>

namespace boyi::storage {

namespace {
Error sqlite_error(sqlite3* db, std::string_view what) {
  std::string message(what);
  message += ": ";
  message += db ? sqlite3_errmsg(db) : "out of memory";
  return fail(std::move(message));
}
}  // namespace

Status SqliteStatement::check(int rc, std::string_view what) {
  if (rc == SQLITE_OK) return Status::Ok();
  return sqlite_error(sqlite3_db_handle(stmt_), what);
}

Status SqliteStatement::bind_int64(int index, std::int64_t value) {
  return check(sqlite3_bind_int64(stmt_, index, value), "bind");
}

Status SqliteStatement::bind_real(int index, double value) {
  return check(sqlite3_bind_double(stmt_, index, value), "bind");
}

Status SqliteStatement::bind_text(int index, std::string_view text) {
  return check(
      sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8),
      "bind");
}

Status SqliteStatement::bind_null(int index) {
  return check(sqlite3_bind_null(stmt_, index), "bind");
}

Status SqliteStatement::bind_blob(int index, std::string_view bytes) {
  return check(sqlite3_bind_blob64(stmt_, index, bytes.data(), bytes.size(), SQLITE_TRANSIENT),
               "bind");
}

Result<bool> SqliteStatement::step() {
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  return sqlite_error(sqlite3_db_handle(stmt_), "step");
}

void SqliteStatement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

bool SqliteStatement::is_null(int column) const {
  return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

std::int64_t SqliteStatement::int64(int column) const {
  return sqlite3_column_int64(stmt_, column);
}

double SqliteStatement::real(int column) const {
  return sqlite3_column_double(stmt_, column);
}

std::string SqliteStatement::text(int column) const {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
  if (!p) return {};
  return std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
}

std::string SqliteStatement::blob(int column) const {
  const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, column));
  if (!p) return {};
  return std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
}

Result<std::unique_ptr<SqliteConnection>> SqliteConnection::open(const std::string& path,
                                                                 bool create) {
  sqlite3* db = nullptr;
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (create ? SQLITE_OPEN_CREATE : 0);
  int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  if (rc != SQLITE_OK) {
    Error e = sqlite_error(db, "cannot open database " + path);
    sqlite3_close(db);
    return e;
  }
  sqlite3_extended_result_codes(db, 1);
  return std::unique_ptr<SqliteConnection>(new SqliteConnection(db));
}

Result<std::unique_ptr<SqliteConnection>> SqliteConnection::open_database(
    const std::string& path, const SqliteSettings& settings) {
  const std::string where = "database " + path;
  auto opened = open(path, /*create=*/true);
  if (!opened) return opened;
  SqliteConnection& c = *opened.value();
  sqlite3_busy_timeout(c.db_, settings.busy_timeout_ms);

  // The first statement reads the file header: a file that is not a database fails here.
  auto mode = c.single_text("PRAGMA journal_mode = WAL");
  if (!mode) return fail("cannot open " + where + ": " + mode.message());
  if (*mode != "wal") return fail("cannot open " + where + ": WAL mode refused (" + *mode + ")");
  if (auto s = c.exec(settings.synchronous_full ? "PRAGMA synchronous = FULL"
                                                : "PRAGMA synchronous = NORMAL");
      !s)
    return fail("cannot open " + where + ": " + s.message());
  if (auto s = c.exec("PRAGMA foreign_keys = ON"); !s)
    return fail("cannot open " + where + ": " + s.message());
  auto fk = c.single_text("PRAGMA foreign_keys");
  if (!fk || *fk != "1") return fail("cannot open " + where + ": foreign keys unavailable");
  return opened;
}

SqliteConnection::~SqliteConnection() {
  cache_.clear();  // finalize statements before closing
  sqlite3_close(db_);
}

Status SqliteConnection::exec(const std::string& sql) {
  char* err = nullptr;
  int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err);
  if (rc == SQLITE_OK) return Status::Ok();
  std::string message = err ? err : sqlite3_errmsg(db_);
  sqlite3_free(err);
  return fail(message);
}

Result<std::unique_ptr<SqliteStatement>> SqliteConnection::prepare(std::string_view sql) {
  sqlite3_stmt* stmt = nullptr;
  int rc = sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()),
                              SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
  if (rc != SQLITE_OK) return sqlite_error(db_, "prepare");
  if (!stmt) return fail("prepare: empty statement");
  return std::make_unique<SqliteStatement>(stmt);
}

Result<Query> SqliteConnection::query(const char* sql) {
  auto it = cache_.find(sql);
  if (it == cache_.end()) {
    auto prepared = prepare(sql);
    if (!prepared) return Error{prepared.message()};
    it = cache_.emplace(sql, std::move(prepared).value()).first;
  }
  return Query(it->second.get());
}

Status SqliteConnection::begin() {
  return exec("BEGIN IMMEDIATE");
}

Status SqliteConnection::commit() {
  return exec("COMMIT");
}

SqlErrorKind SqliteConnection::last_error_kind() const {
  switch (sqlite3_extended_errcode(db_)) {
    case SQLITE_OK:
    case SQLITE_ROW:
    case SQLITE_DONE:
      return SqlErrorKind::kNone;
    case SQLITE_CONSTRAINT_UNIQUE:
    case SQLITE_CONSTRAINT_PRIMARYKEY:
      return SqlErrorKind::kUniqueViolation;
    case SQLITE_CONSTRAINT_FOREIGNKEY:
      return SqlErrorKind::kForeignKeyViolation;
    default:
      return SqlErrorKind::kOther;
  }
}

Result<std::string> SqliteConnection::single_text(const std::string& sql) {
  auto st = prepare(sql);
  if (!st) return Error{st.message()};
  auto row = st.value()->step();
  if (!row) return Error{row.message()};
  if (!*row) return std::string();
  return st.value()->text(0);
}

Result<int> SqliteConnection::schema_version() {
  auto v = single_text("PRAGMA user_version");
  if (!v) return Error{"reading the schema version: " + v.message()};
  return std::stoi(*v);
}

Status SqliteConnection::set_schema_version(int version) {
  return exec("PRAGMA user_version = " + std::to_string(version));
}

Status SqliteConnection::integrity_check() {
  auto st = prepare("PRAGMA integrity_check");
  if (!st) return st.status();
  std::string problems;
  for (int rows = 0;; ++rows) {
    auto row = st.value()->step();
    if (!row) return fail("integrity check: " + row.message());
    if (!*row) break;
    std::string line = st.value()->text(0);
    if (rows == 0 && line == "ok") continue;
    if (!problems.empty()) problems += "; ";
    problems += line;
  }
  if (!problems.empty()) return fail("integrity check failed: " + problems);
  return Status::Ok();
}

}  // namespace boyi::storage
