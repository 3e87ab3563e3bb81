// How a search polls its budget so that its answer lands inside the hard deadline on a loaded
// machine. Between two polls the thread may not run at all (at a load of 4 on 2 cores it waits
// tens of milliseconds at a time), and one step of the search (an expansion, a playout) takes
// its own time; a search that stops only once the deadline has passed answers that much late.
// The watch remembers the longest interval between two of its polls and stops when the hard
// deadline is closer than twice that (at most a quarter of the hard span, so one long pause does
// not end the search at once): the next pause then still ends inside the limit.
#pragma once

#include <algorithm>
#include <cstdint>

#include "bots/search/time_budget.h"

namespace boyi::bots {

class DeadlineWatch {
 public:
  explicit DeadlineWatch(const TimeBudget& budget)
      : budget_(&budget),
        cap_ns_(budget.unlimited() ? 0 : (budget.hard_deadline_ns() - budget.start_ns()) / 4) {}

  // Stopped from outside, or the hard deadline is nearer than the reserve: answer now.
  // One clock read.
  bool should_stop() { return poll(false); }
  // The above, or past the soft deadline: start no new iteration.
  bool soft_expired() { return poll(true); }
  // What is kept back from the hard deadline now.
  std::int64_t reserve_ns() const { return std::min(2 * max_gap_ns_, cap_ns_); }

 private:
  bool poll(bool soft) {
    if (budget_->stop_raised()) return true;
    const std::int64_t hard = budget_->hard_deadline_ns(), soft_at = budget_->soft_deadline_ns();
    if (hard < 0 && soft_at < 0) return false;
    const std::int64_t now = budget_->clock().now_ns();
    // From the second poll on (a budget shared over several searches started long ago).
    if (polled_) max_gap_ns_ = std::max(max_gap_ns_, now - last_ns_);
    polled_ = true;
    last_ns_ = now;
    if (hard >= 0 && now + reserve_ns() >= hard) return true;
    return soft && soft_at >= 0 && now >= soft_at;
  }

  const TimeBudget* budget_;
  bool polled_ = false;
  std::int64_t last_ns_ = 0;  // the last poll's time
  std::int64_t max_gap_ns_ = 0;
  std::int64_t cap_ns_;
};

}  // namespace boyi::bots
