// Rules review probes: the KIJ notation and the boxes each edge borders, worked
// out by hand from the rules text (not from geometry.h), and whole turns against
// edge-by-edge play on a fresh board.
#include <gtest/gtest.h>

#include "engine/dots/test_support.h"

namespace boyi::dots {
namespace {

using testing::edge;

// Box (row r, column c), both 0-based from the top-left, has the sides: top
// A<r><c>, bottom A<r+1><c>, left B<c><r>, right B<c+1><r> (letters from A).
std::array<std::string, 4> sides(int r, int c) {
  auto name = [](char k, int i, int j) {
    return std::string{k, static_cast<char>('A' + i), static_cast<char>('A' + j)};
  };
  return {name('A', r, c), name('A', r + 1, c), name('B', c, r), name('B', c + 1, r)};
}

TEST(DotsReview, EveryBoxIsClaimedByItsFourNamedSides) {
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c) {
      State s;
      const auto names = sides(r, c);
      for (int i = 0; i < 4; ++i) {
        auto e = s.apply_checked(s.to_move(), edge(names[i]));
        ASSERT_TRUE(e.ok()) << names[i] << ": " << e.message();
        EXPECT_EQ(e->claimed, i == 3 ? 1 : 0) << names[i];
        if (i == 3) {
          EXPECT_EQ(e->boxes[0], r * 5 + c) << names[i];
        }
      }
      EXPECT_EQ(s.score(0) + s.score(1), 1);
    }
  EXPECT_EQ(State().format_move(edge("AAA")), "AAA");  // top-left horizontal
  EXPECT_EQ(edge("AAA").edge, 0);
}

TEST(DotsReview, InnerEdgesBorderTwoBoxes) {
  // ABA (second horizontal line, first segment) lies between AA above and BA
  // below; BBA (second vertical line, first segment) between AA and AB.
  State s;
  for (const char* e : {"AAA", "BAA", "BBB", "ACA", "BAB", "AAB", "ABB", "BCA"})
    ASSERT_TRUE(s.apply_checked(s.to_move(), edge(e)).ok()) << e;
  // Box AA lacks ABA and BBA; BA lacks ABA; AB lacks BBA.
  EXPECT_EQ(s.to_move(), 0);  // 8 non-claiming edges
  auto e = s.apply_checked(0, edge("BBA"));
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e->claimed, 1);  // AB (AAB ABB BBA BCA)
  EXPECT_EQ(e->boxes[0], 1);
  e = s.apply_checked(0, edge("ABA"));
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e->claimed, 2);  // AA and BA
  EXPECT_EQ(e->boxes[0], 0);
  EXPECT_EQ(e->boxes[1], 5);
}

}  // namespace
}  // namespace boyi::dots
