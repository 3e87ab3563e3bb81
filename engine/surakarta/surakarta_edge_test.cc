// The rules' edge cases, each as a diagram (row y=0 on top, x=0 on the left; B black, W white).
// Reminder of the inner loop (circuit positions): row y=1 AB..FB, arc, column x=4 EA..EF, arc,
// row y=4 FE..AE, arc, column x=1 BF..BA, arc back to AB. The outer loop uses lines 2 and 3.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/surakarta/reference.h"
#include "engine/surakarta/surakarta.h"
#include "engine/surakarta/test_util.h"

namespace boyi::surakarta {
namespace {

using testing::diagram;
using testing::fast_texts;
using testing::move;
using testing::point_texts;
using Texts = std::vector<std::string>;

// The fast generator gives exactly `expected`, and so does the reference.
void expect_moves(const State& st, Texts expected) {
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(fast_texts(st), expected) << st.to_text();
  EXPECT_EQ(reference::legal_moves(st), expected) << st.to_text();
}

void expect_rejected(const State& st, std::string_view text, std::string_view reason) {
  const Status s = st.check(st.side(), move(st, text));
  EXPECT_FALSE(s.ok()) << text;
  EXPECT_NE(s.message().find(reason), std::string::npos) << text << ": " << s.message();
}

TEST(SurakartaEdge, InitialPositionHasOnlySteps) {
  const State st;
  expect_moves(st, {"ABAC", "ABBC", "BBAC", "BBBC", "BBCC", "CBBC", "CBCC", "CBDC", "DBCC", "DBDC",
                    "DBEC", "EBDC", "EBEC", "EBFC", "FBEC", "FBFC"});
}

TEST(SurakartaEdge, CaptureThroughOneArc) {
  const State st = diagram(R"(
    B.....
    B.....
    ......
    .W....
    ......
    .....W)");
  expect_moves(st, {"AABA", "AABB", "ABAC", "ABBA", "ABBB", "ABBC", "ABBD"});
  EXPECT_TRUE(st.is_capture(move(st, "ABBD")));
  // Shortest path: back over the top-left arc to BA, then down column x=1.
  EXPECT_EQ(point_texts(st.capture_path(move(st, "ABBD"))), (Texts{"AB", "BA", "BB", "BC", "BD"}));
}

TEST(SurakartaEdge, CaptureThroughTwoArcsPassingCrossingsTwice) {
  // AB's way back is blocked by BA; forward it goes round two arcs, through EB and EE twice.
  const State st = diagram(R"(
    .B....
    B.....
    ......
    ......
    .....W
    .....W)");
  expect_moves(st,
               {"ABAA", "ABAC", "ABBB", "ABBC", "ABFE", "BAAA", "BACA", "BABB", "BACB", "BAFE"});
  EXPECT_EQ(point_texts(st.capture_path(move(st, "ABFE"))),
            (Texts{"AB", "BB", "CB", "DB", "EB", "FB", "EA", "EB", "EC", "ED", "EE", "EF", "FE"}));
  // BA goes the other way: down column x=1 and over one arc along row y=4.
  EXPECT_EQ(point_texts(st.capture_path(move(st, "BAFE"))),
            (Texts{"BA", "BB", "BC", "BD", "BE", "BF", "AE", "BE", "CE", "DE", "EE", "FE"}));
}

TEST(SurakartaEdge, CaptureThroughThreeArcsAndEnemyBeforeAnyArc) {
  // BA meets the white BD going down column x=1 before any arc: no capture. AB goes the long
  // way round three arcs to reach the same piece.
  const State st = diagram(R"(
    .B....
    B.....
    ......
    .W....
    ......
    .....W)");
  expect_moves(st, {"ABAA", "ABAC", "ABBB", "ABBC", "ABBD", "BAAA", "BACA", "BABB", "BACB"});
  EXPECT_EQ(st.capture_path(move(st, "ABBD")).size(), 21u);
  expect_rejected(st, "BABD", "no loop path through an arc");
  EXPECT_TRUE(st.capture_path(move(st, "BABD")).empty());
}

TEST(SurakartaEdge, StartPointCountsEmptyWhenThePathReturnsThroughIt) {
  // BB is an inner crossing (circuit positions 1 and 22). Both captures exist only because the
  // path passes BB itself again after the arc at the top-left corner: from position 1 back over
  // AB, the arc, BA, BB, BC to BD; from position 22 up over BA, the arc, AB, BB to CB. Without
  // the arc, CB (adjacent on row y=1) and BD (down column x=1) would be no captures.
  const State st = diagram(R"(
    ......
    .BW...
    ......
    .W....
    ......
    ......)");
  expect_moves(st, {"BBAA", "BBBA", "BBCA", "BBAB", "BBAC", "BBBC", "BBCC", "BBBD", "BBCB"});
  EXPECT_EQ(point_texts(st.capture_path(move(st, "BBBD"))),
            (Texts{"BB", "AB", "BA", "BB", "BC", "BD"}));
  EXPECT_EQ(point_texts(st.capture_path(move(st, "BBCB"))), (Texts{"BB", "BA", "AB", "BB", "CB"}));
}

TEST(SurakartaEdge, PathBlockedByOwnPiece) {
  // BB blocks both of AB's ways; BB itself goes forward round three arcs to BD.
  const State st = diagram(R"(
    ......
    BB....
    ......
    .W....
    ......
    .....W)");
  expect_moves(st, {"ABAA", "ABBA", "ABAC", "ABBC", "BBAA", "BBBA", "BBCA", "BBCB", "BBAC", "BBBC",
                    "BBCC", "BBBD"});
  expect_rejected(st, "ABBD", "no loop path through an arc");
  expect_rejected(st, "ABBB", "holds your own piece");
}

TEST(SurakartaEdge, EnemyBeforeArcWhileAnotherPieceReachesIt) {
  // BA meets BC before any arc, and its forward way is blocked by EA; EA reaches BC over two arcs.
  const State st = diagram(R"(
    .B..B.
    ......
    .W....
    ......
    ......
    .....W)");
  expect_moves(
      st, {"BAAA", "BACA", "BAAB", "BABB", "BACB", "EADA", "EAFA", "EADB", "EAEB", "EAFB", "EABC"});
  expect_rejected(st, "BABC", "no loop path");
}

TEST(SurakartaEdge, OuterLoopCrossing) {
  // CC is an outer crossing (row y=2 and column x=2). Going left along row y=2 it passes AC, the
  // arc, CA, CB and then CC itself again before reaching the white CD.
  const State st = diagram(R"(
    ......
    ......
    ..BW..
    ..W...
    ......
    .....W)");
  const auto texts = fast_texts(st);
  EXPECT_EQ(texts, reference::legal_moves(st));
  EXPECT_NE(std::find(texts.begin(), texts.end(), "CCCD"), texts.end());
  EXPECT_NE(std::find(texts.begin(), texts.end(), "CCDC"), texts.end());
  EXPECT_EQ(point_texts(st.capture_path(move(st, "CCCD"))),
            (Texts{"CC", "BC", "AC", "CA", "CB", "CC", "CD"}));
}

TEST(SurakartaEdge, PlainMovesNeverCapture) {
  const State st = diagram(R"(
    BW....
    W.....
    ......
    ......
    ......
    .....W)");
  expect_moves(st, {"AABB"});
  expect_rejected(st, "AABA", "plain moves never capture");
  expect_rejected(st, "AAAB", "plain moves never capture");
  expect_rejected(st, "AACC", "one step");
}

TEST(SurakartaEdge, CornerPieceOnlySteps) {
  // AA is on no loop: even with a clear line to FF there is no capture.
  const State st = diagram(R"(
    B.....
    ......
    ......
    ......
    ......
    .....W)");
  expect_moves(st, {"AABA", "AAAB", "AABB"});
  State white = diagram(R"(
    B.....
    ......
    ......
    ......
    ......
    .....W)",
                        1);
  expect_moves(white, {"FFEF", "FFFE", "FFEE"});
}

TEST(SurakartaEdge, NoStepsButACaptureIsNotStuck) {
  // BA is walled in, but goes over the arc to take AB.
  const State st = diagram(R"(
    WBW...
    WWW...
    ......
    ......
    ......
    ......)");
  EXPECT_FALSE(st.is_terminal());
  expect_moves(st, {"BAAB"});
}

TEST(SurakartaEdge, SideWithNoLegalMoveLoses) {
  const State st = diagram(R"(
    BW....
    WW....
    ......
    ......
    ......
    ......)");
  EXPECT_TRUE(st.is_terminal());
  EXPECT_EQ(st.to_move(), kPublic);
  expect_moves(st, {});
  EXPECT_EQ(st.outcome(), (Outcome{Ending::kNormal, 1, "black has no legal move"}));
  expect_rejected(st, "AABB", "the game is over");
}

TEST(SurakartaEdge, SideWithNoPiecesLoses) {
  const State none = diagram(R"(
    ......
    ......
    ......
    ......
    ......
    .....W)");
  EXPECT_EQ(none.outcome(), (Outcome{Ending::kNormal, 1, "black has no pieces left"}));
  // Taking the last white piece wins at once.
  State st = diagram(R"(
    ......
    B.....
    ......
    .W....
    ......
    ......)");
  auto event = st.apply_checked(0, move(st, "ABBD"));
  ASSERT_TRUE(event.ok()) << event.message();
  EXPECT_TRUE(event->capture);
  EXPECT_EQ(State::render_event(*event, 1), "ply 1: seat 0 (black) ABBD captures on BD");
  EXPECT_TRUE(st.is_terminal());
  EXPECT_EQ(st.outcome(), (Outcome{Ending::kNormal, 0, "white has no pieces left"}));
  EXPECT_EQ(st.piece_count(1), 0);
}

constexpr std::string_view kThreeTwo = R"(
    B....B
    ......
    ..B...
    ......
    ......
    ....WW)";

TEST(SurakartaEdge, NoCaptureLimitMorePiecesWins) {
  const Rules rules{5, 400};
  State st = diagram(kThreeTwo, 0, rules, 4, 4);
  ASSERT_FALSE(st.is_terminal());
  ASSERT_TRUE(st.apply_checked(0, move(st, "AABA")).ok());
  EXPECT_EQ(st.plies_since_capture(), 5);
  EXPECT_TRUE(st.is_terminal());
  const Outcome o = st.outcome();
  EXPECT_EQ(o.ending, Ending::kAdjudication);
  EXPECT_EQ(o.winner, std::optional<Seat>(0));
  EXPECT_EQ(o.detail, "no capture in 5 plies (no_capture_limit=5), pieces black 3, white 2");
}

TEST(SurakartaEdge, NoCaptureLimitCounts) {
  const Rules rules{5, 400};
  // 2 black against 1 white: black wins at the limit.
  State win = diagram(R"(
    B.....
    ......
    ..B...
    ......
    ......
    .....W)",
                      0, rules, 4, 4);
  ASSERT_TRUE(win.apply_checked(0, move(win, "AABA")).ok());
  EXPECT_EQ(win.outcome(),
            (Outcome{Ending::kAdjudication, 0,
                     "no capture in 5 plies (no_capture_limit=5), pieces black 2, white 1"}));
  // Equal counts: a draw.
  State draw = diagram(R"(
    B.....
    ......
    ......
    ......
    ......
    .....W)",
                       0, rules, 4, 4);
  ASSERT_TRUE(draw.apply_checked(0, move(draw, "AABA")).ok());
  EXPECT_TRUE(draw.outcome().is_draw());
  EXPECT_EQ(draw.outcome().ending, Ending::kAdjudication);
  // One ply short of the limit the game goes on.
  State early = diagram(R"(
    B.....
    ......
    ......
    ......
    ......
    .....W)",
                        0, rules, 3, 3);
  ASSERT_TRUE(early.apply_checked(0, move(early, "AABA")).ok());
  EXPECT_FALSE(early.is_terminal());
  // Limit off: nothing ends at any count.
  State off = diagram(R"(
    B.....
    ......
    ......
    ......
    ......
    .....W)",
                      0, Rules{0, 0}, 5000, 5000);
  EXPECT_FALSE(off.is_terminal());
}

TEST(SurakartaEdge, CaptureResetsTheNoCaptureCount) {
  State st = diagram(R"(
    ......
    B.....
    ......
    .W....
    ......
    .....W)",
                     0, Rules{5, 400}, 4, 4);
  ASSERT_TRUE(st.apply_checked(0, move(st, "ABBD")).ok());
  EXPECT_EQ(st.plies_since_capture(), 0);
  EXPECT_FALSE(st.is_terminal());
  EXPECT_EQ(st.to_move(), 1);
}

TEST(SurakartaEdge, MoveCap) {
  // 1 black against 2 white at the cap of 10 plies: white wins, even right after a capture.
  State st = diagram(R"(
    ......
    B.....
    ......
    .W....
    ......
    ....WW)",
                     0, Rules{80, 10}, 9, 2);
  ASSERT_TRUE(st.apply_checked(0, move(st, "ABBD")).ok());
  EXPECT_TRUE(st.is_terminal());
  EXPECT_EQ(st.outcome(),
            (Outcome{Ending::kAdjudication, 1,
                     "move cap of 10 plies reached (max_plies=10), pieces black 1, white 2"}));
  // A diagram already at the cap is over.
  EXPECT_TRUE(diagram(kThreeTwo, 0, Rules{80, 10}, 10, 0).is_terminal());
  EXPECT_FALSE(diagram(kThreeTwo, 0, Rules{80, 10}, 9, 0).is_terminal());
}

TEST(SurakartaEdge, WrongSeatAndMalformedMoves) {
  const State st;
  const Move m = move(st, "BBBC");
  EXPECT_TRUE(st.check(0, m).ok());
  EXPECT_NE(st.check(1, m).message().find("black's turn"), std::string::npos);
  EXPECT_FALSE(st.check(kPublic, m).ok());
  EXPECT_FALSE(st.check(7, m).ok());
  EXPECT_FALSE(st.check(0, Move{40, 3}).ok());
  EXPECT_FALSE(st.check(0, Move{7, 7}).ok());
  expect_rejected(st, "AEAD", "no black piece");
  expect_rejected(st, "BBBD", "one step");
}

}  // namespace
}  // namespace boyi::surakarta
