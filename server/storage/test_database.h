// The database engine a test runs on. Tests that open a Database through
// test_database_options() run on SQLite by default and on PostgreSQL when
// BOYI_TEST_STORAGE=postgresql; ctest registers those test programs twice, the second
// time as "postgres.<test>" with a throw-away cluster (tests/postgres/test-cluster.sh,
// started once per ctest run and named by BOYI_TEST_POSTGRES_DIR). A test program run
// by hand with BOYI_TEST_STORAGE=postgresql and no cluster starts its own.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "server/storage/database.h"
#include "server/storage/sql.h"

namespace boyi::storage::testing {

// Whether this run's tests use PostgreSQL.
bool testing_postgres();

// Options for the test's database tied to `data_dir`: on SQLite the file in it; on
// PostgreSQL a database of its own named after the directory, created on first use,
// so opening the same directory again (also from a forked child) reopens the same data.
DatabaseOptions test_database_options(const std::filesystem::path& data_dir);

// The storage setting of test_database_options(data_dir) ("" for SQLite), for tests
// that hand it to a server's configuration or a program's --storage.
std::string test_storage(const std::filesystem::path& data_dir);

// A second connection to the database of `options`, as another process would hold
// (to take a lock, or change rows behind the server's back); null with a test failure
// message on stderr when it cannot open.
std::unique_ptr<Connection> side_connection(const DatabaseOptions& options);

// Takes the write lock on the journal from a side connection until release(): SQLite
// BEGIN IMMEDIATE, PostgreSQL LOCK TABLE journal IN EXCLUSIVE MODE.
class WriteLock {
 public:
  explicit WriteLock(const DatabaseOptions& options);
  ~WriteLock() { release(); }
  WriteLock(const WriteLock&) = delete;
  WriteLock& operator=(const WriteLock&) = delete;
  bool held() const { return conn_ != nullptr; }
  void release();

 private:
  std::unique_ptr<Connection> conn_;
};

}  // namespace boyi::storage::testing
