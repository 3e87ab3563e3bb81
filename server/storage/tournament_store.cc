// Tournaments, their entrants, games and events (tournament_store.h).
#include "server/storage/tournament_store.h"

#include <array>

#include "server/storage/sql.h"

namespace boyi::storage {

namespace {

constexpr std::array<std::string_view, 5> kStatusNames = {"created", "running", "paused",
                                                          "finished", "cancelled"};

constexpr const char* kTournamentColumns =
    "id, name, game, preset, rules, total_ms, per_move_ms, increment_ms, grace_ms, format, "
    "settings, status, created_by, created_ms, started_ms, ended_ms, result";

Result<Tournament> read_tournament(const Statement& st) {
  Tournament t;
  t.id = st.int64(0);
  t.name = st.text(1);
  t.game = st.text(2);
  t.preset = st.text(3);
  t.rules = st.text(4);
  t.time = {st.int64(5), st.int64(6), st.int64(7), st.int64(8)};
  t.format = st.text(9);
  t.settings = st.text(10);
  auto status = parse_tournament_status(st.text(11));
  if (!status) return fail("tournament " + std::to_string(t.id) + ": unreadable status");
  t.status = *status;
  t.created_by = st.optional_int64(12);
  t.created_ms = st.int64(13);
  t.started_ms = st.optional_int64(14);
  t.ended_ms = st.optional_int64(15);
  t.result = st.text(16);
  return t;
}

constexpr const char* kGameColumns =
    "id, tournament_id, round, board, game_no, seat0, seat1, state, result, match_id, attempts, "
    "ending, detail, finished_ms";

TournamentGame read_game(const Statement& st) {
  TournamentGame g;
  g.id = st.int64(0);
  g.tournament = st.int64(1);
  g.round = static_cast<int>(st.int64(2));
  g.board = static_cast<int>(st.int64(3));
  g.game_no = static_cast<int>(st.int64(4));
  g.seat0 = static_cast<int>(st.int64(5));
  if (auto s1 = st.optional_int64(6)) g.seat1 = static_cast<int>(*s1);
  g.state = st.text(7);
  g.result = st.text(8);
  g.match = st.optional_int64(9);
  g.attempts = static_cast<int>(st.int64(10));
  g.ending = st.text(11);
  g.detail = st.text(12);
  g.finished_ms = st.optional_int64(13);
  return g;
}

Status event(Connection& conn, Id tournament, std::string_view kind, std::string_view detail,
             std::optional<Id> actor) {
  return execute(conn,
                 "INSERT INTO tournament_events(tournament_id, wall_ms, kind, detail, actor) "
                 "VALUES(?1, ?2, ?3, ?4, ?5)",
                 tournament, wall_clock_ms(), kind, detail, actor);
}

Result<Tournament> get_locked(Connection& conn, Id id) {
  static const std::string sql =
      std::string("SELECT ") + kTournamentColumns + " FROM tournaments WHERE id = ?1";
  auto q = conn.query(sql.c_str());
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(id); !s) return Error{s.message()};
  auto row = q.value()->step();
  if (!row) return Error{row.message()};
  if (!*row) return fail("no tournament with id " + std::to_string(id));
  return read_tournament(*q.value());
}

Status insert_entrant(Connection& conn, Id tournament, int index, const NewEntrant& e) {
  auto s = execute(conn,
                   "INSERT INTO tournament_entrants(tournament_id, idx, user_id, house_strength, "
                   "house_engine) VALUES(?1, ?2, ?3, ?4, ?5)",
                   tournament, index, e.user, e.house_strength, e.house_engine);
  if (s) return s;
  if (conn.last_error_kind() == SqlErrorKind::kUniqueViolation)
    return fail("user " + std::to_string(e.user) + " is already an entrant");
  if (conn.last_error_kind() == SqlErrorKind::kForeignKeyViolation)
    return fail("no user with id " + std::to_string(e.user));
  return s;
}

}  // namespace

std::string_view to_string(TournamentStatus status) {
  return kStatusNames[static_cast<std::size_t>(status)];
}

std::optional<TournamentStatus> parse_tournament_status(std::string_view text) {
  for (std::size_t i = 0; i < kStatusNames.size(); ++i)
    if (kStatusNames[i] == text) return static_cast<TournamentStatus>(i);
  return std::nullopt;
}

Result<Tournament> TournamentStore::create(const NewTournament& t) {
  Tournament out;
  auto s = db_.in_transaction([&](Connection& conn) -> Status {
    const auto now = wall_clock_ms();
    auto inserted = insert_returning_id(
        conn,
        "INSERT INTO tournaments(name, game, preset, rules, total_ms, per_move_ms, "
        "increment_ms, grace_ms, format, settings, status, created_by, created_ms) "
        "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 'created', ?11, ?12) RETURNING id",
        t.name, t.game, t.preset, t.rules, t.time.total_ms, t.time.per_move_ms, t.time.increment_ms,
        t.time.grace_ms, t.format, t.settings, t.created_by, now);
    if (!inserted) return fail("creating tournament: " + inserted.message());
    const Id id = *inserted;
    for (std::size_t i = 0; i < t.entrants.size(); ++i)
      if (auto st = insert_entrant(conn, id, static_cast<int>(i), t.entrants[i]); !st) return st;
    if (auto st = event(conn, id, "created", t.name, t.created_by); !st) return st;
    auto got = get_locked(conn, id);
    if (!got) return got.status();
    out = std::move(got).value();
    return Status::Ok();
  });
  if (!s) return Error{s.message()};
  out.entrants = t.entrants;
  return out;
}

Result<Tournament> TournamentStore::get(Id id) {
  std::optional<Tournament> out;
  auto s = db_.with_connection([&](Connection& conn) -> Status {
    auto t = get_locked(conn, id);
    if (!t) return t.status();
    out = std::move(t).value();
    return Status::Ok();
  });
  if (!s) return Error{s.message()};
  return std::move(*out);
}

Result<std::vector<Tournament>> TournamentStore::list(bool include_ended, int limit) {
  std::vector<Tournament> out;
  auto s = db_.with_connection([&](Connection& conn) -> Status {
    static const std::string sql = std::string("SELECT ") + kTournamentColumns +
                                   " FROM tournaments WHERE ?1 OR status IN ('created', "
                                   "'running', 'paused') ORDER BY id DESC LIMIT ?2";
    auto q = conn.query(sql.c_str());
    if (!q) return q.status();
    if (auto st = q.value()->bind_all(include_ended, limit); !st) return st;
    for (;;) {
      auto row = q.value()->step();
      if (!row) return row.status();
      if (!*row) return Status::Ok();
      auto t = read_tournament(*q.value());
      if (!t) return t.status();
      out.push_back(std::move(t).value());
    }
  });
  if (!s) return Error{s.message()};
  return out;
}

Result<std::vector<Id>> TournamentStore::ended_with_games_in_play(int limit) {
  std::vector<Id> out;
  auto s = db_.with_connection([&](Connection& conn) -> Status {
    // The state test is the partial index tournament_games_in_play's own (migration 18).
    auto q = conn.query(
        "SELECT DISTINCT g.tournament_id FROM tournament_games g "
        "JOIN tournaments t ON t.id = g.tournament_id "
        "WHERE g.state IN ('starting', 'playing') AND t.status IN ('finished', 'cancelled') "
        "ORDER BY g.tournament_id LIMIT ?1");
    if (!q) return q.status();
    if (auto st = q.value()->bind_all(limit); !st) return st;
    for (;;) {
      auto row = q.value()->step();
      if (!row) return row.status();
      if (!*row) return Status::Ok();
      out.push_back(q.value()->int64(0));
    }
  });
  if (!s) return Error{s.message()};
  return out;
}

Result<std::vector<Entrant>> TournamentStore::entrants(Id tournament) {
  std::vector<Entrant> out;
  auto s = db_.with_connection([&](Connection& conn) -> Status {
    auto q = conn.query(
        "SELECT e.idx, e.user_id, u.name, u.kind, e.house_strength, e.house_engine "
        "FROM tournament_entrants e "
        "JOIN users u ON u.id = e.user_id WHERE e.tournament_id = ?1 ORDER BY e.idx");
    if (!q) return q.status();
    if (auto st = q.value()->bind_all(tournament); !st) return st;
    for (;;) {
      auto row = q.value()->step();
      if (!row) return row.status();
      if (!*row) return Status::Ok();
      const Statement& st = *q.value();
      Entrant e;
      e.index = static_cast<int>(st.int64(0));
      e.user = st.int64(1);
      e.name = st.text(2);
      e.kind = parse_user_kind(st.text(3)).value_or(UserKind::kBot);
      if (auto h = st.optional_int64(4)) e.house_strength = static_cast<int>(*h);
      e.house_engine = st.text(5);
      out.push_back(std::move(e));
    }
  });
  if (!s) return Error{s.message()};
  return out;
}

Status TournamentStore::add_entrant(Id tournament, const NewEntrant& entrant,
                                    std::optional<Id> actor) {
  return db_.in_transaction([&](Connection& conn) -> Status {
    auto t = get_locked(conn, tournament);
    if (!t) return t.status();
    if (t->status != TournamentStatus::kCreated)
      return fail("tournament " + std::to_string(tournament) + " is " +
                  std::string(to_string(t->status)) + ": entrants join before it starts");
    auto q = conn.query(
        "SELECT COALESCE(MAX(idx) + 1, 0) FROM tournament_entrants WHERE tournament_id = ?1");
    if (!q) return q.status();
    if (auto st = q.value()->bind_all(tournament); !st) return st;
    auto row = q.value()->step();
    if (!row) return row.status();
    const int index = static_cast<int>(q.value()->int64(0));
    if (auto st = insert_entrant(conn, tournament, index, entrant); !st) return st;
    return event(conn, tournament, "joined", "user " + std::to_string(entrant.user), actor);
  });
}

Status TournamentStore::transition(Id tournament, std::vector<TournamentStatus> from,
                                   TournamentStatus to, std::string_view kind,
                                   std::optional<Id> actor, std::string_view detail,
                                   std::optional<std::string> result) {
  return db_.in_transaction([&](Connection& conn) -> Status {
    auto t = get_locked(conn, tournament);
    if (!t) return t.status();
    if (std::find(from.begin(), from.end(), t->status) == from.end())
      return fail("tournament " + std::to_string(tournament) + " is " +
                  std::string(to_string(t->status)) + ": cannot " + std::string(kind));
    const auto now = wall_clock_ms();
    const bool ends = to == TournamentStatus::kFinished || to == TournamentStatus::kCancelled;
    if (auto s =
            execute(conn,
                    "UPDATE tournaments SET status = ?2, "
                    "started_ms = CASE WHEN ?3 AND started_ms IS NULL THEN ?4 ELSE started_ms END, "
                    "ended_ms = CASE WHEN ?5 THEN ?4 ELSE ended_ms END, "
                    "result = COALESCE(?6, result) WHERE id = ?1",
                    tournament, to_string(to), to == TournamentStatus::kRunning, now, ends, result);
        !s)
      return s;
    std::string text(detail);
    if (result && text.empty()) text = *result;
    return event(conn, tournament, kind, text, actor);
  });
}

Result<std::vector<TournamentGame>> TournamentStore::games(Id tournament) {
  std::vector<TournamentGame> out;
  auto s = db_.with_connection([&](Connection& conn) -> Status {
    static const std::string sql = std::string("SELECT ") + kGameColumns +
                                   " FROM tournament_games WHERE tournament_id = ?1 ORDER BY id";
    auto q = conn.query(sql.c_str());
    if (!q) return q.status();
    if (auto st = q.value()->bind_all(tournament); !st) return st;
    for (;;) {
      auto row = q.value()->step();
      if (!row) return row.status();
      if (!*row) return Status::Ok();
      out.push_back(read_game(*q.value()));
    }
  });
  if (!s) return Error{s.message()};
  return out;
}

Status TournamentStore::add_games(Id tournament, const std::vector<NewGame>& games,
                                  std::string_view note) {
  if (games.empty()) return Status::Ok();
  return db_.in_transaction([&](Connection& conn) -> Status {
    int added = 0;
    for (const auto& g : games) {
      const bool bye = g.result == "bye";
      auto s = execute(conn,
                       "INSERT INTO tournament_games(tournament_id, round, board, game_no, "
                       "seat0, seat1, state, result, finished_ms) "
                       "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT DO NOTHING",
                       tournament, g.round, g.board, g.game_no, g.seat0, g.seat1,
                       bye ? "done" : "pending", g.result,
                       bye ? std::optional<std::int64_t>(wall_clock_ms()) : std::nullopt);
      if (!s)
        return fail("adding a game to tournament " + std::to_string(tournament) + ": " +
                    s.message());
      added += conn.changes();
    }
    if (added == 0) return Status::Ok();  // added before (e.g. just before a restart)
    return event(conn, tournament, "games_added",
                 std::string(note) + " (" + std::to_string(added) + " games)", std::nullopt);
  });
}

Status TournamentStore::mark_starting(Id game) {
  return db_.with_connection([&](Connection& conn) -> Status {
    if (auto s = execute(conn,
                         "UPDATE tournament_games SET state = 'starting' "
                         "WHERE id = ?1 AND state = 'pending'",
                         game);
        !s)
      return s;
    if (conn.changes() != 1) return fail("game " + std::to_string(game) + " is not pending");
    return Status::Ok();
  });
}

Status TournamentStore::start_failed(Id game, std::string_view reason) {
  return db_.in_transaction([&](Connection& conn) -> Status {
    if (auto s = execute(conn,
                         "UPDATE tournament_games SET state = 'pending' "
                         "WHERE id = ?1 AND state = 'starting'",
                         game);
        !s)
      return s;
    auto q = conn.query("SELECT tournament_id FROM tournament_games WHERE id = ?1");
    if (!q) return q.status();
    if (auto s = q.value()->bind_all(game); !s) return s;
    auto row = q.value()->step();
    if (!row) return row.status();
    if (!*row) return Status::Ok();
    const Id t = q.value()->int64(0);
    return event(conn, t, "game_start_failed",
                 "game " + std::to_string(game) + ": " + std::string(reason), std::nullopt);
  });
}

Result<int> TournamentStore::reset_starting(Id tournament) {
  int n = 0;
  auto s = db_.with_connection([&](Connection& conn) -> Status {
    if (auto st = execute(conn,
                          "UPDATE tournament_games SET state = 'pending' "
                          "WHERE tournament_id = ?1 AND state = 'starting' AND match_id IS NULL",
                          tournament);
        !st)
      return st;
    n = conn.changes();
    return Status::Ok();
  });
  if (!s) return Error{s.message()};
  return n;
}

Result<int> TournamentStore::void_unstarted(Id tournament, std::string_view reason) {
  int n = 0;
  auto s = db_.in_transaction([&](Connection& conn) -> Status {
    if (auto st = execute(conn,
                          "UPDATE tournament_games SET state = 'done', result = 'void', "
                          "detail = ?2, finished_ms = ?3 "
                          "WHERE tournament_id = ?1 AND state = 'pending'",
                          tournament, reason, wall_clock_ms());
        !st)
      return st;
    n = conn.changes();
    if (n == 0) return Status::Ok();
    return event(conn, tournament, "games_voided",
                 std::string(reason) + " (" + std::to_string(n) + " games)", std::nullopt);
  });
  if (!s) return Error{s.message()};
  return n;
}

Status TournamentStore::add_event(Id tournament, std::string_view kind, std::string_view detail,
                                  std::optional<Id> actor) {
  return db_.with_connection(
      [&](Connection& conn) { return event(conn, tournament, kind, detail, actor); });
}

Result<std::vector<TournamentEvent>> TournamentStore::events(Id tournament, int limit) {
  std::vector<TournamentEvent> out;
  auto s = db_.with_connection([&](Connection& conn) -> Status {
    auto q = conn.query(
        "SELECT id, tournament_id, wall_ms, kind, detail, actor FROM tournament_events "
        "WHERE tournament_id = ?1 ORDER BY id DESC LIMIT ?2");
    if (!q) return q.status();
    if (auto st = q.value()->bind_all(tournament, limit); !st) return st;
    for (;;) {
      auto row = q.value()->step();
      if (!row) return row.status();
      if (!*row) break;
      const Statement& st = *q.value();
      out.push_back(
          {st.int64(0), st.int64(1), st.int64(2), st.text(3), st.text(4), st.optional_int64(5)});
    }
    std::reverse(out.begin(), out.end());  // oldest first
    return Status::Ok();
  });
  if (!s) return Error{s.message()};
  return out;
}

Result<std::optional<std::pair<Id, Id>>> TournamentStore::game_of_match(Id match) {
  std::optional<std::pair<Id, Id>> out;
  auto s = db_.with_connection([&](Connection& conn) -> Status {
    auto q = conn.query("SELECT tournament_id, id FROM tournament_games WHERE match_id = ?1");
    if (!q) return q.status();
    if (auto st = q.value()->bind_all(match); !st) return st;
    auto row = q.value()->step();
    if (!row) return row.status();
    if (*row) out = std::make_pair(q.value()->int64(0), q.value()->int64(1));
    return Status::Ok();
  });
  if (!s) return Error{s.message()};
  return out;
}

Result<std::vector<HouseEntrant>> TournamentStore::house_entrants() {
  std::vector<HouseEntrant> out;
  auto s = db_.with_connection([&](Connection& conn) -> Status {
    // An account plays one strength and engine (its name says which: house_account_name).
    auto q = conn.query(
        "SELECT user_id, MAX(house_strength), MAX(house_engine) FROM tournament_entrants "
        "WHERE house_strength IS NOT NULL GROUP BY user_id");
    if (!q) return q.status();
    for (;;) {
      auto row = q.value()->step();
      if (!row) return row.status();
      if (!*row) return Status::Ok();
      out.push_back(
          {q.value()->int64(0), static_cast<int>(q.value()->int64(1)), q.value()->text(2)});
    }
  });
  if (!s) return Error{s.message()};
  return out;
}

}  // namespace boyi::storage
