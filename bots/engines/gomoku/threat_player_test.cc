// The `threat` player: found by name, legal and foul-free on many random
// renju positions, tactically right where the answer is known, inside its
// deadline on a driven clock, sensible in the ccgc opening, and winning every
// short game against `random` under the competition's renju-ccgc rules.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "base/rng.h"
#include "bots/engines/gomoku/ccgc_book.h"
#include "bots/engines/gomoku/opening.h"
#include "bots/engines/gomoku/test_positions.h"
#include "bots/engines/gomoku/threat_player.h"
#include "bots/player.h"

namespace boyi::bots::gomoku_threat {
namespace {

using gomoku::Action;
using gomoku::Move;
using gomoku::State;
using gomoku::Step;
using testing::pt;
using testing::stones;

constexpr auto B = Colour::kBlack;
constexpr auto W = Colour::kWhite;
// Without a deadline the player searches to a fixed depth and node limits.
constexpr const char* kQuick = "threat:depth=3,tss=4000";
constexpr const char* kQuicker = "threat:depth=2,tss=2000";

AnalystOptions quick_options() {
  AnalystOptions o;
  o.max_depth = o.unlimited_depth = 3;
  o.vcf_nodes = 4000;
  o.vct_nodes = 2666;
  return o;
}

std::unique_ptr<Player<State>> player(std::string_view spec = "threat", std::uint64_t seed = 1) {
  auto p = make_player<State>(spec, seed);
  EXPECT_TRUE(p.ok()) << p.message();
  return p.ok() ? std::move(p).value() : nullptr;
}

std::string choose_text(const State& s, std::string_view spec = kQuick) {
  const TimeBudget unlimited;
  return s.format_move(player(spec)->choose(s, s.to_move(), unlimited));
}

TEST(ThreatPlayer, IsRegisteredWithItsOptions) {
  const auto names = player_names("gomoku");
  EXPECT_NE(std::find(names.begin(), names.end(), "threat"), names.end());
  EXPECT_NE(player_help().find("threat"), std::string::npos);
  EXPECT_TRUE(make_player<State>("threat:vcf=0,vct=0,depth=4,width=8,leafvcf=50", 1).ok());
  EXPECT_FALSE(make_player<State>("threat:colour=blue", 1).ok());
  EXPECT_FALSE(make_player<State>("threat:depth=0", 1).ok());
  EXPECT_EQ(player(kQuick)->name(), kQuick);
}

TEST(ThreatPlayer, TakesTheWinBlocksTheFourAndStopsTheOpenThree) {
  // Five at once.
  EXPECT_EQ(choose_text(stones("rule=renju", "E8 F8 G8 H8", "D8 E9 F9", B)), "I8");
  // White's four (D9 black) must be blocked: black's open three is too slow.
  EXPECT_EQ(choose_text(stones("rule=renju", "E5 F5 G5 D9", "E9 F9 G9 H9", B)), "I9");
  // The 4-3 of the VCF puzzle.
  EXPECT_EQ(choose_text(stones("rule=renju", "H8 I8 J8 K9 K10", "G8 A1 A3 C1", B)), "K8");
  // White to move against black's open three F8-H8 must answer on its line.
  const std::string reply = choose_text(stones("rule=renju", "F8 G8 H8 A15", "F9 G10 A1", W));
  EXPECT_TRUE(reply == "E8" || reply == "I8" || reply == "D8" || reply == "J8") << reply;
}

TEST(ThreatPlayer, WhiteForcesBlackOntoAForbiddenPoint) {
  const State s = stones("rule=renju", "F8 G8 H6 H7 M13", "J10 K11 L12 A1 C1", W);
  auto p = player(kQuick);
  const TimeBudget unlimited;
  EXPECT_EQ(s.format_move(p->choose(s, s.to_move(), unlimited)), "I9");
  auto* threat = dynamic_cast<ThreatPlayer*>(p.get());
  ASSERT_NE(threat, nullptr);
  EXPECT_EQ(threat->last_decision().reason, Reason::kVcf);
}

TEST(ThreatPlayer, BlackNeverPlaysAForbiddenPoint) {
  Rng rng(21);
  auto black = player(kQuicker);
  const TimeBudget unlimited;
  int positions = 0;
  for (int i = 0; i < 400 && positions < 60; ++i) {
    // Random renju positions with black to move and fouls on the board.
    State s(testing::rules("rule=renju"));
    const int plies = 12 + 2 * static_cast<int>(rng.below(8));
    for (int k = 0; k < plies && !s.is_terminal(); ++k) {
      const Point p = gomoku::make_point(4 + static_cast<int>(rng.below(7)),
                                         4 + static_cast<int>(rng.below(7)));
      if (s.at(p) != gomoku::Cell::kEmpty || s.is_forbidden(p)) continue;
      State next = s;
      next.apply(Move::place(p));
      if (!next.is_terminal()) s = next;
    }
    if (s.is_terminal() || s.colour_to_move() != B || s.forbidden_points().empty()) continue;
    ++positions;
    const Move m = black->choose(s, s.to_move(), unlimited);
    ASSERT_TRUE(s.check(s.to_move(), m).ok()) << s.to_text();
    EXPECT_FALSE(s.is_forbidden(m.point)) << s.format_move(m) << "\n" << s.to_text();
  }
  EXPECT_EQ(positions, 60);
}

TEST(ThreatPlayer, AnswersInsideItsDeadlineOnADrivenClock) {
  // Every clock read advances 1 ms: the player must notice the hard deadline
  // within a few dozen reads of it, whatever the machine's speed.
  const State s = stones("rule=renju", "H8 I9 G9 J7 H10", "H9 G8 I8 J10", W);
  for (const char* spec : {"threat", "threat:vct=0", "threat:defend=0"}) {
    FakeClock clock(1'000'000);
    const TimeBudget budget(TimeControl::per_move(200, 20), clock);
    const Move m = player(spec)->choose(s, s.to_move(), budget);
    EXPECT_TRUE(s.check(s.to_move(), m).ok()) << spec;
    EXPECT_LE(clock.peek_ns(), budget.hard_deadline_ns() + 40'000'000) << spec;
  }
}

// ---- The ccgc opening. ----

State ccgc_after(std::string_view rules_text, std::initializer_list<std::string_view> actions) {
  State s(testing::rules(rules_text));
  for (std::string_view a : actions) {
    auto m = s.parse_move(s.to_move(), a);
    EXPECT_TRUE(m.ok()) << a << ": " << m.message();
    if (!m.ok()) break;
    EXPECT_TRUE(s.apply_checked(s.to_move(), m.value()).ok()) << a;
  }
  return s;
}

constexpr const char* kCcgc = "rule=renju opening=ccgc fifth_n=2";

TEST(CcgcBook, HoldsEachOfTheProceduresThreeStoneOpeningsOnceInAllItsImages) {
  State start(testing::rules(kCcgc));
  ASSERT_TRUE(start.apply_checked(0, Move::place(gomoku::kH8)).ok());
  std::set<const BookOpening*> reached;
  State::MoveList seconds, thirds;
  start.legal_moves(seconds);
  ASSERT_EQ(seconds.size(), 8u);
  for (const Move& second : seconds) {
    State s = start;
    ASSERT_TRUE(s.apply_checked(s.to_move(), second).ok());
    s.legal_moves(thirds);
    for (const Move& third : thirds) {
      const BookOpening* o = find_opening(second.point, third.point);
      ASSERT_NE(o, nullptr) << gomoku::format_point(second.point) << " "
                            << gomoku::format_point(third.point);
      reached.insert(o);
    }
  }
  EXPECT_EQ(reached.size(), 26u);
  for (const BookOpening& o : ccgc_book()) {
    EXPECT_GT(o.games, 0);
    EXPECT_GE(o.black_points, 0);
    EXPECT_LE(o.black_points, o.games);
    for (int symmetry = 0; symmetry < 8; ++symmetry)
      EXPECT_EQ(find_opening(gomoku::symmetric_point(symmetry, o.white),
                             gomoku::symmetric_point(symmetry, o.black)),
                &o);
  }
  // Not a standard opening: stone 3 outside the central square.
  EXPECT_EQ(find_opening(gomoku::make_point(7, 8), gomoku::make_point(7, 11)), nullptr);
}

TEST(ThreatOpening, SwapsExactlyWhenTheBookGivesBlackMoreThanHalf) {
  int swaps = 0;
  for (const BookOpening& o : ccgc_book()) {
    // Seen through a reflection, as a game may reach it.
    const Point white = gomoku::symmetric_point(5, o.white);
    const Point black = gomoku::symmetric_point(5, o.black);
    const State s =
        ccgc_after(kCcgc, {"H8", gomoku::format_point(white), gomoku::format_point(black)});
    ASSERT_EQ(s.step(), Step::kSwap);
    const bool black_better = expected_black_score(o) > 0.5;
    EXPECT_EQ(choose_text(s), black_better ? "swap" : "keep") << s.to_text();
    swaps += black_better;
  }
  EXPECT_GT(swaps, 0);  // the book is not one-sided, or this test would be weak
  EXPECT_LT(swaps, 26);
}

TEST(ThreatOpening, WithoutTheBookSwapsAStrongBlackShapeAndKeepsAWeakOne) {
  // Black H8 H9: an open two in the centre, white's stone off its line.
  const State strong = ccgc_after(kCcgc, {"H8", "I7", "H9"});
  // Black F10 behind white's G9, which cuts it from H8.
  const State weak = ccgc_after(kCcgc, {"H8", "G9", "F10"});
  ASSERT_EQ(strong.step(), Step::kSwap);
  EXPECT_EQ(choose_text(strong, "threat:depth=3,tss=4000,book=0"), "swap");
  EXPECT_EQ(choose_text(weak, "threat:depth=3,tss=4000,book=0"), "keep");
}

// How far from even the opening after H8, `white`, `black` is by the book.
double imbalance(Point white, Point black) {
  return std::abs(expected_black_score(*find_opening(white, black)) - 0.5);
}

TEST(ThreatOpening, BlackMakesTheMostBalancedOpeningAndWhiteTheStoneThatLeavesTheLeastBalance) {
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    State s(testing::rules(kCcgc));
    const TimeBudget unlimited;
    auto white = player("threat", seed);
    auto black = player("threat", seed + 100);
    ASSERT_TRUE(s.apply_checked(0, black->choose(s, 0, unlimited)).ok());
    const Move second = white->choose(s, 1, unlimited);
    ASSERT_TRUE(s.apply_checked(1, second).ok());
    const Move third = black->choose(s, 0, unlimited);
    State::MoveList thirds;
    s.legal_moves(thirds);
    double least = 1;
    for (const Move& m : thirds) least = std::min(least, imbalance(second.point, m.point));
    EXPECT_LT(imbalance(second.point, third.point), least + 0.02)
        << gomoku::format_point(third.point);
    // White's stone: no other neighbour of H8 would have left black a less balanced best.
    for (const Point other : {gomoku::make_point(7, 8), gomoku::make_point(8, 8)}) {
      State t(testing::rules(kCcgc));
      ASSERT_TRUE(t.apply_checked(0, Move::place(gomoku::kH8)).ok());
      ASSERT_TRUE(t.apply_checked(1, Move::place(other)).ok());
      t.legal_moves(thirds);
      double best = 1;
      for (const Move& m : thirds) best = std::min(best, imbalance(other, m.point));
      EXPECT_LE(best, least + 0.02) << gomoku::format_point(other);
    }
  }
}

TEST(ThreatOpening, OffersTheBestDistinctPointsAndWhiteTakesTheWeakest) {
  const char* rules = "rule=renju opening=ccgc fifth_n=3";
  State s = ccgc_after(rules, {"H8", "I9", "H7", "keep", "L12"});
  ASSERT_EQ(s.step(), Step::kOffer);
  OpeningPlayer opening(quick_options());
  const TimeBudget unlimited;
  const auto ranked = opening.rank_offers(s, unlimited);
  ASSERT_GE(ranked.size(), 3u);
  auto black = player(kQuick);
  const Position before(s);
  std::vector<Point> offered;
  for (int i = 0; i < 3; ++i) {
    const Move m = black->choose(s, s.to_move(), unlimited);
    ASSERT_EQ(m.action, Action::kOffer);
    ASSERT_TRUE(s.apply_checked(s.to_move(), m).ok()) << s.format_move(m);
    offered.push_back(m.point);
  }
  EXPECT_EQ(offered[0], ranked[0].first);  // the best point is always offered
  for (Point p : offered) EXPECT_TRUE(before.near().contains(p)) << gomoku::format_point(p);
  ASSERT_EQ(s.step(), Step::kChoose);
  const Move pick = player(kQuick)->choose(s, s.to_move(), unlimited);
  ASSERT_EQ(pick.action, Action::kChoose);
  // White takes the offer that black's ranking valued lowest (the same search).
  auto ranked_value = [&](Point p) {
    for (const auto& [q, v] : ranked)
      if (q == p) return v;
    return 1 << 30;
  };
  int lowest = 1 << 30;
  for (Point p : offered) lowest = std::min(lowest, ranked_value(p));
  EXPECT_EQ(ranked_value(pick.point), lowest) << s.format_move(pick);
}

TEST(ThreatOpening, WhiteChoosesTheHarmlessOfferOverAnOpenThree) {
  const char* rules = "rule=renju opening=ccgc fifth_n=2";
  const State s = ccgc_after(rules, {"H8", "I9", "H7", "keep", "L12", "offer H6", "offer A1"});
  ASSERT_EQ(s.step(), Step::kChoose);
  EXPECT_EQ(choose_text(s), "choose A1");
}

TEST(ThreatOpening, EveryOpeningActionIsLegalForEveryFifthN) {
  for (int n = 2; n <= 5; ++n) {
    State s(testing::rules("rule=renju opening=ccgc fifth_n=" + std::to_string(n)));
    std::array<std::unique_ptr<Player<State>>, 2> players = {player(kQuicker, 1),
                                                             player(kQuicker, 2)};
    const TimeBudget unlimited;
    for (int k = 0; k < 12 + n && !s.is_terminal(); ++k) {
      const Seat seat = s.to_move();
      const Move m = players[seat]->choose(s, seat, unlimited);
      ASSERT_TRUE(s.apply_checked(seat, m).ok()) << "fifth_n=" << n << ": " << s.format_move(m);
    }
    EXPECT_EQ(s.step(), Step::kPlay);
  }
}

// ---- Real games. ----

TEST(ThreatPlayer, WinsEveryShortGameAgainstRandomUnderRenjuCcgc) {
  for (int game = 0; game < 4; ++game) {
    State s(testing::rules("rule=renju opening=ccgc fifth_n=2"));
    const Seat engine_seat = static_cast<Seat>(game % 2);
    std::array<std::unique_ptr<Player<State>>, 2> players;
    players[engine_seat] = player(kQuick, 100 + game);
    players[1 - engine_seat] = player("random", 200 + game);
    const TimeBudget unlimited;
    while (!s.is_terminal()) {
      const Seat seat = s.to_move();
      const Move m = players[seat]->choose(s, seat, unlimited);
      ASSERT_TRUE(s.apply_checked(seat, m).ok()) << s.format_move(m);
    }
    EXPECT_EQ(s.outcome().winner, engine_seat) << s.to_text();
  }
}

}  // namespace
}  // namespace boyi::bots::gomoku_threat
