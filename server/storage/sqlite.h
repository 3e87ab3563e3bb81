// A thin RAII layer over SQLite's C API: a connection, prepared statements
// (cached per connection and reset after every use), and transactions. Every
// failure becomes a boyi::Status / Result carrying SQLite's own message.
// Only storage/ includes this header; the rest of the server uses database.h.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "base/result.h"

namespace boyi::storage {

// One prepared statement. Bind parameters are 1-based; columns 0-based.
class Statement {
 public:
  explicit Statement(sqlite3_stmt* stmt) : stmt_(stmt) {}
  Statement(Statement&& other) noexcept : stmt_(other.stmt_) { other.stmt_ = nullptr; }
  Statement& operator=(Statement&&) = delete;
  Statement(const Statement&) = delete;
  ~Statement() { sqlite3_finalize(stmt_); }

  Status bind(int index, std::int64_t value);
  Status bind(int index, int value) { return bind(index, std::int64_t{value}); }
  Status bind(int index, bool value) { return bind(index, std::int64_t{value ? 1 : 0}); }
  Status bind(int index, double value);
  Status bind(int index, std::string_view text);
  Status bind(int index, const std::string& text) { return bind(index, std::string_view(text)); }
  Status bind(int index, const char* text) { return bind(index, std::string_view(text)); }
  Status bind(int index, std::nullopt_t);
  template <class T>
  Status bind(int index, const std::optional<T>& value) {
    return value ? bind(index, *value) : bind(index, std::nullopt);
  }
  Status bind_blob(int index, std::string_view bytes);

  // Binds the arguments to parameters 1, 2, ... in order.
  template <class... Args>
  Status bind_all(const Args&... args) {
    int index = 0;
    Status status;
    ((status.ok() ? (status = bind(++index, args), 0) : 0), ...);
    return status;
  }

  // One step: true when a row is available, false when done.
  Result<bool> step();
  // Steps to completion, expecting no rows.
  Status run();
  void reset();

  bool is_null(int column) const;
  std::int64_t int64(int column) const;
  double real(int column) const;
  std::string text(int column) const;
  std::optional<std::int64_t> optional_int64(int column) const;
  std::optional<std::string> optional_text(int column) const;
  std::string blob(int column) const;

 private:
  Status check(int rc, std::string_view what);
  sqlite3_stmt* stmt_;
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
  // Opens (creating if asked) the file; the error names the path and SQLite's reason.
  static Result<std::unique_ptr<Connection>> open(const std::string& path, bool create);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Runs one or more statements that return no rows of interest.
  Status exec(const std::string& sql);
  Result<Statement> prepare(std::string_view sql);
  // The cached prepared statement for `sql` (prepared on first use).
  Result<Query> query(const char* sql);

  std::int64_t last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }
  int changes() const { return sqlite3_changes(db_); }
  int extended_errcode() const { return sqlite3_extended_errcode(db_); }
  std::string errmsg() const { return sqlite3_errmsg(db_); }
  bool in_transaction() const { return sqlite3_get_autocommit(db_) == 0; }
  sqlite3* raw() const { return db_; }

 private:
  explicit Connection(sqlite3* db) : db_(db) {}
  sqlite3* db_;
  std::unordered_map<std::string, std::unique_ptr<Statement>> cache_;
};

// BEGIN IMMEDIATE on construction (check begin()); rolled back unless committed.
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
