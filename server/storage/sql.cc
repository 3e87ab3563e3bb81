#include "server/storage/sql.h"

namespace boyi::storage {

Status Statement::run() {
  for (;;) {
    auto row = step();
    if (!row) return row.status();
    if (!*row) return Status::Ok();
  }
}

std::optional<std::int64_t> Statement::optional_int64(int column) const {
  if (is_null(column)) return std::nullopt;
  return int64(column);
}

std::optional<std::string> Statement::optional_text(int column) const {
  if (is_null(column)) return std::nullopt;
  return text(column);
}

Transaction::~Transaction() {
  if (open_) (void)conn_.exec("ROLLBACK");
}

Status Transaction::begin() {
  auto status = conn_.begin();
  if (status) open_ = true;
  return status;
}

Status Transaction::commit() {
  auto status = conn_.commit();
  if (status) {
    open_ = false;
    return status;
  }
  if (!conn_.in_transaction()) open_ = false;
  return fail("commit: " + status.message());
}

}  // namespace boyi::storage
