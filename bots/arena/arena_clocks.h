// The arena's two clocks, measured for real by the arena (the seat's thinking
// time around each choose()). A turn is the stretch in which a seat keeps acting
// (a 点格棋 turn sent edge by edge is one turn): the per-move limit applies to the
// turn and the increment is added when it ends, as the server's clocks do.
// During 军棋's simultaneous deployment the arena asks the seats one after the
// other and charges each only its own thinking time.
#pragma once

#include <array>
#include <cstdint>

#include "boyi/v1/boyi.pb.h"
#include "engine/core/outcome.h"

namespace boyi::bots {

class ArenaClocks {
 public:
  ArenaClocks(const v1::TimeControl& time, std::int64_t grace_ms);

  // The seat starts a turn (does nothing while its turn goes on).
  void begin_turn(Seat seat);
  // Charges `ms` of thinking to the seat; false when that passed the bank or the
  // turn's per-move limit by more than the grace.
  bool charge(Seat seat, std::int64_t ms);
  // The seat's turn is over: the increment is added (unless the game ended).
  void end_turn(Seat seat, bool game_over);

  // What is left of the bank (may be negative inside the grace; 0 without a bank).
  std::int64_t remaining_ms(Seat seat) const { return bank_[seat]; }
  // Both clocks as the wire shows them, with `seat` the one being asked.
  v1::Clocks wire(Seat running, bool both_running) const;

 private:
  v1::TimeControl time_;
  std::int64_t grace_ms_;
  std::array<std::int64_t, 2> bank_{};
  std::array<std::int64_t, 2> turn_used_{};
  std::array<bool, 2> in_turn_{};
};

}  // namespace boyi::bots
