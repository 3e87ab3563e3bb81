// 苏拉卡尔塔 positions whose right move is known, shared by the engines' tests
// (the loop engines here, the learned `neural` in bots/learned/surakarta).
// Diagrams: row y=0 on top, x=0 on the left, B black, W white; black to move.
#pragma once

#include <string_view>

namespace boyi::bots::surakarta_engine::testing {

// Black's CC captures CD round the top-left outer arc and nothing answers (CCCD); AB's capture
// of BD over the top-left inner arc is taken back by CD round the bottom-left outer arc.
constexpr std::string_view kWinOrTrade = R"(
  ...B..
  B...BB
  ..B..B
  .WW.W.
  ...W.W
  ...WWW)";

// Black's DB stands attacked (white BB reaches it round the top-left inner arc). Both DA and DB
// capture CD; only DB's capture also saves DB (DBCD).
constexpr std::string_view kWhichCapturer = R"(
  B..B.B
  .W.B..
  ......
  ..W...
  .....W
  B...WW)";

}  // namespace boyi::bots::surakarta_engine::testing
