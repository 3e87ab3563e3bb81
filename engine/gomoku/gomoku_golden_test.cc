// The golden playthrough: a seeded random ccgc renju game, every event
// rendering and every viewer's view after every action, compared with the
// committed testdata/golden.txt (BOYI_UPDATE_GOLDEN=1 rewrites it).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "base/rng.h"
#include "engine/gomoku/test_support.h"
#include "engine/testing/golden.h"

namespace boyi::gomoku {
namespace {

constexpr const char* kGoldenPath = BOYI_SOURCE_DIR "/engine/gomoku/testdata/golden.txt";
constexpr const char* kRules = "rule=renju opening=ccgc fifth_n=3";
constexpr std::uint64_t kSeed = 3;

std::string playthrough() {
  State s(testing::rules_of(kRules));
  Rng rng(kSeed);
  std::string out = "# gomoku golden playthrough: " + std::string(kRules) + ", seed " +
                    std::to_string(kSeed) + "\n";
  for (Seat v : {0, 1, kPublic}) out += "== view " + std::to_string(v) + "\n" + s.view(v).to_text();
  while (!s.is_terminal()) {
    // Chosen among the sorted texts, so the file does not depend on generator order.
    const std::vector<std::string> texts = testing::fast_texts(s);
    const std::string text = texts[rng.below(static_cast<std::uint32_t>(texts.size()))];
    const Seat seat = s.to_move();
    auto move = s.parse_move(seat, text);
    if (!move.ok()) return out + "parse error: " + move.message() + "\n";
    auto event = s.apply_checked(seat, move.value());
    if (!event.ok()) return out + "rejected: " + event.message() + "\n";
    out += "\n#### ply " + std::to_string(s.ply()) + ": seat " + std::to_string(seat) + " " + text +
           "\n";
    for (Seat v : {0, 1, kPublic}) {
      out +=
          "== event for " + std::to_string(v) + ": " + State::render_event(event.value(), v) + "\n";
      out += "== view " + std::to_string(v) + "\n" + s.view(v).to_text();
    }
  }
  out += "\nresult: " + describe(s.outcome()) + "\n";
  return out;
}

TEST(golden, GomokuPlaythrough) {
  boyi::testing::expect_golden_file(kGoldenPath, playthrough());
}

// The game is the same whichever generator order: replaying the file's moves
// through the checked path gives the same result line.
TEST(golden, GomokuFileMovesReplay) {
  std::ifstream in(kGoldenPath, std::ios::binary);
  ASSERT_TRUE(in.good());
  State s(testing::rules_of(kRules));
  std::string line, result;
  int moves = 0;
  while (std::getline(in, line)) {
    if (line.rfind("#### ply ", 0) == 0) {
      const std::string text = line.substr(line.find(' ', line.find("seat ") + 5) + 1);
      testing::play(s, text);
      ++moves;
    } else if (line.rfind("result: ", 0) == 0) {
      result = line.substr(8);
    }
  }
  EXPECT_GT(moves, 10);
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(describe(s.outcome()), result);
}

}  // namespace
}  // namespace boyi::gomoku
