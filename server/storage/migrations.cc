#include "server/storage/migrations.h"

#include <array>
#include <string>

#include "server/storage/migration_postgres.h"
#include "server/storage/migration_tournaments.h"
#include "server/storage/sql.h"

namespace boyi::storage {

namespace {

// Version 1: users and tokens, matches, the action journal, rejections, server state.
constexpr const char* kV1 = R"sql(
CREATE TABLE users (
  id            INTEGER PRIMARY KEY,
  name          TEXT NOT NULL COLLATE NOCASE UNIQUE,
  kind          TEXT NOT NULL CHECK (kind IN ('human', 'bot', 'guest')),
  role          TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  password_hash TEXT NOT NULL DEFAULT '',
  owner_id      INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_ms    INTEGER NOT NULL,
  disabled      INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1))
);

CREATE TABLE tokens (
  user_id     INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  token_id    TEXT NOT NULL UNIQUE,
  secret_hash BLOB NOT NULL,
  created_ms  INTEGER NOT NULL
);

CREATE TABLE matches (
  id                    INTEGER PRIMARY KEY,
  game                  TEXT NOT NULL,
  preset                TEXT NOT NULL DEFAULT '',
  rules                 TEXT NOT NULL,
  total_ms              INTEGER NOT NULL CHECK (total_ms >= 0),
  per_move_ms           INTEGER NOT NULL CHECK (per_move_ms >= 0),
  increment_ms          INTEGER NOT NULL CHECK (increment_ms >= 0),
  grace_ms              INTEGER NOT NULL CHECK (grace_ms >= 0),
  seat0_user            INTEGER REFERENCES users(id),
  seat1_user            INTEGER REFERENCES users(id),
  status                TEXT NOT NULL CHECK (status IN ('waiting', 'running', 'finished', 'aborted')),
  created_ms            INTEGER NOT NULL,
  started_ms            INTEGER,
  ended_ms              INTEGER,
  ending                TEXT,
  winner                INTEGER CHECK (winner IN (0, 1)),
  outcome_detail        TEXT NOT NULL DEFAULT '',
  rated                 INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1)),
  tournament_id         INTEGER,
  illegal_policy        TEXT NOT NULL CHECK (illegal_policy IN ('retry', 'lose')),
  illegal_attempts      INTEGER NOT NULL CHECK (illegal_attempts >= 1),
  disconnect_grace_ms   INTEGER NOT NULL CHECK (disconnect_grace_ms >= 0),
  spectator_delay_plies INTEGER NOT NULL DEFAULT 0 CHECK (spectator_delay_plies >= 0)
);
CREATE INDEX matches_status ON matches(status, id);
CREATE INDEX matches_seat0 ON matches(seat0_user, id);
CREATE INDEX matches_seat1 ON matches(seat1_user, id);
CREATE INDEX matches_ended ON matches(ended_ms) WHERE status IN ('finished', 'aborted');

CREATE TABLE actions (
  match_id  INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  seq       INTEGER NOT NULL CHECK (seq >= 1),
  seat      INTEGER NOT NULL CHECK (seat IN (0, 1)),
  action    TEXT NOT NULL,
  think_ms  INTEGER NOT NULL CHECK (think_ms >= 0),
  clock0_ms INTEGER NOT NULL,
  clock1_ms INTEGER NOT NULL,
  wall_ms   INTEGER NOT NULL,
  PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;

CREATE TABLE rejections (
  id        INTEGER PRIMARY KEY,
  match_id  INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  after_seq INTEGER NOT NULL CHECK (after_seq >= 0),
  seat      INTEGER NOT NULL CHECK (seat IN (0, 1)),
  action    TEXT NOT NULL,
  reason    TEXT NOT NULL,
  wall_ms   INTEGER NOT NULL
);
CREATE INDEX rejections_turn ON rejections(match_id, after_seq);

CREATE TABLE server_state (
  key   TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;
)sql";

// Version 2: one journal per match instead of `actions` + `rejections`. Each
// entry (start, action, illegal attempt, end) is a row keyed by (match, index);
// `seq` is the event sequence number it produced (0: none). The start's text is
// the match's rules and the final entry's outcome the match's outcome: both read
// from the match row, never stored twice. Version 1 rows are carried over: a
// start entry for every match that started, actions (event seq = action seq + 1)
// and rejections in the order they happened, and an end entry for every match
// that ended.
constexpr const char* kV2 = R"sql(
CREATE TABLE journal (
  match_id   INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  idx        INTEGER NOT NULL CHECK (idx >= 1),
  kind       TEXT NOT NULL CHECK (kind IN ('start', 'action', 'illegal', 'end')),
  seq        INTEGER NOT NULL CHECK (seq >= 0),
  seat       INTEGER CHECK (seat IN (0, 1)),
  text       TEXT NOT NULL DEFAULT '',
  reason     TEXT NOT NULL DEFAULT '',
  elapsed_ms INTEGER NOT NULL DEFAULT 0 CHECK (elapsed_ms >= 0),
  clock0_ms  INTEGER NOT NULL,
  clock1_ms  INTEGER NOT NULL,
  PRIMARY KEY (match_id, idx),
  CHECK (kind <> 'start' OR (idx = 1 AND seq = 1 AND text = '')),
  CHECK (kind NOT IN ('action', 'illegal') OR seat IS NOT NULL)
) WITHOUT ROWID;

INSERT INTO journal(match_id, idx, kind, seq, seat, text, clock0_ms, clock1_ms)
  SELECT id, 1, 'start', 1, NULL, '', total_ms, total_ms FROM matches
  WHERE started_ms IS NOT NULL;

INSERT INTO journal(match_id, idx, kind, seq, seat, text, reason, elapsed_ms, clock0_ms,
                    clock1_ms)
  SELECT match_id, 1 + ROW_NUMBER() OVER (PARTITION BY match_id ORDER BY k1, k2, k3), kind, seq,
         seat, text, reason, elapsed, c0, c1
  FROM (
    SELECT match_id, seq AS k1, 0 AS k2, 0 AS k3, 'action' AS kind, seq + 1 AS seq, seat,
           action AS text, '' AS reason, think_ms AS elapsed, clock0_ms AS c0, clock1_ms AS c1
    FROM actions
    UNION ALL
    SELECT r.match_id, r.after_seq, 1, r.id, 'illegal', 0, r.seat, r.action, r.reason, 0,
           COALESCE((SELECT a.clock0_ms FROM actions a
                     WHERE a.match_id = r.match_id AND a.seq = r.after_seq), m.total_ms),
           COALESCE((SELECT a.clock1_ms FROM actions a
                     WHERE a.match_id = r.match_id AND a.seq = r.after_seq), m.total_ms)
    FROM rejections r JOIN matches m ON m.id = r.match_id
  )
  WHERE match_id IN (SELECT id FROM matches WHERE started_ms IS NOT NULL);

INSERT INTO journal(match_id, idx, kind, seq, seat, text, clock0_ms, clock1_ms)
  SELECT m.id,
         1 + (SELECT MAX(j.idx) FROM journal j WHERE j.match_id = m.id),
         'end',
         1 + (SELECT MAX(j.seq) FROM journal j WHERE j.match_id = m.id),
         NULL, '',
         (SELECT j.clock0_ms FROM journal j WHERE j.match_id = m.id ORDER BY j.idx DESC LIMIT 1),
         (SELECT j.clock1_ms FROM journal j WHERE j.match_id = m.id ORDER BY j.idx DESC LIMIT 1)
  FROM matches m
  WHERE m.status IN ('finished', 'aborted') AND m.started_ms IS NOT NULL;

DROP TABLE rejections;
DROP TABLE actions;
)sql";

// Version 4: the strength a house bot plays a match's seat at (house_seats.h).
constexpr const char* kV4 = R"sql(
CREATE TABLE house_seats (
  match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  seat     INTEGER NOT NULL CHECK (seat IN (0, 1)),
  strength INTEGER NOT NULL CHECK (strength BETWEEN 1 AND 10),
  PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;
)sql";

// Version 5: a tournament game is linked to its match by create_match itself, in the same
// transaction (NewMatch::tournament_game), not by a trigger that guessed the game from seats.
constexpr const char* kV5 = R"sql(
DROP TRIGGER IF EXISTS tournament_game_link;
)sql";

// Version 6: credentials withdrawn from live sessions (Database::revocations_after): a
// running server reads what boyi-admin changed and closes the sessions it concerns.
constexpr const char* kV6 = R"sql(
CREATE TABLE revocations (
  id       INTEGER PRIMARY KEY,
  user_id  INTEGER NOT NULL,
  token_id TEXT NOT NULL DEFAULT '',
  reason   TEXT NOT NULL,
  at_ms    INTEGER NOT NULL
);
)sql";

constexpr const char* kPostgresV6 = R"sql(
CREATE TABLE revocations (
  id       BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id  BIGINT NOT NULL,
  token_id TEXT NOT NULL DEFAULT '',
  reason   TEXT NOT NULL,
  at_ms    BIGINT NOT NULL
);
)sql";

// Version 7: remembered sign-ins (SignedIn.session_token), several per user, each with
// its expiry.
constexpr const char* kV7 = R"sql(
CREATE TABLE sign_in_sessions (
  token_id    TEXT PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  secret_hash BLOB NOT NULL,
  created_ms  INTEGER NOT NULL,
  expires_ms  INTEGER NOT NULL
);
CREATE INDEX sign_in_sessions_user ON sign_in_sessions(user_id);
CREATE INDEX sign_in_sessions_expiry ON sign_in_sessions(expires_ms);
)sql";

constexpr const char* kPostgresV7 = R"sql(
CREATE TABLE sign_in_sessions (
  token_id    TEXT PRIMARY KEY,
  user_id     BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  secret_hash BYTEA NOT NULL,
  created_ms  BIGINT NOT NULL,
  expires_ms  BIGINT NOT NULL
);
CREATE INDEX sign_in_sessions_user ON sign_in_sessions(user_id);
CREATE INDEX sign_in_sessions_expiry ON sign_in_sessions(expires_ms);
)sql";

// Version 8: a journal entry may be an agreed takeback (referee/proposals.h). SQLite cannot
// change a CHECK constraint: the table is rebuilt with the same rows.
constexpr const char* kV8 = R"sql(
CREATE TABLE journal_v8 (
  match_id   INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  idx        INTEGER NOT NULL CHECK (idx >= 1),
  kind       TEXT NOT NULL CHECK (kind IN ('start', 'action', 'illegal', 'end', 'takeback')),
  seq        INTEGER NOT NULL CHECK (seq >= 0),
  seat       INTEGER CHECK (seat IN (0, 1)),
  text       TEXT NOT NULL DEFAULT '',
  reason     TEXT NOT NULL DEFAULT '',
  elapsed_ms INTEGER NOT NULL DEFAULT 0 CHECK (elapsed_ms >= 0),
  clock0_ms  INTEGER NOT NULL,
  clock1_ms  INTEGER NOT NULL,
  PRIMARY KEY (match_id, idx),
  CHECK (kind <> 'start' OR (idx = 1 AND seq = 1 AND text = '')),
  CHECK (kind NOT IN ('action', 'illegal', 'takeback') OR seat IS NOT NULL)
) WITHOUT ROWID;
INSERT INTO journal_v8 SELECT match_id, idx, kind, seq, seat, text, reason, elapsed_ms,
                              clock0_ms, clock1_ms FROM journal;
DROP TABLE journal;
ALTER TABLE journal_v8 RENAME TO journal;
)sql";

constexpr const char* kPostgresV8 = R"sql(
ALTER TABLE journal DROP CONSTRAINT journal_kind_check;
ALTER TABLE journal ADD CONSTRAINT journal_kind_check
  CHECK (kind IN ('start', 'action', 'illegal', 'end', 'takeback'));
ALTER TABLE journal ADD CONSTRAINT journal_takeback_seat
  CHECK (kind <> 'takeback' OR seat IS NOT NULL);
)sql";

// Version 9: an admin's chat mutes (chat_mutes.cc), one per user.
constexpr const char* kV9 = R"sql(
CREATE TABLE chat_mutes (
  user_id  INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  until_ms INTEGER NOT NULL,
  reason   TEXT NOT NULL DEFAULT ''
);
)sql";

constexpr const char* kPostgresV9 = R"sql(
CREATE TABLE chat_mutes (
  user_id  BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  until_ms BIGINT NOT NULL,
  reason   TEXT NOT NULL DEFAULT ''
);
)sql";

// Version 10: the seats' own 军棋 deployment commitments (deployment_commitments.cc).
constexpr const char* kV10 = R"sql(
CREATE TABLE deployment_commitments (
  match_id   INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  seat       INTEGER NOT NULL CHECK (seat IN (0, 1)),
  commitment TEXT NOT NULL,
  salt       TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (match_id, seat)
);
)sql";

constexpr const char* kPostgresV10 = R"sql(
CREATE TABLE deployment_commitments (
  match_id   BIGINT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  seat       INTEGER NOT NULL CHECK (seat IN (0, 1)),
  commitment TEXT NOT NULL,
  salt       TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (match_id, seat)
);
)sql";

// Version 11: the audit log (audit_log.cc): every admin action and change of a result, each
// entry chained to the one before by its hash.
constexpr const char* kV11 = R"sql(
CREATE TABLE audit_log (
  id        INTEGER PRIMARY KEY,
  at_ms     INTEGER NOT NULL,
  actor     TEXT NOT NULL,
  action    TEXT NOT NULL,
  target    TEXT NOT NULL DEFAULT '',
  detail    TEXT NOT NULL DEFAULT '',
  reason    TEXT NOT NULL DEFAULT '',
  match_id  INTEGER NOT NULL DEFAULT 0,
  prev_hash TEXT NOT NULL,
  hash      TEXT NOT NULL
);
CREATE INDEX audit_log_match ON audit_log(match_id);
)sql";

constexpr const char* kPostgresV11 = R"sql(
CREATE TABLE audit_log (
  id        BIGINT PRIMARY KEY,
  at_ms     BIGINT NOT NULL,
  actor     TEXT NOT NULL,
  action    TEXT NOT NULL,
  target    TEXT NOT NULL DEFAULT '',
  detail    TEXT NOT NULL DEFAULT '',
  reason    TEXT NOT NULL DEFAULT '',
  match_id  BIGINT NOT NULL DEFAULT 0,
  prev_hash TEXT NOT NULL,
  hash      TEXT NOT NULL
);
CREATE INDEX audit_log_match ON audit_log(match_id);
)sql";

// Version 12: a journal entry may be the arbiter's (pause, unpause, added time): the table
// is rebuilt for the CHECK as in version 8.
constexpr const char* kV12 = R"sql(
CREATE TABLE journal_v12 (
  match_id   INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  idx        INTEGER NOT NULL CHECK (idx >= 1),
  kind       TEXT NOT NULL CHECK (kind IN ('start', 'action', 'illegal', 'end', 'takeback',
                                          'arbiter')),
  seq        INTEGER NOT NULL CHECK (seq >= 0),
  seat       INTEGER CHECK (seat IN (0, 1)),
  text       TEXT NOT NULL DEFAULT '',
  reason     TEXT NOT NULL DEFAULT '',
  elapsed_ms INTEGER NOT NULL DEFAULT 0 CHECK (elapsed_ms >= 0),
  clock0_ms  INTEGER NOT NULL,
  clock1_ms  INTEGER NOT NULL,
  PRIMARY KEY (match_id, idx),
  CHECK (kind <> 'start' OR (idx = 1 AND seq = 1 AND text = '')),
  CHECK (kind NOT IN ('action', 'illegal', 'takeback') OR seat IS NOT NULL)
) WITHOUT ROWID;
INSERT INTO journal_v12 SELECT match_id, idx, kind, seq, seat, text, reason, elapsed_ms,
                               clock0_ms, clock1_ms FROM journal;
DROP TABLE journal;
ALTER TABLE journal_v12 RENAME TO journal;
)sql";

constexpr const char* kPostgresV12 = R"sql(
ALTER TABLE journal DROP CONSTRAINT journal_kind_check;
ALTER TABLE journal ADD CONSTRAINT journal_kind_check
  CHECK (kind IN ('start', 'action', 'illegal', 'end', 'takeback', 'arbiter'));
)sql";

// Version 13: the arbiter's requests from boyi-admin, carried out by the server that runs
// the match (arbiter_requests.cc).
constexpr const char* kV13 = R"sql(
CREATE TABLE arbiter_requests (
  id           INTEGER PRIMARY KEY,
  match_id     INTEGER NOT NULL,
  action       TEXT NOT NULL,
  seat         INTEGER NOT NULL DEFAULT 0,
  ms           INTEGER NOT NULL DEFAULT 0,
  winner       INTEGER NOT NULL DEFAULT 0,
  reason       TEXT NOT NULL DEFAULT '',
  requested_by TEXT NOT NULL,
  requested_ms INTEGER NOT NULL,
  state        TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed')),
  result       TEXT NOT NULL DEFAULT ''
);
CREATE INDEX arbiter_requests_pending ON arbiter_requests(state);
)sql";

constexpr const char* kPostgresV13 = R"sql(
CREATE TABLE arbiter_requests (
  id           BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  match_id     BIGINT NOT NULL,
  action       TEXT NOT NULL,
  seat         INTEGER NOT NULL DEFAULT 0,
  ms           BIGINT NOT NULL DEFAULT 0,
  winner       INTEGER NOT NULL DEFAULT 0,
  reason       TEXT NOT NULL DEFAULT '',
  requested_by TEXT NOT NULL,
  requested_ms BIGINT NOT NULL,
  state        TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed')),
  result       TEXT NOT NULL DEFAULT ''
);
CREATE INDEX arbiter_requests_pending ON arbiter_requests(state);
)sql";

// Version 14: a house seat, and a tournament's house entrant, may be played by a house engine
// other than its level's player (house_seats.h, tournament_store.h); "" for the level's. The
// same statements for both engines.
constexpr const char* kV14 = R"sql(
ALTER TABLE house_seats ADD COLUMN engine TEXT NOT NULL DEFAULT '';
ALTER TABLE tournament_entrants ADD COLUMN house_engine TEXT NOT NULL DEFAULT '';
)sql";

// Version 15: several servers on one database (server/cluster/README.md): each server run is
// a node with a heartbeat; a running match is hosted by the node named in match_owners, and a
// role (running the tournaments) by the node in cluster_roles. A node that stops, or whose
// heartbeat is older than the lease, loses both to a live node. Times are the database's own
// clock, so the nodes' clocks never need to agree. PostgreSQL also gets relay_messages, the
// messages between nodes (relay_queue.h); SQLite, one server, has no use for it.
constexpr const char* kV15 = R"sql(
CREATE TABLE cluster_nodes (
  id           INTEGER PRIMARY KEY,
  name         TEXT NOT NULL,
  started_ms   INTEGER NOT NULL,
  heartbeat_ms INTEGER NOT NULL,
  stopped      INTEGER NOT NULL DEFAULT 0 CHECK (stopped IN (0, 1)),
  takeovers    INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE match_owners (
  match_id INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
  node_id  INTEGER NOT NULL REFERENCES cluster_nodes(id),
  since_ms INTEGER NOT NULL
);
CREATE INDEX match_owners_node ON match_owners(node_id);
CREATE TABLE cluster_roles (
  role     TEXT PRIMARY KEY,
  node_id  INTEGER NOT NULL REFERENCES cluster_nodes(id),
  since_ms INTEGER NOT NULL
);
)sql";

constexpr const char* kPostgresV15 = R"sql(
CREATE TABLE cluster_nodes (
  id           BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  name         TEXT NOT NULL,
  started_ms   BIGINT NOT NULL,
  heartbeat_ms BIGINT NOT NULL,
  stopped      INTEGER NOT NULL DEFAULT 0 CHECK (stopped IN (0, 1)),
  takeovers    BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE match_owners (
  match_id BIGINT PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
  node_id  BIGINT NOT NULL REFERENCES cluster_nodes(id),
  since_ms BIGINT NOT NULL
);
CREATE INDEX match_owners_node ON match_owners(node_id);
CREATE TABLE cluster_roles (
  role     TEXT PRIMARY KEY,
  node_id  BIGINT NOT NULL REFERENCES cluster_nodes(id),
  since_ms BIGINT NOT NULL
);
CREATE UNLOGGED TABLE relay_messages (
  id           BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  to_node      BIGINT NOT NULL,
  from_node    BIGINT NOT NULL,
  kind         TEXT NOT NULL,
  connection   BIGINT NOT NULL DEFAULT 0,
  user_id      BIGINT NOT NULL DEFAULT 0,
  username     TEXT NOT NULL DEFAULT '',
  display_name TEXT NOT NULL DEFAULT '',
  role         INTEGER NOT NULL DEFAULT 0,
  frame_kind   INTEGER NOT NULL DEFAULT 0,
  chat         INTEGER NOT NULL DEFAULT 0,
  payload      BYTEA NOT NULL
);
CREATE INDEX relay_messages_to ON relay_messages(to_node);
)sql";

// Version 16: the lobby shared by every server on the database (lobby_store.h): who is
// online on which node (node 0: a server alone), and the open offers (seeks, challenges and
// users waiting to be paired), taken by the one server whose DELETE ... RETURNING gets them.
// An offer's id is never used again (AUTOINCREMENT): a closed challenge's id names nothing.
constexpr const char* kV16 = R"sql(
CREATE TABLE lobby_presence (
  node_id      INTEGER NOT NULL,
  user_id      INTEGER NOT NULL,
  username     TEXT NOT NULL,
  display_name TEXT NOT NULL,
  role         INTEGER NOT NULL,
  PRIMARY KEY (node_id, user_id)
);
CREATE INDEX lobby_presence_user ON lobby_presence(user_id);
CREATE TABLE lobby_offers (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  kind          TEXT NOT NULL CHECK (kind IN ('seek', 'challenge', 'pool')),
  owner_id      INTEGER NOT NULL,
  owner_name    TEXT NOT NULL,
  owner_display TEXT NOT NULL,
  owner_role    INTEGER NOT NULL,
  to_id         INTEGER NOT NULL DEFAULT 0,
  to_name       TEXT NOT NULL DEFAULT '',
  to_display    TEXT NOT NULL DEFAULT '',
  to_role       INTEGER NOT NULL DEFAULT 0,
  setup_key     TEXT NOT NULL,
  setup         BLOB NOT NULL,
  wire          BLOB NOT NULL,
  expires_ms    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX lobby_offers_owner ON lobby_offers(owner_id);
CREATE INDEX lobby_offers_to ON lobby_offers(to_id);
)sql";

constexpr const char* kPostgresV16 = R"sql(
CREATE TABLE lobby_presence (
  node_id      BIGINT NOT NULL,
  user_id      BIGINT NOT NULL,
  username     TEXT NOT NULL,
  display_name TEXT NOT NULL,
  role         INTEGER NOT NULL,
  PRIMARY KEY (node_id, user_id)
);
CREATE INDEX lobby_presence_user ON lobby_presence(user_id);
CREATE TABLE lobby_offers (
  id            BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  kind          TEXT NOT NULL CHECK (kind IN ('seek', 'challenge', 'pool')),
  owner_id      BIGINT NOT NULL,
  owner_name    TEXT NOT NULL,
  owner_display TEXT NOT NULL,
  owner_role    INTEGER NOT NULL,
  to_id         BIGINT NOT NULL DEFAULT 0,
  to_name       TEXT NOT NULL DEFAULT '',
  to_display    TEXT NOT NULL DEFAULT '',
  to_role       INTEGER NOT NULL DEFAULT 0,
  setup_key     TEXT NOT NULL,
  setup         BYTEA NOT NULL,
  wire          BYTEA NOT NULL,
  expires_ms    BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX lobby_offers_owner ON lobby_offers(owner_id);
CREATE INDEX lobby_offers_to ON lobby_offers(to_id);
)sql";

// Version 17: the movers' notes on their moves (MakeMove.comment; move_comments.cc), by the
// seq of the event that announced the move.
constexpr const char* kV17 = R"sql(
CREATE TABLE move_comments (
  match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  seq      INTEGER NOT NULL,
  seat     INTEGER NOT NULL CHECK (seat IN (0, 1)),
  comment  TEXT NOT NULL,
  PRIMARY KEY (match_id, seq)
);
)sql";

constexpr const char* kPostgresV17 = R"sql(
CREATE TABLE move_comments (
  match_id BIGINT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  seq      BIGINT NOT NULL,
  seat     INTEGER NOT NULL CHECK (seat IN (0, 1)),
  comment  TEXT NOT NULL,
  PRIMARY KEY (match_id, seq)
);
)sql";

// Version 18: the tournament games still starting or playing, found without a scan by the
// runner's sweep for tournaments cancelled while games went on (TournamentStore::
// ended_with_games_in_play). The same SQL for both engines.
constexpr const char* kV18 = R"sql(
CREATE INDEX tournament_games_in_play ON tournament_games(tournament_id)
  WHERE state IN ('starting', 'playing');
)sql";

// In order; version 3: tournaments and ratings (migration_tournaments.h).
constexpr std::array<Migration, 18> kSqliteMigrations = {{{1, kV1},
                                                         {2, kV2},
                                                         {3, kMigrationTournaments},
                                                         {4, kV4},
                                                         {5, kV5},
                                                         {6, kV6},
                                                         {7, kV7},
                                                         {8, kV8},
                                                         {9, kV9},
                                                         {10, kV10},
                                                         {11, kV11},
                                                         {12, kV12},
                                                         {13, kV13},
                                                         {14, kV14},
                                                         {15, kV15},
                                                         {16, kV16},
                                                         {17, kV17},
                                                         {18, kV18}}};

// A new PostgreSQL database starts at version 5 (migration_postgres.h).
constexpr std::array<Migration, 14> kPostgresMigrations = {{{5, kPostgresBaseline},
                                                          {6, kPostgresV6},
                                                          {7, kPostgresV7},
                                                          {8, kPostgresV8},
                                                          {9, kPostgresV9},
                                                          {10, kPostgresV10},
                                                          {11, kPostgresV11},
                                                          {12, kPostgresV12},
                                                          {13, kPostgresV13},
                                                          {14, kV14},
                                                          {15, kPostgresV15},
                                                          {16, kPostgresV16},
                                                          {17, kPostgresV17},
                                                          {18, kV18}}};

static_assert(kSqliteMigrations.back().version == kPostgresMigrations.back().version,
              "every migration is written for both engines");

}  // namespace

std::span<const Migration> migrations(SqlDialect dialect) {
  if (dialect == SqlDialect::kPostgres) return kPostgresMigrations;
  return kSqliteMigrations;
}

int latest_schema_version() {
  return kSqliteMigrations.back().version;
}

namespace {

// Applies the missing migrations, each in its own transaction; the caller holds the schema lock.
Status migrate_locked(Connection& conn) {
  auto current = conn.schema_version();
  if (!current) return current.status();
  const int latest = latest_schema_version();
  if (*current > latest)
    return fail("database schema version " + std::to_string(*current) +
                " is newer than this program supports (" + std::to_string(latest) + ")");
  for (const Migration& m : migrations(conn.dialect())) {
    if (m.version <= *current) continue;
    const std::string step = "migration " + std::to_string(m.version) + ": ";
    Transaction tx(conn);
    if (auto s = tx.begin(); !s) return fail(step + s.message());
    // Another process may have migrated between our read and our transaction.
    auto now = conn.schema_version();
    if (!now) return now.status();
    if (*now >= m.version) continue;
    if (auto s = conn.exec(m.sql); !s) return fail(step + s.message());
    if (auto s = conn.set_schema_version(m.version); !s) return fail(step + s.message());
    if (auto s = tx.commit(); !s) return fail(step + s.message());
  }
  return Status::Ok();
}

}  // namespace

Status migrate(Connection& conn) {
  if (auto s = conn.lock_schema(); !s) return fail("taking the schema lock: " + s.message());
  Status s = migrate_locked(conn);
  conn.unlock_schema();
  return s;
}

}  // namespace boyi::storage
