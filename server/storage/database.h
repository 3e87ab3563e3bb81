// Database: the server's durable state in one SQLite file, <data dir>/boyi.sqlite3.
//
// Opened in WAL mode with synchronous=FULL (every commit is on disk when the call
// returns), foreign keys on and a busy timeout; the schema is brought up to date
// by numbered migrations (PRAGMA user_version), each in its own transaction.
// All methods are safe to call from several threads (one connection behind a
// mutex); none throws: failures come back as Status / Result with SQLite's message.
// The schema and the resume protocol are described in README.md.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/result.h"
#include "server/storage/records.h"

namespace boyi::storage {

class Connection;

struct DatabaseOptions {
  explicit DatabaseOptions(std::filesystem::path dir = "data") : data_dir(std::move(dir)) {}
  std::filesystem::path data_dir;
  // FULL: a commit survives power loss. NORMAL (false): survives a process crash
  // but the last commits may be lost on power loss; faster.
  bool synchronous_full = true;
  int busy_timeout_ms = 5000;
};

inline constexpr std::string_view kDatabaseFile = "boyi.sqlite3";

std::int64_t wall_clock_ms();

class Database {
 public:
  // Creates the directory and the file if needed and migrates the schema.
  static Result<std::unique_ptr<Database>> open(const DatabaseOptions& options);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  const std::filesystem::path& path() const { return path_; }
  Result<int> schema_version();
  static int latest_schema_version();
  // "ok", or SQLite's list of problems as an error.
  Status integrity_check();

  // --- users (users.cc) ---
  Result<User> create_user(const NewUser& user);
  Result<User> user_by_id(Id id);
  Result<User> user_by_name(std::string_view name);  // case-insensitive
  Result<std::vector<User>> list_users();
  Status set_role(Id user, Role role);
  Status set_disabled(Id user, bool disabled);
  Status set_password_hash(Id user, std::string_view hash);
  // Removes guests that never played a match (their tokens go with them).
  Result<int> purge_unused_guests();

  // One token per user: put replaces the previous one (rotation).
  Status put_token(const TokenRecord& token);
  Result<TokenRecord> token_by_id(std::string_view token_id);

  // --- matches (matches.cc) ---
  Result<Match> create_match(const NewMatch& match);
  Status set_seat(Id match, Seat seat, Id user);  // only while waiting
  Status start_match(Id match, std::int64_t started_ms);
  // Finishes a running (or waiting) match; Ending::kAborted gives status aborted.
  Status finish_match(Id match, const Outcome& outcome, std::int64_t ended_ms);
  Result<Match> match_by_id(Id match);
  Result<std::vector<Match>> running_matches();
  Result<std::vector<Match>> list_matches(std::optional<MatchStatus> status, int limit);
  Result<std::vector<Match>> matches_of_user(Id user, int limit);
  Result<std::vector<Match>> recent_finished(int limit);

  // --- the journal (actions.cc) ---
  // Appends one accepted action and commits it durably before returning.
  // Rejected unless action.seq is exactly one more than the match's last seq and
  // the match is running.
  Status append_action(const Action& action);
  Result<std::vector<Action>> actions_of(Id match);
  Result<std::int64_t> last_seq(Id match);
  Status record_rejection(const Rejection& rejection);
  Result<std::vector<Rejection>> rejections_of(Id match);
  Result<ResumePoint> resume_point(Id match);

  // The server writes a heartbeat every second or so; after a crash the last one
  // tells the referee when the server stopped (time that no seat should be charged).
  Status record_heartbeat(std::int64_t wall_ms);
  Result<std::optional<std::int64_t>> last_heartbeat();

 private:
  Database(std::unique_ptr<Connection> conn, std::filesystem::path path);
  Result<Match> create_match_locked(const NewMatch& match);
  Result<std::vector<Match>> select_matches(const char* sql, std::optional<std::int64_t> a,
                                            std::optional<std::int64_t> b);
  Result<std::int64_t> last_seq_locked(Id match);

  std::unique_ptr<Connection> conn_;
  std::filesystem::path path_;
  std::mutex mutex_;
};

}  // namespace boyi::storage
