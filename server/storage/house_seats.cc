#include "server/storage/house_seats.h"

#include "server/storage/sql.h"

namespace boyi::storage {

Status put_house_seat(Database& db, Id match, Seat seat, const HouseSeat& house) {
  return db.with_connection([&](Connection& conn) -> Status {
    auto q = conn.query(
        "INSERT INTO house_seats(match_id, seat, strength, engine) VALUES(?1, ?2, ?3, ?4) "
        "ON CONFLICT(match_id, seat) DO UPDATE SET strength = excluded.strength, "
        "engine = excluded.engine");
    if (!q) return Error{q.message()};
    if (auto s = q.value()->bind_all(match, seat, house.strength, house.engine); !s) return s;
    if (auto s = q.value()->run(); !s) return Error{"house seat: " + s.message()};
    return Status::Ok();
  });
}

Result<std::optional<HouseSeat>> house_seat(Database& db, Id match, Seat seat) {
  std::optional<HouseSeat> out;
  auto s = db.with_connection([&](Connection& conn) -> Status {
    auto q =
        conn.query("SELECT strength, engine FROM house_seats WHERE match_id = ?1 AND seat = ?2");
    if (!q) return Error{q.message()};
    if (auto b = q.value()->bind_all(match, seat); !b) return b;
    auto row = q.value()->step();
    if (!row) return Error{row.message()};
    if (*row) out = HouseSeat{static_cast<int>(q.value()->int64(0)), q.value()->text(1)};
    return Status::Ok();
  });
  if (!s) return Error{s.message()};
  return out;
}

}  // namespace boyi::storage
