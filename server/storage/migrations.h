// The schema's numbered migrations. Version N is reached by running migration N
// in one transaction that also sets PRAGMA user_version = N. Append new
// migrations at the end; never edit one that has shipped.
#pragma once

#include <span>

#include "base/result.h"

namespace boyi::storage {

class Connection;

struct Migration {
  int version;
  const char* sql;
};

std::span<const Migration> migrations();

// Brings the file up to the latest version; an error if the file is newer.
Status migrate(Connection& conn);

}  // namespace boyi::storage
