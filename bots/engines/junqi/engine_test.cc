// The `belief` engine: tactical positions from seeded games where the right
// move is known, legality and the time limit under a small budget, and short
// games against random.
#include <gtest/gtest.h>

#include <functional>

#include "bots/engines/junqi/belief.h"
#include "bots/engines/junqi/tactics.h"
#include "bots/engines/junqi/test_support.h"
#include "bots/engines/junqi/world_sampler.h"
#include "bots/player.h"

namespace boyi::bots {
namespace {

using namespace junqi;
using testing::JunqiGame;

struct Found {
  JunqiSeatInfo info;
  State truth;
};

// Positions of seeded random games where `want(game, seat to move)` holds.
std::vector<Found> find_positions(int wanted, Rules rules,
                                  const std::function<bool(const JunqiGame&, Seat)>& want) {
  std::vector<Found> out;
  for (std::uint64_t seed = 1; seed <= 400 && static_cast<int>(out.size()) < wanted; ++seed) {
    JunqiGame g("", "", rules);
    Rng rng(seed);
    for (Seat s = 0; s < 2; ++s) g.act(s, g.truth.random_deployment(s, rng));
    State::MoveList list;
    for (int ply = 0; ply < 600 && !g.truth.is_terminal(); ++ply) {
      const Seat s = g.truth.to_move();
      if (want(g, s)) {
        out.push_back({g.seat_info(s), g.truth});
        break;
      }
      g.truth.legal_moves(list);
      g.act(s, list[rng.below(static_cast<std::uint32_t>(list.size()))]);
    }
  }
  return out;
}

bool has_move(const State& s, const std::function<bool(const Move&)>& pred) {
  State::MoveList list;
  s.legal_moves(list);
  for (const Move& m : list)
    if (pred(m)) return true;
  return false;
}

Move choose(const std::string& spec, const JunqiSeatInfo& info, std::uint64_t seed = 1) {
  auto p = make_player<State>(spec, seed);
  EXPECT_TRUE(p.ok()) << p.message();
  return (*p)->choose(info, info.seat, TimeBudget{});
}

TEST(JunqiBeliefEngine, TakesTheRevealedFlag) {
  const auto found = find_positions(4, Rules{}, [](const JunqiGame& g, Seat s) {
    const int flag = g.seat_info(s).view.revealed_flag[1 - s];
    return flag >= 0 && has_move(g.truth, [&](const Move& m) { return m.to == flag; });
  });
  ASSERT_GE(found.size(), 2u);
  for (const Found& f : found) {
    const int flag = f.info.view.revealed_flag[1 - f.info.seat];
    EXPECT_EQ(choose("belief:playouts=200", f.info).to, flag);
    // The search alone finds it too: every world wins at once.
    EXPECT_EQ(choose("belief:tactics=0,playouts=400", f.info).to, flag);
  }
}

TEST(JunqiBeliefEngine, DefendsItsFlag) {
  // Savable positions: some attack on the raider next to our flag removes it.
  const auto found = find_positions(6, Rules{}, [](const JunqiGame& g, Seat s) {
    const int flag = g.truth.flag_post(s);
    return has_move(g.truth, [&](const Move& m) {
      if (g.truth.owner_at(m.to) != 1 - s || !((board::kRoad[flag] >> m.to) & 1)) return false;
      State after = g.truth;
      after.apply(m);
      return after.owner_at(m.to) != 1 - s;
    });
  });
  ASSERT_GE(found.size(), 3u);
  for (const Found& f : found) {
    const Seat s = f.info.seat;
    const int flag = f.truth.flag_post(s);
    auto next_to_flag = [&](const Move& m) {
      return f.truth.owner_at(m.to) == 1 - s && ((board::kRoad[flag] >> m.to) & 1);
    };
    const Move tactic = choose("belief:playouts=100", f.info);
    EXPECT_TRUE(next_to_flag(tactic)) << f.truth.to_text();
    // The tactic takes the likeliest removal.
    const JunqiBelief belief(f.info);
    const JunqiWorldSampler sampler(f.info, belief);
    Rng rng(1);
    const auto world = sampler.sample(rng);
    ASSERT_TRUE(world.has_value());
    double best = 0;
    State::MoveList list;
    world->legal_moves(list);
    for (const Move& m : list)
      if (next_to_flag(m)) best = std::max(best, junqi_removal_chance(belief, *world, m));
    EXPECT_NEAR(junqi_removal_chance(belief, *world, tactic), best, 1e-9);
    // The search alone answers the threat too.
    EXPECT_TRUE(next_to_flag(choose("belief:tactics=0,playouts=600", f.info))) << f.truth.to_text();
  }
}

TEST(JunqiBeliefEngine, FightsBeforeTheNoBattleLimit) {
  // With an odd limit the side that makes the last quiet ply also made the
  // first: a quiet move now loses, so it must attack.
  Rules rules;
  rules.no_battle_limit = 11;
  const auto found = find_positions(4, rules, [](const JunqiGame& g, Seat) {
    return g.truth.no_battle_count() == 10 &&
           has_move(g.truth, [&](const Move& m) { return !g.truth.empty(m.to); });
  });
  ASSERT_GE(found.size(), 2u);
  for (const Found& f : found) {
    EXPECT_FALSE(f.truth.empty(choose("belief:playouts=100", f.info).to));
    EXPECT_FALSE(f.truth.empty(choose("belief:tactics=0,playouts=400", f.info).to));
  }
}

TEST(JunqiBeliefEngine, WinsByTheNoBattleLimit) {
  // With an even limit the enemy made the first quiet ply: a quiet move wins.
  Rules rules;
  rules.no_battle_limit = 10;
  const auto found = find_positions(4, rules, [](const JunqiGame& g, Seat) {
    return g.truth.no_battle_count() == 9 &&
           has_move(g.truth, [&](const Move& m) { return g.truth.empty(m.to); });
  });
  ASSERT_GE(found.size(), 2u);
  for (const Found& f : found) {
    EXPECT_TRUE(f.truth.empty(choose("belief:playouts=100", f.info).to));
    EXPECT_TRUE(f.truth.empty(choose("belief:tactics=0,playouts=400", f.info).to));
  }
}

TEST(JunqiBeliefEngine, StopsAtTheHardDeadline) {
  const JunqiGame g = JunqiGame::random(3, 40);
  ASSERT_FALSE(g.truth.is_terminal());
  const Seat s = g.truth.to_move();
  auto p = make_player<State>("belief", 1);
  ASSERT_TRUE(p.ok());
  // A clock that moves 1 ms per read: 100 ms per move less a 30 ms margin.
  FakeClock clock(1'000'000);
  const TimeBudget budget(TimeControl::per_move(100), clock);
  const Move m = (*p)->choose(g.seat_info(s), s, budget);
  EXPECT_TRUE(g.truth.check(s, m).ok());
  EXPECT_LE(clock.peek_ns(), budget.hard_deadline_ns() + 3'000'000);
  EXPECT_GT(clock.reads(), 10);  // it did search
}

TEST(JunqiBeliefEngine, PlaysOnlyLegalMovesWithAnUnlimitedBudget) {
  for (int game = 0; game < 2; ++game) {
    auto me = make_player<State>("belief:playouts=60", 10 + game);
    auto other = make_player<State>("random", 20 + game);
    ASSERT_TRUE(me.ok() && other.ok());
    JunqiGame g("", "");
    const Seat mine = game % 2;
    for (Seat s = 0; s < 2; ++s) {
      Player<State>& p = s == mine ? **me : **other;
      const Move m = p.choose(g.seat_info(s), s, TimeBudget{});
      ASSERT_TRUE(g.act(s, m)) << g.error;
    }
    for (int ply = 0; ply < 400 && !g.truth.is_terminal(); ++ply) {
      const Seat s = g.truth.to_move();
      Player<State>& p = s == mine ? **me : **other;
      const Move m = p.choose(g.seat_info(s), s, TimeBudget{});
      ASSERT_TRUE(g.truth.check(s, m).ok()) << g.truth.check(s, m).message();
      ASSERT_TRUE(g.act(s, m));
    }
  }
}

TEST(JunqiBeliefEngine, RejectsBadOptions) {
  EXPECT_FALSE(make_player<State>("belief:depth=3", 1).ok());
  EXPECT_FALSE(make_player<State>("belief:q=2", 1).ok());
  EXPECT_FALSE(make_player<State>("belief:layout=odd", 1).ok());
  EXPECT_TRUE(make_player<State>("belief:q=0,pieces=0,layout=random,prior=0", 1).ok());
}

TEST(JunqiBeliefEngine, BeatsRandom) {
  int wins = 0;
  constexpr int kGames = 5;
  for (int game = 0; game < kGames; ++game) {
    auto me = make_player<State>("belief:playouts=150", 100 + game);
    auto other = make_player<State>("random", 200 + game);
    ASSERT_TRUE(me.ok() && other.ok());
    JunqiGame g("", "");
    const Seat mine = game % 2;
    for (Seat s = 0; s < 2; ++s) {
      Player<State>& p = s == mine ? **me : **other;
      ASSERT_TRUE(g.act(s, p.choose(g.seat_info(s), s, TimeBudget{})));
    }
    for (int ply = 0; ply < 1000 && !g.truth.is_terminal(); ++ply) {
      const Seat s = g.truth.to_move();
      Player<State>& p = s == mine ? **me : **other;
      ASSERT_TRUE(g.act(s, p.choose(g.seat_info(s), s, TimeBudget{}))) << g.error;
    }
    const Outcome o = g.truth.outcome();
    wins += o.winner.has_value() && *o.winner == mine;
  }
  EXPECT_GE(wins, 4);
}

}  // namespace
}  // namespace boyi::bots
