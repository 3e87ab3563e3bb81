#include "referee/clocks.h"

#include <algorithm>

#include "referee/clock_limit.h"

namespace boyi::referee {

std::int64_t elapsed_ms(TimePoint from, TimePoint to) {
  if (to <= from) return 0;
  return std::chrono::floor<std::chrono::milliseconds>(to - from).count();
}

MatchClocks::MatchClocks(const TimeControl& time) : time_(time) {
  for (auto& c : seats_) c.remaining_ms = time.total_ms;
}

void MatchClocks::restore(const std::array<std::int64_t, 2>& remaining_ms) {
  for (int s = 0; s < 2; ++s) {
    seats_[s].remaining_ms = remaining_ms[s];
    seats_[s].running = false;
  }
}

void MatchClocks::start(const std::array<bool, 2>& may_act, TimePoint now) {
  for (int s = 0; s < 2; ++s) {
    auto& c = seats_[s];
    if (may_act[s] && !c.running) {
      c.running = true;
      c.since = c.turn_start = now;
      c.thinking_ms = 0;
    }
  }
}

void MatchClocks::charge(SeatClock& c, TimePoint now) {
  if (!c.running) return;
  const std::int64_t spent = elapsed_ms(c.since, now);
  c.remaining_ms -= spent;
  c.thinking_ms += spent;
  // Keep the sub-millisecond remainder uncharged rather than lose it.
  c.since += std::chrono::milliseconds(spent);
}

std::int64_t MatchClocks::on_action(Seat actor, const std::array<bool, 2>& may_act, TimePoint now) {
  auto& c = seats_[actor];
  charge(c, now);
  const std::int64_t elapsed = c.running ? c.thinking_ms : 0;
  c.thinking_ms = 0;  // the seat's next action is timed from this one
  if (!may_act[actor] && c.running) {
    c.running = false;
    // Moved inside the grace: shown as 0. Only when the turn ends: within a turn the
    // grace is one for the whole turn, however many actions it is sent as.
    c.remaining_ms = std::max<std::int64_t>(c.remaining_ms, 0);
    if (may_act[0] || may_act[1])  // not after the last
      c.remaining_ms = std::min(c.remaining_ms + time_.increment_ms, kMaxClockMs);
  }
  for (int s = 0; s < 2; ++s) {
    if (s == actor) continue;
    auto& other = seats_[s];
    if (!may_act[s] && other.running) {
      charge(other, now);
      other.running = false;
    }
  }
  start(may_act, now);
  return elapsed;
}

void MatchClocks::stop(TimePoint now) {
  for (auto& c : seats_) {
    charge(c, now);
    c.running = false;
  }
}

void MatchClocks::pause(TimePoint now) {
  for (auto& c : seats_) {
    if (!c.running) continue;
    charge(c, now);
    c.turn_used_ms = elapsed_ms(c.turn_start, now);
    c.running = false;
    c.paused = true;
  }
}

void MatchClocks::unpause(TimePoint now) {
  for (auto& c : seats_) {
    if (!c.paused) continue;
    c.paused = false;
    c.running = true;
    c.since = now;
    c.turn_start = now - std::chrono::milliseconds(c.turn_used_ms);
  }
}

void MatchClocks::add(Seat seat, std::int64_t ms, TimePoint now) {
  auto& c = seats_[seat];
  charge(c, now);
  c.remaining_ms += ms;
}

std::int64_t MatchClocks::remaining_at(Seat seat, TimePoint now) const {
  const auto& c = seats_[seat];
  return c.running ? c.remaining_ms - elapsed_ms(c.since, now) : c.remaining_ms;
}

std::array<std::int64_t, 2> MatchClocks::remaining_at(TimePoint now) const {
  return {remaining_at(0, now), remaining_at(1, now)};
}

ClockReading MatchClocks::reading(TimePoint now) const {
  ClockReading r;
  for (int s = 0; s < 2; ++s) {
    const auto& c = seats_[s];
    r.remaining_ms[s] = std::max<std::int64_t>(remaining_at(s, now), 0);
    r.running[s] = c.running;
    if (c.running && time_.per_move_ms > 0)
      r.move_remaining_ms[s] =
          std::max<std::int64_t>(time_.per_move_ms - elapsed_ms(c.turn_start, now), 0);
  }
  return r;
}

std::vector<ClockDeadline> MatchClocks::deadlines() const {
  std::vector<ClockDeadline> out;
  for (int s = 0; s < 2; ++s) {
    const auto& c = seats_[s];
    if (!c.running) continue;
    const auto ms = [](std::int64_t v) { return std::chrono::milliseconds(v); };
    if (time_.total_ms > 0)
      out.push_back(
          {c.since + ms(c.remaining_ms + time_.grace_ms + 1), s, ClockDeadline::Kind::kFlag});
    if (time_.per_move_ms > 0)
      out.push_back({c.turn_start + ms(time_.per_move_ms + time_.grace_ms + 1), s,
                     ClockDeadline::Kind::kPerMove});
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const ClockDeadline& a, const ClockDeadline& b) { return a.at < b.at; });
  return out;
}

}  // namespace boyi::referee
