// The SQL layer the stores are written against: a connection, cached prepared
// statements (reset after every use) and write transactions. Two engines implement it,
// SQLite (sqlite.h, the embedded default) and PostgreSQL (postgres.h); the stores' SQL
// is shared, written in the subset both understand: numbered parameters ?1, ?2, ...
// (PostgreSQL's $1, $2 are derived), INSERT ... ON CONFLICT, RETURNING.
// Every failure becomes a boyi::Status / Result carrying the engine's own message.
// Only storage/ includes this header; the rest of the server uses database.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "base/result.h"

namespace boyi::storage {

enum class SqlDialect { kSqlite, kPostgres };

// What the last failed statement violated, for errors the stores explain themselves.
enum class SqlErrorKind { kNone, kUniqueViolation, kForeignKeyViolation, kOther };

// One prepared statement. Bind parameters are 1-based; columns 0-based. Column values
// read as the type asked for (an engine's text form of a number parses as that number).
class Statement {
 public:
  virtual ~Statement() = default;

  Status bind(int index, std::int64_t value) { return bind_int64(index, value); }
  Status bind(int index, int value) { return bind_int64(index, value); }
  Status bind(int index, bool value) { return bind_int64(index, value ? 1 : 0); }
  Status bind(int index, double value) { return bind_real(index, value); }
  Status bind(int index, std::string_view text) { return bind_text(index, text); }
  Status bind(int index, const std::string& text) { return bind_text(index, text); }
  Status bind(int index, const char* text) { return bind_text(index, text); }
  Status bind(int index, std::nullopt_t) { return bind_null(index); }
  template <class T>
  Status bind(int index, const std::optional<T>& value) {
    return value ? bind(index, *value) : bind_null(index);
  }
  virtual Status bind_blob(int index, std::string_view bytes) = 0;

  // Binds the arguments to parameters 1, 2, ... in order.
  template <class... Args>
  Status bind_all(const Args&... args) {
    int index = 0;
    Status status;
    ((status.ok() ? (status = bind(++index, args), 0) : 0), ...);
    return status;
  }

  // One step: true when a row is available, false when done.
  virtual Result<bool> step() = 0;
  // Steps to completion, expecting no rows.
  Status run();
  virtual void reset() = 0;

  virtual bool is_null(int column) const = 0;
  virtual std::int64_t int64(int column) const = 0;
  virtual double real(int column) const = 0;
  virtual std::string text(int column) const = 0;
  virtual std::string blob(int column) const = 0;
  std::optional<std::int64_t> optional_int64(int column) const;
  std::optional<std::string> optional_text(int column) const;

 protected:
  virtual Status bind_int64(int index, std::int64_t value) = 0;
  virtual Status bind_real(int index, double value) = 0;
  virtual Status bind_text(int index, std::string_view text) = 0;
  virtual Status bind_null(int index) = 0;
};

// A statement borrowed from the connection's cache; reset when the lease ends.
class Query {
 public:
  explicit Query(Statement* stmt) : stmt_(stmt) {}
  Query(Query&& other) noexcept : stmt_(other.stmt_) { other.stmt_ = nullptr; }
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;
  ~Query() {
    if (stmt_) stmt_->reset();
  }
  Statement* operator->() const { return stmt_; }
  Statement& operator*() const { return *stmt_; }

 private:
  Statement* stmt_;
};

class Connection {
 public:
  virtual ~Connection() = default;

  virtual SqlDialect dialect() const = 0;
  // Runs one or more statements without parameters whose rows are not needed.
  virtual Status exec(const std::string& sql) = 0;
  // The cached prepared statement for `sql` (prepared on first use).
  virtual Result<Query> query(const char* sql) = 0;

  // Starts a write transaction: SQLite takes the write lock at once (BEGIN
  // IMMEDIATE), so checks made inside it hold until COMMIT.
  virtual Status begin() = 0;
  // Commits; an error when the engine rolled the transaction back instead.
  virtual Status commit() = 0;
  virtual bool in_transaction() const = 0;

  // Rows changed by the last INSERT, UPDATE or DELETE.
  virtual std::int64_t changes() const = 0;
  virtual SqlErrorKind last_error_kind() const = 0;

  // The schema's version (0 for an empty database) and, inside a migration's
  // transaction, setting it. Between lock_schema() and unlock_schema() no other
  // process migrates (taken before the migrations' transactions begin, so each of
  // them sees what the previous holder committed).
  virtual Result<int> schema_version() = 0;
  virtual Status set_schema_version(int version) = 0;
  virtual Status lock_schema() = 0;
  virtual void unlock_schema() = 0;
  // The engine's own consistency check: OK, or its list of problems.
  virtual Status integrity_check() = 0;
};

// Runs a statement with these parameters, expecting no rows.
template <class... Args>
Status execute(Connection& conn, const char* sql, const Args&... args) {
  auto q = conn.query(sql);
  if (!q) return q.status();
  if (auto s = q.value()->bind_all(args...); !s) return s;
  return q.value()->run();
}

// Runs an INSERT ... RETURNING id with these parameters and answers the new row's id.
template <class... Args>
Result<std::int64_t> insert_returning_id(Connection& conn, const char* sql, const Args&... args) {
  auto q = conn.query(sql);
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(args...); !s) return Error{s.message()};
  auto row = q.value()->step();
  if (!row) return Error{row.message()};
  if (!*row) return fail("the insert returned no id");
  return q.value()->int64(0);
}

// A write transaction (check begin()); rolled back unless committed.
class Transaction {
 public:
  explicit Transaction(Connection& conn) : conn_(conn) {}
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  Status begin();
  Status commit();

 private:
  Connection& conn_;
  bool open_ = false;
};

}  // namespace boyi::storage
