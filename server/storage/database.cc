#include "server/storage/database.h"

#include <algorithm>
#include <chrono>
#include <system_error>
#include <utility>

#include "server/storage/migrations.h"
#include "server/storage/postgres.h"
#include "server/storage/sqlite.h"

namespace boyi::storage {

std::int64_t wall_clock_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

Database::Database(std::unique_ptr<Connection> conn, std::string where,
                   const DatabaseOptions& options)
    : conn_(std::move(conn)),
      where_(std::move(where)),
      group_commit_(options.group_commit),
      max_batch_(static_cast<std::size_t>(std::max(1, options.max_batch))) {
  batch_.reserve(max_batch_);
}

Database::~Database() = default;

int Database::latest_schema_version() {
  return storage::latest_schema_version();
}

bool Database::is_postgres() const {
  return conn_->dialect() == SqlDialect::kPostgres;
}

namespace {

Result<std::unique_ptr<Connection>> open_sqlite(const DatabaseOptions& options,
                                                std::string& where) {
  std::error_code ec;
  std::filesystem::create_directories(options.data_dir, ec);
  if (ec)
    return fail("cannot create data directory " + options.data_dir.string() + ": " + ec.message());
  const std::filesystem::path path = options.data_dir / kDatabaseFile;
  where = "database " + path.string();
  auto conn = SqliteConnection::open_database(
      path.string(), SqliteSettings{options.synchronous_full, options.busy_timeout_ms});
  if (!conn) return Error{conn.message()};
  return std::unique_ptr<Connection>(std::move(conn).value());
}

Result<std::unique_ptr<Connection>> open_postgres(const DatabaseOptions& options,
                                                  std::string& where) {
  where = "PostgreSQL database " + redacted_url(options.storage);
  auto conn = PostgresConnection::open(
      options.storage, PostgresSettings{options.synchronous_full, options.busy_timeout_ms});
  if (!conn) return Error{conn.message()};
  return std::unique_ptr<Connection>(std::move(conn).value());
}

}  // namespace

Result<std::unique_ptr<Database>> Database::open(const DatabaseOptions& options) {
  std::string where;
  Result<std::unique_ptr<Connection>> conn = fail("unreachable");
  if (options.storage.empty() || options.storage == "sqlite")
    conn = open_sqlite(options, where);
  else if (is_postgres_url(options.storage))
    conn = open_postgres(options, where);
  else
    return fail("unknown storage '" + redacted_url(options.storage) +
                "': use \"sqlite\" or a postgresql:// URL");
  if (!conn) return Error{conn.message()};
  if (auto s = migrate(*conn.value()); !s) return fail("cannot open " + where + ": " + s.message());
  return std::unique_ptr<Database>(new Database(std::move(conn).value(), where, options));
}

Result<int> Database::schema_version() {
  std::lock_guard lock(mutex_);
  return conn_->schema_version();
}

Status Database::integrity_check() {
  std::lock_guard lock(mutex_);
  return conn_->integrity_check();
}

Status Database::with_connection(const std::function<Status(Connection&)>& work) {
  std::lock_guard lock(mutex_);
  return work(*conn_);
}

Status Database::in_transaction(const std::function<Status(Connection&)>& work) {
  std::lock_guard lock(mutex_);
  Transaction tx(*conn_);
  if (auto s = tx.begin(); !s) return s;
  if (auto s = work(*conn_); !s) return s;  // the transaction rolls back
  return tx.commit();
}

Status Database::record_heartbeat(std::int64_t wall_ms) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query(
      "INSERT INTO server_state(key, value) VALUES('heartbeat_ms', ?1) "
      "ON CONFLICT(key) DO UPDATE SET value = excluded.value");
  if (!q) return q.status();
  if (auto s = q.value()->bind_all(wall_ms); !s) return s;
  return q.value()->run();
}

Result<std::optional<std::int64_t>> Database::last_heartbeat() {
  std::lock_guard lock(mutex_);
  auto q = conn_->query("SELECT value FROM server_state WHERE key = 'heartbeat_ms'");
  if (!q) return Error{q.message()};
  auto row = q.value()->step();
  if (!row) return Error{row.message()};
  if (!*row) return std::optional<std::int64_t>();
  return std::optional<std::int64_t>(q.value()->int64(0));
}

}  // namespace boyi::storage
