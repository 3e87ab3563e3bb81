// The strength a house bot plays a match's seat at (table house_seats, migration 4), so a
// restarted server resumes that seat as it was started. Written while the match is still
// waiting, before its start entry: a running match always has its row.
#pragma once

#include <optional>

#include "engine/core/outcome.h"
#include "base/result.h"
#include "server/storage/database.h"

namespace boyi::storage {

// Stores (or replaces) the strength (1..10) of the house bot in `seat` (0 or 1) of `match`.
Status put_house_seat(Database& db, Id match, Seat seat, int strength);
// The stored strength of that seat; nullopt when none was stored.
Result<std::optional<int>> house_seat_strength(Database& db, Id match, Seat seat);

}  // namespace boyi::storage
