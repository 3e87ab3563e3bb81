// Database: the server's durable state, in one SQLite file, <data dir>/boyi.sqlite3
// (the embedded default), or in a PostgreSQL database named by a storage URL.
//
// SQLite is opened in WAL mode with synchronous=FULL (every commit is on disk when
// the call returns), foreign keys on and a busy timeout; PostgreSQL with
// synchronous_commit on (the same promise). The schema is brought up to date by
// numbered migrations, each in its own transaction (migrations.h).
// All methods are safe to call from several threads (one connection behind a
// mutex); none throws: failures come back as Status / Result with the engine's message.
// Journal appends from concurrent threads are group-committed: one of the waiting
// callers commits everyone's queued entries in one transaction (group_commit.cc).
// The schema and the resume protocol are described in README.md.
#pragma once

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/result.h"
#include "server/storage/records.h"

namespace boyi::storage {

class Connection;

struct DatabaseOptions {
  explicit DatabaseOptions(std::filesystem::path dir = "data") : data_dir(std::move(dir)) {}
  std::filesystem::path data_dir;
  // Where the data lives: empty or "sqlite" for <data_dir>/boyi.sqlite3; a URL
  // postgresql://user[:password]@host[:port]/database (libpq's syntax) for PostgreSQL.
  std::string storage;
  // true: a commit survives power loss (SQLite synchronous=FULL, PostgreSQL
  // synchronous_commit=on). false: survives a crash of this process but the last
  // commits may be lost on power loss (or a crash of the PostgreSQL server); faster.
  bool synchronous_full = true;
  // How long a statement waits for another process's lock before failing.
  int busy_timeout_ms = 5000;
  // Group commit: concurrent append_journal calls share one transaction (one
  // fsync); each entry still gets its own checks and its own result. false: one
  // transaction per append (the old path, kept as the benchmark's baseline).
  bool group_commit = true;
  // The most entries one group commit takes (at least 1).
  int max_batch = 256;
};

// Counters of the journal's group commit (since open), for tests and metrics.
struct GroupCommitStats {
  std::int64_t appends = 0;        // entries that went through a batch
  std::int64_t batches = 0;        // batches run (one transaction each)
  std::int64_t largest_batch = 0;  // most entries in one batch
  std::int64_t queued = 0;         // entries waiting now (not in a running batch)
  std::int64_t committing = 0;     // entries of the batch being committed now
};

inline constexpr std::string_view kDatabaseFile = "boyi.sqlite3";
// Why a journal entry of a match another node now hosts is refused (set_hosting_node).
inline constexpr std::string_view kNotHostedHere = "another server hosts the match now";

std::int64_t wall_clock_ms();

class Database {
 public:
  // Creates the directory and the file if needed and migrates the schema.
  static Result<std::unique_ptr<Database>> open(const DatabaseOptions& options);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // "database <file>" or "PostgreSQL database <url without password>", for messages.
  const std::string& where() const { return where_; }
  bool is_postgres() const;
  Result<int> schema_version();
  static int latest_schema_version();
  // OK, or the engine's list of problems as an error.
  Status integrity_check();

  // --- users (users.cc) ---
  Result<User> create_user(const NewUser& user);
  Result<User> user_by_id(Id id);
  Result<User> user_by_name(std::string_view name);  // case-insensitive
  Result<std::vector<User>> list_users();
  // The bots a person owns (users.owner_id), oldest first.
  Result<std::vector<User>> users_owned_by(Id owner);
  // The public id of the user's token ("" when it has none).
  Result<std::string> token_id_of_user(Id user);
  Status set_role(Id user, Role role);
  Status set_disabled(Id user, bool disabled);
  Status set_password_hash(Id user, std::string_view hash);
  // Removes guests that never played a match (their tokens go with them), made before
  // `created_before_ms`, except those in `keep`; how many.
  Result<int> purge_unused_guests(
      std::int64_t created_before_ms = std::numeric_limits<std::int64_t>::max(),
      const std::set<Id>& keep = {});

  // One token per user: put replaces the previous one (rotation).
  Status put_token(const TokenRecord& token);
  Result<TokenRecord> token_by_id(std::string_view token_id);
  // --- remembered sign-ins (sign_in_sessions.cc) ---
  Status put_sign_in_session(const SignInSessionRecord& session);
  Result<SignInSessionRecord> sign_in_session(std::string_view token_id);
  // Signing out: the session is deleted and revoked (token_id), in one transaction, so
  // every connection signed in with it ends. False when there was none.
  Result<bool> end_sign_in_session(std::string_view token_id);
  // Removes the sessions that expired before `now_ms`; how many.
  Result<int> purge_expired_sign_in_sessions(std::int64_t now_ms);
  // --- the arbiter's requests from boyi-admin (arbiter_requests.cc) ---
  Result<Id> queue_arbiter_request(const ArbiterRequest& request);  // its id
  Result<std::vector<ArbiterRequest>> pending_arbiter_requests(int limit = 64);
  // Pending -> done or failed, with what came of it; false when it was not pending.
  Result<bool> settle_arbiter_request(Id id, bool done, std::string_view result);
  Result<ArbiterRequest> arbiter_request(Id id);
  // --- the audit log (audit_log.cc): append-only, each entry chained by hash ---
  // Appends `entry` (its id, prev_hash and hash are set here) at `entry.at_ms`; the stored
  // entry. Safe against other processes appending at once (the id is part of the hash and
  // unique: a lost race is retried).
  Result<AuditEntry> append_audit(AuditEntry entry);
  // Entries in order (oldest first) after id `after`, at most `limit`; match 0: all.
  Result<std::vector<AuditEntry>> audit_entries(Id after = 0, int limit = 1000, Id match = 0);
  // Checks the whole chain: none when it holds, else the first entry that breaks it and why.
  Result<std::optional<std::string>> verify_audit_chain();
  // The hash an entry has (its fields and the hash before it): what the chain checks.
  static std::string audit_hash(const AuditEntry& entry);
  // --- seats' own 军棋 deployment commitments (deployment_commitments.cc) ---
  // Once per seat of a match: a second is refused.
  Status save_deployment_commitment(Id match, Seat seat, std::string_view commitment);
  // The salt the seat's deployment reveals (kept before the deployment is submitted).
  Status save_commitment_salt(Id match, Seat seat, std::string_view salt);
  Result<std::array<SeatCommitment, 2>> deployment_commitments(Id match);
  // --- the movers' notes on their moves (move_comments.cc), by the move's event seq ---
  Status save_move_comment(Id match, std::uint64_t seq, Seat seat, std::string_view comment);
  Result<std::map<std::uint64_t, std::string>> move_comments(Id match);
  // --- chat mutes (chat_mutes.cc): an admin's mute, until a time, with the reason ---
  Status mute_chat(Id user, std::int64_t until_ms, std::string_view reason);
  Status unmute_chat(Id user);
  // The end of the user's mute if it runs past `now_ms`, else none.
  Result<std::optional<std::int64_t>> chat_muted_until(Id user, std::int64_t now_ms);

  // Disabling an account, changing its role or password and replacing a token each write
  // a revocation in the same transaction (and end the account's remembered sign-ins, but
  // for a role change); a running server reads them (oldest first) to end the sessions
  // they concern.
  Result<std::vector<Revocation>> revocations_after(Id after, int limit = 256);
  Result<Id> last_revocation();

  // --- matches (matches.cc) ---
  Result<Match> create_match(const NewMatch& match);
  Status set_seat(Id match, Seat seat, Id user);  // only while waiting
  // Settles a match without its referee: a waiting match (an abandoned seek) gets
  // the outcome; a running one (e.g. a journal that no longer replays) gets an end
  // entry with that outcome, in one transaction. Ending::kAborted gives status aborted.
  Status finish_match(Id match, const Outcome& outcome, std::int64_t ended_ms);
  Result<Match> match_by_id(Id match);
  Result<std::vector<Match>> running_matches();
  Result<std::vector<Match>> list_matches(std::optional<MatchStatus> status, int limit);
  Result<std::vector<Match>> matches_of_user(Id user, int limit);
  Result<std::vector<Match>> recent_finished(int limit);

  // --- the journal (journal.cc) ---
  // Appends one entry durably: on disk (synchronous=FULL) when it returns OK.
  // Concurrent callers share one commit (see group_commit.cc); an entry refused
  // for its own reasons rolls back alone and fails with that reason, and a failed
  // commit fails every entry of its batch.
  // Refused, with the reason, unless: its index is the match's next; a start entry
  // is the first, of a waiting match with both seats, with the match's rules as its
  // text (the match becomes running, started at wall_ms); any other entry is of a
  // running match; a nonzero seq is one more than the last one. An entry with an
  // outcome finishes the match (status, outcome, ended_ms = wall_ms) in the same
  // transaction.
  Status append_journal(const JournalRow& row, std::int64_t wall_ms);
  // The match's entries in order, with the start's text and the final entry's
  // outcome filled in from the match row; empty for a match that never started.
  Result<std::vector<JournalRow>> journal_of(Id match);
  // Zero everywhere when group commit is off.
  GroupCommitStats group_commit_stats();
  // Several servers on one database (cluster_store.h): once set, an entry is appended only
  // while this node hosts its match (match_owners), checked under a row lock in the append's
  // transaction, so a node that lost a match to another never writes to it again.
  void set_hosting_node(Id node) { hosting_node_ = node; }
  // The match's last index and last event seq (0 and 0 when it has no entries).
  Result<std::pair<std::int64_t, std::int64_t>> journal_position(Id match);

  // --- stores kept in their own files (tournament_store.h, rating_store.h) ---
  // Runs `work` on the connection holding its mutex, so it is ordered with everything else.
  Status with_connection(const std::function<Status(Connection&)>& work);
  // The same inside one BEGIN IMMEDIATE transaction: committed when `work` returns OK,
  // rolled back otherwise.
  Status in_transaction(const std::function<Status(Connection&)>& work);

  // The server writes a heartbeat every second or so; after a crash the last one
  // tells when the server stopped (for operators; resuming does not need it).
  Status record_heartbeat(std::int64_t wall_ms);
  Result<std::optional<std::int64_t>> last_heartbeat();

 private:
  Database(std::unique_ptr<Connection> conn, std::string where, const DatabaseOptions& options);
  Result<Match> create_match_locked(const NewMatch& match);
  Status revoke_locked(Id user, std::string_view token_id, std::string_view reason);
  // The users a SELECT of the user columns finds (with at most one parameter, ?1).
  Result<std::vector<User>> users_where(const char* sql, std::optional<Id> param);
  // An UPDATE of one user's row (?1 the user, ?2 the value) and its revocation (none when
  // `reason` is empty), in one transaction; `end_sign_ins` deletes the user's remembered
  // sign-ins too.
  template <class Value>
  Status update_user_revoking(Id user, const char* sql, const Value& value, std::string_view reason,
                              bool end_sign_ins);
  Status link_tournament_game_locked(Id tournament, Id game, Id match);
  Result<std::vector<Match>> select_matches(const char* sql, std::optional<std::int64_t> a,
                                            std::optional<std::int64_t> b);
  Result<Match> match_locked(Id match);
  Result<std::pair<std::int64_t, std::int64_t>> journal_position_locked(Id match);
  struct AppendState;
  // Empty when there is no such match.
  Result<std::optional<AppendState>> append_state_locked(Id match);
  // "journal entry N (kind) of match M refused: ", the start of every refusal.
  static std::string refused_prefix(const JournalRow& row);
  // One append in its own transaction (mutex_ held).
  Status append_locked(const JournalRow& row, std::int64_t wall_ms);
  // The checks and writes of one append inside an open transaction (mutex_ held). A
  // refusal by the checks writes nothing; when a statement failed (`*statement_failed`),
  // the caller rolls the transaction back.
  Status append_in_transaction(const JournalRow& row, std::int64_t wall_ms, bool* statement_failed);

  // Group commit (group_commit.cc).
  struct PendingAppend;
  Status append_grouped(const JournalRow& row, std::int64_t wall_ms);
  void commit_batch();  // commits batch_ (mutex_ held)

  std::unique_ptr<Connection> conn_;
  std::string where_;
  std::mutex mutex_;  // the connection

  bool group_commit_ = true;
  std::size_t max_batch_ = 256;
  std::mutex queue_mutex_;  // queue_, leader_active_ and each entry's done flag
  std::condition_variable queue_cv_;
  std::deque<PendingAppend*> queue_;
  bool leader_active_ = false;
  std::vector<PendingAppend*> batch_;  // the leader's batch (reserved: max_batch_)
  GroupCommitStats stats_;             // guarded by queue_mutex_
  std::atomic<Id> hosting_node_{0};     // 0: one server, no check
};

}  // namespace boyi::storage
