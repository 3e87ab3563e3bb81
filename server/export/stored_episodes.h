// The episodes of the finished matches in storage (boyi-admin export).
#pragma once

#include <string>
#include <vector>

#include "base/result.h"
#include "server/export/observations.h"
#include "server/storage/database.h"

namespace boyi::data_export {

struct StoredEpisodes {
  std::vector<Episode> episodes;  // two per match, oldest match first
  int matches = 0;
  std::vector<std::string> skipped;  // matches that could not be replayed, with the reason
};

// The newest `limit` finished matches of `game` (aborted ones are not games).
Result<StoredEpisodes> stored_episodes(storage::Database& db, const std::string& game, int limit);

}  // namespace boyi::data_export
