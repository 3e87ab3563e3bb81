// VCF and VCT on drawn positions whose answer is known, renju's fouls inside
// the threat search (black's apparent double four / double three, white's four
// whose only block is a foul), and every win the searches claim on random
// positions played out in the rules engine.
#include <gtest/gtest.h>

#include "bots/engines/gomoku/test_playout.h"
#include "bots/engines/gomoku/test_positions.h"
#include "bots/engines/gomoku/threat_search.h"
#include "base/rng.h"

namespace boyi::bots::gomoku_threat {
namespace {

using gomoku::Move;
using gomoku::State;
using testing::pt;
using testing::random_position;
using testing::stones;

constexpr auto B = Colour::kBlack;
constexpr auto W = Colour::kWhite;

ThreatLimits limits(int depth = 20, std::int64_t nodes = 200000) {
  ThreatLimits l;
  l.max_depth = depth;
  l.max_nodes = nodes;
  return l;
}

ThreatResult vcf(const State& s, Point* first = nullptr) {
  Position pos(s);
  ThreatSearch search;
  const ThreatResult r = search.vcf(pos, limits());
  if (first) *first = search.first_move();
  return r;
}

ThreatResult vct(const State& s, Point* first = nullptr) {
  Position pos(s);
  ThreatSearch search;
  const ThreatResult r = search.vct(pos, limits(8));
  if (first) *first = search.first_move();
  return r;
}

// Plays a claimed VCF out in the rules engine: the attacker follows its VCF,
// the defender blocks the one five point (its only move that does not lose at
// once) or makes five itself. True when the attacker wins.
bool vcf_plays_out(State s) {
  const Seat attacker = s.to_move();
  const Colour colour = s.colour_to_move();
  ThreatSearch search;
  for (int turn = 0; turn < 40 && !s.is_terminal(); ++turn) {
    Position pos(s);
    if (s.to_move() == attacker) {
      if (search.vcf(pos, limits()) != ThreatResult::kWin) return false;
      if (!s.apply_checked(attacker, Move::place(search.first_move()))) return false;
      continue;
    }
    Point reply = gomoku::kNoPoint;
    pos.fives(gomoku::other(colour)).for_each([&](Point p) { reply = p; });
    pos.fives(colour).for_each([&](Point p) { reply = p; });  // blocking comes second
    if (reply == gomoku::kNoPoint) return false;              // the attacker's move was no four
    if (!s.apply_checked(s.to_move(), Move::place(reply))) return false;
  }
  return s.is_terminal() && s.outcome().winner == attacker;
}

TEST(ThreatSearch, VcfFindsTheFourThree) {
  // Row 8: O X X X . with K9 K10 above K8: K8 is a four and an open three.
  const State s = stones("rule=renju", "H8 I8 J8 K9 K10", "G8 A1 A3 C1", B);
  Point first = gomoku::kNoPoint;
  ASSERT_EQ(vcf(s, &first), ThreatResult::kWin);
  EXPECT_EQ(gomoku::format_point(first), "K8");
  EXPECT_TRUE(vcf_plays_out(s));
  // White to move has nothing forcing.
  EXPECT_EQ(vcf(stones("rule=renju", "H8 I8 J8 K9 K10", "G8 A1 A3 C1", W)), ThreatResult::kNoWin);
}

TEST(ThreatSearch, VcfThroughAChainOfFours) {
  // No single move wins: H7 (a four; white must take I7) adds the stone that
  // turns H8 into a double four (row 8 with L8 white, column H5-H8 with H4
  // white). Or H8 first, then H7. Freestyle: under renju it would be a foul.
  // (G5 takes black's diagonal H6-I7-J8, which would give a 4-3 at I7.)
  const char* black = "E7 F7 G7 I8 J8 K8 H5 H6";
  const char* white = "D7 L8 H4 G5 A3 C1 O15";
  const State s = stones("rule=freestyle", black, white, B);
  ASSERT_TRUE(Position(s).flex_fours(B).empty());
  Point first = gomoku::kNoPoint;
  ThreatSearch search;
  Position pos(s);
  ASSERT_EQ(search.vcf(pos, limits()), ThreatResult::kWin);
  first = search.first_move();
  EXPECT_TRUE(first == pt("H7") || first == pt("H8")) << gomoku::format_point(first);
  EXPECT_GE(search.line().size(), 3u);  // four, block, double four
  EXPECT_TRUE(vcf_plays_out(s));
  EXPECT_EQ(vcf(stones("rule=renju", black, white, B)), ThreatResult::kNoWin);
}

TEST(ThreatSearch, RenjuDoubleFourIsNoWinForBlack) {
  // H8 makes a row four and a column four: a double four, forbidden for black.
  const char* black = "E8 F8 G8 H5 H6 H7";
  const char* white = "D8 H4 A1 A3 C1 O15";
  const State renju = stones("rule=renju", black, white, B);
  ASSERT_TRUE(renju.is_forbidden(pt("H8")));
  EXPECT_EQ(vcf(renju), ThreatResult::kNoWin);
  Point first = gomoku::kNoPoint;
  ASSERT_EQ(vcf(stones("rule=standard", black, white, B), &first), ThreatResult::kWin);
  EXPECT_EQ(gomoku::format_point(first), "H8");
}

TEST(ThreatSearch, RenjuDoubleThreeIsNoWinForBlack) {
  // H8 makes two open threes: a win in freestyle, a foul under renju. White's
  // stones around take black's other lines.
  const char* black = "F8 G8 H6 H7";
  const char* white = "G7 I6 G9 I7";
  const State renju = stones("rule=renju", black, white, B);
  ASSERT_TRUE(renju.is_forbidden(pt("H8")));
  Point first = gomoku::kNoPoint;
  EXPECT_EQ(vct(renju, &first), ThreatResult::kNoWin) << gomoku::format_point(first);
  ASSERT_EQ(vct(stones("rule=freestyle", black, white, B), &first), ThreatResult::kWin);
  EXPECT_EQ(gomoku::format_point(first), "H8");
  EXPECT_EQ(vcf(stones("rule=freestyle", black, white, B)), ThreatResult::kNoWin);
}

TEST(ThreatSearch, WhiteWinsWithAFourWhoseOnlyBlockIsAFoul) {
  // H8 is a double three for black; white's I9 makes the four I9-L12 (M13
  // black) whose only five point is H8.
  const char* black = "F8 G8 H6 H7 M13";
  const char* white = "J10 K11 L12 A1 C1";
  const State renju = stones("rule=renju", black, white, W);
  ASSERT_TRUE(renju.is_forbidden(pt("H8")));
  Point first = gomoku::kNoPoint;
  ASSERT_EQ(vcf(renju, &first), ThreatResult::kWin);
  EXPECT_EQ(gomoku::format_point(first), "I9");
  // In the rules engine black can only block on the foul, or let white make five.
  State s = renju;
  ASSERT_TRUE(s.apply_checked(s.to_move(), Move::place(first)));
  ASSERT_TRUE(s.is_forbidden(pt("H8")));
  State blocked = s;
  ASSERT_TRUE(blocked.apply_checked(blocked.to_move(), Move::place(pt("H8"))));
  EXPECT_EQ(blocked.outcome().ending, Ending::kFoul);
  EXPECT_EQ(blocked.outcome().winner, renju.to_move());
  // Without fouls black simply blocks.
  EXPECT_EQ(vcf(stones("rule=freestyle", black, white, W)), ThreatResult::kNoWin);
}

TEST(ThreatSearch, DefenderFiveOrCounterFourStopsTheAttack) {
  // Black's 4-3 at K8 as in the first puzzle, but white already has a four
  // (F3-I3 with E3 black): black must block at J3 first, which is no four.
  const State s = stones("rule=renju", "H8 I8 J8 K9 K10 E3", "G8 F3 G3 H3 I3", B);
  EXPECT_EQ(vcf(s), ThreatResult::kNoWin);
}

// Random middle-game positions: dense random stones around the centre.
TEST(ThreatSearch, EveryVcfFoundOnRandomPositionsPlaysOut) {
  Rng rng(5);
  int wins = 0;
  for (const char* rule : {"rule=renju", "rule=freestyle"})
    for (int i = 0; i < 150; ++i) {
      const State s = random_position(rng, rule, 14 + static_cast<int>(rng.below(10)));
      if (s.is_terminal() || vcf(s) != ThreatResult::kWin) continue;
      ++wins;
      EXPECT_TRUE(vcf_plays_out(s)) << rule << "\n" << s.to_text();
    }
  EXPECT_GT(wins, 10);
}

// The attacker follows its VCT; the defender answers with the full engine.
bool vct_plays_out(const State& s) {
  ThreatSearch search;
  return testing::attacker_wins_against_the_engine(s, [&](Position& pos) -> std::optional<Point> {
    if (search.vct(pos, limits(8)) != ThreatResult::kWin) return std::nullopt;
    return search.first_move();
  });
}

TEST(ThreatSearch, VctWinsOnRandomPositionsHoldAgainstADefendingEngine) {
  Rng rng(9);
  for (const char* rule : {"rule=renju", "rule=freestyle"}) {
    int wins = 0;
    for (int i = 0; i < 80 && wins < 4; ++i) {
      const State s = random_position(rng, rule, 10 + static_cast<int>(rng.below(8)));
      if (s.is_terminal() || vcf(s) == ThreatResult::kWin) continue;
      if (vct(s) != ThreatResult::kWin) continue;
      ++wins;
      EXPECT_TRUE(vct_plays_out(s)) << rule << "\n" << s.to_text();
    }
    EXPECT_EQ(wins, 4) << rule;
  }
}

}  // namespace
}  // namespace boyi::bots::gomoku_threat
