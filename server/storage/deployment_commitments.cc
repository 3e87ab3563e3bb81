// The seats' own 军棋 deployment commitments (protocol/README.md §Fairness): a commitment is
// stored when the seat makes it, its salt just before the deployment that reveals it is
// submitted, so a restart discloses both exactly as the live match would have.
#include "server/storage/database.h"
#include "server/storage/sql.h"

namespace boyi::storage {

Status Database::save_deployment_commitment(Id match, Seat seat, std::string_view commitment) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query(
      "INSERT INTO deployment_commitments(match_id, seat, commitment) VALUES(?1, ?2, ?3)");
  if (!q) return q.status();
  if (auto s = q.value()->bind_all(match, static_cast<std::int64_t>(seat), commitment); !s)
    return s;
  if (auto s = q.value()->run(); !s) {
    if (conn_->last_error_kind() == SqlErrorKind::kUniqueViolation)
      return fail("seat " + std::to_string(seat) + " has committed already");
    if (conn_->last_error_kind() == SqlErrorKind::kForeignKeyViolation)
      return fail("no match with id " + std::to_string(match));
    return fail("saving a commitment: " + s.message());
  }
  return Status::Ok();
}

Status Database::save_commitment_salt(Id match, Seat seat, std::string_view salt) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query(
      "UPDATE deployment_commitments SET salt = ?3 WHERE match_id = ?1 AND seat = ?2");
  if (!q) return q.status();
  if (auto s = q.value()->bind_all(match, static_cast<std::int64_t>(seat), salt); !s) return s;
  if (auto s = q.value()->run(); !s) return fail("saving a commitment salt: " + s.message());
  return Status::Ok();
}

Result<std::array<SeatCommitment, 2>> Database::deployment_commitments(Id match) {
  std::lock_guard lock(mutex_);
  auto q = conn_->query(
      "SELECT seat, commitment, salt FROM deployment_commitments WHERE match_id = ?1");
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(match); !s) return Error{s.message()};
  std::array<SeatCommitment, 2> out;
  for (;;) {
    auto row = q.value()->step();
    if (!row) return Error{row.message()};
    if (!*row) break;
    const auto seat = q.value()->int64(0);
    if (seat != 0 && seat != 1) continue;
    out[static_cast<std::size_t>(seat)] = {q.value()->text(1), q.value()->text(2)};
  }
  return out;
}

}  // namespace boyi::storage
