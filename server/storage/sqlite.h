// The SQLite engine of the SQL layer (sql.h): a thin RAII layer over SQLite's C API.
// The embedded default: one file, <data dir>/boyi.sqlite3, in WAL mode.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "base/result.h"
#include "server/storage/sql.h"

namespace boyi::storage {

class SqliteStatement final : public Statement {
 public:
  explicit SqliteStatement(sqlite3_stmt* stmt) : stmt_(stmt) {}
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;
  ~SqliteStatement() override { sqlite3_finalize(stmt_); }

  Status bind_blob(int index, std::string_view bytes) override;
  Result<bool> step() override;
  void reset() override;
  bool is_null(int column) const override;
  std::int64_t int64(int column) const override;
  double real(int column) const override;
  std::string text(int column) const override;
  std::string blob(int column) const override;

 protected:
  Status bind_int64(int index, std::int64_t value) override;
  Status bind_real(int index, double value) override;
  Status bind_text(int index, std::string_view text) override;
  Status bind_null(int index) override;

 private:
  Status check(int rc, std::string_view what);
  sqlite3_stmt* stmt_;
};

struct SqliteSettings {
  // FULL: a commit survives power loss; NORMAL: a process crash only.
  bool synchronous_full = true;
  int busy_timeout_ms = 5000;
};

class SqliteConnection final : public Connection {
 public:
  // Opens (creating if asked) the file as it is; the error names the path and SQLite's reason.
  static Result<std::unique_ptr<SqliteConnection>> open(const std::string& path, bool create);
  // Opens or creates the server's database file: WAL, the synchronous level, foreign
  // keys and the busy timeout. A file that is not a database fails here, naming it.
  static Result<std::unique_ptr<SqliteConnection>> open_database(const std::string& path,
                                                                 const SqliteSettings& settings);
  ~SqliteConnection() override;
  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;

  SqlDialect dialect() const override { return SqlDialect::kSqlite; }
  Status exec(const std::string& sql) override;
  Result<Query> query(const char* sql) override;
  Status begin() override;
  Status commit() override;
  bool in_transaction() const override { return sqlite3_get_autocommit(db_) == 0; }
  std::int64_t changes() const override { return sqlite3_changes(db_); }
  SqlErrorKind last_error_kind() const override;
  Result<int> schema_version() override;
  Status set_schema_version(int version) override;
  // Nothing to take: each migration's BEGIN IMMEDIATE holds the write lock.
  Status lock_schema() override { return Status::Ok(); }
  void unlock_schema() override {}
  Status integrity_check() override;

 private:
  explicit SqliteConnection(sqlite3* db) : db_(db) {}
  Result<std::unique_ptr<SqliteStatement>> prepare(std::string_view sql);
  // Runs a statement that answers one row (a PRAGMA) and returns its first column.
  Result<std::string> single_text(const std::string& sql);

  sqlite3* db_;
  std::unordered_map<std::string, std::unique_ptr<SqliteStatement>> cache_;
};

}  // namespace boyi::storage
