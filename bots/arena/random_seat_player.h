// A SeatPlayer that plays uniformly at random from its view's legal moves (a
// random legal layout for the 军棋 deployment, whose layouts are not listed).
// Needs nothing but the wire: the baseline opponent of arena and bridge tests.
#pragma once

#include <cstdint>
#include <string>

#include "bots/wire/seat_player.h"
#include "engine/core/outcome.h"
#include "base/rng.h"

namespace boyi::bots {

class RandomSeatPlayer final : public SeatPlayer {
 public:
  explicit RandomSeatPlayer(std::uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "random"; }
  Status start(const v1::MatchStarted& started) override;
  Status observe(const v1::MatchEvent&) override { return Status::Ok(); }
  Result<std::string> choose(const v1::GameView& view, const v1::Clocks& clocks) override;

 private:
  Rng rng_;
  Seat seat_ = 0;
};

}  // namespace boyi::bots
