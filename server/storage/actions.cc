// The durable journal of accepted actions, rejections, and the resume point.
#include <utility>

#include "server/storage/database.h"
#include "server/storage/sqlite.h"

namespace boyi::storage {

Result<std::int64_t> Database::last_seq_locked(Id match) {
  auto q = conn_->query("SELECT COALESCE(MAX(seq), 0) FROM actions WHERE match_id = ?1");
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(match); !s) return Error{s.message()};
  auto row = q.value()->step();
  if (!row) return Error{row.message()};
  return *row ? q.value()->int64(0) : std::int64_t{0};
}

Result<std::int64_t> Database::last_seq(Id match) {
  std::lock_guard lock(mutex_);
  return last_seq_locked(match);
}

Status Database::append_action(const Action& a) {
  if (a.seat != 0 && a.seat != 1) return fail("action seat must be 0 or 1");
  if (a.seq < 1) return fail("action seq must be at least 1");
  if (a.think_ms < 0) return fail("action time must not be negative");
  if (a.text.empty()) return fail("action text is empty");
  std::lock_guard lock(mutex_);
  // One statement, so one autocommit transaction: with synchronous=FULL the WAL
  // is synced before sqlite3_step returns. The WHERE clause enforces "running"
  // and "exactly the next seq" atomically with the insert.
  auto q = conn_->query(
      "INSERT INTO actions(match_id, seq, seat, action, think_ms, clock0_ms, clock1_ms, wall_ms) "
      "SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 "
      "WHERE EXISTS (SELECT 1 FROM matches WHERE id = ?1 AND status = 'running') "
      "AND ?2 = 1 + COALESCE((SELECT MAX(seq) FROM actions WHERE match_id = ?1), 0)");
  if (!q) return q.status();
  if (auto s = q.value()->bind_all(a.match_id, a.seq, a.seat, a.text, a.think_ms, a.clock_ms[0],
                                   a.clock_ms[1], a.wall_ms);
      !s)
    return s;
  if (auto s = q.value()->run(); !s)
    return fail("appending action " + std::to_string(a.seq) + " of match " +
                std::to_string(a.match_id) + ": " + s.message());
  if (conn_->changes() == 1) return Status::Ok();

  // Nothing inserted: say why.
  const std::string what =
      "action " + std::to_string(a.seq) + " of match " + std::to_string(a.match_id) + " refused: ";
  auto status = conn_->query("SELECT status FROM matches WHERE id = ?1");
  if (!status) return status.status();
  if (auto s = status.value()->bind_all(a.match_id); !s) return s;
  auto row = status.value()->step();
  if (!row) return row.status();
  if (!*row) return fail(what + "no such match");
  if (std::string st = status.value()->text(0); st != "running")
    return fail(what + "the match is " + st);
  auto last = last_seq_locked(a.match_id);
  if (!last) return last.status();
  if (a.seq <= *last) return fail(what + "duplicate seq (last is " + std::to_string(*last) + ")");
  return fail(what + "gap in seq (last is " + std::to_string(*last) + ")");
}

Result<std::vector<Action>> Database::actions_of(Id match) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query(
      "SELECT seq, seat, action, think_ms, clock0_ms, clock1_ms, wall_ms FROM actions "
      "WHERE match_id = ?1 ORDER BY seq");
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(match); !s) return Error{s.message()};
  std::vector<Action> out;
  for (;;) {
    auto row = q.value()->step();
    if (!row) return Error{row.message()};
    if (!*row) return out;
    const Statement& st = *q.value();
    Action a;
    a.match_id = match;
    a.seq = st.int64(0);
    a.seat = static_cast<Seat>(st.int64(1));
    a.text = st.text(2);
    a.think_ms = st.int64(3);
    a.clock_ms = {st.int64(4), st.int64(5)};
    a.wall_ms = st.int64(6);
    out.push_back(std::move(a));
  }
}

Status Database::record_rejection(const Rejection& r) {
  if (r.seat != 0 && r.seat != 1) return fail("rejection seat must be 0 or 1");
  if (r.after_seq < 0) return fail("rejection after_seq must not be negative");
  std::lock_guard lock(mutex_);
  auto q = conn_->query(
      "INSERT INTO rejections(match_id, after_seq, seat, action, reason, wall_ms) "
      "VALUES(?1, ?2, ?3, ?4, ?5, ?6)");
  if (!q) return q.status();
  if (auto s = q.value()->bind_all(r.match_id, r.after_seq, r.seat, r.text, r.reason, r.wall_ms);
      !s)
    return s;
  if (auto s = q.value()->run(); !s) {
    if (conn_->extended_errcode() == SQLITE_CONSTRAINT_FOREIGNKEY)
      return fail("no match with id " + std::to_string(r.match_id));
    return fail("recording rejection: " + s.message());
  }
  return Status::Ok();
}

Result<std::vector<Rejection>> Database::rejections_of(Id match) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query(
      "SELECT after_seq, seat, action, reason, wall_ms FROM rejections WHERE match_id = ?1 "
      "ORDER BY id");
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(match); !s) return Error{s.message()};
  std::vector<Rejection> out;
  for (;;) {
    auto row = q.value()->step();
    if (!row) return Error{row.message()};
    if (!*row) return out;
    const Statement& st = *q.value();
    out.push_back(
        {match, st.int64(0), static_cast<Seat>(st.int64(1)), st.text(2), st.text(3), st.int64(4)});
  }
}

Result<ResumePoint> Database::resume_point(Id match) {
  ResumePoint p;
  auto m = match_by_id(match);
  if (!m) return Error{m.message()};
  p.match = std::move(m).value();
  auto actions = actions_of(match);
  if (!actions) return Error{actions.message()};
  p.actions = std::move(actions).value();
  if (p.actions.empty()) {
    p.clock_ms = {p.match.time.total_ms, p.match.time.total_ms};
    p.turn_started_ms = p.match.started_ms.value_or(p.match.created_ms);
  } else {
    p.clock_ms = p.actions.back().clock_ms;
    p.turn_started_ms = p.actions.back().wall_ms;
  }
  const std::int64_t last = p.actions.empty() ? 0 : p.actions.back().seq;
  auto rejections = rejections_of(match);
  if (!rejections) return Error{rejections.message()};
  for (const Rejection& r : *rejections)
    if (r.after_seq == last) ++p.rejected_this_turn[static_cast<std::size_t>(r.seat)];
  auto alive = last_heartbeat();
  if (!alive) return Error{alive.message()};
  p.last_alive_ms = *alive;
  return p;
}

}  // namespace boyi::storage
