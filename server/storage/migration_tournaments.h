// Schema version 3: tournaments (their entrants, games and every change of state) and the
// Glicko-2 ratings with their history. Included by migrations.cc only; described in
// README.md ("Tournaments and ratings") and server/tournament/README.md.
#pragma once

namespace boyi::storage {

// Here a trigger linked a tournament game to its match; migration 5 drops it, since
// create_match links the game it is given in the same transaction: the server marks the game
// 'starting', then creates the match for it, which turns that game 'playing' with its id. A crash
// can therefore leave a game either without a match ('starting': started again) or with
// exactly one, never a match the tournament does not know of.
inline constexpr const char* kMigrationTournaments = R"sql(
CREATE TABLE tournaments (
  id           INTEGER PRIMARY KEY,
  name         TEXT NOT NULL,
  game         TEXT NOT NULL,
  preset       TEXT NOT NULL DEFAULT '',
  rules        TEXT NOT NULL,
  total_ms     INTEGER NOT NULL CHECK (total_ms >= 0),
  per_move_ms  INTEGER NOT NULL CHECK (per_move_ms >= 0),
  increment_ms INTEGER NOT NULL CHECK (increment_ms >= 0),
  grace_ms     INTEGER NOT NULL CHECK (grace_ms >= 0),
  format       TEXT NOT NULL,
  settings     TEXT NOT NULL,
  status       TEXT NOT NULL
               CHECK (status IN ('created', 'running', 'paused', 'finished', 'cancelled')),
  created_by   INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_ms   INTEGER NOT NULL,
  started_ms   INTEGER,
  ended_ms     INTEGER,
  result       TEXT NOT NULL DEFAULT ''
);
CREATE INDEX tournaments_status ON tournaments(status, id);

CREATE TABLE tournament_entrants (
  tournament_id  INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  idx            INTEGER NOT NULL CHECK (idx >= 0),
  user_id        INTEGER NOT NULL REFERENCES users(id),
  house_strength INTEGER CHECK (house_strength BETWEEN 0 AND 10),
  PRIMARY KEY (tournament_id, idx),
  UNIQUE (tournament_id, user_id)
) WITHOUT ROWID;

CREATE TABLE tournament_games (
  id            INTEGER PRIMARY KEY,
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  round         INTEGER NOT NULL CHECK (round >= 1),
  board         INTEGER NOT NULL CHECK (board >= 0),
  game_no       INTEGER NOT NULL CHECK (game_no >= 0),
  seat0         INTEGER NOT NULL CHECK (seat0 >= 0),
  seat1         INTEGER CHECK (seat1 >= 0),
  state         TEXT NOT NULL CHECK (state IN ('pending', 'starting', 'playing', 'done')),
  result        TEXT NOT NULL DEFAULT 'pending'
                CHECK (result IN ('pending', '1-0', '0-1', 'draw', 'bye', 'void')),
  match_id      INTEGER UNIQUE REFERENCES matches(id),
  attempts      INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  ending        TEXT NOT NULL DEFAULT '',
  detail        TEXT NOT NULL DEFAULT '',
  finished_ms   INTEGER,
  UNIQUE (tournament_id, round, board, game_no),
  CHECK (state <> 'done' OR result <> 'pending'),
  CHECK (state <> 'playing' OR match_id IS NOT NULL)
);
CREATE INDEX tournament_games_state ON tournament_games(tournament_id, state);

CREATE TABLE tournament_events (
  id            INTEGER PRIMARY KEY,
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  wall_ms       INTEGER NOT NULL,
  kind          TEXT NOT NULL,
  detail        TEXT NOT NULL DEFAULT '',
  actor         INTEGER REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX tournament_events_of ON tournament_events(tournament_id, id);

CREATE TRIGGER tournament_game_link AFTER INSERT ON matches
WHEN NEW.tournament_id IS NOT NULL
BEGIN
  UPDATE tournament_games SET state = 'playing', match_id = NEW.id, attempts = attempts + 1
  WHERE id = (SELECT g.id FROM tournament_games g
              JOIN tournament_entrants e0 ON e0.tournament_id = g.tournament_id AND e0.idx = g.seat0
              JOIN tournament_entrants e1 ON e1.tournament_id = g.tournament_id AND e1.idx = g.seat1
              WHERE g.tournament_id = NEW.tournament_id AND g.state = 'starting'
                AND e0.user_id = NEW.seat0_user AND e1.user_id = NEW.seat1_user
              ORDER BY g.id LIMIT 1);
END;

CREATE TABLE ratings (
  user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  game       TEXT NOT NULL,
  rating     REAL NOT NULL,
  rd         REAL NOT NULL CHECK (rd > 0),
  volatility REAL NOT NULL CHECK (volatility > 0),
  games      INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),
  updated_ms INTEGER NOT NULL,
  PRIMARY KEY (user_id, game)
) WITHOUT ROWID;
CREATE INDEX ratings_game ON ratings(game, rating);

CREATE TABLE rating_history (
  id                INTEGER PRIMARY KEY,
  user_id           INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  game              TEXT NOT NULL,
  match_id          INTEGER NOT NULL REFERENCES matches(id),
  opponent_id       INTEGER REFERENCES users(id) ON DELETE SET NULL,
  score             REAL NOT NULL CHECK (score IN (0, 0.5, 1)),
  rating_before     REAL NOT NULL,
  rd_before         REAL NOT NULL,
  volatility_before REAL NOT NULL,
  rating            REAL NOT NULL,
  rd                REAL NOT NULL,
  volatility        REAL NOT NULL,
  wall_ms           INTEGER NOT NULL,
  UNIQUE (match_id, user_id)
);
CREATE INDEX rating_history_user ON rating_history(user_id, game, id);
)sql";

}  // namespace boyi::storage
