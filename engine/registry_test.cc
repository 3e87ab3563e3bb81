// Every registered game, driven only through the type-erased interface: the
// path the terminal program and the referee take.
#include "engine/registry.h"

#include <gtest/gtest.h>

#include <set>

namespace boyi {
namespace {

TEST(Registry, ListsTheGamesInOrderWithTheTestGameUnlisted) {
  std::vector<std::string_view> names;
  for (const auto& g : games()) names.push_back(g.name);
  EXPECT_EQ(names,
            (std::vector<std::string_view>{"junqi", "gomoku", "dots", "surakarta", "tictactoe"}));
  for (const auto& g : games()) EXPECT_EQ(g.listed, g.name != "tictactoe") << g.name;
  EXPECT_EQ(find_game("gomoku")->title, "五子棋");
  EXPECT_EQ(find_game("chess"), nullptr);
  auto unknown = create_game("chess", "");
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.message().find("known: junqi"), std::string::npos);
}

TEST(Registry, SaysWhichGamesCanBeDrawnAndWhichHideInformation) {
  for (const auto& g : games()) {
    EXPECT_EQ(g.can_be_drawn, g.name != "dots") << g.name;  // 25 boxes never split evenly
    EXPECT_EQ(g.hidden_information, g.name == "junqi") << g.name;
  }
}

TEST(Registry, DefaultRulesRoundTrip) {
  for (const auto& g : games()) {
    auto game = g.create(g.default_rules);
    ASSERT_TRUE(game.ok()) << g.name << ": " << game.message();
    EXPECT_EQ((*game)->rules_text(), g.default_rules);
    EXPECT_EQ((*game)->name(), g.name);
  }
}

TEST(Registry, BadRulesAreRejectedWithTheGameNamed) {
  for (const auto& g : games()) {
    auto game = g.create("no_such_option=1");
    ASSERT_FALSE(game.ok()) << g.name;
    EXPECT_EQ(game.message().rfind(std::string(g.name) + " rules: ", 0), 0u) << game.message();
  }
}

// Random games through text moves only, as a remote player would send them.
TEST(Registry, RandomGamesThroughTextEndWithAnOutcome) {
  for (const auto& g : games()) {
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      auto created = g.create("");
      ASSERT_TRUE(created.ok());
      auto& game = *created.value();
      Rng rng(seed);
      int actions = 0;
      while (!game.is_terminal()) {
        ASSERT_LT(++actions, 5000) << g.name << " does not end";
        const Seat seat = game.to_move() == kPublic ? (game.can_act(0) ? 0 : 1) : game.to_move();
        ASSERT_TRUE(game.can_act(seat));
        const Seat other = 1 - seat;
        const std::string move = game.random_move(seat, rng);
        ASSERT_FALSE(move.empty()) << g.name;
        if (game.to_move() == seat && !game.can_act(other)) {
          const auto before = game.hash();
          auto wrong = game.play(other, move);
          EXPECT_FALSE(wrong.ok()) << g.name << " accepted a move from the wrong seat";
          EXPECT_EQ(game.hash(), before);
        }
        auto applied = game.play(seat, move);
        ASSERT_TRUE(applied.ok()) << g.name << " " << move << ": " << applied.message();
        ASSERT_FALSE(applied->moves.empty());
        for (const auto& r : applied->renderings) EXPECT_FALSE(r.empty());
      }
      const Outcome o = game.outcome();
      EXPECT_TRUE(o.finished());
      EXPECT_TRUE(game.legal_moves(0).empty() && game.legal_moves(1).empty());
      EXPECT_FALSE(game.play(0, "garbage").ok());
      EXPECT_FALSE(game.full_text().empty());
    }
  }
}

TEST(Registry, GarbageNeverChangesTheGame) {
  const std::string inputs[] = {"",         " ",       "zzzz",
                                "A",        "move",    "move 99 AAA",
                                "\xff\xfe", "H8H8H8",  std::string(10000, 'x'),
                                "offer",    "swap now"};
  for (const auto& g : games()) {
    auto game = std::move(g.create("").value());
    const auto before = game->hash();
    const auto view = game->view_text(kPublic);
    for (const auto& text : inputs) {
      for (Seat s : {0, 1}) {
        auto r = game->play(s, text);
        ASSERT_FALSE(r.ok()) << g.name << " accepted '" << text << "'";
        EXPECT_FALSE(r.message().empty());
      }
    }
    EXPECT_EQ(game->hash(), before);
    EXPECT_EQ(game->view_text(kPublic), view);
  }
}

TEST(Registry, CloneIsIndependent) {
  for (const auto& g : games()) {
    auto game = std::move(g.create("").value());
    auto copy = game->clone();
    Rng rng(3);
    const Seat seat = game->to_move() == kPublic ? 0 : game->to_move();
    ASSERT_TRUE(copy->play(seat, copy->random_move(seat, rng)).ok());
    EXPECT_NE(copy->hash(), game->hash()) << g.name;
    EXPECT_EQ(game->ply(), 0);
  }
}

}  // namespace
}  // namespace boyi
