// Whole turns as the platform sends them: accepted exactly when the platform
// accepts them, rejected atomically with a plain reason otherwise.
#include <gtest/gtest.h>

#include "engine/dots/test_support.h"

namespace boyi::dots {
namespace {

using testing::diagram;
using testing::edge;

// A chain of three boxes along row A: BBA claims AA, then BCA claims AB, BDA claims AC.
constexpr std::string_view kChain = R"(
  +-+-+-+ + +
  |
  +-+-+-+ + +

  + + + + + +

  + + + + + +

  + + + + + +

  + + + + + +
)";

Turn turn(std::string_view text) {
  auto t = State::parse_turn(text);
  EXPECT_TRUE(t.ok()) << t.message();
  return t.ok() ? *t : Turn{};
}

// Applies a turn that must be rejected; checks the reason and that nothing changed.
std::string rejected(State& s, Seat seat, std::string_view text) {
  const State before = s;
  auto events = s.apply_turn_checked(seat, turn(text));
  EXPECT_FALSE(events.ok()) << text;
  EXPECT_EQ(s, before) << text;
  return events.ok() ? std::string() : events.message();
}

TEST(DotsTurn, AValidTurnClaimsThenEndsWithANonClaimingEdge) {
  State s = diagram(kChain, 0);
  State edge_by_edge = s;
  auto events = s.apply_turn_checked(0, turn("move 4 BBA BCA BDA AFE"));
  ASSERT_TRUE(events.ok()) << events.message();
  ASSERT_EQ(events->size(), 4u);
  EXPECT_EQ((*events)[0].boxes[0], 0);
  EXPECT_EQ((*events)[1].boxes[0], 1);
  EXPECT_EQ((*events)[2].boxes[0], 2);
  EXPECT_EQ((*events)[3].claimed, 0);
  EXPECT_FALSE((*events)[3].again);
  EXPECT_EQ(s.score(0), 3);
  EXPECT_EQ(s.to_move(), 1);
  // The same edges one by one give the same record and state.
  std::vector<Event> one_by_one;
  for (const char* e : {"BBA", "BCA", "BDA", "AFE"}) {
    auto event = edge_by_edge.apply_checked(0, edge(e));
    ASSERT_TRUE(event.ok()) << event.message();
    one_by_one.push_back(*event);
  }
  EXPECT_EQ(one_by_one, *events);
  EXPECT_EQ(edge_by_edge, s);
  EXPECT_EQ(edge_by_edge.hash(), s.hash());
  // The bare list form is the same turn.
  EXPECT_EQ(turn("BBA BCA BDA AFE"), turn("move 4 BBA BCA BDA AFE"));
}

TEST(DotsTurn, TooLongAnEdgeFollowsANonClaimingEdge) {
  State s = diagram(kChain, 0);
  EXPECT_EQ(rejected(s, 0, "BBA AFE BCA"),
            "edge 2 of 3 (AFE) claims no box, so the turn ends there; 1 more edge follows");
  EXPECT_EQ(rejected(s, 0, "move 3 AFE AEE ADE"),
            "edge 1 of 3 (AFE) claims no box, so the turn ends there; 2 more edges follow");
}

TEST(DotsTurn, TooShortTheLastEdgeClaimsWhileBoxesRemain) {
  State s = diagram(kChain, 0);
  EXPECT_EQ(rejected(s, 0, "BBA BCA"),
            "edge 2 of 2 (BCA) claims a box and boxes remain, so the turn must go on: the turn "
            "must end with an edge that claims no box (or the game's last box)");
  EXPECT_EQ(rejected(s, 0, "move 1 BBA").substr(0, 36), "edge 1 of 1 (BBA) claims a box and b");
}

TEST(DotsTurn, DuplicateAndAlreadyDrawnEdges) {
  State s = diagram(kChain, 0);
  EXPECT_EQ(rejected(s, 0, "BBA BBA AFE"), "edge 2 of 3 (BBA) is listed twice in the turn");
  EXPECT_EQ(rejected(s, 0, "move 1 AAA"), "edge 1 of 1 (AAA): edge AAA is already drawn");
  EXPECT_EQ(rejected(s, 0, "BBA AAB"), "edge 2 of 2 (AAB): edge AAB is already drawn");
}

TEST(DotsTurn, WrongSeatAndGameOver) {
  State s = diagram(kChain, 0);
  EXPECT_EQ(rejected(s, 1, "AFE"), "it is seat 0 (black)'s turn, not seat 1 (white)'s");
  EXPECT_EQ(rejected(s, 2, "AFE"), "seat 2 is not a player");
  EXPECT_EQ(s.apply_turn_checked(0, Turn{}).message(), "the turn has no edges");
  State over = diagram(R"(
+-+-+-+-+-+
|X|X|X|X|X|
+-+-+-+-+-+
|X|X|X|X|X|
+-+-+-+-+-+
|X|X|X|X|X|
+-+-+-+-+-+
|O|O|O|O|O|
+-+-+-+-+-+
|O|O|O|O|O|
+-+-+-+-+-+
)",
                       0);
  EXPECT_TRUE(over.is_terminal());
  EXPECT_EQ(over.outcome().detail, "15-10");
  EXPECT_EQ(rejected(over, 0, "AAA"), "the game is over");
}

TEST(DotsTurn, TheLastEdgeMayClaimTheGamesLastBox) {
  // Undrawn: AAA (AA's top) and BFA (AE's right). X has 11, O 12.
  constexpr std::string_view kLastTwo = R"(
+ +-+-+-+-+
| |O|X|O|
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
  State s = diagram(kLastTwo, 0);
  EXPECT_EQ(s.score(0), 11);
  EXPECT_EQ(s.score(1), 12);
  EXPECT_EQ(rejected(s, 0, "AAA").substr(0, 36), "edge 1 of 1 (AAA) claims a box and b");
  State by_edges = s;
  auto events = s.apply_turn_checked(0, turn("move 2 AAA BFA"));
  ASSERT_TRUE(events.ok()) << events.message();
  EXPECT_TRUE((*events)[0].again);
  EXPECT_EQ((*events)[1].claimed, 1);
  EXPECT_FALSE((*events)[1].again);
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.outcome().winner, std::optional<Seat>(0));
  EXPECT_EQ(s.outcome().detail, "13-12");
  ASSERT_TRUE(by_edges.apply_checked(0, edge("AAA")).ok());
  ASSERT_TRUE(by_edges.apply_checked(0, edge("BFA")).ok());
  EXPECT_EQ(by_edges, s);
}

TEST(DotsTurn, PlatformFormNeedsTheRightCount) {
  EXPECT_EQ(State::parse_turn("move 3 BBA BCA").message(),
            "'move 3' announces 3 edges but 2 follow");
  EXPECT_EQ(State::parse_turn("move 1 BBA BCA").message(),
            "'move 1' announces 1 edge but 2 follow");
  EXPECT_EQ(State::parse_turn("move 0").message(),
            "in 'move N ...', N must be a number 1-60, got '0'");
  EXPECT_FALSE(State::parse_turn("move 61 AAA").ok());
  EXPECT_FALSE(State::parse_turn("move -1 AAA").ok());
  EXPECT_FALSE(State::parse_turn("move +1 AAA").ok());
  EXPECT_FALSE(State::parse_turn("move x AAA").ok());
  EXPECT_EQ(State::parse_turn("move").message(),
            "'move' must be followed by the number of edges N");
  EXPECT_EQ(State::parse_turn("move 2 AAA AXA").message(),
            "edge 2 of 2: 'AXA': the line (second letter) must be A-F");
  auto t = State::parse_turn("  move 2\tAAA  BFE\r\n");
  ASSERT_TRUE(t.ok()) << t.message();
  EXPECT_EQ(State::format_turn(*t), "AAA BFE");
  EXPECT_EQ(State::format_platform_turn(*t), "move 2 AAA BFE");
}

}  // namespace
}  // namespace boyi::dots
