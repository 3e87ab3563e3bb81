// The engine seat player: limits from the match's time control and the seat's clocks,
// whole games of every game between two engine seat players fed only with their own
// seats' messages (every move they answer is accepted by the referee's checked path),
// a refused move not repeated, the watchdog that answers for a search past its deadline, and
// the errors of a bad setup.
#include "bots/wire/engine_seat_player.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "bots/wire/local_wire_match.h"
#include "engine/dots/dots.h"
#include "engine/gomoku/gomoku.h"
#include "engine/surakarta/surakarta.h"

namespace boyi::bots {
namespace {

using testing::LocalWireMatch;

v1::Clocks clocks(std::uint32_t seat0, std::uint32_t seat1, int running,
                  std::uint32_t move_remaining = 0) {
  v1::Clocks c;
  c.add_remaining_ms(seat0);
  c.add_remaining_ms(seat1);
  c.set_running(running);
  c.set_move_remaining_ms(move_remaining);
  return c;
}

TEST(EngineSeatPlayer, TimeControlFromTheMatchAndTheClocks) {
  EngineSeatOptions o;
  o.safety_margin_ms = 100;
  v1::TimeControl bank_only;
  bank_only.set_total_ms(900000);
  TimeControl tc = time_control_for(bank_only, clocks(500000, 700000, 1), 1, o);
  EXPECT_EQ(tc.bank_ms, 700000);
  EXPECT_EQ(tc.per_move_ms, -1);
  EXPECT_EQ(tc.safety_margin_ms, 100);
  EXPECT_EQ(TimeBudget::hard_limit_ms(tc), 700000 - 100);

  v1::TimeControl full;
  full.set_total_ms(300000);
  full.set_per_move_ms(30000);
  full.set_increment_ms(2000);
  tc = time_control_for(full, clocks(200000, 100000, 0, 12000), 0, o);
  EXPECT_EQ(tc.bank_ms, 200000);
  EXPECT_EQ(tc.per_move_ms, 12000);  // what is left of this move's limit
  EXPECT_EQ(tc.increment_ms, 2000);
  EXPECT_EQ(TimeBudget::hard_limit_ms(tc), 12000 - 100);
  // The other seat's clock runs: ours has its whole per-move limit when it starts.
  tc = time_control_for(full, clocks(200000, 100000, 1, 5000), 0, o);
  EXPECT_EQ(tc.per_move_ms, 30000);

  // A short per-move limit: the margin shrinks to a quarter of it, not to the whole limit.
  v1::TimeControl fast;
  fast.set_per_move_ms(200);
  o.safety_margin_ms = 200;
  tc = time_control_for(fast, clocks(0, 0, 0, 200), 0, o);
  EXPECT_EQ(tc.safety_margin_ms, 50);
  EXPECT_EQ(TimeBudget::hard_limit_ms(tc), 150);
  o.safety_margin_ms = 100;

  o.max_move_ms = 250;
  tc = time_control_for(full, clocks(200000, 100000, 0, 12000), 0, o);
  EXPECT_EQ(tc.per_move_ms, 250);
  v1::TimeControl none;  // no limits at all: only the cap
  tc = time_control_for(none, clocks(0, 0, 0), 0, o);
  EXPECT_EQ(tc.bank_ms, -1);
  EXPECT_EQ(tc.per_move_ms, 250);
}

template <class G>
class EngineSeatPlayerGames : public ::testing::Test {};
using Games = ::testing::Types<junqi::State, gomoku::State, dots::State, surakarta::State>;
TYPED_TEST_SUITE(EngineSeatPlayerGames, Games);

TYPED_TEST(EngineSeatPlayerGames, PlaysWholeGamesFromItsOwnMessagesOnly) {
  using G = TypeParam;
  EngineSeatOptions o;
  o.max_move_ms = 40;
  o.safety_margin_ms = 5;
  std::vector<std::string> fallbacks;
  o.on_fallback = [&](const std::string& why) { fallbacks.push_back(why); };
  const char* specs[2] = {"greedy", "alphabeta:depth=1"};
  const auto variants = testing::rule_variants<G>();
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    LocalWireMatch<G> m(variants[seed % variants.size()]);
    ASSERT_TRUE(m.ok());
    std::array<std::unique_ptr<SeatPlayer>, 2> p;
    for (Seat s = 0; s < 2; ++s) {
      auto made = make_engine_seat_player(G::kName, specs[s], seed * 10 + s, o);
      ASSERT_TRUE(made.ok()) << made.message();
      p[s] = std::move(made).value();
      ASSERT_TRUE(p[s]->start(m.started(s)).ok());
    }
    Rng rng(seed);
    int actions = 0;
    for (; actions < 400 && !m.over(); ++actions) {
      const Seat actor = m.next_actor(rng);
      auto move = p[actor]->choose(m.view(actor), m.clocks());
      ASSERT_TRUE(move.ok()) << move.message();
      auto events = m.play(actor, *move, actions % 3 == 0);
      ASSERT_TRUE(events.ok()) << p[actor]->name() << " answered " << *move << ": "
                               << events.message();
      for (Seat s = 0; s < 2; ++s) {
        Status st = p[s]->observe((*events)[s]);
        ASSERT_TRUE(st.ok()) << st.message();
      }
    }
    EXPECT_GT(actions, 4);
    // Every move was the engine's own: what it knew let it answer legally each time.
    EXPECT_TRUE(fallbacks.empty()) << fallbacks.front();
    if (m.over())
      for (Seat s = 0; s < 2; ++s) p[s]->finish(m.ended());
  }
}

TEST(EngineSeatPlayer, ARefusedMoveIsNotRepeated) {
  LocalWireMatch<gomoku::State> m;
  ASSERT_TRUE(m.ok());
  auto p = make_engine_seat_player("gomoku", "greedy", 3);
  ASSERT_TRUE(p.ok());
  auto& player = **p;
  ASSERT_TRUE(player.start(m.started(0)).ok());
  ASSERT_TRUE(m.play(0, "H8", false).ok());
  auto events = m.play(1, "H9", false);
  ASSERT_TRUE(events.ok());
  ASSERT_TRUE(player.observe(m.sent(0)[0]).ok());
  ASSERT_TRUE(player.observe(m.sent(0)[1]).ok());
  const v1::GameView view = m.view(0);
  std::vector<std::string> answered;
  for (int i = 0; i < 3; ++i) {
    auto move = player.choose(view, m.clocks());
    ASSERT_TRUE(move.ok()) << move.message();
    for (const auto& before : answered) EXPECT_NE(*move, before);
    answered.push_back(*move);
    player.rejected("refused for the test");
  }
  // A new position forgets the refusals.
  auto next = m.play(0, answered.back(), false);
  ASSERT_TRUE(next.ok()) << next.message();
  ASSERT_TRUE(player.observe((*next)[0]).ok());
}

// A gomoku engine that thinks `think` whatever its budget says; with `on_stop` it answers as
// soon as its stop is raised, without it it answers only then.
class Overthinker : public Player<gomoku::State> {
 public:
  Overthinker(std::chrono::milliseconds think, bool on_stop) : think_(think), on_stop_(on_stop) {}
  std::string name() const override { return "overthinker"; }
  gomoku::Move choose(const gomoku::State& s, Seat, const TimeBudget& budget) override {
    const auto until = std::chrono::steady_clock::now() + think_;
    while (std::chrono::steady_clock::now() < until && !(on_stop_ && budget.stop_raised()))
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    gomoku::State::MoveList moves;
    s.legal_moves(moves);
    return moves[0];
  }

 private:
  std::chrono::milliseconds think_;
  bool on_stop_;
};

// Its first view, at 300 ms a move with the seat's clock not yet running.
struct OverthinkerSeat {
  explicit OverthinkerSeat(std::unique_ptr<Player<gomoku::State>> engine) {
    EngineSeatOptions o;
    o.safety_margin_ms = 60;
    o.on_fallback = [this](const std::string& why) { fallbacks.push_back(why); };
    player = make_engine_seat_player<gomoku::State>(std::move(engine), 1, o);
    v1::MatchStarted started = m.started(0);
    started.mutable_time_control()->set_per_move_ms(300);
    EXPECT_TRUE(player->start(started).ok());
  }
  Result<std::string> choose() { return player->choose(m.view(0), clocks(600'000, 600'000, -1)); }

  LocalWireMatch<gomoku::State> m;
  std::unique_ptr<SeatPlayer> player;
  std::vector<std::string> fallbacks;
};

TEST(EngineSeatPlayer, ItsWatchdogStopsASearchPastItsDeadline) {
  // The engine minds only its stop: the watchdog raises it inside the limit and the engine's
  // own move is played.
  OverthinkerSeat seat(std::make_unique<Overthinker>(std::chrono::seconds(60), true));
  const auto asked = std::chrono::steady_clock::now();
  auto move = seat.choose();
  ASSERT_TRUE(move.ok()) << move.message();
  EXPECT_LT(std::chrono::steady_clock::now() - asked, std::chrono::seconds(2));
  EXPECT_TRUE(seat.fallbacks.empty()) << seat.fallbacks.front();
}

TEST(EngineSeatPlayer, ItsWatchdogAnswersForAStuckSearch) {
  // The engine minds nothing for 1.5 s: the seat answers without it, and while that search
  // still runs its engine is not asked again.
  OverthinkerSeat seat(std::make_unique<Overthinker>(std::chrono::milliseconds(1500), false));
  const auto asked = std::chrono::steady_clock::now();
  auto move = seat.choose();
  ASSERT_TRUE(move.ok()) << move.message();
  EXPECT_LT(std::chrono::steady_clock::now() - asked, std::chrono::milliseconds(1200));
  ASSERT_EQ(seat.fallbacks.size(), 1u);
  EXPECT_EQ(seat.fallbacks[0], "the engine did not answer by its watchdog");
  move = seat.choose();
  ASSERT_TRUE(move.ok()) << move.message();
  ASSERT_EQ(seat.fallbacks.size(), 2u);
  EXPECT_EQ(seat.fallbacks[1], "the engine is still on the search its watchdog gave up");
}

TEST(EngineSeatPlayer, BadSetupsAreErrors) {
  EXPECT_FALSE(make_engine_seat_player("chess", "greedy", 1).ok());
  EXPECT_FALSE(make_engine_seat_player("gomoku", "no-such-player", 1).ok());
  EXPECT_FALSE(make_engine_seat_player("gomoku", "alphabeta:depth=oops", 1).ok());

  LocalWireMatch<gomoku::State> m;
  ASSERT_TRUE(m.ok());
  auto p = make_engine_seat_player("gomoku", "greedy", 1);
  ASSERT_TRUE(p.ok());
  EXPECT_FALSE((*p)->choose(m.view(0), m.clocks()).ok());  // before start
  ASSERT_TRUE((*p)->start(m.started(0)).ok());
  EXPECT_FALSE((*p)->choose(m.view(1), m.clocks()).ok());  // another seat's view
  ASSERT_TRUE(m.play(0, "H8", false).ok());
  // The view is one move ahead of what the player was told.
  EXPECT_FALSE((*p)->choose(m.view(0), m.clocks()).ok());
  auto d = make_engine_seat_player("dots", "greedy", 1);
  ASSERT_TRUE(d.ok());
  EXPECT_FALSE((*d)->start(m.started(0)).ok());  // a gomoku match for a dots player
}

}  // namespace
}  // namespace boyi::bots
