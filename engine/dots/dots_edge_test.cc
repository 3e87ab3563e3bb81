// Edge cases of single edges from the rules, as ASCII diagrams: claiming two boxes
// with one edge, claiming one, the extra move, the turn passing, the game's end.
#include <gtest/gtest.h>

#include "engine/dots/test_support.h"

namespace boyi::dots {
namespace {

using testing::diagram;
using testing::edge;

// Boxes AA and AB have three sides each and share the undrawn edge BBA.
constexpr std::string_view kTwoBoxes = R"(
  +-+-+ + + +
  |   |
  +-+-+ + + +

  + + + + + +

  + + + + + +

  + + + + + +

  + + + + + +
)";

TEST(DotsEdge, OneEdgeClaimsTwoBoxesAndTheSeatDrawsAgain) {
  State s = diagram(kTwoBoxes, 0);
  EXPECT_EQ(s.ply(), 6);
  EXPECT_EQ(s.sides_drawn(0), 3);
  EXPECT_EQ(s.sides_drawn(1), 3);
  auto event = s.apply_checked(0, edge("BBA"));
  ASSERT_TRUE(event.ok()) << event.message();
  EXPECT_EQ(event->claimed, 2);
  EXPECT_EQ(event->boxes[0], 0);
  EXPECT_EQ(event->boxes[1], 1);
  EXPECT_TRUE(event->again);
  EXPECT_EQ(s.score(0), 2);
  EXPECT_EQ(s.score(1), 0);
  EXPECT_EQ(s.box_owner(0), 0);
  EXPECT_EQ(s.box_owner(1), 0);
  EXPECT_EQ(s.to_move(), 0);
  EXPECT_EQ(State::render_event(*event, 1),
            "seat 0 (black, X) draws BBA, claims boxes AA and AB and draws again");
  EXPECT_EQ(s.to_diagram(),
            "+-+-+ + + +\n|X|X|\n+-+-+ + + +\n\n+ + + + + +\n\n+ + + + + +\n\n+ + + + + +\n\n"
            "+ + + + + +\n");
  EXPECT_EQ(s.check(1, edge("AFE")).message(), "it is seat 0 (black)'s turn, not seat 1 (white)'s");
  EXPECT_TRUE(s.check(0, edge("AFE")).ok());
  EXPECT_EQ(s.hash(), s.compute_hash());
}

TEST(DotsEdge, OneEdgeClaimsOneBox) {
  // Box AA has three sides; BBA also borders AB, which has only two.
  State s = diagram(R"(
    +-+-+ + + +
    |
    +-+-+ + + +

    + + + + + +

    + + + + + +

    + + + + + +

    + + + + + +
  )",
                    1);
  EXPECT_EQ(s.sides_drawn(1), 2);
  auto event = s.apply_checked(1, edge("BBA"));
  ASSERT_TRUE(event.ok()) << event.message();
  EXPECT_EQ(event->claimed, 1);
  EXPECT_EQ(event->boxes[0], 0);
  EXPECT_EQ(event->boxes[1], -1);
  EXPECT_TRUE(event->again);
  EXPECT_EQ(s.score(1), 1);
  EXPECT_EQ(s.box_owner(0), 1);
  EXPECT_EQ(s.box_owner(1), kPublic);
  EXPECT_EQ(s.sides_drawn(1), 3);
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(State::render_event(*event, kPublic),
            "seat 1 (white, O) draws BBA, claims box AA and draws again");
  // The next edge, BCA, claims AB too: the seat still moves.
  event = s.apply_checked(1, edge("BCA"));
  ASSERT_TRUE(event.ok());
  EXPECT_EQ(event->claimed, 1);
  EXPECT_EQ(event->boxes[0], 1);
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(s.score(1), 2);
}

TEST(DotsEdge, AnEdgeThatClaimsNothingPassesTheTurn) {
  State s(Rules{});
  EXPECT_EQ(s.to_move(), 0);
  auto event = s.apply_checked(0, edge("AAA"));
  ASSERT_TRUE(event.ok());
  EXPECT_EQ(event->claimed, 0);
  EXPECT_FALSE(event->again);
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(State::render_event(*event, 0), "seat 0 (black, X) draws AAA; the turn passes");
  EXPECT_EQ(s.apply_checked(0, edge("AAB")).message(),
            "it is seat 1 (white)'s turn, not seat 0 (black)'s");
  EXPECT_EQ(s.apply_checked(1, edge("AAA")).message(), "edge AAA is already drawn");
  // A box's third side claims nothing: the turn passes back.
  State t = diagram(kTwoBoxes, 1);
  event = t.apply_checked(1, edge("ADA"));
  ASSERT_TRUE(event.ok());
  EXPECT_FALSE(event->again);
  EXPECT_EQ(t.to_move(), 0);
}

// Everything drawn but BBA; AA and AB are the last two boxes. X has 12, O 11.
constexpr std::string_view kLastTwoBoxes = R"(
+-+-+-+-+-+
|   |X|O|X|
+-+-+-+-+-+
|X|O|X|O|X|
+-+-+-+-+-+
|O|X|O|X|O|
+-+-+-+-+-+
|X|O|X|O|X|
+-+-+-+-+-+
|O|X|O|X|O|
+-+-+-+-+-+
)";

TEST(DotsEdge, TheLastEdgeEndsTheGameAndTheScoreDecides) {
  State s = diagram(kLastTwoBoxes, 1);
  EXPECT_EQ(s.score(0), 12);
  EXPECT_EQ(s.score(1), 11);
  EXPECT_EQ(s.undrawn_count(), 1);
  EXPECT_FALSE(s.is_terminal());
  EXPECT_EQ(testing::sorted_texts(s), std::vector<std::string>{"BBA"});
  auto event = s.apply_checked(1, edge("BBA"));
  ASSERT_TRUE(event.ok());
  EXPECT_EQ(event->claimed, 2);
  EXPECT_FALSE(event->again);  // nothing left to draw
  EXPECT_EQ(State::render_event(*event, 0),
            "seat 1 (white, O) draws BBA, claims boxes AA and AB; the game is over");
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.to_move(), kPublic);
  EXPECT_FALSE(s.can_act(1));
  EXPECT_EQ(s.score(1), 13);
  const Outcome o = s.outcome();
  EXPECT_EQ(o.ending, Ending::kNormal);
  EXPECT_EQ(o.winner, std::optional<Seat>(1));
  EXPECT_EQ(o.detail, "12-13");
  EXPECT_EQ(describe(o), "seat 1 wins (normal: 12-13)");
  MoveList list;
  s.legal_moves(list);
  EXPECT_TRUE(list.empty());
  EXPECT_EQ(s.check(1, edge("AAA")).message(), "the game is over");
  EXPECT_NE(s.view(kPublic).to_text().find("game over after 60 edges: seat 1 wins (normal: 12-13)"),
            std::string::npos);
}

TEST(DotsEdge, BlackWinsWhenItTakesTheLastBoxes) {
  State s = diagram(kLastTwoBoxes, 0);
  ASSERT_TRUE(s.apply_checked(0, edge("BBA")).ok());
  EXPECT_EQ(s.outcome().winner, std::optional<Seat>(0));
  EXPECT_EQ(s.outcome().detail, "14-11");
}

TEST(DotsEdge, ViewDrawsTheBoardScoreAndTurn) {
  State s = diagram(kTwoBoxes, 0);
  ASSERT_TRUE(s.apply_checked(0, edge("BBA")).ok());
  EXPECT_EQ(s.view(1).to_text(),
            "    A   B   C   D   E   F\n"
            "A   +---+---+   +   +   +\n"
            "    | X | X |\n"
            "B   +---+---+   +   +   +\n"
            "\n"
            "C   +   +   +   +   +   +\n"
            "\n"
            "D   +   +   +   +   +   +\n"
            "\n"
            "E   +   +   +   +   +   +\n"
            "\n"
            "F   +   +   +   +   +   +\n"
            "score: seat 0 (black, X) 2, seat 1 (white, O) 0\n"
            "ply 7, to move: seat 0 (black, X)\n"
            "you are seat 1 (white, O)\n");
  EXPECT_EQ(s.view(kPublic).to_text().substr(0, s.to_text().size()), s.to_text());
  EXPECT_TRUE(s.view(kPublic).to_text().ends_with("you are a spectator\n"));
}

}  // namespace
}  // namespace boyi::dots
