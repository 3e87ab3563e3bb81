// The two seats' chess clocks, server-authoritative and driven by explicit
// time points (no clock of its own: the referee passes `now`, tests a fake).
//
// A seat's clock runs while the rules let it act: one seat at a time in most
// games, both during 军棋's simultaneous deployment, and without a break
// through a 点格棋 turn in which the seat keeps claiming boxes. A "turn" is one
// such unbroken stretch: the per-move limit applies to the turn and the Fischer
// increment is added when the turn ends (so sending a 点格棋 turn edge by edge
// or as one list gives the same clocks). No increment after the game's last action.
//
// All limits are inclusive at millisecond resolution: a seat whose clock shows
// r ms may take r + grace ms; its flag falls at since + r + grace + 1 ms.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/outcome.h"
#include "referee/match_config.h"

namespace boyi::referee {

using SteadyClock = std::chrono::steady_clock;
using TimePoint = SteadyClock::time_point;

// Whole milliseconds from `from` to `to` (rounded down; 0 if `to` is earlier).
std::int64_t elapsed_ms(TimePoint from, TimePoint to);

struct ClockDeadline {
  enum class Kind : std::uint8_t { kFlag, kPerMove };
  TimePoint at;  // the first instant at which the limit is exceeded
  Seat seat = 0;
  Kind kind = Kind::kFlag;
};

// What a display shows at one instant.
struct ClockReading {
  std::array<std::int64_t, 2> remaining_ms{};  // never below 0
  std::array<bool, 2> running{};
  std::array<std::int64_t, 2> move_remaining_ms{-1, -1};  // -1: no per-move limit or stopped
};

class MatchClocks {
 public:
  explicit MatchClocks(const TimeControl& time);

  // Sets both remaining times (resume) without starting anything.
  void restore(const std::array<std::int64_t, 2>& remaining_ms);
  // Starts the clocks of the seats that may act (a fresh turn for each).
  void start(const std::array<bool, 2>& may_act, TimePoint now);

  // An accepted action of `actor` at `now`; `may_act` tells which seats may act after
  // it. Charges the actor (clock shown as 0 if it moved inside the grace), ends its
  // turn (with the increment) if it may no longer act, starts the turn of each seat
  // that may now act. Returns the action's server-measured elapsed time.
  std::int64_t on_action(Seat actor, const std::array<bool, 2>& may_act, TimePoint now);
  // Charges every running clock up to `now` and stops them all (the game is over).
  void stop(TimePoint now);
  // The arbiter: stops the running clocks keeping each turn's progress, starts them again
  // where they stood (the per-move limit too), and adds time to a seat's clock.
  void pause(TimePoint now);
  void unpause(TimePoint now);
  void add(Seat seat, std::int64_t ms, TimePoint now);

  // Remaining time of `seat` at `now`; negative while inside the grace.
  std::int64_t remaining_at(Seat seat, TimePoint now) const;
  std::array<std::int64_t, 2> remaining_at(TimePoint now) const;
  ClockReading reading(TimePoint now) const;
  bool running(Seat seat) const { return seats_[seat].running; }

  // The limits of the running clocks, earliest first.
  std::vector<ClockDeadline> deadlines() const;

 private:
  struct SeatClock {
    std::int64_t remaining_ms = 0;  // charged up to `since`
    bool running = false;
    TimePoint since{};       // running: start of the not yet charged stretch
    TimePoint turn_start{};  // running: when this turn began (per-move limit)
    bool paused = false;           // stopped by the arbiter in the middle of a turn
    std::int64_t turn_used_ms = 0;  // paused: the part of the turn already used
    // Charged since the turn began or the seat's last action in it: the next action's
    // elapsed time (kept apart from `since`, which time added or a pause moves on).
    std::int64_t thinking_ms = 0;
  };
  void charge(SeatClock& c, TimePoint now);

  TimeControl time_;
  std::array<SeatClock, 2> seats_;
};

}  // namespace boyi::referee
