// Small helpers shared by MatchHost's own .cc files (match_host, match_delivery,
// match_timers, match_messages). Included only by them.
#pragma once

#include <boost/asio/post.hpp>
#include <chrono>
#include <cstdint>

#include "server/app/match_host.h"

namespace boyi::app::match_detail {

using Clock = std::chrono::steady_clock;

inline v1::TimeControl wire_time(const referee::TimeControl& t) {
  v1::TimeControl w;
  w.set_total_ms(static_cast<std::uint32_t>(t.total_ms));
  w.set_per_move_ms(static_cast<std::uint32_t>(t.per_move_ms));
  w.set_increment_ms(static_cast<std::uint32_t>(t.increment_ms));
  return w;
}

// Wire sequence numbers are the referee's minus one (the referee's start event is seq 1).
inline std::uint32_t wire_seq(std::uint64_t referee_seq) {
  return referee_seq == 0 ? 0 : static_cast<std::uint32_t>(referee_seq - 1);
}

}  // namespace boyi::app::match_detail
