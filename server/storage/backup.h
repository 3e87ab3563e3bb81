// Backing up a running server's database and restoring it into a fresh one.
//
// SQLite: SQLite's online backup API copies a consistent snapshot of the file while the
// server writes to it (copying the file and its WAL by hand is not safe); the backup is
// itself a database file. PostgreSQL: pg_dump's custom format (a consistent snapshot in one
// transaction; pg_dump of Debian's postgresql-client), restored with pg_restore.
// A backup restores only into the engine it came from, and only into an empty target: a
// data directory without boyi.sqlite3, or a database without Boyi's tables.
#pragma once

#include <filesystem>

#include "base/result.h"
#include "server/storage/database.h"

namespace boyi::storage {

// Writes a backup of the database `source` names to `file`, which must not exist yet.
Status backup_database(const DatabaseOptions& source, const std::filesystem::path& file);

// Restores `file` (made by backup_database) into the empty database `target` names, then
// opens it once (applying any newer migrations) and checks it.
Status restore_database(const std::filesystem::path& file, const DatabaseOptions& target);

}  // namespace boyi::storage
