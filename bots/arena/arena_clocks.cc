#include "bots/arena/arena_clocks.h"

#include <algorithm>

namespace boyi::bots {

ArenaClocks::ArenaClocks(const v1::TimeControl& time, std::int64_t grace_ms)
    : time_(time), grace_ms_(grace_ms) {
  bank_ = {time.total_ms(), time.total_ms()};
}

void ArenaClocks::begin_turn(Seat seat) {
  if (in_turn_[seat]) return;
  in_turn_[seat] = true;
  turn_used_[seat] = 0;
}

bool ArenaClocks::charge(Seat seat, std::int64_t ms) {
  turn_used_[seat] += ms;
  bool ok = true;
  if (time_.total_ms() > 0) {
    bank_[seat] -= ms;
    ok = bank_[seat] >= -grace_ms_;
  }
  if (time_.per_move_ms() > 0 && turn_used_[seat] > time_.per_move_ms() + grace_ms_) ok = false;
  return ok;
}

void ArenaClocks::end_turn(Seat seat, bool game_over) {
  in_turn_[seat] = false;
  if (time_.total_ms() > 0) {
    bank_[seat] = std::max<std::int64_t>(bank_[seat], 0);
    if (!game_over) bank_[seat] += time_.increment_ms();
  }
}

v1::Clocks ArenaClocks::wire(Seat running, bool both_running) const {
  v1::Clocks c;
  for (Seat s = 0; s < 2; ++s)
    c.add_remaining_ms(static_cast<std::uint32_t>(std::max<std::int64_t>(bank_[s], 0)));
  c.set_running(both_running ? kPublic : running);
  c.set_running_both(both_running);
  if (time_.per_move_ms() > 0 && (running == 0 || running == 1))
    c.set_move_remaining_ms(static_cast<std::uint32_t>(
        std::max<std::int64_t>(0, time_.per_move_ms() - turn_used_[running])));
  return c;
}

}  // namespace boyi::bots
