// A match as the server program holds it in storage: its configuration, seats, preset,
// journal and times, loaded through server/hosting (which owns the journal's SQLite form).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/result.h"
#include "referee/journal.h"
#include "referee/match_config.h"
#include "server/records/record_meta.h"
#include "server/storage/database.h"

namespace boyi::app {

struct StoredMatch {
  referee::MatchConfig config;                 // match_id = the database id in decimal
  std::vector<referee::JournalEntry> entries;  // in order (empty for a new match)
  std::array<storage::Id, 2> seats{};
  std::string preset;
  bool rated = false;
  std::int64_t started_ms = 0;  // wall clock
  std::optional<std::int64_t> ended_ms;
  std::array<storage::SeatCommitment, 2> commitments;  // the seats' own (军棋's fairness)
  std::map<std::uint64_t, std::string> comments;       // the movers' notes, by the move's seq
};

// One stored match (running or finished) with its journal.
Result<StoredMatch> load_stored_match(storage::Database& db, storage::Id id);
// Every match that was running when the server stopped.
Result<std::vector<StoredMatch>> load_running_matches(storage::Database& db);

records::RecordMeta record_meta(const StoredMatch& m, const std::array<std::string, 2>& players);

}  // namespace boyi::app
