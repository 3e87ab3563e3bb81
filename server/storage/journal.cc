// The durable journal of each match: one table, one row per entry, appended in
// one transaction that also moves the match row (start, end).
#include <utility>

#include "server/storage/database.h"
#include "server/storage/sql.h"

namespace boyi::storage {

namespace {

bool is_seat(Seat s) {
  return s == 0 || s == 1;
}

// Checks what one row can say about itself, before looking at the database.
Status check_row(const JournalRow& r) {
  if (r.index < 1) return fail("index must be at least 1");
  if (r.seq < 0) return fail("seq must not be negative");
  if (r.elapsed_ms < 0) return fail("elapsed time must not be negative");
  if (!is_seat(r.seat) && r.seat != kPublic) return fail("seat must be 0, 1 or none");
  if (r.outcome.winner && !is_seat(*r.outcome.winner)) return fail("winner must be seat 0 or 1");
  const bool ends = r.outcome.finished();
  switch (r.kind) {
    case JournalKind::kStart:
      if (r.index != 1 || r.seq != 1) return fail("a start entry has index 1 and seq 1");
      if (ends) return fail("a start entry cannot end the match");
      break;
    case JournalKind::kAction:
      if (!is_seat(r.seat)) return fail("an action needs seat 0 or 1");
      if (r.text.empty()) return fail("an action needs its text");
      if (r.seq < 1) return fail("an action needs a seq");
      break;
    case JournalKind::kIllegal:
      if (!is_seat(r.seat)) return fail("an illegal attempt needs seat 0 or 1");
      if ((r.seq > 0) != ends)
        return fail("an illegal attempt has a seq exactly when it ends the match");
      break;
    case JournalKind::kEnd:
      if (!ends) return fail("an end entry needs an outcome");
      if (r.seq < 1) return fail("an end entry needs a seq");
      break;
    case JournalKind::kTakeback:
      if (!is_seat(r.seat)) return fail("a takeback needs the seat that asked for it");
      if (r.text.empty()) return fail("a takeback needs its number of actions");
      if (r.seq < 1) return fail("a takeback needs a seq");
      if (ends) return fail("a takeback cannot end the match");
      break;
    case JournalKind::kArbiter:
      if (r.text.empty()) return fail("an arbiter entry needs what the arbiter did");
      if (r.seq != 0) return fail("an arbiter entry makes no event (seq 0)");
      if (ends) return fail("an arbiter's ending is an end entry");
      break;
  }
  return Status::Ok();
}

std::optional<std::int64_t> seat_value(Seat s) {
  if (is_seat(s)) return s;
  return std::nullopt;
}

}  // namespace

// The journal's last index and last nonzero seq, as SQL expressions of the match id ?1.
#define BOYI_JOURNAL_POSITION                                                            \
  "COALESCE((SELECT MAX(idx) FROM journal WHERE match_id = ?1), 0), "                    \
  "COALESCE((SELECT seq FROM journal WHERE match_id = ?1 AND seq > 0 ORDER BY idx DESC " \
  "LIMIT 1), 0)"

Result<std::pair<std::int64_t, std::int64_t>> Database::journal_position_locked(Id match) {
  auto q = conn_->query("SELECT " BOYI_JOURNAL_POSITION);
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(match); !s) return Error{s.message()};
  auto row = q.value()->step();
  if (!row) return Error{row.message()};
  if (!*row) return std::pair<std::int64_t, std::int64_t>{0, 0};
  return std::pair{q.value()->int64(0), q.value()->int64(1)};
}

// What an append checks, read in one statement (one round trip to a database server).
struct Database::AppendState {
  MatchStatus status = MatchStatus::kWaiting;
  std::string rules;
  bool seats_filled = false;
  std::int64_t last_index = 0;
  std::int64_t last_seq = 0;
  Id host = 0;  // the node hosting the match (read only when appends are fenced; 0: none)
};

#define BOYI_APPEND_STATE                                                                  \
  "SELECT status, rules, seat0_user IS NOT NULL AND seat1_user IS NOT NULL, " \
  BOYI_JOURNAL_POSITION

Result<std::optional<Database::AppendState>> Database::append_state_locked(Id match) {
  // Fenced (several servers): the host too, in the same statement. FOR SHARE: a takeover of
  // the match waits for this append to commit (and then reads the journal with it), or this
  // append sees the new host and is refused.
  const bool fenced = hosting_node_ != 0;
  const char* sql = !fenced ? BOYI_APPEND_STATE " FROM matches WHERE id = ?1"
                    : conn_->dialect() == SqlDialect::kPostgres
                        ? BOYI_APPEND_STATE ", COALESCE((SELECT node_id FROM match_owners WHERE "
                                            "match_id = ?1 FOR SHARE), 0) FROM matches WHERE id = ?1"
                        : BOYI_APPEND_STATE ", COALESCE((SELECT node_id FROM match_owners WHERE "
                                            "match_id = ?1), 0) FROM matches WHERE id = ?1";
  auto q = conn_->query(sql);
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(match); !s) return Error{s.message()};
  auto row = q.value()->step();
  if (!row) return Error{row.message()};
  if (!*row) return std::optional<AppendState>();
  const Statement& st = *q.value();
  auto status = parse_match_status(st.text(0));
  if (!status) return fail("match " + std::to_string(match) + " has an unknown status");
  return std::optional<AppendState>(AppendState{*status, st.text(1), st.int64(2) != 0,
                                                st.int64(3), st.int64(4),
                                                fenced ? st.int64(5) : 0});
}

Result<std::pair<std::int64_t, std::int64_t>> Database::journal_position(Id match) {
  std::lock_guard lock(mutex_);
  return journal_position_locked(match);
}

std::string Database::refused_prefix(const JournalRow& r) {
  return "journal entry " + std::to_string(r.index) + " (" + std::string(to_string(r.kind)) +
         ") of match " + std::to_string(r.match_id) + " refused: ";
}

Status Database::append_locked(const JournalRow& r, std::int64_t wall_ms) {
  const std::string what = refused_prefix(r);
  Transaction tx(*conn_);
  if (auto s = tx.begin(); !s) return fail(what + s.message());
  bool statement_failed = false;
  if (auto s = append_in_transaction(r, wall_ms, &statement_failed); !s) return s;
  // synchronous=FULL: the WAL is synced before COMMIT returns.
  if (auto s = tx.commit(); !s) return fail(what + s.message());
  return Status::Ok();
}

Status Database::append_in_transaction(const JournalRow& r, std::int64_t wall_ms,
                                       bool* statement_failed) {
  const std::string what = refused_prefix(r);
  // A failed statement may have left writes (or, on PostgreSQL, an aborted transaction):
  // the caller rolls back. A refusal by the checks wrote nothing.
  auto failed_statement = [&](const std::string& message) {
    *statement_failed = true;
    return fail(what + message);
  };
  if (auto s = check_row(r); !s) return fail(what + s.message());
  auto state = append_state_locked(r.match_id);
  if (!state) return failed_statement(state.message());
  if (!*state) return fail(what + "no match with id " + std::to_string(r.match_id));
  const AppendState* m = &**state;
  const std::int64_t last_index = m->last_index, last_seq = m->last_seq;
  if (r.kind == JournalKind::kStart) {
    if (m->status != MatchStatus::kWaiting)
      return fail(what + "the match is " + std::string(to_string(m->status)));
    if (!m->seats_filled) return fail(what + "a seat is empty");
    if (r.text != m->rules)
      return fail(what + "rules '" + r.text + "' differ from the match's '" + m->rules + "'");
  } else if (m->status != MatchStatus::kRunning) {
    return fail(what + "the match is " + std::string(to_string(m->status)));
  }

  if (hosting_node_ != 0 && m->host != hosting_node_) return fail(what + std::string(kNotHostedHere));
  if (r.index != last_index + 1)
    return fail(what + (r.index <= last_index ? "duplicate" : "gap in") + " index (last is " +
                std::to_string(last_index) + ")");
  if (r.seq > 0 && r.seq != last_seq + 1)
    return fail(what + "seq " + std::to_string(r.seq) + ", expected " +
                std::to_string(last_seq + 1));
  auto insert = conn_->query(
      "INSERT INTO journal(match_id, idx, kind, seq, seat, text, reason, elapsed_ms, clock0_ms, "
      "clock1_ms) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
  if (!insert) return failed_statement(insert.message());
  // The start's text is the match's rules: not stored twice.
  const std::string text = r.kind == JournalKind::kStart ? std::string() : r.text;
  if (auto s = insert.value()->bind_all(r.match_id, r.index, to_string(r.kind), r.seq,
                                        seat_value(r.seat), text, r.reason, r.elapsed_ms,
                                        r.clock_ms[0], r.clock_ms[1]);
      !s)
    return failed_statement(s.message());
  if (auto s = insert.value()->run(); !s) return failed_statement(s.message());

  if (r.kind == JournalKind::kStart) {
    auto q = conn_->query("UPDATE matches SET status = 'running', started_ms = ?2 WHERE id = ?1");
    if (!q) return failed_statement(q.message());
    if (auto s = q.value()->bind_all(r.match_id, wall_ms); !s) return failed_statement(s.message());
    if (auto s = q.value()->run(); !s) return failed_statement(s.message());
  }
  if (r.outcome.finished()) {
    auto q = conn_->query(
        "UPDATE matches SET status = ?2, ended_ms = ?3, ending = ?4, winner = ?5, "
        "outcome_detail = ?6 WHERE id = ?1");
    if (!q) return failed_statement(q.message());
    const MatchStatus status =
        r.outcome.ending == Ending::kAborted ? MatchStatus::kAborted : MatchStatus::kFinished;
    std::optional<std::int64_t> winner;
    if (r.outcome.winner) winner = *r.outcome.winner;
    if (auto s = q.value()->bind_all(r.match_id, to_string(status), wall_ms,
                                     ending_name(r.outcome.ending), winner, r.outcome.detail);
        !s)
      return failed_statement(s.message());
    if (auto s = q.value()->run(); !s) return failed_statement(s.message());
  }
  return Status::Ok();
}

Result<std::vector<JournalRow>> Database::journal_of(Id match) {
  std::lock_guard lock(mutex_);
  auto m = match_locked(match);
  if (!m) return Error{m.message()};
  auto q = conn_->query(
      "SELECT idx, kind, seq, seat, text, reason, elapsed_ms, clock0_ms, clock1_ms FROM journal "
      "WHERE match_id = ?1 ORDER BY idx");
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(match); !s) return Error{s.message()};
  std::vector<JournalRow> out;
  for (;;) {
    auto row = q.value()->step();
    if (!row) return Error{row.message()};
    if (!*row) break;
    const Statement& st = *q.value();
    JournalRow r;
    r.match_id = match;
    r.index = st.int64(0);
    auto kind = parse_journal_kind(st.text(1));
    if (!kind)
      return fail("match " + std::to_string(match) + ", journal entry " + std::to_string(r.index) +
                  ": unknown kind '" + st.text(1) + "'");
    r.kind = *kind;
    r.seq = st.int64(2);
    r.seat = st.is_null(3) ? kPublic : static_cast<Seat>(st.int64(3));
    r.text = r.kind == JournalKind::kStart ? m->rules : st.text(4);
    r.reason = st.text(5);
    r.elapsed_ms = st.int64(6);
    r.clock_ms = {st.int64(7), st.int64(8)};
    out.push_back(std::move(r));
  }
  // The entry that ended the match is its last; the outcome is the match's.
  if (!out.empty() && m->outcome.finished()) out.back().outcome = m->outcome;
  return out;
}

}  // namespace boyi::storage
