// The schema's numbered migrations, one list per engine. Version N is reached by
// running migration N in one transaction that also records N as the schema version
// (SQLite: PRAGMA user_version; PostgreSQL: table boyi_schema). Append new migrations
// at the end of both lists; never edit one that has shipped.
#pragma once

#include <span>

#include "base/result.h"
#include "server/storage/sql.h"

namespace boyi::storage {

struct Migration {
  int version;
  const char* sql;
};

std::span<const Migration> migrations(SqlDialect dialect);
int latest_schema_version();

// Brings the database up to the latest version; an error if it is newer.
Status migrate(Connection& conn);

}  // namespace boyi::storage
