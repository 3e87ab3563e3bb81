// Matches: creation, seats, settling without a referee, and the queries over them.
// A match starts and normally ends through its journal (journal.cc).
#include <utility>

#include "server/storage/database.h"
#include "server/storage/sql.h"

namespace boyi::storage {

namespace {

#define BOYI_MATCH_COLUMNS                                                                 \
  "id, game, preset, rules, total_ms, per_move_ms, increment_ms, grace_ms, seat0_user, "   \
  "seat1_user, status, created_ms, started_ms, ended_ms, ending, winner, outcome_detail, " \
  "rated, tournament_id, illegal_policy, illegal_attempts, disconnect_grace_ms, "          \
  "spectator_delay_plies"

Result<Match> read_match(const Statement& st) {
  Match m;
  m.id = st.int64(0);
  m.game = st.text(1);
  m.preset = st.text(2);
  m.rules = st.text(3);
  m.time = {st.int64(4), st.int64(5), st.int64(6), st.int64(7)};
  m.seats = {st.optional_int64(8), st.optional_int64(9)};
  auto status = parse_match_status(st.text(10));
  if (!status) return fail("match " + std::to_string(m.id) + ": unreadable status");
  m.status = *status;
  m.created_ms = st.int64(11);
  m.started_ms = st.optional_int64(12);
  m.ended_ms = st.optional_int64(13);
  if (auto ending = st.optional_text(14)) {
    auto e = parse_ending(*ending);
    if (!e) return fail("match " + std::to_string(m.id) + ": unknown ending '" + *ending + "'");
    m.outcome.ending = *e;
  }
  if (auto w = st.optional_int64(15)) m.outcome.winner = static_cast<Seat>(*w);
  m.outcome.detail = st.text(16);
  m.rated = st.int64(17) != 0;
  m.tournament = st.optional_int64(18);
  auto policy = parse_illegal_move_policy(st.text(19));
  if (!policy) return fail("match " + std::to_string(m.id) + ": unknown illegal-move policy");
  m.illegal_policy = *policy;
  m.illegal_attempts = static_cast<int>(st.int64(20));
  m.disconnect_grace_ms = st.int64(21);
  m.spectator_delay_plies = static_cast<int>(st.int64(22));
  return m;
}

Result<std::vector<Match>> read_matches(Statement& st) {
  std::vector<Match> out;
  for (;;) {
    auto row = st.step();
    if (!row) return Error{row.message()};
    if (!*row) return out;
    auto m = read_match(st);
    if (!m) return Error{m.message()};
    out.push_back(std::move(m).value());
  }
}

std::string no_match(Id id) {
  return "no match with id " + std::to_string(id);
}

Status check_new_match(const NewMatch& m) {
  if (m.game.empty()) return fail("a match needs a game");
  const TimeControl& t = m.time;
  if (t.total_ms < 0 || t.per_move_ms < 0 || t.increment_ms < 0 || t.grace_ms < 0)
    return fail("time control values must not be negative");
  if (m.illegal_attempts < 1) return fail("illegal attempts must be at least 1");
  if (m.tournament_game && !m.tournament) return fail("a tournament game needs its tournament");
  if (m.disconnect_grace_ms < 0 || m.spectator_delay_plies < 0)
    return fail("disconnect grace and spectator delay must not be negative");
  return Status::Ok();
}

}  // namespace

Result<Match> Database::create_match(const NewMatch& match) {
  if (auto s = check_new_match(match); !s) return Error{s.message()};
  std::lock_guard lock(mutex_);
  if (!match.tournament_game) return create_match_locked(match);
  // A tournament's match and its game's link are one transaction: neither exists alone.
  Transaction tx(*conn_);
  if (auto s = tx.begin(); !s) return Error{s.message()};
  auto created = create_match_locked(match);
  if (!created) return created;
  if (auto s = link_tournament_game_locked(*match.tournament, *match.tournament_game, created->id);
      !s)
    return Error{s.message()};
  if (auto s = tx.commit(); !s) return Error{s.message()};
  return created;
}

Status Database::link_tournament_game_locked(Id tournament, Id game, Id match) {
  auto q = conn_->query(
      "UPDATE tournament_games SET state = 'playing', match_id = ?3, attempts = attempts + 1 "
      "WHERE id = ?2 AND tournament_id = ?1 AND state = 'starting'");
  if (!q) return q.status();
  if (auto s = q.value()->bind_all(tournament, game, match); !s) return s;
  if (auto s = q.value()->run(); !s) return s;
  if (conn_->changes() != 1)
    return fail("tournament " + std::to_string(tournament) + " has no game " +
                std::to_string(game) + " waiting to start");
  return Status::Ok();
}

Result<Match> Database::create_match_locked(const NewMatch& match) {
  auto q = conn_->query(
      "INSERT INTO matches(game, preset, rules, total_ms, per_move_ms, increment_ms, grace_ms, "
      "seat0_user, seat1_user, status, created_ms, rated, tournament_id, illegal_policy, "
      "illegal_attempts, disconnect_grace_ms, spectator_delay_plies) "
      "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'waiting', ?10, ?11, ?12, ?13, ?14, ?15, ?16) "
      "RETURNING id");
  if (!q) return Error{q.message()};
  const std::int64_t now = wall_clock_ms();
  const TimeControl& t = match.time;
  if (auto s = q.value()->bind_all(match.game, match.preset, match.rules, t.total_ms, t.per_move_ms,
                                   t.increment_ms, t.grace_ms, match.seats[0], match.seats[1], now,
                                   match.rated, match.tournament, to_string(match.illegal_policy),
                                   match.illegal_attempts, match.disconnect_grace_ms,
                                   match.spectator_delay_plies);
      !s)
    return Error{s.message()};
  auto inserted = q.value()->step();
  if (!inserted || !*inserted) {
    if (conn_->last_error_kind() == SqlErrorKind::kForeignKeyViolation)
      return fail("creating match: a seat's user does not exist");
    return fail("creating match: " + inserted.message());
  }
  Match out;
  static_cast<NewMatch&>(out) = match;
  out.id = q.value()->int64(0);
  out.status = MatchStatus::kWaiting;
  out.created_ms = now;
  return out;
}

Status Database::set_seat(Id match, Seat seat, Id user) {
  if (seat != 0 && seat != 1) return fail("seat must be 0 or 1");
  std::lock_guard lock(mutex_);
  auto q = conn_->query(
      seat == 0 ? "UPDATE matches SET seat0_user = ?2 WHERE id = ?1 AND status = 'waiting'"
                : "UPDATE matches SET seat1_user = ?2 WHERE id = ?1 AND status = 'waiting'");
  if (!q) return q.status();
  if (auto s = q.value()->bind_all(match, user); !s) return s;
  if (auto s = q.value()->run(); !s) {
    if (conn_->last_error_kind() == SqlErrorKind::kForeignKeyViolation)
      return fail("no user with id " + std::to_string(user));
    return s;
  }
  if (conn_->changes() != 1) return fail(no_match(match) + " waiting for players");
  return Status::Ok();
}

Status Database::finish_match(Id match, const Outcome& outcome, std::int64_t ended_ms) {
  if (!outcome.finished()) return fail("finishing a match needs an ending");
  if (outcome.winner && *outcome.winner != 0 && *outcome.winner != 1)
    return fail("winner must be seat 0 or 1");
  std::lock_guard lock(mutex_);
  auto m = match_locked(match);
  if (!m) return m.status();
  if (m->status == MatchStatus::kRunning) {
    // The ending goes through the journal, so its last entry carries it.
    auto pos = journal_position_locked(match);
    if (!pos) return pos.status();
    auto q = conn_->query(
        "SELECT clock0_ms, clock1_ms FROM journal WHERE match_id = ?1 ORDER BY idx DESC LIMIT 1");
    if (!q) return q.status();
    if (auto s = q.value()->bind_all(match); !s) return s;
    auto row = q.value()->step();
    if (!row) return row.status();
    JournalRow end;
    end.match_id = match;
    end.index = pos->first + 1;
    end.kind = JournalKind::kEnd;
    end.seq = pos->second + 1;
    if (*row) end.clock_ms = {q.value()->int64(0), q.value()->int64(1)};
    q.value()->reset();
    end.outcome = outcome;
    return append_locked(end, ended_ms);
  }
  if (m->status != MatchStatus::kWaiting)
    return fail("cannot finish match " + std::to_string(match) + ": already over");
  auto q = conn_->query(
      "UPDATE matches SET status = ?2, ended_ms = ?3, ending = ?4, winner = ?5, "
      "outcome_detail = ?6 WHERE id = ?1 AND status = 'waiting'");
  if (!q) return q.status();
  const MatchStatus status =
      outcome.ending == Ending::kAborted ? MatchStatus::kAborted : MatchStatus::kFinished;
  std::optional<std::int64_t> winner;
  if (outcome.winner) winner = *outcome.winner;
  if (auto s = q.value()->bind_all(match, to_string(status), ended_ms, ending_name(outcome.ending),
                                   winner, outcome.detail);
      !s)
    return s;
  if (auto s = q.value()->run(); !s) return s;
  if (conn_->changes() != 1)
    return fail("cannot finish match " + std::to_string(match) + ": not found or already over");
  return Status::Ok();
}

Result<Match> Database::match_locked(Id match) {
  auto q = conn_->query("SELECT " BOYI_MATCH_COLUMNS " FROM matches WHERE id = ?1");
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(match); !s) return Error{s.message()};
  auto list = read_matches(*q.value());
  if (!list) return Error{list.message()};
  if (list->empty()) return fail(no_match(match));
  return std::move(list).value().front();
}

Result<Match> Database::match_by_id(Id match) {
  std::lock_guard lock(mutex_);
  return match_locked(match);
}

Result<std::vector<Match>> Database::running_matches() {
  return select_matches("SELECT " BOYI_MATCH_COLUMNS
                        " FROM matches WHERE status = 'running' ORDER BY id",
                        std::nullopt, std::nullopt);
}

Result<std::vector<Match>> Database::list_matches(std::optional<MatchStatus> status, int limit) {
  if (!status)
    return select_matches("SELECT " BOYI_MATCH_COLUMNS " FROM matches ORDER BY id DESC LIMIT ?1",
                          limit, std::nullopt);
  return select_matches("SELECT " BOYI_MATCH_COLUMNS
                        " FROM matches WHERE status = (CASE CAST(?2 AS INTEGER) WHEN 0 THEN "
                        "'waiting' WHEN 1 THEN 'running' WHEN 2 THEN 'finished' ELSE 'aborted' "
                        "END) ORDER BY id DESC LIMIT ?1",
                        limit, static_cast<std::int64_t>(*status));
}

Result<std::vector<Match>> Database::matches_of_user(Id user, int limit) {
  return select_matches("SELECT " BOYI_MATCH_COLUMNS
                        " FROM matches WHERE seat0_user = ?2 OR seat1_user = ?2 "
                        "ORDER BY id DESC LIMIT ?1",
                        limit, user);
}

Result<std::vector<Match>> Database::recent_finished(int limit) {
  return select_matches("SELECT " BOYI_MATCH_COLUMNS
                        " FROM matches WHERE status IN ('finished', 'aborted') "
                        "ORDER BY ended_ms DESC, id DESC LIMIT ?1",
                        limit, std::nullopt);
}

// Parameter ?1 gets `a`, ?2 gets `b` (when given).
Result<std::vector<Match>> Database::select_matches(const char* sql, std::optional<std::int64_t> a,
                                                    std::optional<std::int64_t> b) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query(sql);
  if (!q) return Error{q.message()};
  if (a)
    if (auto s = q.value()->bind(1, *a); !s) return Error{s.message()};
  if (b)
    if (auto s = q.value()->bind(2, *b); !s) return Error{s.message()};
  return read_matches(*q.value());
}

}  // namespace boyi::storage
