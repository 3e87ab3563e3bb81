#include "server/storage/test_database.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <mutex>
#include <sstream>

#include "server/storage/postgres.h"
#include "server/storage/sqlite.h"

#ifndef BOYI_SOURCE_DIR
#error "test_database.cc needs BOYI_SOURCE_DIR (the test-cluster script's home)"
#endif

namespace boyi::storage::testing {

namespace {

std::string read_url(const std::filesystem::path& state) {
  std::ifstream in(state / "url");
  std::string url;
  std::getline(in, url);
  return url;
}

std::string cluster_script() {
  return std::string(BOYI_SOURCE_DIR) + "/tests/postgres/test-cluster.sh";
}

// A cluster this process started because ctest gave none; stopped when the process that
// started it exits (a forked child's exit leaves it alone).
struct OwnCluster {
  std::filesystem::path state;
  pid_t owner = 0;
  ~OwnCluster() {
    if (owner != ::getpid() || state.empty()) return;
    const std::string stop = "'" + cluster_script() + "' stop '" + state.string() + "' >&2";
    (void)std::system(stop.c_str());
    std::error_code ec;
    std::filesystem::remove_all(state, ec);
  }
};

std::string cluster_url() {
  static std::once_flag once;
  static std::string url;
  static OwnCluster own;
  std::call_once(once, [] {
    if (const char* dir = std::getenv("BOYI_TEST_POSTGRES_DIR"); dir && *dir) {
      url = read_url(dir);
      if (url.empty()) std::fprintf(stderr, "no test cluster URL in %s/url\n", dir);
      return;
    }
    std::string pattern =
        (std::filesystem::temp_directory_path() / "boyi-pg-state-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) return;
    own.state = pattern;
    own.owner = ::getpid();
    const std::string start = "'" + cluster_script() + "' start '" + pattern + "' >/dev/null";
    if (std::system(start.c_str()) != 0) {
      std::fprintf(stderr, "could not start a PostgreSQL test cluster\n");
      return;
    }
    url = read_url(own.state);
  });
  return url;
}

// A database name that only this data directory maps to.
std::string database_name(const std::filesystem::path& data_dir) {
  std::ostringstream name;
  name << "boyi_" << std::hex
       << std::hash<std::string>{}(std::filesystem::absolute(data_dir).lexically_normal().string());
  return name.str();
}

std::string postgres_database(const std::filesystem::path& data_dir) {
  const std::string base = cluster_url();
  if (base.empty()) return "postgresql://boyi@127.0.0.1:1/no-test-cluster";
  const std::string name = database_name(data_dir);
  auto admin = PostgresConnection::open(base + "/postgres", PostgresSettings{});
  if (!admin) {
    std::fprintf(stderr, "test cluster: %s\n", admin.message().c_str());
  } else if (auto made = admin.value()->exec("CREATE DATABASE " + name); !made) {
    // Created before for this directory: reopening is what the test asked for.
    if (made.message().find("already exists") == std::string::npos)
      std::fprintf(stderr, "test cluster: %s\n", made.message().c_str());
  }
  return base + "/" + name;
}

}  // namespace

bool testing_postgres() {
  const char* storage = std::getenv("BOYI_TEST_STORAGE");
  const char* cluster = std::getenv("BOYI_TEST_POSTGRES_DIR");
  return (storage && std::string_view(storage) == "postgresql") || (cluster && *cluster);
}

std::string test_storage(const std::filesystem::path& data_dir) {
  return testing_postgres() ? postgres_database(data_dir) : std::string();
}

DatabaseOptions test_database_options(const std::filesystem::path& data_dir) {
  DatabaseOptions options(data_dir);
  options.storage = test_storage(data_dir);
  return options;
}

std::unique_ptr<Connection> side_connection(const DatabaseOptions& options) {
  Result<std::unique_ptr<Connection>> opened = fail("no connection");
  if (is_postgres_url(options.storage)) {
    auto c = PostgresConnection::open(options.storage, PostgresSettings{});
    if (c)
      opened = std::unique_ptr<Connection>(std::move(c).value());
    else
      opened = Error{c.message()};
  } else {
    auto c = SqliteConnection::open((options.data_dir / kDatabaseFile).string(), false);
    if (c)
      opened = std::unique_ptr<Connection>(std::move(c).value());
    else
      opened = Error{c.message()};
  }
  if (!opened) {
    std::fprintf(stderr, "side connection: %s\n", opened.message().c_str());
    return nullptr;
  }
  return std::move(opened).value();
}

WriteLock::WriteLock(const DatabaseOptions& options) : conn_(side_connection(options)) {
  if (!conn_) return;
  Status s = conn_->begin();
  if (s && conn_->dialect() == SqlDialect::kPostgres)
    s = conn_->exec("LOCK TABLE journal IN EXCLUSIVE MODE");
  if (!s) {
    std::fprintf(stderr, "write lock: %s\n", s.message().c_str());
    conn_.reset();
  }
}

void WriteLock::release() {
  if (conn_) (void)conn_->exec("ROLLBACK");
  conn_.reset();
}

}  // namespace boyi::storage::testing
