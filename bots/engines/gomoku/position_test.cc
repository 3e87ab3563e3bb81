// The line classes of patterns.h on drawn lines (# black, O white, . empty),
// and the incremental Position against a freshly built one and against the
// rules engine's foul test.
#include <gtest/gtest.h>

#include "bots/engines/gomoku/position.h"
#include "bots/engines/gomoku/test_positions.h"
#include "base/rng.h"

namespace boyi::bots::gomoku_threat {
namespace {

using gomoku::State;
using testing::pt;
using testing::stones;

constexpr int kRow = 0;  // horizontal direction
constexpr auto B = Colour::kBlack;
constexpr auto W = Colour::kWhite;

TEST(ThreatPatterns, OpenThreeBecomesStraightFourAtEitherEnd) {
  const Position pos(stones("rule=freestyle", "E8 F8 G8", "", B));
  EXPECT_EQ(pos.line(B, pt("D8"), kRow), Line::kStraightFour);
  EXPECT_EQ(pos.line(B, pt("H8"), kRow), Line::kStraightFour);
  EXPECT_EQ(pos.line(B, pt("C8"), kRow), Line::kFour);  // #.###: one five point
  EXPECT_EQ(pos.kind(B, pt("D8")), PointKind::kFlexFour);
  EXPECT_TRUE(pos.threes(B).empty());
  EXPECT_EQ(pos.fours(B).size(), 4);  // C8 D8 H8 I8
  EXPECT_EQ(pos.flex_fours(B).size(), 2);
  // For white: D8 has no room for five between the wall and E8; H8 does.
  EXPECT_EQ(pos.line(W, pt("D8"), kRow), Line::kDead);
  EXPECT_EQ(pos.line(W, pt("H8"), kRow), Line::kOne);
}

TEST(ThreatPatterns, ClosedAndOpenTwosAndThrees) {
  const Position pos(stones("rule=freestyle", "F8 G8", "E8", B));
  EXPECT_EQ(pos.line(B, pt("H8"), kRow), Line::kBlockedThree);  // O###.: one more makes a four
  EXPECT_EQ(pos.line(B, pt("H8"), 1), Line::kOne);
  const Position open(stones("rule=freestyle", "F8 G8", "", B));
  EXPECT_EQ(open.line(B, pt("H8"), kRow), Line::kOpenThree);
  EXPECT_EQ(open.line(B, pt("I8"), kRow), Line::kOpenThree);  // .##.#.
  EXPECT_EQ(open.kind(B, pt("H8")), PointKind::kThree);
  EXPECT_TRUE(open.threes(B).contains(pt("H8")));
  const Position one(stones("rule=freestyle", "G8", "", B));
  EXPECT_EQ(one.line(B, pt("H8"), kRow), Line::kOpenTwo);
}

TEST(ThreatPatterns, DoubleFourInOneLineIsAFoulOnlyForRenjuBlack) {
  // #.###.#: the middle stone makes two fours on one line.
  const char* black = "D8 F8 H8 J8";
  const Position renju(stones("rule=renju", black, "", B));
  EXPECT_EQ(renju.line(B, pt("G8"), kRow), Line::kDoubleFour);
  EXPECT_EQ(renju.kind(B, pt("G8")), PointKind::kForbidden);
  EXPECT_TRUE(renju.forbidden(pt("G8")));
  EXPECT_FALSE(renju.fours(B).contains(pt("G8")));
  const Position free(stones("rule=freestyle", black, "", B));
  EXPECT_EQ(free.kind(B, pt("G8")), PointKind::kFlexFour);
  EXPECT_FALSE(free.forbidden(pt("G8")));
}

TEST(ThreatPatterns, OverlineWinsOnlyWhereFiveOrMoreWins) {
  const Position renju(stones("rule=renju", "E8 F8 G8 I8 J8", "E4 F4 G4 I4 J4", B));
  EXPECT_EQ(renju.line(B, pt("H8"), kRow), Line::kOverline);
  EXPECT_EQ(renju.kind(B, pt("H8")), PointKind::kForbidden);
  EXPECT_EQ(renju.kind(W, pt("H4")), PointKind::kFive);  // white: five or more
  const Position standard(stones("rule=standard", "E8 F8 G8 I8 J8", "", B));
  EXPECT_EQ(standard.kind(B, pt("H8")), PointKind::kNone);  // no win, no foul
  const Position free(stones("rule=freestyle", "E8 F8 G8 I8 J8", "", B));
  EXPECT_EQ(free.kind(B, pt("H8")), PointKind::kFive);
}

TEST(ThreatPatterns, AFourWhoseEndWouldBeAnOverlineIsNoStraightFourForRenjuBlack) {
  // #.####. after F8: the D8 end joins C8 into six, so only I8 wins for black.
  const Position renju(stones("rule=renju", "C8 E8 G8 H8", "", B));
  EXPECT_EQ(renju.line(B, pt("F8"), kRow), Line::kFour);
  const Position free(stones("rule=freestyle", "C8 E8 G8 H8", "", B));
  EXPECT_EQ(free.line(B, pt("F8"), kRow), Line::kStraightFour);
}

// Everything a Position keeps, compared point by point.
void expect_same(const Position& a, const Position& b) {
  ASSERT_EQ(a.hash(), b.hash());
  ASSERT_EQ(a.to_move(), b.to_move());
  ASSERT_EQ(a.evaluate(), b.evaluate());
  for (int c = 0; c < 2; ++c) {
    const auto colour = static_cast<Colour>(c);
    ASSERT_EQ(a.fives(colour), b.fives(colour));
    ASSERT_EQ(a.fours(colour), b.fours(colour));
    ASSERT_EQ(a.flex_fours(colour), b.flex_fours(colour));
    ASSERT_EQ(a.threes(colour), b.threes(colour));
    for (int p = 0; p < gomoku::kPoints; ++p) {
      const auto q = static_cast<Point>(p);
      ASSERT_EQ(a.kind(colour, q), b.kind(colour, q)) << gomoku::format_point(q);
      ASSERT_EQ(a.value(colour, q), b.value(colour, q));
    }
  }
  ASSERT_EQ(a.near(), b.near());
}

TEST(ThreatPosition, IncrementalUpdatesMatchAFreshPositionAndTheRulesEngine) {
  Rng rng(11);
  int forbidden_seen = 0;
  for (const char* rule : {"rule=renju", "rule=standard", "rule=freestyle"}) {
    for (int game = 0; game < 12; ++game) {
      State s(testing::rules(rule));
      Position pos(s);
      for (int ply = 0; ply < 60 && !s.is_terminal(); ++ply) {
        // Dense play near the centre, where fours, threes and fouls appear.
        gomoku::Point p;
        do {
          p = gomoku::make_point(3 + static_cast<int>(rng.below(9)),
                                 3 + static_cast<int>(rng.below(9)));
        } while (s.at(p) != gomoku::Cell::kEmpty);
        if (s.colour_to_move() == Colour::kBlack && s.is_forbidden(p)) continue;
        // A play and an undo leave no trace.
        pos.play(p);
        pos.undo();
        s.apply(gomoku::Move::place(p));
        pos.play(p);
        if (s.is_terminal()) break;
        expect_same(pos, Position(s));
        s.empty_points().for_each([&](gomoku::Point q) {
          ASSERT_EQ(pos.forbidden(q), s.is_forbidden(q)) << gomoku::format_point(q);
          forbidden_seen += pos.forbidden(q);
        });
      }
    }
  }
  EXPECT_GT(forbidden_seen, 20);  // the games did reach fouls
}

}  // namespace
}  // namespace boyi::bots::gomoku_threat
