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

Status Statement::check(int rc, std::string_view what) {
  if (rc == SQLITE_OK) return Status::Ok();
  return sqlite_error(sqlite3_db_handle(stmt_), what);
}

Status Statement::bind(int index, std::int64_t value) {
  return check(sqlite3_bind_int64(stmt_, index, value), "bind");
}

Status Statement::bind(int index, double value) {
  return check(sqlite3_bind_double(stmt_, index, value), "bind");
}

Status Statement::bind(int index, std::string_view text) {
  return check(
      sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8),
      "bind");
}

Status Statement::bind(int index, std::nullopt_t) {
  return check(sqlite3_bind_null(stmt_, index), "bind");
}

Status Statement::bind_blob(int index, std::string_view bytes) {
  return check(sqlite3_bind_blob64(stmt_, index, bytes.data(), bytes.size(), SQLITE_TRANSIENT),
               "bind");
}

Result<bool> Statement::step() {
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  return sqlite_error(sqlite3_db_handle(stmt_), "step");
}

Status Statement::run() {
  for (;;) {
    auto row = step();
    if (!row) return row.status();
    if (!*row) return Status::Ok();
  }
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

bool Statement::is_null(int column) const {
  return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

std::int64_t Statement::int64(int column) const {
  return sqlite3_column_int64(stmt_, column);
}

double Statement::real(int column) const {
  return sqlite3_column_double(stmt_, column);
}

std::string Statement::text(int column) const {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
  if (!p) return {};
  return std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
}

std::optional<std::int64_t> Statement::optional_int64(int column) const {
  if (is_null(column)) return std::nullopt;
  return int64(column);
}

std::optional<std::string> Statement::optional_text(int column) const {
  if (is_null(column)) return std::nullopt;
  return text(column);
}

std::string Statement::blob(int column) const {
  const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, column));
  if (!p) return {};
  return std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
}

Result<std::unique_ptr<Connection>> Connection::open(const std::string& path, bool create) {
  sqlite3* db = nullptr;
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (create ? SQLITE_OPEN_CREATE : 0);
  int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  if (rc != SQLITE_OK) {
    Error e = sqlite_error(db, "cannot open database " + path);
    sqlite3_close(db);
    return e;
  }
  sqlite3_extended_result_codes(db, 1);
  return std::unique_ptr<Connection>(new Connection(db));
}

Connection::~Connection() {
  cache_.clear();  // finalize statements before closing
  sqlite3_close(db_);
}

Status Connection::exec(const std::string& sql) {
  char* err = nullptr;
  int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err);
  if (rc == SQLITE_OK) return Status::Ok();
  std::string message = err ? err : sqlite3_errmsg(db_);
  sqlite3_free(err);
  return fail(message);
}

Result<Statement> Connection::prepare(std::string_view sql) {
  sqlite3_stmt* stmt = nullptr;
  int rc = sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()),
                              SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
  if (rc != SQLITE_OK) return sqlite_error(db_, "prepare");
  if (!stmt) return fail("prepare: empty statement");
  return Statement(stmt);
}

Result<Query> Connection::query(const char* sql) {
  auto it = cache_.find(sql);
  if (it == cache_.end()) {
    auto prepared = prepare(sql);
    if (!prepared) return Error{prepared.message()};
    it = cache_.emplace(sql, std::make_unique<Statement>(std::move(prepared).value())).first;
  }
  return Query(it->second.get());
}

Transaction::~Transaction() {
  if (open_) (void)conn_.exec("ROLLBACK");
}

Status Transaction::begin() {
  auto status = conn_.exec("BEGIN IMMEDIATE");
  if (status) open_ = true;
  return status;
}

Status Transaction::commit() {
  auto status = conn_.exec("COMMIT");
  if (status) {
    open_ = false;
    return status;
  }
  return fail("commit: " + status.message());
}

}  // namespace boyi::storage
