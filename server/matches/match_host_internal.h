// Small helpers shared by MatchHost's own .cc files (match_host, match_delivery,
// match_timers, match_messages). Included only by them.
#pragma once

#include <boost/asio/post.hpp>
#include <chrono>
#include <cstdint>

#include "server/matches/match_host.h"

namespace boyi::app::match_detail {

using Clock = std::chrono::steady_clock;

}  // namespace boyi::app::match_detail
