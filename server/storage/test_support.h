// Test helpers shared by storage and accounts tests: a temporary data directory
// removed when the test ends, and journal rows.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

#include "server/storage/database.h"

namespace boyi::storage::testing {

class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "boyi-test-XXXXXX").string();
    if (char* made = ::mkdtemp(pattern.data())) path_ = made;
  }
  ~TempDir() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  bool ok() const { return !path_.empty(); }

 private:
  std::filesystem::path path_;
};

// A journal row of match `id` (clocks untouched unless given).
inline JournalRow row(Id id, std::int64_t index, JournalKind kind, std::int64_t seq, Seat seat,
                      std::string text = {}, std::array<std::int64_t, 2> clocks = {}) {
  JournalRow r;
  r.match_id = id;
  r.index = index;
  r.kind = kind;
  r.seq = seq;
  r.seat = seat;
  r.text = std::move(text);
  r.clock_ms = clocks;
  return r;
}

// Starts a waiting match the way its referee does: the start entry.
inline Status start_match(Database& db, Id id, std::int64_t wall_ms) {
  auto m = db.match_by_id(id);
  if (!m) return m.status();
  return db.append_journal(
      row(id, 1, JournalKind::kStart, 1, kPublic, m->rules, {m->time.total_ms, m->time.total_ms}),
      wall_ms);
}

}  // namespace boyi::storage::testing
