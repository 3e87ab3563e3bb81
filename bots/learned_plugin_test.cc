// The learned players come from a library loaded at run time: present when it
// loads, absent (with a warning, the other players untouched) when it does not.
#include "bots/learned_plugin.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "bots/player.h"

namespace boyi::bots {
namespace {

bool offers(std::string_view game, std::string_view name) {
  const auto names = player_names(game);
  return std::find(names.begin(), names.end(), name) != names.end();
}

#if BOYI_WITH_LEARNED
TEST(LearnedPlugin, TheBuiltLibraryOffersTheLearnedPlayers) {
  EXPECT_TRUE(offers("gomoku", "td"));
  EXPECT_TRUE(offers("surakarta", "neural"));
  EXPECT_TRUE(offers("junqi", "dmc"));
  EXPECT_TRUE(offers("gomoku", "threat"));
  EXPECT_TRUE(make_player<gomoku::State>("td", 1).ok());
}
#else
// Built without libtorch: no library beside the program, so no learned player, and
// every other player is there.
TEST(LearnedPlugin, ABuildWithoutLearnedPlayersOffersAllTheOthers) {
  EXPECT_FALSE(offers("gomoku", "td"));
  EXPECT_FALSE(offers("junqi", "dmc"));
  EXPECT_TRUE(offers("gomoku", "threat"));
  EXPECT_TRUE(offers("dots", "chain"));
  EXPECT_FALSE(make_player<gomoku::State>("td", 1).ok());
}
#endif

// In a child process: the library is loaded once per process.
TEST(LearnedPluginDeathTest, AMissingLibraryLeavesTheOtherPlayers) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        ::setenv("BOYI_LEARNED_LIBRARY", "/nonexistent/libboyi_learned.so", 1);
        const bool ok = offers("gomoku", "threat") && !offers("gomoku", "td") &&
                        !make_player<gomoku::State>("td", 1).ok() &&
                        make_player<gomoku::State>("threat", 1).ok();
        std::exit(ok ? 0 : 1);
      },
      testing::ExitedWithCode(0), "the learned players are unavailable");
}

}  // namespace
}  // namespace boyi::bots
