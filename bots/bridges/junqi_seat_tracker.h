// What one 军棋 seat knows, rebuilt from the referee protocol's lines alone — its
// own ARRAY, the RESULT of each of its steps and the opponent's GOs — as the
// JunqiSeatInfo (view + event views) that a built-in player reads. The view is
// the one the engine itself would build for the seat (junqi::State::view): own
// pieces known, enemy pieces hidden, the enemy flag shown once FF reveals it.
// The enemy's deployment is taken as done at the first GO (the protocol never
// says more about it). Inconsistent lines are refused and change nothing.
#pragma once

#include <string_view>

#include "bots/bridges/junqi_lines.h"
#include "bots/games/junqi_info.h"
#include "base/result.h"
#include "engine/junqi/junqi.h"

namespace boyi::bots {

class JunqiSeatTracker {
 public:
  // START: a new game for `seat` under `rules`.
  void start(Seat seat, const junqi::Rules& rules);
  // The seat's own deployment (the ARRAY letters it sent).
  Status deployed(std::string_view letters);
  // A GO line: the play phase has begun; unless it is GO 0000 0 00 the
  // opponent's step is applied.
  Status opponent_go(const junqi_lines::Go& go);
  // Our own step (the BESTMOVE we sent) with its RESULT.
  Status own_result(const junqi::Move& step, const junqi_lines::StepResult& result);

  const JunqiSeatInfo& info() const { return info_; }
  Seat seat() const { return info_.seat; }
  bool started() const { return started_; }
  bool own_deployed() const { return (info_.view.deployed >> info_.seat) & 1; }
  bool in_play() const { return info_.view.deployed == 3; }

 private:
  void begin_play();
  Status step(Seat mover, int from, int to, int code, int enemy_flag);
  int own_cell(int piece) const;

  JunqiSeatInfo info_;
  bool started_ = false;
};

}  // namespace boyi::bots
