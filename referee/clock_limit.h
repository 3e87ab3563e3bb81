// The most a match clock may show (1000 days): increments stop there and the arbiter may not
// add past it, so every clock a journal stores is one a restart accepts (and the deadline
// arithmetic cannot overflow).
#pragma once

#include <cstdint>

#include "referee/match_config.h"

namespace boyi::referee {

inline constexpr std::int64_t kMaxClockMs = 1000 * kMaxTotalMs;

}  // namespace boyi::referee
