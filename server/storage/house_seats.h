// Who a house bot plays a match's seat as (table house_seats: the strength since migration 4,
// the house engine since migration 14), so a restarted server resumes that seat as it was
// started. Written while the match is still waiting, before its start entry: a running match
// always has its row.
#pragma once

#include <optional>
#include <string>

#include "engine/core/outcome.h"
#include "base/result.h"
#include "server/storage/database.h"

namespace boyi::storage {

struct HouseSeat {
  int strength = 0;    // 1..10
  std::string engine;  // the house engine in place of the level's player; "" for the level's
};

// Stores (or replaces) the house bot in `seat` (0 or 1) of `match`.
Status put_house_seat(Database& db, Id match, Seat seat, const HouseSeat& house);
// The stored house bot of that seat; nullopt when none was stored.
Result<std::optional<HouseSeat>> house_seat(Database& db, Id match, Seat seat);

}  // namespace boyi::storage
