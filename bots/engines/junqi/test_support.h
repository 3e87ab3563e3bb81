// Helpers of the junqi engine tests: games played through the engine's
// checked path that keep exactly what each seat was told.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "bots/games/junqi_info.h"
#include "engine/junqi/junqi.h"

namespace boyi::bots::testing {

struct JunqiGame {
  junqi::State truth;
  std::array<JunqiSeatInfo, 2> info;

  // Both deployments (25 letters each, own frame), seat 0 first.
  JunqiGame(std::string_view layout0, std::string_view layout1, junqi::Rules rules = {});
  // A random game: random layouts, then random moves, stopping early when the
  // game ends.
  static JunqiGame random(std::uint64_t seed, int plies);

  // Applies a step "G1H1" for the side to move; false (with the reason in
  // `error`) when the engine refuses it.
  bool step(std::string_view move);
  // Applies any action of `seat` and records what each seat saw.
  bool act(Seat seat, const junqi::Move& move);

  const JunqiSeatInfo& seat_info(Seat s) const { return info[s]; }
  std::string error;
};

}  // namespace boyi::bots::testing
