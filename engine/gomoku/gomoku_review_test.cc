// Rules review probes: renju positions built independently from RIF knowledge
// (stone lists rather than diagrams), checked against both the engine and the
// reference, and the ccgc opening's actors step by step.
#include <gtest/gtest.h>

#include <sstream>

#include "engine/gomoku/test_support.h"

namespace boyi::gomoku {
namespace {

using testing::play;
using testing::pt;
using testing::rules_of;

// A position from lists of points ("E8 G8 H9"), black to move unless told.
State stones(std::string_view black, std::string_view white, Colour to_move = Colour::kBlack,
             std::string_view rules = "rule=renju") {
  std::array<std::array<char, kSize>, kSize> cells;
  for (auto& row : cells) row.fill('.');
  auto put = [&](std::string_view list, char c) {
    std::istringstream in{std::string(list)};
    std::string word;
    while (in >> word) {
      const Point p = pt(word);
      if (p != kNoPoint) cells[point_row(p)][point_col(p)] = c;
    }
  };
  put(black, 'X');
  put(white, 'O');
  std::string text;
  for (int row = kSize - 1; row >= 0; --row) text += std::string(cells[row].data(), kSize) + "\n";
  auto s = State::from_diagram(rules_of(rules), text, to_move);
  EXPECT_TRUE(s.ok()) << s.message();
  return s.ok() ? s.value() : State();
}

// The engine and the reference agree that black at `at` is `foul`.
void expect_foul(const State& s, std::string_view at, Foul foul) {
  const Point p = pt(at);
  EXPECT_EQ(foul_name(s.foul_at(p)), foul_name(foul)) << at << "\n" << s.to_text();
  reference::Grid g = reference::grid_of(s);
  EXPECT_EQ(foul_name(reference::forbidden(g, point_col(p), point_row(p))), foul_name(foul))
      << at << " (reference)";
}

TEST(RenjuReview, SplitThreePlusThreeIsDoubleThree) {
  // E8 . G8 [H8] is a split three (F8 makes E8-H8 open at D8 and I8).
  expect_foul(stones("E8 G8 H9 H10", ""), "H8", Foul::kDoubleThree);
}

TEST(RenjuReview, EdgeBlockedThreeIsNoThree) {
  // A8 B8 [C8]: the only four in a row, A8-D8, touches the edge: no straight four.
  expect_foul(stones("A8 B8 C9 C10", ""), "C8", Foul::kNone);
  // B8 C8 [D8] with A8 empty: E8 makes B8-E8, open at A8 and F8: a real three.
  expect_foul(stones("B8 C8 D9 D10", ""), "D8", Foul::kDoubleThree);
}

TEST(RenjuReview, ThreeWhoseStraightFoursWouldOverlineIsNoThree) {
  // B8 . . E8 F8 [G8] . . J8: D8 gives D8-G8 whose C8 end makes six with B8;
  // H8 gives E8-H8 whose I8 end makes six with J8. No straight four: no three.
  expect_foul(stones("B8 E8 F8 J8 G9 G10", ""), "G8", Foul::kNone);
  // With only B8 the H8 side is a straight four: a real three.
  expect_foul(stones("B8 E8 F8 G9 G10", ""), "G8", Foul::kDoubleThree);
}

TEST(RenjuReview, FoursOnOneLine) {
  // XXX.[X].XXX: two fours on one line.
  expect_foul(stones("C8 D8 E8 I8 J8 K8", ""), "G8", Foul::kDoubleFour);
  // A straight four is one four: with a three elsewhere it is 4-3, allowed.
  expect_foul(stones("E8 F8 G8 H9 H10", ""), "H8", Foul::kNone);
  // A straight four and a four on another line: 4-4.
  expect_foul(stones("E8 F8 G8 H9 H10 H11", "H12"), "H8", Foul::kDoubleFour);
}

TEST(RenjuReview, ThreeWhoseOnlyCompletionIsFourThreeThreeIsNoThree) {
  // H8: horizontal F8 G8 [H8] (D8 white: only I8 makes a straight four) and
  // vertical H8 H9 H10. After H8, I8 makes a four (F8-I8) and two threes (I8 I9
  // I10, I8 J9 K10): 4-3-3 is forbidden, so the horizontal is no three.
  expect_foul(stones("F8 G8 H9 H10 I9 I10 J9 K10", "D8"), "H8", Foul::kNone);
  // Without D8 white, E8 completes the horizontal three: double-three.
  expect_foul(stones("F8 G8 H9 H10 I9 I10 J9 K10", ""), "H8", Foul::kDoubleThree);
}

TEST(RenjuReview, RecursionTwoLevelsDeep) {
  // As above, with I12 white: I8's vertical three (I8 I9 I10) can become a
  // straight four only through I7 (I7-I10).
  expect_foul(stones("F8 G8 H9 H10 I9 I10 J9 K10", "D8 I12"), "H8", Foul::kNone);
  // K7 L7 M7 make I7 a double-four (I7-I10 and I7 . K7 L7 M7), so I8's vertical
  // is no three, I8 is only 4-3 and allowed, F8 G8 H8 is a real three again
  // and H8 is a double-three.
  expect_foul(stones("F8 G8 H9 H10 I9 I10 J9 K10 K7 L7 M7", "D8 I12"), "H8", Foul::kDoubleThree);
}

TEST(RenjuReview, FivePrecedesOverlineOnAnotherLine) {
  // Exactly five horizontally (D8-H8) and six vertically through H8.
  State s = stones("D8 E8 F8 G8 H4 H5 H6 H7 H9", "");
  EXPECT_EQ(play(s, "H8").effect, Effect::kFive);
}

TEST(RenjuReview, StandardAndFreestyleFives) {
  // Six in a row: no win under standard (neither colour), a win under freestyle.
  for (Colour c : {Colour::kBlack, Colour::kWhite}) {
    const bool black = c == Colour::kBlack;
    std::string_view line = "C8 D8 E8 G8 H8";
    State standard = stones(black ? line : "", black ? "" : line, c, "rule=standard");
    EXPECT_EQ(play(standard, "F8").effect, Effect::kNone);
    State freestyle = stones(black ? line : "", black ? "" : line, c, "rule=freestyle");
    EXPECT_EQ(play(freestyle, "F8").effect, Effect::kFive);
  }
}

TEST(CcgcReview, ActorsAtEveryStep) {
  State s(rules_of("rule=renju opening=ccgc fifth_n=3"));
  const std::pair<const char*, Seat> steps[] = {
      {"H8", 0},        {"I9", 1},       {"J10", 0},      {"swap", 1},      {"G9", 0},
      {"offer H10", 1}, {"offer K8", 1}, {"offer F6", 1}, {"choose K8", 0}, {"G10", 0}};
  // After the swap seat 1 plays black: stone 4 by seat 0 (white), offers by
  // seat 1 (black), the choice and stone 6 by seat 0 (white).
  for (const auto& [move, actor] : steps) {
    ASSERT_EQ(s.to_move(), actor) << move << "\n" << s.to_text();
    play(s, move);
  }
  EXPECT_EQ(s.at(pt("K8")), Cell::kBlack);
  EXPECT_EQ(s.at(pt("G10")), Cell::kWhite);
  EXPECT_EQ(s.step(), Step::kPlay);
  EXPECT_EQ(s.to_move(), 1);  // black (seat 1) plays stone 7
  EXPECT_EQ(s.colour_to_move(), Colour::kBlack);
}

}  // namespace
}  // namespace boyi::gomoku
