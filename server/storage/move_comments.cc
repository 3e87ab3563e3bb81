// The movers' notes on their moves (MakeMove.comment): kept apart from the journal, which
// holds what the referee needs to replay a match, and joined to the record by the seq of the
// event that announced each move.
#include "server/storage/database.h"
#include "server/storage/sql.h"

namespace boyi::storage {

Status Database::save_move_comment(Id match, std::uint64_t seq, Seat seat,
                                   std::string_view comment) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query(
      "INSERT INTO move_comments(match_id, seq, seat, comment) VALUES(?1, ?2, ?3, ?4)");
  if (!q) return q.status();
  if (auto s = q.value()->bind_all(match, static_cast<std::int64_t>(seq),
                                   static_cast<std::int64_t>(seat), comment);
      !s)
    return s;
  if (auto s = q.value()->run(); !s) return fail("saving a move's comment: " + s.message());
  return Status::Ok();
}

Result<std::map<std::uint64_t, std::string>> Database::move_comments(Id match) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query("SELECT seq, comment FROM move_comments WHERE match_id = ?1");
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(match); !s) return Error{s.message()};
  std::map<std::uint64_t, std::string> out;
  for (;;) {
    auto row = q.value()->step();
    if (!row) return Error{row.message()};
    if (!*row) break;
    out[static_cast<std::uint64_t>(q.value()->int64(0))] = q.value()->text(1);
  }
  return out;
}

}  // namespace boyi::storage
