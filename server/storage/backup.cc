#include "server/storage/backup.h"

#include <spawn.h>
#include <sqlite3.h>
#include <sys/wait.h>

#include <fstream>
#include <string>
#include <vector>

#include "server/storage/postgres.h"

extern char** environ;

namespace boyi::storage {

namespace {

enum class BackupKind { kSqlite, kPostgres, kUnknown };

BackupKind kind_of(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  char head[16] = {};
  in.read(head, sizeof head);
  const std::string_view h(head, static_cast<std::size_t>(in.gcount()));
  if (h.starts_with(std::string_view("SQLite format 3\0", 16))) return BackupKind::kSqlite;
  if (h.starts_with("PGDMP")) return BackupKind::kPostgres;
  return BackupKind::kUnknown;
}

// Copies the whole database `from` into `to` with SQLite's online backup API: a consistent
// snapshot even while another process writes to `from`.
Status sqlite_copy(const std::string& from, const std::string& to) {
  sqlite3* src = nullptr;
  sqlite3* dst = nullptr;
  auto close_both = [&] {
    sqlite3_close(src);
    sqlite3_close(dst);
  };
  if (sqlite3_open_v2(from.c_str(), &src, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    Error e = fail("cannot open " + from + ": " + sqlite3_errmsg(src));
    close_both();
    return e;
  }
  sqlite3_busy_timeout(src, 5000);
  if (sqlite3_open_v2(to.c_str(), &dst, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
      SQLITE_OK) {
    Error e = fail("cannot create " + to + ": " + sqlite3_errmsg(dst));
    close_both();
    return e;
  }
  sqlite3_backup* backup = sqlite3_backup_init(dst, "main", src, "main");
  if (!backup) {
    Error e = fail(std::string("backup: ") + sqlite3_errmsg(dst));
    close_both();
    return e;
  }
  // All pages in one step: the snapshot is taken under one read lock (WAL: writers go on).
  int rc = sqlite3_backup_step(backup, -1);
  sqlite3_backup_finish(backup);
  if (rc != SQLITE_DONE) {
    Error e = fail(std::string("backup: ") + sqlite3_errstr(rc));
    close_both();
    return e;
  }
  rc = sqlite3_exec(dst, "PRAGMA journal_mode = DELETE", nullptr, nullptr, nullptr);
  close_both();
  if (rc != SQLITE_OK) return fail("backup: cannot finish " + to);
  return Status::Ok();
}

// Runs a program (found on the PATH) and waits; its output goes where ours goes.
Status run_program(const std::vector<std::string>& argv, const std::string& what) {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  if (int e = ::posix_spawnp(&pid, args[0], nullptr, nullptr, args.data(), environ); e != 0)
    return fail(what + ": cannot run " + argv[0] + " (Debian package postgresql-client)");
  int status = 0;
  if (::waitpid(pid, &status, 0) != pid) return fail(what + ": lost " + argv[0]);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return fail(what + ": " + argv[0] + " failed (its messages are above)");
  return Status::Ok();
}

bool is_postgres(const DatabaseOptions& options) {
  return is_postgres_url(options.storage);
}

}  // namespace

Status backup_database(const DatabaseOptions& source, const std::filesystem::path& file) {
  std::error_code ec;
  if (std::filesystem::exists(file, ec)) return fail(file.string() + " exists: not overwritten");
  if (is_postgres(source))
    return run_program({"pg_dump", "--format=custom", "--no-owner", "--file=" + file.string(),
                        "--dbname=" + source.storage},
                       "backup");
  const auto db = source.data_dir / kDatabaseFile;
  if (!std::filesystem::exists(db, ec)) return fail("no database at " + db.string());
  if (auto s = sqlite_copy(db.string(), file.string()); !s) {
    std::filesystem::remove(file, ec);
    return s;
  }
  return Status::Ok();
}

Status restore_database(const std::filesystem::path& file, const DatabaseOptions& target) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return fail("no backup at " + file.string());
  const BackupKind kind = kind_of(file);
  if (kind == BackupKind::kUnknown)
    return fail(file.string() + " is not a Boyi backup (neither SQLite nor pg_dump's format)");
  if ((kind == BackupKind::kPostgres) != is_postgres(target))
    return fail(std::string("a ") + (kind == BackupKind::kPostgres ? "PostgreSQL" : "SQLite") +
                " backup restores only into " +
                (kind == BackupKind::kPostgres ? "PostgreSQL" : "SQLite"));
  if (kind == BackupKind::kPostgres) {
    auto conn = PostgresConnection::open(target.storage, PostgresSettings{});
    if (!conn) return Error{conn.message()};
    auto version = conn.value()->schema_version();
    if (!version) return version.status();
    if (*version != 0)
      return fail("the target database already holds Boyi's tables: restore into an empty one");
    conn.value().reset();
    if (auto s = run_program({"pg_restore", "--no-owner", "--exit-on-error",
                              "--dbname=" + target.storage, file.string()},
                             "restore");
        !s)
      return s;
  } else {
    const auto db = target.data_dir / kDatabaseFile;
    if (std::filesystem::exists(db, ec))
      return fail(db.string() + " exists: restore into a fresh data directory");
    std::filesystem::create_directories(target.data_dir, ec);
    if (ec) return fail("cannot create " + target.data_dir.string() + ": " + ec.message());
    if (auto s = sqlite_copy(file.string(), db.string()); !s) return s;
  }
  auto opened = Database::open(target);
  if (!opened) return fail("the restored database does not open: " + opened.message());
  return opened.value()->integrity_check();
}

}  // namespace boyi::storage
