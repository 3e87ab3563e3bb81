// Move-count (perft) tables from the initial positions: the committed numbers,
// the fast generator and the reference generator all agree.
#include <gtest/gtest.h>

#include "engine/gomoku/test_support.h"

namespace boyi::gomoku {
namespace {

long long perft(const State& s, int depth) {
  MoveList list;
  s.legal_moves(list);
  if (depth == 1) return static_cast<long long>(list.size());
  long long n = 0;
  for (const Move& m : list) {
    State next = s;
    next.apply(m);
    n += perft(next, depth - 1);
  }
  return n;
}

TEST(Perft, FreeOpening) {
  const State s(testing::rules_of("rule=renju opening=free"));
  const long long expected[] = {225, 50400, 11239200};
  for (int d = 1; d <= 3; ++d) EXPECT_EQ(perft(s, d), expected[d - 1]) << "depth " << d;
  for (int d = 1; d <= 2; ++d) EXPECT_EQ(reference::perft(s, d), expected[d - 1]) << "depth " << d;
}

TEST(Perft, CentreOpening) {
  const State s(testing::rules_of("rule=standard opening=centre"));
  const long long expected[] = {1, 224, 49952};
  for (int d = 1; d <= 3; ++d) {
    EXPECT_EQ(perft(s, d), expected[d - 1]) << "depth " << d;
    EXPECT_EQ(reference::perft(s, d), expected[d - 1]) << "depth " << d;
  }
}

// ccgc: H8; 8 neighbours; 23 points of the 5x5; swap or keep; stone 4 on any of
// the 222 empty points; then the first offer (any empty, non-forbidden point).
TEST(Perft, CcgcOpening) {
  const State s(testing::rules_of("rule=renju opening=ccgc fifth_n=2"));
  const long long expected[] = {1, 8, 184, 368, 81696, 18054816};
#ifdef NDEBUG
  const int fast_depth = 6;
#else
  const int fast_depth = 5;  // depth 6 takes ~20 s in the sanitizer build
#endif
  for (int d = 1; d <= fast_depth; ++d) EXPECT_EQ(perft(s, d), expected[d - 1]) << "depth " << d;
  for (int d = 1; d <= 5; ++d) EXPECT_EQ(reference::perft(s, d), expected[d - 1]) << "depth " << d;
}

// The offers and the choice from a position symmetric about the diagonal
// through H8 (black H8 J10, white I9 G7): a second offer may not mirror the
// first across that diagonal.
TEST(Perft, CcgcOffersFromSymmetricPosition) {
  State s(testing::rules_of("rule=renju opening=ccgc fifth_n=2"));
  for (const char* m : {"H8", "I9", "J10", "keep", "G7"}) testing::play(s, m);
  ASSERT_EQ(s.step(), Step::kOffer);
  // 221 first offers; a second: 220 others, less the mirror image of the first
  // unless it lies on the diagonal (11 empty diagonal points): 221*220 - 210.
  const long long expected[] = {221, 221 * 220 - 210, 2 * (221 * 220 - 210)};
  for (int d = 1; d <= 3; ++d) {
    EXPECT_EQ(perft(s, d), expected[d - 1]) << "depth " << d;
    EXPECT_EQ(reference::perft(s, d), expected[d - 1]) << "depth " << d;
  }
}

}  // namespace
}  // namespace boyi::gomoku
