// The rules' edge cases as positions drawn as ASCII diagrams: overlines, fours
// and threes under renju (with the recursive three), five taking precedence,
// white's freedom, the other rule sets and the full board.
#include <gtest/gtest.h>

#include "engine/gomoku/test_support.h"

namespace boyi::gomoku {
namespace {

using testing::diagram;
using testing::play;
using testing::pt;
using testing::rules_of;

constexpr const char* kOverline = R"(
   A B C D E F G H I J K L M N O
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . . . . . . . . . . . 12
11 . . . . . . . . . . . . . . . 11
10 . . . . . . . . . . . . . . . 10
 9 . . . . . . . . . . . . . . . 9
 8 . . . X X X . X X . . . . . . 8
 7 . . . . . . . . . . . . . . . 7
 6 . . . . . . . . . . . . . . . 6
 5 . . . . . . . . . . . . . . . 5
 4 . . . O O O . O O . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 . . . . . . . . . . . . . . . 1
   A B C D E F G H I J K L M N O
)";

constexpr const char* kDoubleFourTwoLines = R"(
   A B C D E F G H I J K L M N O
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . . . . . . . . . . . 12
11 . . . . . . . . . . . . . . . 11
10 . . . . . . . . . . . . . . . 10
 9 . . . . . . . . . . . . . . . 9
 8 . . . O X X X . . . . . . . . 8
 7 . . . . . . . X . . . . . . . 7
 6 . . . . . . . X . . . . . . . 6
 5 . . . . . . . X . . . . . . . 5
 4 . . . . . . . O . . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 . . . . . . . . . . . . . . . 1
   A B C D E F G H I J K L M N O
)";

constexpr const char* kDoubleFourOneLineGap = R"(
   A B C D E F G H I J K L M N O
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . . . . . . . . . . . 12
11 . . . . . . . . . . . . . . . 11
10 . . . . . . . . . . . . . . . 10
 9 . . . . . . . . . . . . . . . 9
 8 . . . X . X . X . X . . . . . 8
 7 . . . . . . . . . . . . . . . 7
 6 . . . . . . . . . . . . . . . 6
 5 . . . . . . O O O O . . . . . 5
 4 . . . . . . . . . . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 . . . . . . . . . . . . . . . 1
   A B C D E F G H I J K L M N O
)";

constexpr const char* kDoubleFourOneLinePairs = R"(
   A B C D E F G H I J K L M N O
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . . . . . . . . . . . 12
11 . . . . . . . . . . . . . . . 11
10 . . . . . . . . . . . . . . . 10
 9 . . . . . . . . . . . . . . . 9
 8 . . X X . X . . X X . . . . . 8
 7 . . . . . . . . . . . . . . . 7
 6 . . . . . . . . . . . . . . . 6
 5 . . O O O O . . . . . . . . . 5
 4 . . . . . . . . . . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 . . . . . . . . . . . . . . . 1
   A B C D E F G H I J K L M N O
)";

constexpr const char* kDoubleThree = R"(
   A B C D E F G H I J K L M N O
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . . . . . . . . . . . 12
11 . . . . . . . . . . . . . . . 11
10 . . . . . . . X . . . . . . . 10
 9 . . . . . . . X . . . . . . . 9
 8 . . . . . X X . . . . . . . . 8
 7 . . . . . . . . . . . . . . . 7
 6 . . . . . . . . . . . . . . . 6
 5 . . . . . . . . . . . . . . . 5
 4 . . . . . . . . . . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 O O O O . . . . . . . . . . . 1
   A B C D E F G H I J K L M N O
)";

// J10 makes the open three I11-J10-K9 and the split three K11-J10-_-H8, whose only
// completion I9 also makes five in column I (I7-I11): by RIF's definition (one stone added
// *without at the same time making five*) that is no three, so J10 is not a double-three.
constexpr const char* kThreeCompletedOnlyByAFive = R"(
   A B C D E F G H I J K L M N O
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . X . . . . . . 13
12 . . . . . . . . O . O . . . . 12
11 . . . . . . . . X . X . . . . 11
10 . . . . . . . . X . . . . . . 10
 9 . . . . . . O O . . X . . . . 9
 8 . . . . . . . X X . . . . . . 8
 7 . . . . . . . O X O . . . . . 7
 6 . . . . . . . X . . X . . . . 6
 5 . . . . . . . . . . . . . . . 5
 4 . . . . . . . . . . . . . . . 4
 3 O . O . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 O . O . . . . . . . . . . . . 1
   A B C D E F G H I J K L M N O
)";

constexpr const char* kFakeThree = R"(
   A B C D E F G H I J K L M N O
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . . . . . . . . . . . 12
11 . . . . . . . . X . . X . . . 11
10 . . . . . . . X X . X . . . . 10
 9 . . . . . . . X X X . . . . . 9
 8 . . . O . X X . . . . . . . . 8
 7 . . . . . . . . . . . . . . . 7
 6 . . . . . . . . . . . . . . . 6
 5 . . . . . . . . . . . . . . . 5
 4 . . . . . . . . . . . . . . . 4
 3 . O . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 O . O . O . O . O . O . O . O 1
   A B C D E F G H I J K L M N O
)";

constexpr const char* kFakeThreeControl = R"(
   A B C D E F G H I J K L M N O
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . . . . . . . . . . . 12
11 . . . . . . . . . . . . . . . 11
10 . . . . . . . X . . . . . . . 10
 9 . . . . . . . X . . . . . . . 9
 8 . . . O . X X . . . . . . . . 8
 7 . . . . . . . . . . . . . . . 7
 6 . . . . . . . . . . . . . . . 6
 5 . . . . . . . . . . . . . . . 5
 4 . . . . . . . . . . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 O O O . . . . . . . . . . . . 1
   A B C D E F G H I J K L M N O
)";

constexpr const char* kBlockedThree = R"(
   A B C D E F G H I J K L M N O
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . . . . . . . . . . . 12
11 . . . . . . . . . . . . . . . 11
10 . . . . . . . X . . . . . . . 10
 9 . . . . . . . X . . . . . . . 9
 8 . . . . O X X . . . . . . . . 8
 7 . . . . . . . . . . . . . . . 7
 6 . . . . . . . . . . . . . . . 6
 5 . . . . . . . . . . . . . . . 5
 4 . . . . . . . . . . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 O O O . . . . . . . . . . . . 1
   A B C D E F G H I J K L M N O
)";

constexpr const char* kFiveAndDoubleFour = R"(
   A B C D E F G H I J K L M N O
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . . . O . . . . . . . 12
11 . . . . . . . X . . X . . . . 11
10 . . . . . . . X . X . . . . . 10
 9 . . . . . . . X X . . . . . . 9
 8 . . O X X X X . . . . . . . . 8
 7 . . . . . . . . . . . . . . . 7
 6 . . . . . . . . . . . . . . . 6
 5 . . . . . . . . . . . . . . . 5
 4 . . . . . . . . . . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 O . O . O . O . O . O . O . O 1
   A B C D E F G H I J K L M N O
)";

constexpr const char* kFiveAndDoubleThree = R"(
   A B C D E F G H I J K L M N O
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . . . . . . . . . . . 12
11 . . . . . . . . . . . . . . . 11
10 . . . . . . . X . X . . . . . 10
 9 . . . . . . . X X . . . . . . 9
 8 . . . X X X X . . . . . . . . 8
 7 . . . . . . . . . . . . . . . 7
 6 . . . . . . . . . . . . . . . 6
 5 . . . . . . . . . . . . . . . 5
 4 . . . . . . . . . . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 O . O . O . O . O . O . O . O 1
   A B C D E F G H I J K L M N O
)";

constexpr const char* kFiveAndOverline = R"(
   A B C D E F G H I J K L M N O
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . . . . . . . . . . . 12
11 . . . . . . . X . . . . . . . 11
10 . . . . . . . X . . . . . . . 10
 9 . . . . . . . X . . . . . . . 9
 8 . . . X X X X . . . . . . . . 8
 7 . . . . . . . X . . . . . . . 7
 6 . . . . . . . X . . . . . . . 6
 5 . . . . . . . . . . . . . . . 5
 4 . . . . . . . . . . . . . . . 4
 3 . O . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 O . O . O . O . O . O . O . O 1
   A B C D E F G H I J K L M N O
)";

constexpr const char* kFourThree = R"(
   A B C D E F G H I J K L M N O
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . . . . . . . . . . . 12
11 . . . . . . . . . . . . . . . 11
10 . . . . . . . X . . . . . . . 10
 9 . . . . . . . X . . . . . . . 9
 8 . . . O X X X . . . . . . . . 8
 7 . . . . . . . . . . . . . . . 7
 6 . . . . . . . . . . . . . . . 6
 5 . . . . . . . . . . . . . . . 5
 4 . . . . . . . . . . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 O O O O . . . . . . . . . . . 1
   A B C D E F G H I J K L M N O
)";

constexpr const char* kWhiteShapes = R"(
   A B C D E F G H I J K L M N O
15 X . X . X . X . X . X . X . X 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . O . . . 13
12 . . . . . . . . . . . O . . . 12
11 . . . . . . . . . O O . . . . 11
10 . . . . . . . . . . . . . . . 10
 9 . . . . . . . . . . . . . . . 9
 8 . . . . . . . . . . . . . . . 8
 7 . . . . O . . . . . . . . . . 7
 6 . . . . O . . . . . . . . . . 6
 5 . . . . O . . . . . . . . . . 5
 4 . O O O . . . . . . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 X . . . . . . . . . . . . . X 1
   A B C D E F G H I J K L M N O
)";

// Every line holds at most two stones of a colour in a row; O15 is empty.
constexpr const char* kAlmostFull = R"(
   A B C D E F G H I J K L M N O
15 X X O O X X O O X X O O X X . 15
14 O O X X O O X X O O X X O O X 14
13 X X O O X X O O X X O O X X O 13
12 O O X X O O X X O O X X O O X 12
11 X X O O X X O O X X O O X X O 11
10 O O X X O O X X O O X X O O X 10
 9 X X O O X X O O X X O O X X O 9
 8 O O X X O O X X O O X X O O X 8
 7 X X O O X X O O X X O O X X O 7
 6 O O X X O O X X O O X X O O X 6
 5 X X O O X X O O X X O O X X O 5
 4 O O X X O O X X O O X X O O X 4
 3 X X O O X X O O X X O O X X O 3
 2 O O X X O O X X O O X X O O X 2
 1 X X O O X X O O X X O O X X O 1
   A B C D E F G H I J K L M N O
)";

// The engine and the reference agree on why a black stone at `at` is forbidden.
void expect_foul(const State& s, std::string_view at, Foul foul) {
  const Point p = pt(at);
  EXPECT_EQ(foul_name(s.foul_at(p)), foul_name(foul)) << at;
  EXPECT_EQ(s.is_forbidden(p), foul != Foul::kNone) << at;
  EXPECT_EQ(s.forbidden_points().contains(p), foul != Foul::kNone) << at;
  reference::Grid grid = reference::grid_of(s);
  EXPECT_EQ(foul_name(reference::forbidden(grid, point_col(p), point_row(p))), foul_name(foul))
      << at;
}

// Playing `at` ends the game with a foul of this kind; white (seat 1) wins.
void expect_foul_played(State s, std::string_view at, Foul foul) {
  MoveList list;
  s.legal_moves(list);
  EXPECT_NE(std::find(list.begin(), list.end(), Move::place(pt(at))), list.end())
      << "a forbidden point is a legal (losing) move";
  const Event e = play(s, at);
  EXPECT_EQ(e.effect, Effect::kFoul);
  EXPECT_EQ(foul_name(e.foul), foul_name(foul));
  EXPECT_EQ(e.winner, 1);
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.outcome().ending, Ending::kFoul);
  EXPECT_EQ(s.outcome().winner, std::optional<Seat>(1));
  EXPECT_EQ(State::render_event(e, 0), "black " + std::string(at) + ": foul (" +
                                           std::string(foul_name(foul)) + "), seat 1 wins");
  EXPECT_EQ(s.to_move(), kPublic);
  s.legal_moves(list);
  EXPECT_TRUE(list.empty());
}

// Playing `at` wins for the mover.
void expect_win(State s, std::string_view at) {
  const Seat mover = s.to_move();
  const Event e = play(s, at);
  EXPECT_EQ(e.effect, Effect::kFive) << at;
  EXPECT_EQ(e.winner, mover);
  EXPECT_EQ(s.outcome().ending, Ending::kNormal);
  EXPECT_EQ(s.outcome().winner, std::optional<Seat>(mover));
  EXPECT_TRUE(s.is_terminal());
}

// Playing `at` leaves the game running.
void expect_continues(State s, std::string_view at) {
  const Event e = play(s, at);
  EXPECT_EQ(e.effect, Effect::kNone) << at;
  EXPECT_FALSE(s.is_terminal()) << at;
  EXPECT_EQ(s.outcome().ending, Ending::kNone);
}

const Rules kRenju = Rules{};

TEST(RenjuEdge, BlackOverlineIsAFoul) {
  const State s = diagram(kRenju, kOverline);
  expect_foul(s, "G8", Foul::kOverline);
  expect_foul_played(s, "G8", Foul::kOverline);
}

TEST(RenjuEdge, WhiteOverlineWins) {
  expect_win(diagram(kRenju, kOverline, Colour::kWhite), "G4");
}

TEST(StandardEdge, OverlineWinsForNobody) {
  const Rules standard = rules_of("rule=standard");
  const State s = diagram(standard, kOverline);
  EXPECT_FALSE(s.is_forbidden(pt("G8")));
  expect_continues(s, "G8");
  expect_continues(diagram(standard, kOverline, Colour::kWhite), "G4");
}

TEST(FreestyleEdge, OverlineWins) {
  const Rules freestyle = rules_of("rule=freestyle");
  EXPECT_FALSE(diagram(freestyle, kOverline).is_forbidden(pt("G8")));
  expect_win(diagram(freestyle, kOverline), "G8");
  expect_win(diagram(freestyle, kOverline, Colour::kWhite), "G4");
}

TEST(RenjuEdge, DoubleFourOnTwoLines) {
  const State s = diagram(kRenju, kDoubleFourTwoLines);
  expect_foul(s, "H8", Foul::kDoubleFour);
  expect_foul_played(s, "H8", Foul::kDoubleFour);
}

TEST(RenjuEdge, DoubleFourOnOneLine) {
  // X.X?X.X: the middle stone makes two fours on one line.
  const State gap = diagram(kRenju, kDoubleFourOneLineGap);
  expect_foul(gap, "G8", Foul::kDoubleFour);
  expect_foul_played(gap, "G8", Foul::kDoubleFour);
  // XX.X?.XX: the same with pairs.
  const State pairs = diagram(kRenju, kDoubleFourOneLinePairs);
  expect_foul(pairs, "G8", Foul::kDoubleFour);
  expect_foul_played(pairs, "G8", Foul::kDoubleFour);
  // Neither point around it is forbidden: each makes a single four or less.
  expect_foul(gap, "E8", Foul::kNone);
  expect_foul(pairs, "E8", Foul::kNone);
  // Under standard rules the shapes are plain moves.
  expect_continues(diagram(rules_of("rule=standard"), kDoubleFourOneLineGap), "G8");
}

TEST(RenjuEdge, DoubleThree) {
  const State s = diagram(kRenju, kDoubleThree);
  expect_foul(s, "H8", Foul::kDoubleThree);
  const View v = s.view(kPublic);
  EXPECT_TRUE(v.forbidden.contains(pt("H8")));
  EXPECT_NE(v.to_text().find("forbidden: H8"), std::string::npos) << v.to_text();
  expect_foul_played(s, "H8", Foul::kDoubleThree);
  // With white to move nothing is marked forbidden.
  EXPECT_TRUE(diagram(kRenju, kDoubleThree, Colour::kWhite).view(0).forbidden.empty());
}

TEST(RenjuEdge, ThreeWhoseOnlyCompletionIsForbiddenIsNoThree) {
  // F8 G8 H8 could become a straight four only through I8, and I8 is itself a
  // double-four; so H8 makes one real three (vertical) and is allowed.
  const State s = diagram(kRenju, kFakeThree);
  expect_foul(s, "I8", Foul::kDoubleFour);
  expect_foul(s, "H8", Foul::kNone);
  expect_continues(s, "H8");
  // Without the stones that make I8 forbidden, H8 is a double-three.
  expect_foul(diagram(kRenju, kFakeThreeControl), "H8", Foul::kDoubleThree);
}

TEST(RenjuEdge, ThreeWhoseOnlyCompletionMakesFiveIsNoThree) {
  const State s = diagram(kRenju, kThreeCompletedOnlyByAFive);
  expect_win(s, "I9");                 // I9 is black's five (column I)
  expect_foul(s, "J10", Foul::kNone);  // one real three (I11-J10-K9), one fake
  expect_continues(s, "J10");
  // Without I7 and I8 (and two white stones, to keep the count), I9 makes no five, nor a four
  // in column I: the split three is real and J10 is a double-three.
  std::string without = kThreeCompletedOnlyByAFive;
  for (const char* cell : {"I7", "I8", "A3", "C3"}) {
    const std::string row = std::string(cell).substr(1);
    const std::size_t at =
        without.find("\n" + std::string(row.size() == 1 ? " " : "") + row + " ") + 4 +
        2 * static_cast<std::size_t>(cell[0] - 'A');
    ASSERT_NE(without.at(at), '.') << cell;
    without[at] = '.';
  }
  const State control = diagram(kRenju, without);
  expect_foul(control, "I9", Foul::kNone);
  expect_foul(control, "J10", Foul::kDoubleThree);
  expect_foul_played(control, "J10", Foul::kDoubleThree);
}

TEST(RenjuEdge, ThreeBlockedAtOneEndIsNoThree) {
  const State s = diagram(kRenju, kBlockedThree);
  expect_foul(s, "H8", Foul::kNone);
  expect_continues(s, "H8");
}

TEST(RenjuEdge, ExactlyFiveTakesPrecedence) {
  const std::pair<const char*, Foul> cases[] = {{kFiveAndDoubleFour, Foul::kDoubleFour},
                                                {kFiveAndDoubleThree, Foul::kDoubleThree},
                                                {kFiveAndOverline, Foul::kOverline}};
  for (const auto& [d, foul] : cases) {
    const State s = diagram(kRenju, d);
    expect_foul(s, "H8", Foul::kNone);
    expect_win(s, "H8");
    // Without D8 the horizontal line is only a four and the shape is a foul:
    // the five is what saves it.
    std::string weaker = d;
    const std::size_t d8 = weaker.find("\n 8 ") + 4 + 2 * 3;  // column D of row 8
    ASSERT_EQ(weaker.at(d8), 'X');
    weaker[d8] = '.';
    expect_foul(diagram(kRenju, weaker), "H8", foul);
  }
  State s = diagram(kRenju, kFiveAndDoubleThree);
  EXPECT_EQ(State::render_event(play(s, "H8"), kPublic), "black H8: five, seat 0 wins");
  EXPECT_EQ(describe(s.outcome()), "seat 0 wins (normal: black made five)");
}

TEST(RenjuEdge, FourThreeIsAllowed) {
  const State s = diagram(kRenju, kFourThree);
  expect_foul(s, "H8", Foul::kNone);
  expect_continues(s, "H8");
}

TEST(RenjuEdge, WhiteHasNoForbiddenShapes) {
  const State s = diagram(kRenju, kWhiteShapes, Colour::kWhite);
  expect_continues(s, "E4");   // white double-four
  expect_continues(s, "L11");  // white double-three
  // The same points would be fouls for black if the stones were black: the
  // view for white marks nothing.
  EXPECT_TRUE(s.view(1).forbidden.empty());
}

TEST(GomokuEdge, FullBoardIsADraw) {
  for (const char* text : {"rule=renju", "rule=standard", "rule=freestyle"}) {
    State s = diagram(rules_of(text), kAlmostFull, Colour::kWhite);
    EXPECT_EQ(s.stone_count(), kPoints - 1);
    EXPECT_EQ(testing::fast_texts(s), std::vector<std::string>{"O15"});
    const Event e = play(s, "O15");
    EXPECT_EQ(e.effect, Effect::kBoardFull) << text;
    EXPECT_TRUE(s.is_terminal());
    EXPECT_TRUE(s.outcome().is_draw());
    EXPECT_EQ(s.outcome().ending, Ending::kNormal);
    EXPECT_EQ(State::render_event(e, 1), "white O15: board full, draw");
    EXPECT_EQ(describe(s.outcome()), "draw (normal: board full)");
  }
  // Black filling the last point under renju: no line can be a three or four.
  State black = diagram(kRenju, kAlmostFull, Colour::kBlack);
  EXPECT_FALSE(black.is_forbidden(pt("O15")));
  EXPECT_EQ(play(black, "O15").effect, Effect::kBoardFull);
}

}  // namespace
}  // namespace boyi::gomoku
