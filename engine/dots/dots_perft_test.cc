// Move-count (perft) tables: the committed numbers, the fast generator and the
// reference generator all agree. Edge-by-edge counts from the empty board, and from
// a mid-game position where claims keep the same seat moving, whole-turn counts too.
#include <gtest/gtest.h>

#include "engine/dots/reference.h"
#include "engine/dots/test_support.h"

namespace boyi::dots {
namespace reference {
// How gtest prints the counts (found by argument-dependent lookup).
void PrintTo(const PerftCounts& c, std::ostream* os) {
  *os << "{nodes " << c.nodes << ", claims " << c.claims << ", doubles " << c.doubles << ", turns "
      << c.turns << "}";
}
}  // namespace reference
namespace {

using Counts = reference::PerftCounts;

void fast_count(const State& s, int depth, Counts& out) {
  MoveList list;
  s.legal_moves(list);
  for (const Move m : list) {
    State next = s;
    const Seat mover = next.to_move();
    const std::uint32_t claimed = next.apply(m);
    if (claimed) ++out.claims;
    if (std::popcount(claimed) == 2) ++out.doubles;
    if (!next.is_terminal() && next.to_move() != mover) ++out.turns;
    if (depth == 1)
      ++out.nodes;
    else
      fast_count(next, depth - 1, out);
  }
}

Counts fast_perft(const State& s, int depth) {
  Counts out;
  if (depth == 0)
    out.nodes = 1;
  else
    fast_count(s, depth, out);
  return out;
}

std::uint64_t fast_turn_perft(const State& s, int depth) {
  if (depth == 0) return 1;
  MoveList list;
  s.legal_moves(list);
  std::uint64_t n = 0;
  for (const Move m : list) {
    State next = s;
    n += next.apply(m) && !next.is_terminal() ? fast_turn_perft(next, depth)
                                              : fast_turn_perft(next, depth - 1);
  }
  return n;
}

TEST(DotsPerft, FromTheEmptyBoard) {
  const State s(Rules{});
  // nodes: 60·59·…; claims: the 4th edge closing a box, 25 boxes × 4! orders at depth 4.
  const Counts expected[] = {
      {1, 0, 0, 0},
      {60, 0, 0, 60},
      {3540, 0, 0, 3600},
      {205320, 0, 0, 208920},
      {11703240, 600, 0, 11911560},
  };
#ifdef NDEBUG
  const int reference_depth = 4;
#else
  const int reference_depth = 3;  // debug / sanitizer builds: the slow reference stops earlier
#endif
  for (int depth = 0; depth <= 4; ++depth) {
    EXPECT_EQ(fast_perft(s, depth), expected[depth]) << "depth " << depth;
    if (depth <= reference_depth) {
      EXPECT_EQ(reference::perft(s, depth), expected[depth]) << "depth " << depth;
    }
  }
}

// A mid-game position (seed 62 of a random game, 20 edges undrawn): boxes BA and CC have
// three sides and the region below chains, so claims and same-seat repeats shape the counts,
// and a whole turn may hold several edges.
constexpr std::string_view kMidGame = R"(
+-+-+-+-+ +
|O|O|O|O|
+-+-+-+-+-+
    |O|X|O|
+ +-+-+-+-+
          |
+ + +-+-+-+
  |   |O|X|
+ +-+ +-+-+
  |   |O|O|
+-+ + +-+-+
)";

TEST(DotsPerft, FromAMidGamePosition) {
  const State s = testing::diagram(kMidGame, 1);
  const Counts expected[] = {
      {1, 0, 0, 0},
      {20, 2, 0, 18},
      {380, 53, 1, 347},
      {6840, 1223, 43, 6017},
      {116280, 25697, 1297, 97823},
  };
  for (int depth = 0; depth <= 4; ++depth) {
    EXPECT_EQ(fast_perft(s, depth), expected[depth]) << "depth " << depth;
    EXPECT_EQ(reference::perft(s, depth), expected[depth]) << "depth " << depth;
  }
  const std::uint64_t turns[] = {1, 231, 59530, 19088240};
  for (int depth = 0; depth <= 3; ++depth) {
    EXPECT_EQ(fast_turn_perft(s, depth), turns[depth]) << "depth " << depth;
    if (depth <= 2) {  // depth 3 has 19 million turn sequences: too slow for the reference
      EXPECT_EQ(reference::turn_perft(s, depth), turns[depth]) << "depth " << depth;
    }
  }
}

}  // namespace
}  // namespace boyi::dots
