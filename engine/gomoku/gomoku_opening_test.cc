// The openings, step by step: ccgc (stones 1-3, the three-stone swap, stone 4,
// the fifth-stone offers and the choice, then stone 6) and centre.
#include <gtest/gtest.h>

#include "engine/gomoku/test_support.h"

namespace boyi::gomoku {
namespace {

using testing::fast_texts;
using testing::play;
using testing::pt;
using testing::reference_texts;
using testing::rejection;
using testing::rules_of;

constexpr const char* kDoubleThreeAtH8 = R"(
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

State ccgc(int fifth_n = 2) {
  return State(rules_of("rule=renju opening=ccgc fifth_n=" + std::to_string(fifth_n)));
}

TEST(CcgcOpening, StoneOneMustBeOnH8) {
  State s = ccgc();
  EXPECT_EQ(s.step(), Step::kStone1);
  EXPECT_EQ(s.to_move(), 0);
  EXPECT_EQ(fast_texts(s), std::vector<std::string>{"H8"});
  EXPECT_EQ(rejection(s, "G7"), "black's first stone must be on H8");
  EXPECT_EQ(rejection(s, "swap"), "only a stone can be placed now");
  EXPECT_EQ(rejection(s, "offer H8"), "only a stone can be placed now");
  EXPECT_FALSE(s.check(1, Move::place(kH8)).ok());  // white may not act
  EXPECT_EQ(play(s, "H8").colour, Colour::kBlack);
  EXPECT_EQ(s.step(), Step::kStone2);
  EXPECT_EQ(s.to_move(), 1);
}

TEST(CcgcOpening, StoneTwoMustTouchH8) {
  State s = ccgc();
  play(s, "H8");
  EXPECT_EQ(fast_texts(s),
            (std::vector<std::string>{"G7", "G8", "G9", "H7", "H9", "I7", "I8", "I9"}));
  EXPECT_EQ(rejection(s, "H10"), "white's stone 2 must be next to H8 (G7-J9)");
  EXPECT_EQ(rejection(s, "J9"), "white's stone 2 must be next to H8 (G7-J9)");
  EXPECT_EQ(rejection(s, "H8"), "H8 is occupied");
  play(s, "I9");
  EXPECT_EQ(s.step(), Step::kStone3);
  EXPECT_EQ(s.to_move(), 0);
}

TEST(CcgcOpening, StoneThreeMustBeInTheCentralSquare) {
  State s = ccgc();
  play(s, "H8");
  play(s, "H9");
  EXPECT_EQ(fast_texts(s).size(), 23u);
  EXPECT_EQ(fast_texts(s), reference_texts(s));
  for (const char* outside : {"K8", "E8", "H11", "H5", "K11", "A1"})
    EXPECT_EQ(rejection(s, outside), "black's stone 3 must be inside the central 5x5 (F6-J10)")
        << outside;
  for (const char* inside : {"F6", "J10", "F10", "J6"}) EXPECT_EQ(rejection(s, inside), "");
  play(s, "J10");
  EXPECT_EQ(s.step(), Step::kSwap);
  EXPECT_EQ(s.to_move(), 1);  // the seat playing white decides
}

TEST(CcgcOpening, SwapExchangesTheColours) {
  State s = ccgc();
  for (const char* m : {"H8", "H9", "J10"}) play(s, m);
  EXPECT_EQ(fast_texts(s), (std::vector<std::string>{"keep", "swap"}));
  EXPECT_EQ(rejection(s, "K11"), "white must now answer the three-stone swap: swap or keep");
  EXPECT_FALSE(s.check(0, Move::swap()).ok());
  const std::uint64_t before = s.hash();
  const Event e = play(s, "swap");
  EXPECT_EQ(e.actor, 1);
  EXPECT_EQ(e.colour, Colour::kWhite);
  EXPECT_EQ(State::render_event(e, 0), "white swap");
  EXPECT_NE(s.hash(), before);
  EXPECT_EQ(s.hash(), s.compute_hash());
  // Seat 1 now plays black; white (seat 0, which had black) plays stone 4.
  EXPECT_EQ(s.black_seat(), 1);
  EXPECT_EQ(s.colour_of(0), Colour::kWhite);
  EXPECT_EQ(s.step(), Step::kStone4);
  EXPECT_EQ(s.to_move(), 0);
  EXPECT_EQ(s.colour_to_move(), Colour::kWhite);
  EXPECT_NE(s.view(0).to_text().find("viewer: seat 0 (white)"), std::string::npos);
  EXPECT_EQ(play(s, "A1").actor, 0);
  EXPECT_EQ(s.step(), Step::kOffer);
  EXPECT_EQ(s.to_move(), 1);  // black's seat offers
  EXPECT_EQ(s.at(pt("A1")), Cell::kWhite);
  EXPECT_EQ(s.at(pt("H8")), Cell::kBlack);
}

TEST(CcgcOpening, KeepLeavesTheColours) {
  State s = ccgc();
  for (const char* m : {"H8", "H9", "J10", "keep"}) play(s, m);
  EXPECT_EQ(s.black_seat(), 0);
  EXPECT_EQ(s.step(), Step::kStone4);
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(rejection(s, "keep"), "only a stone can be placed now");
  EXPECT_EQ(fast_texts(s).size(), 222u);
}

// Black H8 I8, white H9 I9: symmetric about the axis between columns H and I,
// a centre that is not a point. Pattern symmetries count, not only those about H8:
//
//   10 . . . . .
//    9 . O O . .        G8 and J8 are mirror images (the same candidate);
//    8 . X X . .        G8 and G9 are not (the colours differ across row 8½).
//    7 . . . . .
//      F G H I J
TEST(CcgcOpening, OffersSymmetricAboutAnOffCentreAxisAreTheSame) {
  State s = ccgc(3);
  for (const char* m : {"H8", "H9", "I8", "keep", "I9"}) play(s, m);
  ASSERT_EQ(s.step(), Step::kOffer);
  play(s, "offer G8");
  EXPECT_EQ(rejection(s, "offer J8"), "J8 is symmetric to the offered G8");
  EXPECT_EQ(rejection(s, "offer G9"), "");
  EXPECT_EQ(rejection(s, "offer J7"), "");  // G7's image, but G7 was not offered
  play(s, "offer J7");
  EXPECT_EQ(rejection(s, "offer G7"), "G7 is symmetric to the offered J7");
  EXPECT_EQ(fast_texts(s), reference_texts(s));
}

// Black H8 H10, white H9 H11: the position is symmetric about column H, so
// an offer mirrored across it is the same candidate.
TEST(CcgcOpening, OffersAreDistinctAndNotSymmetric) {
  State s = ccgc(3);
  for (const char* m : {"H8", "H9", "H10", "keep", "H11"}) play(s, m);
  ASSERT_EQ(s.step(), Step::kOffer);
  EXPECT_EQ(s.to_move(), 0);
  EXPECT_EQ(rejection(s, "J10"),
            "black must now offer candidates for stone 5: offer <point> (0 of 3 offered)");
  EXPECT_EQ(rejection(s, "offer H10"), "H10 is occupied");
  EXPECT_EQ(fast_texts(s).size(), 221u);
  play(s, "offer J10");
  EXPECT_EQ(s.step(), Step::kOffer);
  EXPECT_EQ(s.to_move(), 0);
  EXPECT_EQ(rejection(s, "offer J10"), "J10 is already offered");
  EXPECT_EQ(rejection(s, "offer F10"), "F10 is symmetric to the offered J10");
  EXPECT_EQ(rejection(s, "offer G10"), "");
  EXPECT_EQ(rejection(s, "offer J6"),
            "");                          // not a mirror image: the position has no other symmetry
  EXPECT_EQ(fast_texts(s).size(), 219u);  // 221 less J10 and F10
  EXPECT_EQ(fast_texts(s), reference_texts(s));
  play(s, "offer H13");  // on the axis: its own mirror image
  EXPECT_EQ(rejection(s, "offer H13"), "H13 is already offered");
  EXPECT_EQ(fast_texts(s).size(), 218u);
  const Event e = play(s, "offer G6");
  EXPECT_EQ(State::render_event(e, 1), "black offer G6");
  // The third (Nth) offer completes the step: white chooses.
  EXPECT_EQ(s.step(), Step::kChoose);
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(fast_texts(s), (std::vector<std::string>{"choose G6", "choose H13", "choose J10"}));
  EXPECT_NE(s.view(kPublic).to_text().find("offered: J10 H13 G6"), std::string::npos);
}

TEST(CcgcOpening, WhiteChoosesStoneFiveThenPlaysStoneSix) {
  State s = ccgc();
  for (const char* m : {"H8", "I9", "J10", "keep", "G7", "offer K11", "offer L8"}) play(s, m);
  ASSERT_EQ(s.step(), Step::kChoose);
  EXPECT_EQ(rejection(s, "choose K10"), "K10 was not offered (offered: K11 L8)");
  EXPECT_EQ(rejection(s, "K10"), "K10 was not offered (offered: K11 L8)");
  EXPECT_EQ(rejection(s, "offer K10"),
            "white must now choose stone 5 among the offered points: choose <point>");
  EXPECT_EQ(s.parse_move(1, "L8").value(), Move::choose(pt("L8")));  // bare point = choice
  const Event e = play(s, "L8");
  EXPECT_EQ(e.actor, 1);
  EXPECT_EQ(e.colour, Colour::kWhite);
  EXPECT_EQ(State::render_event(e, 0), "white choose L8");
  EXPECT_EQ(s.at(pt("L8")), Cell::kBlack);  // black's stone 5
  EXPECT_EQ(s.at(pt("K11")), Cell::kEmpty);
  EXPECT_EQ(s.offer_count(), 0);
  EXPECT_EQ(s.step(), Step::kPlay);
  EXPECT_EQ(s.to_move(), 1);  // white plays stone 6
  EXPECT_EQ(s.colour_to_move(), Colour::kWhite);
  EXPECT_EQ(fast_texts(s).size(), 220u);
  EXPECT_EQ(play(s, "K11").colour, Colour::kWhite);
  EXPECT_EQ(s.to_move(), 0);
  EXPECT_EQ(s.stone_count(), 6);
  EXPECT_EQ(s.hash(), s.compute_hash());
}

TEST(CcgcOpening, ForbiddenPointsCannotBeOffered) {
  auto s = State::from_diagram(rules_of("rule=renju opening=ccgc"), kDoubleThreeAtH8,
                               Colour::kBlack, 0, Step::kOffer);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(s->step(), Step::kOffer);
  EXPECT_EQ(rejection(s.value(), "offer H8"), "H8 is forbidden for black (double-three)");
  const std::vector<std::string> offers = fast_texts(s.value());
  EXPECT_EQ(std::count(offers.begin(), offers.end(), "offer H8"), 0);
  EXPECT_EQ(offers.size(), 225u - 8 - 1);
  EXPECT_EQ(offers, reference_texts(s.value()));
  // Under standard rules the same point is a fine candidate.
  auto standard = State::from_diagram(rules_of("rule=standard opening=ccgc"), kDoubleThreeAtH8,
                                      Colour::kBlack, 0, Step::kOffer);
  ASSERT_TRUE(standard.ok());
  EXPECT_EQ(rejection(standard.value(), "offer H8"), "");
}

TEST(CentreOpening, FirstStoneOnH8ThenFree) {
  State s(rules_of("rule=renju opening=centre"));
  EXPECT_EQ(fast_texts(s), std::vector<std::string>{"H8"});
  EXPECT_EQ(rejection(s, "A1"), "black's first stone must be on H8");
  play(s, "H8");
  EXPECT_EQ(s.step(), Step::kPlay);
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(fast_texts(s).size(), 224u);
  EXPECT_EQ(rejection(s, "A1"), "");
  EXPECT_EQ(rejection(s, "swap"), "only a stone can be placed now");
}

TEST(FreeOpening, AnyFirstStone) {
  State s(rules_of("rule=renju opening=free"));
  EXPECT_EQ(s.step(), Step::kPlay);
  EXPECT_EQ(fast_texts(s).size(), 225u);
  EXPECT_EQ(rejection(s, "A1"), "");
  play(s, "A1");
  EXPECT_EQ(rejection(s, "A1"), "A1 is occupied");
  EXPECT_EQ(s.check(0, Move::place(pt("B1"))).message(), "not your turn: seat 1 (white) is to act");
}

}  // namespace
}  // namespace boyi::gomoku
