// The golden playthrough (every event rendering and every viewer's view after
// every move, compared with testdata/golden.txt) and the perft tables.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "engine/junqi/junqi.h"
#include "engine/junqi/test_util.h"
#include "engine/testing/golden.h"

namespace boyi::junqi {
namespace {

constexpr const char* kGoldenPath = BOYI_SOURCE_DIR "/engine/junqi/testdata/golden.txt";
constexpr int kGoldenMaxPlies = 180;  // keeps the file well under 300 KB

std::string playthrough() {
  Rng rng(20240602);
  State st{Rules{}};
  std::string out =
      "# junqi golden playthrough, seed 20240602, rules: " + st.rules().to_string() + "\n";
  auto record = [&](Seat seat, const Move& m) {
    auto e = st.apply_checked(seat, m);
    EXPECT_TRUE(e.ok()) << e.message();
    if (!e.ok()) return;
    out += "== seat " + std::to_string(seat) + " plays " + st.format_move(m) + "\n";
    for (Seat v : {0, 1, kPublic})
      out += "event for " +
             (v == kPublic ? std::string("spectators") : "seat " + std::to_string(v)) + ": " +
             State::render_event(*e, v) + "\n";
    for (Seat v : {0, 1, kPublic}) out += st.view(v).to_text();
  };
  for (Seat s : {0, 1}) record(s, st.random_deployment(s, rng));
  while (!st.is_terminal() && st.ply() < kGoldenMaxPlies) {
    const auto texts = testing::fast_texts(st);
    const Seat seat = st.to_move();
    const auto m = st.parse_move(seat, texts[rng.below(static_cast<std::uint32_t>(texts.size()))]);
    record(seat, *m);
  }
  out += "== end: " + describe(st.outcome()) + "\n" + st.to_text();
  return out;
}

TEST(JunqiGolden, golden_playthrough) {
  boyi::testing::expect_golden_file(kGoldenPath, playthrough());
}

constexpr const char* kStandard = "abccddeeffggghhhiiijjkklj";
constexpr const char* kAsymmetric = "iiiabccddeeffggghhhjkljjk";  // engineers in front

TEST(JunqiPerft, StandardDeployments) {
  const State st = testing::deployed(kStandard, kStandard);
  const std::uint64_t expected[] = {0, 34, 1159, 36260, 1139638};
  for (int d = 1; d <= 4; ++d) EXPECT_EQ(testing::perft(st, d), expected[d]) << "depth " << d;
  for (int d = 1; d <= 3; ++d)
    EXPECT_EQ(testing::perft_reference(st, d), expected[d]) << "reference depth " << d;
}

TEST(JunqiPerft, AsymmetricDeployments) {
  const State st = testing::deployed(kStandard, kAsymmetric);
  const State swapped = testing::deployed(kAsymmetric, kStandard);
  const std::uint64_t expected[] = {0, 34, 1163, 36657, 1162039};
  const std::uint64_t expected_swapped[] = {0, 34, 1160, 36479, 1154333};
  for (int d = 1; d <= 4; ++d) {
    EXPECT_EQ(testing::perft(st, d), expected[d]) << "depth " << d;
    EXPECT_EQ(testing::perft(swapped, d), expected_swapped[d]) << "swapped depth " << d;
  }
  for (int d = 1; d <= 3; ++d) {
    EXPECT_EQ(testing::perft_reference(st, d), expected[d]) << "reference depth " << d;
    EXPECT_EQ(testing::perft_reference(swapped, d), expected_swapped[d]) << "reference " << d;
  }
}

}  // namespace
}  // namespace boyi::junqi
