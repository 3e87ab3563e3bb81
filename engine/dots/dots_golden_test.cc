// The golden playthrough: a seeded random game; after every move the move, its
// event rendering and every viewer's view. Regenerated and compared with the
// committed file; BOYI_UPDATE_GOLDEN=1 rewrites the file instead.
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "base/rng.h"
#include "engine/dots/test_support.h"
#include "engine/testing/golden.h"

namespace boyi::dots {
namespace {

constexpr const char* kGoldenPath = BOYI_SOURCE_DIR "/engine/dots/testdata/golden.txt";

std::string playthrough() {
  Rng rng(2024);
  State s(Rules{});
  std::string out = "# 点格棋 golden playthrough, seed 2024\n";
  while (!s.is_terminal()) {
    const std::vector<std::string> texts = testing::sorted_texts(s);
    const std::string& text = texts[rng.below(static_cast<std::uint32_t>(texts.size()))];
    const Seat seat = s.to_move();
    auto move = s.parse_move(seat, text);
    EXPECT_TRUE(move.ok()) << move.message();
    if (!move.ok()) break;
    auto event = s.apply_checked(seat, *move);
    EXPECT_TRUE(event.ok()) << event.message();
    if (!event.ok()) break;
    out += "\n== ply " + std::to_string(s.ply()) + ": seat " + std::to_string(seat) + " " + text +
           "\n";
    for (Seat v : {0, 1, kPublic}) {
      out += "-- viewer " + std::to_string(v) + "\n";
      out += State::render_event(*event, v) + "\n";
      out += s.view(v).to_text();
    }
  }
  out += "\n== result: " + describe(s.outcome()) + "\n";
  return out;
}

TEST(DotsGolden, golden_playthrough) {
  boyi::testing::expect_golden_file(kGoldenPath, playthrough());
}

}  // namespace
}  // namespace boyi::dots
