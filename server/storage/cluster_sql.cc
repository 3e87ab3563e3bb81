#include "server/storage/cluster_sql.h"

namespace boyi::storage {

Result<std::int64_t> database_now_ms(Connection& conn) {
  auto q = conn.query(conn.dialect() == SqlDialect::kPostgres
                          ? "SELECT (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT"
                          : "SELECT CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)");
  if (!q) return Error{q.message()};
  auto row = q.value()->step();
  if (!row) return Error{row.message()};
  if (!*row) return fail("the database did not say its time");
  return q.value()->int64(0);
}

Result<std::vector<std::int64_t>> read_ids(Statement& st) {
  std::vector<std::int64_t> out;
  for (;;) {
    auto row = st.step();
    if (!row) return Error{row.message()};
    if (!*row) return out;
    out.push_back(st.int64(0));
  }
}

}  // namespace boyi::storage
