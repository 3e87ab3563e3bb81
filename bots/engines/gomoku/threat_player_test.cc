// The `threat` player: found by name, legal and foul-free on many random
// renju positions, tactically right where the answer is known, inside its
// deadline on a driven clock, sensible in the ccgc opening, and winning every
// short game against `random` under the competition's renju-ccgc rules.
#include <gtest/gtest.h>

#include <algorithm>

#include "bots/engines/gomoku/opening.h"
#include "bots/engines/gomoku/test_positions.h"
#include "bots/engines/gomoku/threat_player.h"
#include "bots/player.h"
#include "base/rng.h"

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

TEST(ThreatOpening, SwapsAStrongBlackShapeAndKeepsAWeakOne) {
  const char* rules = "rule=renju opening=ccgc fifth_n=2";
  // Black H8 H9: an open two in the centre, white's stone off its line.
  const State strong = ccgc_after(rules, {"H8", "I7", "H9"});
  // Black F10 behind white's G9, which cuts it from H8.
  const State weak = ccgc_after(rules, {"H8", "G9", "F10"});
  ASSERT_EQ(strong.step(), Step::kSwap);
  OpeningPlayer opening(quick_options());
  const TimeBudget unlimited;
  EXPECT_GT(opening.black_advantage(strong, unlimited), opening.black_advantage(weak, unlimited));
  EXPECT_EQ(choose_text(strong), "swap");
  EXPECT_EQ(choose_text(weak), "keep");
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
