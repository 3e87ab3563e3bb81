// Time management for every search: when to stop thinking about one move.
//
// A move is searched under a TimeControl (per-move limit, remaining bank,
// increment, an estimate of moves still to play, a safety margin). From it a
// TimeBudget fixes two instants when the search starts:
//  - the hard deadline, never to be crossed: min(per-move limit, bank) minus the
//    safety margin (the network and the referee's own measurement eat into it);
//  - the soft deadline, the time an anytime search aims for: bank / moves-to-go
//    plus most of the increment, never later than the hard deadline.
// Iterative searches start no new iteration past the soft deadline and poll
// should_stop() (the hard deadline) inside; they always hold a legal move to
// answer with, so reaching the hard deadline costs at most one poll interval.
// The clock is injectable so tests can drive time by hand.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "bots/search/stop_signal.h"

namespace boyi::bots {

using Millis = std::int64_t;

// A monotonic clock in nanoseconds; the default reads std::chrono::steady_clock.
class Clock {
 public:
  virtual ~Clock() = default;
  virtual std::int64_t now_ns() const = 0;
};
const Clock& steady_clock();

struct TimeControl {
  Millis per_move_ms = -1;  // limit for this move; < 0: none
  Millis bank_ms = -1;      // time left on this side's clock; < 0: unlimited
  Millis increment_ms = 0;  // added after each move
  int moves_to_go = 0;      // 0: estimate (kDefaultMovesToGo)
  Millis safety_margin_ms = 30;

  static constexpr int kDefaultMovesToGo = 30;
  // Thinking time for one move with nothing else limiting it.
  static TimeControl per_move(Millis ms, Millis margin = 30) {
    TimeControl tc;
    tc.per_move_ms = ms;
    tc.safety_margin_ms = margin;
    return tc;
  }
  static TimeControl unlimited() { return {}; }
  std::string to_string() const;
};

class TimeBudget {
 public:
  // Starts now (by `clock`, which must outlive the budget).
  explicit TimeBudget(const TimeControl& tc = TimeControl::unlimited(),
                      const Clock& clock = steady_clock());

  // Budgets computed for a control, relative to the start, in ms (-1: none).
  static Millis hard_limit_ms(const TimeControl& tc);
  static Millis soft_limit_ms(const TimeControl& tc);

  // The same hard deadline with the soft one moved to `fraction` of this one's
  // soft span (for searches that split their time, e.g. over determinizations).
  TimeBudget share(double fraction) const;
  // A budget from now to `end_ns` (this clock's instant; never past this hard deadline), both
  // deadlines there, for a search that spends a part of this one; it keeps the stop signal.
  TimeBudget until(std::int64_t end_ns) const;

  // A signal that stops the search before its deadlines (must outlive the budget); its
  // shares keep it.
  void set_stop(const StopSignal* stop) { stop_ = stop; }
  bool stop_raised() const { return stop_ && stop_->raised(); }

  bool unlimited() const { return hard_ns_ < 0; }
  // Past the hard deadline, or stopped from outside: stop now and answer. Cheap: one clock
  // read.
  bool should_stop() const {
    return stop_raised() || (hard_ns_ >= 0 && clock_->now_ns() >= hard_ns_);
  }
  // Past the soft deadline (or stopped): start no new iteration.
  bool soft_expired() const {
    return stop_raised() || (soft_ns_ >= 0 && clock_->now_ns() >= soft_ns_);
  }
  // The fraction of the soft budget used (0 when unlimited).
  double soft_fraction() const;
  Millis elapsed_ms() const { return (clock_->now_ns() - start_ns_) / 1'000'000; }
  std::int64_t elapsed_ns() const { return clock_->now_ns() - start_ns_; }
  std::int64_t start_ns() const { return start_ns_; }         // absolute
  std::int64_t hard_deadline_ns() const { return hard_ns_; }  // absolute, -1: none
  std::int64_t soft_deadline_ns() const { return soft_ns_; }
  const Clock& clock() const { return *clock_; }

 private:
  TimeBudget(const Clock& clock, std::int64_t start, std::int64_t hard, std::int64_t soft)
      : clock_(&clock), start_ns_(start), hard_ns_(hard), soft_ns_(soft) {}
  const Clock* clock_;
  std::int64_t start_ns_ = 0;
  std::int64_t hard_ns_ = -1;
  std::int64_t soft_ns_ = -1;
  const StopSignal* stop_ = nullptr;
};

// A hand-driven clock for tests: now_ns() advances by `step_ns` per read.
class FakeClock : public Clock {
 public:
  explicit FakeClock(std::int64_t step_ns = 0) : step_ns_(step_ns) {}
  std::int64_t now_ns() const override {
    const std::int64_t t = now_;
    now_ += step_ns_;
    ++reads_;
    return t;
  }
  void advance_ms(Millis ms) { now_ += ms * 1'000'000; }
  std::int64_t peek_ns() const { return now_; }
  std::int64_t reads() const { return reads_; }

 private:
  mutable std::int64_t now_ = 0;
  mutable std::int64_t reads_ = 0;
  std::int64_t step_ns_;
};

}  // namespace boyi::bots
