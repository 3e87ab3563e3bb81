// The `chain` player: double-dealing where it wins and taking all where that wins, forced
// claims answered at once (searched among every edge with merge=0), the solver's winning edge
// in a parity fight, the time limit kept on a hand-driven clock, legal moves throughout, and
// short games won against random.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "bots/engines/dots/chain_player.h"
#include "bots/engines/dots/test_positions.h"
#include "bots/player.h"

namespace boyi::bots::dots_engine {
namespace {

using testing::diagram;
using testing::edge;

dots::Move move(std::string_view name) {
  return dots::Move{static_cast<std::uint8_t>(edge(name))};
}

std::unique_ptr<ChainPlayer> chain(std::string_view spec, std::uint64_t seed = 1) {
  auto parsed = PlayerSpec::parse(spec);
  EXPECT_TRUE(parsed.ok());
  auto p = make_chain_player(*parsed, spec, seed);
  EXPECT_TRUE(p.ok()) << p.message();
  return std::unique_ptr<ChainPlayer>(static_cast<ChainPlayer*>(p.value().release()));
}

// Plays `seat`'s whole turn with `player`; returns the edges it drew.
std::vector<std::string> play_turn(dots::State& s, Player<dots::State>& player) {
  const Seat seat = s.to_move();
  std::vector<std::string> drawn;
  while (!s.is_terminal() && s.to_move() == seat) {
    const dots::Move m = player.choose(s, seat, TimeBudget{});
    EXPECT_TRUE(s.check(seat, m).ok()) << s.format_move(m);
    drawn.push_back(s.format_move(m));
    s.apply(m);
  }
  return drawn;
}

// White has just opened the chain of three (AA AB AC) while a chain of four waits: 9-9.
constexpr std::string_view kOpenedThreeBeforeFour = R"(
  +-+-+ +-+-+
  |     |X|O|
  +-+-+-+-+-+
  |X|O|X|O|X|
  +-+-+-+-+-+
  |O|X|O|X|O|
  +-+-+-+-+-+
  |X|O|X|O|X|
  +-+-+-+-+-+
          |O|
  +-+-+-+ +-+
)";

TEST(DotsChainEngine, DeclinesTheLastTwoBoxesToKeepControl) {
  // Taking all three (12-9) leaves black to open the four: 12-13. Taking one and handing two
  // back (10-11) makes white open the four: 14-11.
  const dots::State start = diagram(kOpenedThreeBeforeFour, 0);
  for (const std::string_view spec : {"chain", "chain:solve=-1,playouts=3000"}) {
    dots::State s = start;
    auto player = chain(spec);
    EXPECT_EQ(play_turn(s, *player), (std::vector<std::string>{"BBA", "AAC"})) << spec;
    EXPECT_EQ(s.score(0), 10);
    EXPECT_EQ(s.score(1), 9);
    // White takes the double-cross and must open the four; black takes it all.
    s.apply(move("BCA"));
    s.apply(move("BAE"));
    EXPECT_EQ(play_turn(s, *player), (std::vector<std::string>{"BBE", "BCE", "BDE", "AFD"}));
    EXPECT_TRUE(s.is_terminal());
    EXPECT_EQ(s.score(0), 14);
  }
}

TEST(DotsChainEngine, TakesAllWhenNoLongChainRemains) {
  // The same three opened, but only a single box waits (10-11 to white): taking all (13-11)
  // and giving the box away wins 13-12; declining would lose 12-13.
  const dots::State start = diagram(R"(
    +-+-+ +-+-+
    |     |O|X|
    +-+-+-+-+-+
    |O|X|O|X|O|
    +-+-+-+-+-+
    |X|O|X|O|X|
    +-+-+-+-+-+
    |O|X|O|X|O|
    +-+-+-+-+-+
    |X|O|X|O|
    +-+-+-+-+ +
  )",
                                    0);
  for (const std::string_view spec : {"chain", "chain:solve=-1,playouts=3000"}) {
    dots::State s = start;
    auto player = chain(spec);
    const auto turn = play_turn(s, *player);
    ASSERT_EQ(turn.size(), 4u) << spec;
    EXPECT_EQ(std::vector<std::string>(turn.begin(), turn.begin() + 3),
              (std::vector<std::string>{"BBA", "BCA", "AAC"}));
    EXPECT_EQ(s.score(0), 13);
  }
}

TEST(DotsChainEngine, AnswersAForcedClaimAtOnce) {
  dots::State s = diagram(kOpenedThreeBeforeFour, 0);
  auto player = chain("chain");
  EXPECT_EQ(player->choose(s, 0, TimeBudget{}), move("BBA"));
  EXPECT_EQ(player->last().by, ChainReport::By::kForcedClaim);
  // The analysis board says why there was nothing to think about.
  ASSERT_TRUE(player->last_note().has_value());
  EXPECT_EQ(player->last_note()->method, "forced");
}

TEST(DotsChainEngine, UnmergedSearchWeighsEveryEdgeWhereABoxCanBeClaimed) {
  // merge=0 (the seed paper's ablation of 招法合并): the claim is one edge among all.
  const dots::State s = diagram(kOpenedThreeBeforeFour, 0);
  dots::MoveList merged, unmerged;
  chain_mcts_hooks(std::make_shared<PlayoutPolicy>()).generate(s, merged);
  chain_mcts_hooks(std::make_shared<PlayoutPolicy>(), false).generate(s, unmerged);
  EXPECT_EQ(merged.size(), 1u);
  EXPECT_EQ(merged[0], move("BBA"));
  EXPECT_EQ(static_cast<int>(unmerged.size()), s.undrawn_count());
  // Where nothing can be claimed the two trees are the same.
  const dots::State opening{dots::Rules{}};
  merged.clear();
  unmerged.clear();
  chain_mcts_hooks(std::make_shared<PlayoutPolicy>()).generate(opening, merged);
  chain_mcts_hooks(std::make_shared<PlayoutPolicy>(), false).generate(opening, unmerged);
  EXPECT_TRUE(std::equal(merged.begin(), merged.end(), unmerged.begin(), unmerged.end()));
  // The player searches the claim instead of answering it at once.
  auto player = chain("chain:merge=0,solve=-1,playouts=500");
  const dots::Move m = player->choose(s, 0, TimeBudget{});
  EXPECT_TRUE(s.check(0, m).ok());
  EXPECT_EQ(player->last().by, ChainReport::By::kMcts);
  const auto bad = PlayerSpec::parse("chain:merge=2");
  ASSERT_TRUE(bad.ok());
  EXPECT_FALSE(make_chain_player(*bad, "chain:merge=2", 1).ok());
}

TEST(DotsChainEngine, SolverFindsTheParityWinningSafeEdge) {
  // The parity fight of chains_test.cc: only BAB wins for black.
  const dots::State s = diagram(R"(
    +-+ + +-+-+
      | | |   |
    + + + + + +
        |     |
    + +-+-+-+ +
    |   |     |
    +-+ + + +-+
        | | |
    +-+ + + + +
        | |   |
    +-+-+ +-+-+
  )",
                                0);
  auto player = chain("chain");
  EXPECT_EQ(player->choose(s, 0, TimeBudget{}), move("BAB"));
  EXPECT_EQ(player->last().by, ChainReport::By::kSolver);
  EXPECT_TRUE(player->last().winning);
}

// Every read of the clock moves it on by `step`: the search must notice its deadline by
// reading the clock, and stop within a few reads of it.
void expect_keeps_the_deadline(const dots::State& s, std::string_view spec, Millis step_us) {
  FakeClock clock(step_us * 1000);
  const TimeControl tc = TimeControl::per_move(200, 30);
  const TimeBudget budget(tc, clock);
  auto player = chain(spec);
  const dots::Move m = player->choose(s, s.to_move(), budget);
  EXPECT_TRUE(s.check(s.to_move(), m).ok());
  EXPECT_LE(clock.peek_ns(), budget.hard_deadline_ns() + 8 * step_us * 1000) << spec;
}

TEST(DotsChainEngine, KeepsTheDeadline) {
  const dots::State opening{dots::Rules{}};
  expect_keeps_the_deadline(opening, "chain", 20);
  const dots::State middle = testing::random_endgame(5, 40, true);
  expect_keeps_the_deadline(middle, "chain:solve=60,solve_time=5", 2000);  // the solver polls
  expect_keeps_the_deadline(middle, "chain:solve=-1", 20);
}

TEST(DotsChainEngine, SettledPlayoutsEndWhereTheResultIsKnown) {
  // The generic UCT's settle hook: every playout stops at once with the hook's reward.
  MctsHooks<dots::State> hooks;
  int calls = 0;
  hooks.settle = [&](const dots::State&) -> std::optional<double> {
    ++calls;
    return 1.0;  // seat 0 wins
  };
  MctsOptions o;
  o.max_playouts = 200;
  Mcts<dots::State> mcts(o, hooks, 3);
  const auto r = mcts.search(dots::State{dots::Rules{}}, TimeBudget{});
  EXPECT_EQ(r.playouts, 200);
  EXPECT_EQ(calls, 200);
  for (const auto& child : r.root) EXPECT_EQ(child.mean, child.visits ? 1.0 : 0.0);
  // The policy settles a loony endgame by arithmetic: the three and the four lose for the
  // side to move (black at 9-9, so white wins), the single box more turns it round.
  PlayoutPolicy policy;
  const dots::State lost = diagram(R"(
    +-+-+ +-+-+
          |X|O|
    +-+-+-+-+-+
    |X|O|X|O|X|
    +-+-+-+-+-+
    |O|X|O|X|O|
    +-+-+-+-+-+
    |X|O|X|O|X|
    +-+-+-+-+-+
            |O|
    +-+-+-+ +-+
  )",
                                   0);
  EXPECT_EQ(policy.settle(lost), 0.0);
  EXPECT_EQ(policy.settle(dots::State{dots::Rules{}}), std::nullopt);  // safe edges left
}

TEST(DotsChainEngine, WinsShortGamesAgainstRandomWithLegalMoves) {
  for (int game = 0; game < 4; ++game) {
    auto me = make_player<dots::State>("chain:playouts=300", 10 + game);
    auto other = make_player<dots::State>("random", 20 + game);
    ASSERT_TRUE(me.ok() && other.ok());
    const Seat mine = game % 2;
    dots::State s{dots::Rules{}};
    while (!s.is_terminal()) {
      Player<dots::State>& p = s.to_move() == mine ? **me : **other;
      const dots::Move m = p.choose(s, s.to_move(), TimeBudget{});
      ASSERT_TRUE(s.apply_checked(s.to_move(), m).ok());
    }
    EXPECT_EQ(s.outcome().winner, mine) << s.to_text();
  }
}

}  // namespace
}  // namespace boyi::bots::dots_engine
