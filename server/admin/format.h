// Plain-text tables printed by boyi-admin.
#pragma once

#include <ostream>
#include <vector>

#include "server/storage/database.h"

namespace boyi::admin {

void print_users(std::ostream& out, const std::vector<storage::User>& users);
void print_matches(std::ostream& out, storage::Database& db,
                   const std::vector<storage::Match>& matches);
void print_match(std::ostream& out, storage::Database& db, const storage::Match& match,
                 const std::vector<storage::JournalRow>& journal);

}  // namespace boyi::admin
