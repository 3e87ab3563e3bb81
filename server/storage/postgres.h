// The PostgreSQL engine of the SQL layer (sql.h), over libpq: for several servers
// sharing one database, or an operator who runs PostgreSQL anyway. Chosen by a
// storage URL (postgresql://user@host/db, libpq's own syntax and environment).
// Statements are prepared on the server on first use; parameters go as text (blobs
// as binary) and results come back as text. A connection that broke (the server
// restarted, an idle connection was cut) is reset before the next statement outside a
// transaction, its statements prepared again; a read or BEGIN that found it broken
// runs once more on the new connection.
#pragma once

#include <libpq-fe.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "base/result.h"
#include "server/storage/sql.h"

namespace boyi::storage {

class PostgresConnection;

class PostgresStatement final : public Statement {
 public:
  PostgresStatement(PostgresConnection& conn, std::string sql, std::string name)
      : conn_(conn), sql_(std::move(sql)), name_(std::move(name)) {}
  PostgresStatement(const PostgresStatement&) = delete;
  PostgresStatement& operator=(const PostgresStatement&) = delete;
  ~PostgresStatement() override;

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
  Status set(int index, std::optional<std::string> value, int format);
  Result<bool> step_once(bool retried);
  std::string_view value(int column) const;

  PostgresConnection& conn_;
  std::string sql_;                // with $N parameters
  std::string name_;               // the prepared statement's name on the server
  std::uint64_t prepared_in_ = 0;  // the connection's generation it was prepared in
  std::vector<std::optional<std::string>> values_;
  std::vector<int> formats_;  // 0 text, 1 binary
  PGresult* result_ = nullptr;
  int row_ = -1;
};

struct PostgresSettings {
  // on: a commit is flushed to the server's disk before it returns; off: the last
  // commits may be lost if the database server crashes (never corrupted).
  bool synchronous_commit = true;
  int lock_timeout_ms = 5000;
};

class PostgresConnection final : public Connection {
 public:
  // Connects; the error names the URL (its password hidden) and libpq's reason.
  static Result<std::unique_ptr<PostgresConnection>> open(const std::string& url,
                                                          const PostgresSettings& settings);
  ~PostgresConnection() override;
  PostgresConnection(const PostgresConnection&) = delete;
  PostgresConnection& operator=(const PostgresConnection&) = delete;

  SqlDialect dialect() const override { return SqlDialect::kPostgres; }
  Status exec(const std::string& sql) override;
  Result<Query> query(const char* sql) override;
  Status begin() override;
  Status commit() override;
  bool in_transaction() const override;
  std::int64_t changes() const override { return changes_; }
  SqlErrorKind last_error_kind() const override { return last_error_; }
  Result<int> schema_version() override;
  Status set_schema_version(int version) override;
  Status lock_schema() override;
  void unlock_schema() override;
  Status integrity_check() override;

 private:
  friend class PostgresStatement;
  PostgresConnection(PGconn* conn, std::string where, std::string settings_sql)
      : conn_(conn), where_(std::move(where)), settings_sql_(std::move(settings_sql)) {}
  // Resets a broken connection when no transaction is open; false if it stays broken.
  Status ensure_connected();
  // Records what a finished command did (rows changed, error kind); its error, if any.
  Status note(PGresult* result, std::string_view what);
  Result<std::string> single_value(const std::string& sql);
  // Whether a statement that just failed may run again on a fresh connection: the
  // connection broke, and the statement (a SELECT, or a BEGIN) changed nothing. A
  // write that failed this way fails: whether the server applied it is unknown.
  bool lost_while_reading(std::string_view sql) const;

  PGconn* conn_;
  std::string where_;         // "PostgreSQL database <url without password>"
  std::string settings_sql_;  // SET commands run on every (re)connection
  std::uint64_t generation_ = 1;
  std::int64_t changes_ = 0;
  SqlErrorKind last_error_ = SqlErrorKind::kNone;
  int next_statement_ = 0;
  std::unordered_map<std::string, std::unique_ptr<PostgresStatement>> cache_;
};

// `sql` with SQLite's numbered parameters ?N written as PostgreSQL's $N (outside
// quoted literals and identifiers).
std::string postgres_parameters(std::string_view sql);
// The URL with any password replaced by "***", for messages and logs.
std::string redacted_url(std::string_view url);
// Whether a storage setting names a PostgreSQL database.
bool is_postgres_url(std::string_view storage);

}  // namespace boyi::storage
