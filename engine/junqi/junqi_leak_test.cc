// The leak test: reshuffling the opponent's still-hidden pieces, consistently with everything
// the observer was told, leaves the observer's view, every event rendering and its legal
// moves byte-identical (leak_check.h has the construction). A short run here; the program
// junqi-leak-check runs the same property over 10^5 games.
#include <gtest/gtest.h>

#include <cstdio>

#include "engine/junqi/leak_check.h"

namespace boyi::junqi {
namespace {

#ifdef NDEBUG
constexpr int kGames = 300;
#else
constexpr int kGames = 25;
#endif

TEST(JunqiLeak, ReshuffledHiddenPiecesLookIdentical) {
  const LeakOptions options;
  LeakStats stats;
  for (std::uint64_t seed = 1; seed <= kGames; ++seed) {
    const auto violation = check_leak(seed, options, stats);
    ASSERT_FALSE(violation) << *violation;
  }
  std::printf(
      "junqi leak: %lld worlds accepted, %lld layouts and %lld replays rejected, "
      "%lld plies, %lld messages\n",
      static_cast<long long>(stats.worlds), static_cast<long long>(stats.rejected_layouts),
      static_cast<long long>(stats.rejected_replays), static_cast<long long>(stats.positions),
      static_cast<long long>(stats.messages));
  EXPECT_EQ(stats.games, kGames);
  // Most reshuffles are kept and compared over many plies: the check really looks.
  EXPECT_GT(stats.worlds, kGames * 2 * options.trials / 3);
  EXPECT_GT(stats.positions, stats.worlds * 20);
  EXPECT_GT(stats.move_lists, stats.worlds * 5);
}

// A side to move with no legal move loses, and the ending says why: where a reshuffle leaves
// the enemy stuck in one world only (seed 23894 of the 10^5-game run, at ply 139), the worlds
// part there, counted apart, not as a leak.
TEST(JunqiLeak, AStuckEnemyEndsTheComparisonNotAsALeak) {
  LeakStats stats;
  const auto violation = check_leak(23894, LeakOptions{}, stats);
  EXPECT_FALSE(violation) << *violation;
  EXPECT_EQ(stats.stuck_endings, 1);
}

// The same seed gives the same game and the same reshuffles: a violation's seed reproduces it.
TEST(JunqiLeak, ASeedReproducesItsGame) {
  LeakStats a, b;
  ASSERT_FALSE(check_leak(12345, LeakOptions{}, a));
  ASSERT_FALSE(check_leak(12345, LeakOptions{}, b));
  EXPECT_EQ(a.positions, b.positions);
  EXPECT_EQ(a.worlds, b.worlds);
  EXPECT_EQ(a.messages, b.messages);
}

}  // namespace
}  // namespace boyi::junqi
