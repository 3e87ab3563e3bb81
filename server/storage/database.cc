#include "server/storage/database.h"

#include <algorithm>
#include <chrono>
#include <system_error>
#include <utility>

#include "server/storage/migrations.h"
#include "server/storage/sqlite.h"

namespace boyi::storage {

std::int64_t wall_clock_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

namespace {

// Runs a PRAGMA that answers one row and returns its first column as text.
Result<std::string> pragma(Connection& conn, const std::string& sql) {
  auto st = conn.prepare(sql);
  if (!st) return Error{st.message()};
  auto row = st.value().step();
  if (!row) return Error{row.message()};
  if (!*row) return std::string();
  return st.value().text(0);
}

}  // namespace

Database::Database(std::unique_ptr<Connection> conn, std::filesystem::path path,
                   const DatabaseOptions& options)
    : conn_(std::move(conn)),
      path_(std::move(path)),
      group_commit_(options.group_commit),
      max_batch_(static_cast<std::size_t>(std::max(1, options.max_batch))) {
  batch_.reserve(max_batch_);
}

Database::~Database() = default;

int Database::latest_schema_version() {
  return migrations().back().version;
}

Result<std::unique_ptr<Database>> Database::open(const DatabaseOptions& options) {
  std::error_code ec;
  std::filesystem::create_directories(options.data_dir, ec);
  if (ec)
    return fail("cannot create data directory " + options.data_dir.string() + ": " + ec.message());
  const std::filesystem::path path = options.data_dir / kDatabaseFile;
  const std::string where = "database " + path.string();

  auto conn = Connection::open(path.string(), /*create=*/true);
  if (!conn) return Error{conn.message()};
  Connection& c = *conn.value();
  sqlite3_busy_timeout(c.raw(), options.busy_timeout_ms);

  // The first statement reads the file header: a file that is not a database fails here.
  auto mode = pragma(c, "PRAGMA journal_mode = WAL");
  if (!mode) return fail("cannot open " + where + ": " + mode.message());
  if (*mode != "wal") return fail("cannot open " + where + ": WAL mode refused (" + *mode + ")");
  if (auto s = c.exec(options.synchronous_full ? "PRAGMA synchronous = FULL"
                                               : "PRAGMA synchronous = NORMAL");
      !s)
    return fail("cannot open " + where + ": " + s.message());
  if (auto s = c.exec("PRAGMA foreign_keys = ON"); !s)
    return fail("cannot open " + where + ": " + s.message());
  auto fk = pragma(c, "PRAGMA foreign_keys");
  if (!fk || *fk != "1") return fail("cannot open " + where + ": foreign keys unavailable");
  if (auto s = migrate(c); !s) return fail("cannot open " + where + ": " + s.message());

  return std::unique_ptr<Database>(new Database(std::move(conn).value(), path, options));
}

Result<int> Database::schema_version() {
  std::lock_guard lock(mutex_);
  auto v = pragma(*conn_, "PRAGMA user_version");
  if (!v) return Error{v.message()};
  return std::stoi(*v);
}

Status Database::integrity_check() {
  std::lock_guard lock(mutex_);
  auto st = conn_->prepare("PRAGMA integrity_check");
  if (!st) return st.status();
  std::string problems;
  for (int rows = 0;; ++rows) {
    auto row = st.value().step();
    if (!row) return fail("integrity check: " + row.message());
    if (!*row) break;
    std::string line = st.value().text(0);
    if (rows == 0 && line == "ok") continue;
    if (!problems.empty()) problems += "; ";
    problems += line;
  }
  if (!problems.empty()) return fail("integrity check failed: " + problems);
  return Status::Ok();
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
