#include "engine/protocol_openings.h"

#include <gtest/gtest.h>

#include "base/rng.h"
#include "engine/opening.h"

namespace boyi {
namespace {

// The first `n` actions of a seeded random game of `game`.
std::vector<std::string> random_actions(std::string_view game, int n) {
  Rng rng(5);
  return std::move(random_opening(game, "", n, rng)).value();
}

TEST(ProtocolOpenings, NoOpeningFitsEveryProtocolAndSeat) {
  for (const char* protocol : {"junqi-ccgc", "sau", "piskvork"})
    for (Seat seat : {0, 1})
      EXPECT_TRUE(check_protocol_opening(protocol, "dots", "", {}, seat).ok());
}

TEST(ProtocolOpenings, PiskvorkTakesAnyPositionFromEitherSeat) {
  for (Seat seat : {0, 1})
    EXPECT_TRUE(check_protocol_opening("piskvork", "gomoku", "rule=renju opening=free",
                                       {"H8", "H9", "J10"}, seat)
                    .ok());
}

TEST(ProtocolOpenings, JunqiCcgcTakesNone) {
  const auto st = check_protocol_opening("junqi-ccgc", "junqi", "", {"anything"}, 1);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("junqi-ccgc protocol"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("seat 1"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("without an opening"), std::string::npos) << st.message();
}

TEST(ProtocolOpenings, SauTakesOnlyBlacksFirstTurnAndOnlyAsWhite) {
  const auto one = random_actions("surakarta", 1);
  const auto two = random_actions("surakarta", 2);
  EXPECT_TRUE(check_protocol_opening("sau", "surakarta", "", one, 1).ok());
  const auto black = check_protocol_opening("sau", "surakarta", "", one, 0);
  ASSERT_FALSE(black.ok());
  EXPECT_NE(black.message().find("seat 0 (black)"), std::string::npos) << black.message();
  EXPECT_NE(black.message().find("the 1 opening action(s) played for it"), std::string::npos)
      << black.message();
  EXPECT_NE(black.message().find("what works: no opening"), std::string::npos) << black.message();
  const auto white = check_protocol_opening("sau", "surakarta", "", two, 1);
  ASSERT_FALSE(white.ok());
  EXPECT_NE(white.message().find("seat 1 (white)"), std::string::npos) << white.message();
  // 点格棋: black's first edge claims no box, so the turn passes with it.
  EXPECT_TRUE(check_protocol_opening("sau", "dots", "", random_actions("dots", 1), 1).ok());
  EXPECT_FALSE(check_protocol_opening("sau", "dots", "", random_actions("dots", 2), 1).ok());
}

TEST(ProtocolOpenings, ASuiteIsCheckedFromBothSeats) {
  const std::vector<std::vector<std::string>> none = {{}, {}};
  EXPECT_TRUE(check_protocol_suite("sau", "surakarta", "", none).ok());
  const std::vector<std::vector<std::string>> one = {{}, random_actions("surakarta", 1)};
  const auto st = check_protocol_suite("sau", "surakarta", "", one);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("opening 2 of the suite"), std::string::npos) << st.message();
  EXPECT_TRUE(
      check_protocol_suite("piskvork", "gomoku", "rule=renju opening=free", {{"H8", "H9", "J10"}})
          .ok());
}

TEST(ProtocolOpenings, AnUnknownProtocolOrABadOpeningIsAnError) {
  EXPECT_FALSE(check_protocol_opening("uci", "dots", "", {"AAA"}, 0).ok());
  EXPECT_FALSE(check_protocol_opening("sau", "surakarta", "", {"ZZZZ"}, 1).ok());
}

}  // namespace
}  // namespace boyi
