// The arena as a referee: full random games of every game, what each seat is
// sent (seq numbers, its own renderings, 军棋 deployments redacted for the other
// seat, both seats asked to deploy), and the policies: illegal attempts, time
// forfeit, a failing player, the action cap.
#include "bots/arena/arena.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "bots/arena/random_seat_player.h"
#include "protocol/wire/wire_game.h"

namespace boyi::bots {
namespace {

v1::TimeControl minutes(int m) {
  v1::TimeControl tc;
  tc.set_total_ms(static_cast<std::uint32_t>(m) * 60'000);
  return tc;
}

// A random player that checks everything the arena sends it.
class CheckingPlayer final : public SeatPlayer {
 public:
  explicit CheckingPlayer(std::uint64_t seed) : random_(seed) {}
  std::string name() const override { return "checking"; }
  Status start(const v1::MatchStarted& m) override {
    seat_ = m.seat();
    EXPECT_EQ(m.view().viewer(), m.seat());
    EXPECT_EQ(m.players_size(), 2);
    EXPECT_EQ(m.clocks().remaining_ms_size(), 2);
    EXPECT_EQ(m.illegal_move_attempts(), 3u);
    game_ = m.game();
    return random_.start(m);
  }
  Status observe(const v1::MatchEvent& e) override {
    EXPECT_EQ(e.seq(), last_seq_ + 1);
    last_seq_ = e.seq();
    EXPECT_EQ(e.view().viewer(), seat_);
    if (game_ == "junqi" && !e.events().empty() &&
        e.events(0).junqi().kind() == v1::JunqiEvent::KIND_DEPLOY) {
      // The other seat's layout never reaches us; our own comes back to us.
      EXPECT_EQ(e.redacted(), e.actor() != seat_);
      EXPECT_EQ(e.events(0).junqi().layout().empty(), e.actor() != seat_);
      ++deployments_seen;
    } else {
      EXPECT_FALSE(e.redacted());
      EXPECT_FALSE(e.move().empty());
    }
    ++events;
    return Status::Ok();
  }
  Result<std::string> choose(const v1::GameView& view, const v1::Clocks& clocks) override {
    EXPECT_TRUE(view.can_act());
    EXPECT_EQ(view.viewer(), seat_);
    if (game_ == "junqi") {
      // Both clocks run while neither seat has deployed, one otherwise.
      const bool neither = !view.junqi().deployed(0) && !view.junqi().deployed(1);
      EXPECT_EQ(clocks.running_both(), neither);
      EXPECT_EQ(clocks.running(), neither ? kPublic : seat_);
    }
    ++asked;
    return random_.choose(view, clocks);
  }
  void finish(const v1::MatchEnded& ended) override {
    EXPECT_EQ(ended.seq(), last_seq_ + 1);
    ended_ = true;
  }

  int asked = 0, events = 0, deployments_seen = 0;
  bool ended_ = false;

 private:
  RandomSeatPlayer random_;
  Seat seat_ = 0;
  std::uint32_t last_seq_ = 0;  // the first event is seq 1
  std::string game_;
};

TEST(Arena, RandomGamesOfEveryGameFinishAndReplay) {
  const std::pair<const char*, const char*> games[] = {
      {"junqi", ""},
      {"gomoku", "rule=renju opening=ccgc fifth_n=2"},
      {"dots", ""},
      {"surakarta", ""}};
  for (const auto& [game, rules] : games) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      CheckingPlayer a(seed), b(seed + 100);
      auto r = play_arena_match(game, rules, minutes(5), a, b);
      ASSERT_TRUE(r.ok()) << r.message();
      EXPECT_TRUE(r->outcome.finished());
      EXPECT_NE(r->outcome.ending, Ending::kDisconnectForfeit) << r->outcome.detail;
      EXPECT_NE(r->outcome.ending, Ending::kTimeForfeit) << r->outcome.detail;
      EXPECT_NE(r->outcome.ending, Ending::kIllegalMove) << r->outcome.detail;
      EXPECT_TRUE(a.ended_ && b.ended_);
      EXPECT_EQ(a.events, static_cast<int>(r->moves.size()));
      EXPECT_EQ(b.events, static_cast<int>(r->moves.size()));
      EXPECT_GT(a.asked, 0);
      EXPECT_GT(b.asked, 0);
      if (std::string_view(game) == "junqi") {
        EXPECT_EQ(a.deployments_seen, 2);  // both seats were asked to deploy
        EXPECT_EQ(b.deployments_seen, 2);
      }
      // The move list replays to the same ending.
      auto replay = protocol::create_wire_game(game, rules);
      ASSERT_TRUE(replay.ok());
      for (const auto& m : r->moves) ASSERT_TRUE((*replay)->play(m.actor, m.move).ok()) << m.move;
      EXPECT_EQ((*replay)->outcome(), r->outcome);
      EXPECT_EQ((*replay)->full_text(), r->final_text);
    }
  }
}

// Answers with a fixed text every time, counting the refusals it is told about.
class StubbornPlayer final : public SeatPlayer {
 public:
  explicit StubbornPlayer(std::string text, int sleep_ms = 0)
      : text_(std::move(text)), sleep_ms_(sleep_ms) {}
  std::string name() const override { return "stubborn"; }
  Status start(const v1::MatchStarted&) override { return Status::Ok(); }
  Status observe(const v1::MatchEvent&) override { return Status::Ok(); }
  Result<std::string> choose(const v1::GameView&, const v1::Clocks&) override {
    if (sleep_ms_ > 0) std::this_thread::sleep_for(std::chrono::milliseconds(sleep_ms_));
    if (text_.empty()) return fail("my engine fell over");
    return text_;
  }
  void rejected(const std::string& error) override {
    ++rejections;
    last_error = error;
  }
  int rejections = 0;
  std::string last_error;

 private:
  std::string text_;
  int sleep_ms_;
};

TEST(Arena, IllegalAttemptsAreRejectedThenLose) {
  StubbornPlayer bad("ZZ99");
  RandomSeatPlayer good(1);
  auto r = play_arena_match("gomoku", "", minutes(1), bad, good);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->outcome.ending, Ending::kIllegalMove);
  EXPECT_EQ(r->outcome.winner, 1);
  EXPECT_EQ(bad.rejections, 2);  // told twice, the third attempt loses
  EXPECT_FALSE(bad.last_error.empty());
  EXPECT_EQ(r->illegal_attempts[0], 3);
  EXPECT_TRUE(r->moves.empty());

  StubbornPlayer once("ZZ99");
  RandomSeatPlayer other(2);
  ArenaOptions at_once;
  at_once.illegal_move_attempts = 1;
  auto r1 = play_arena_match("dots", "", minutes(1), other, once, at_once);
  ASSERT_TRUE(r1.ok());
  EXPECT_EQ(r1->outcome.ending, Ending::kIllegalMove);
  EXPECT_EQ(r1->outcome.winner, 0);
  EXPECT_EQ(once.rejections, 0);
}

TEST(Arena, AnOpeningIsPlayedForTheSeatsAndObservedByThem) {
  RandomSeatPlayer a(3), b(4);
  ArenaOptions o;
  o.opening = {"H8", "H9", "J10"};
  auto r = play_arena_match("gomoku", "rule=renju opening=free", minutes(1), a, b, o);
  ASSERT_TRUE(r.ok()) << r.message();
  ASSERT_GE(r->moves.size(), 4u);
  EXPECT_EQ(r->moves[0].move, "H8");
  EXPECT_EQ(r->moves[1].move, "H9");
  EXPECT_EQ(r->moves[2].move, "J10");
  EXPECT_EQ(r->moves[0].actor, 0);
  EXPECT_EQ(r->moves[1].actor, 1);
  EXPECT_EQ(r->moves[3].actor, 1);  // white plays on from the opening
  EXPECT_TRUE(r->failure[0].empty() && r->failure[1].empty());

  // An opening that cannot be played is refused before any game starts.
  RandomSeatPlayer c(5), d(6);
  ArenaOptions bad;
  bad.opening = {"H8", "H8"};
  auto refused = play_arena_match("gomoku", "rule=renju opening=free", minutes(1), c, d, bad);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.message().find("opening action 2 'H8' is not legal"), std::string::npos)
      << refused.message();
}

TEST(Arena, APlayerPastItsLimitLosesOnTime) {
  v1::TimeControl tc;
  tc.set_per_move_ms(40);
  StubbornPlayer slow("H8", 400);
  RandomSeatPlayer fast(3);
  ArenaOptions options;
  options.grace_ms = 0;
  auto r = play_arena_match("gomoku", "", tc, slow, fast, options);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->outcome.ending, Ending::kTimeForfeit);
  EXPECT_EQ(r->outcome.winner, 1);
}

// A random player whose start takes `start_ms` (an engine that loads its tables).
class SlowStarter final : public SeatPlayer {
 public:
  SlowStarter(std::uint64_t seed, int start_ms) : random_(seed), start_ms_(start_ms) {}
  std::string name() const override { return "slow starter"; }
  Status start(const v1::MatchStarted& m) override {
    std::this_thread::sleep_for(std::chrono::milliseconds(start_ms_));
    return random_.start(m);
  }
  Status observe(const v1::MatchEvent& e) override { return random_.observe(e); }
  Result<std::string> choose(const v1::GameView& view, const v1::Clocks& clocks) override {
    return random_.choose(view, clocks);
  }

 private:
  RandomSeatPlayer random_;
  int start_ms_;
};

TEST(Arena, StartingUpIsNotChargedToTheClocks) {
  // Both players take longer to start than a move may take; the opening's first action (seat
  // 0's) and the first moves are still in time.
  v1::TimeControl tc;
  tc.set_per_move_ms(100);
  SlowStarter a(1, 150), b(2, 150);
  ArenaOptions o;
  o.grace_ms = 0;
  o.opening = {"H8", "H9", "J10"};
  auto r = play_arena_match("gomoku", "rule=renju opening=free", tc, a, b, o);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_NE(r->outcome.ending, Ending::kTimeForfeit) << r->outcome.detail;
  EXPECT_GT(r->moves.size(), 3u);
}

TEST(Arena, AFailingPlayerForfeitsWithItsError) {
  StubbornPlayer broken("");
  RandomSeatPlayer fine(4);
  auto r = play_arena_match("surakarta", "", minutes(1), fine, broken);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->outcome.ending, Ending::kDisconnectForfeit);
  EXPECT_EQ(r->outcome.winner, 0);
  EXPECT_NE(r->outcome.detail.find("my engine fell over"), std::string::npos) << r->outcome.detail;
  EXPECT_EQ(r->failure[1], "my engine fell over");
  EXPECT_EQ(r->moves.size(), 1u);  // seat 0 moved once, then seat 1 failed
}

TEST(Arena, ClocksChargeEachActionAndAddTheIncrementPerTurn) {
  // 点格棋 sent edge by edge: a turn that claims boxes is several actions, one increment.
  for (const char* game : {"dots", "junqi"}) {
    v1::TimeControl tc;
    tc.set_total_ms(60'000);
    tc.set_increment_ms(1'000);
    RandomSeatPlayer a(7), b(8);
    auto r = play_arena_match(game, "", tc, a, b);
    ASSERT_TRUE(r.ok());
    std::array<std::int64_t, 2> expected = {60'000, 60'000};
    int turns_in_a_row = 0;
    for (std::size_t i = 0; i < r->moves.size(); ++i) {
      const auto& m = r->moves[i];
      expected[m.actor] -= m.time_ms;
      const bool last = i + 1 == r->moves.size();
      if (!last && r->moves[i + 1].actor != m.actor) expected[m.actor] += 1'000;
      if (!last && r->moves[i + 1].actor == m.actor) ++turns_in_a_row;
    }
    EXPECT_EQ(r->remaining_ms, expected) << game;
    if (std::string_view(game) == "dots") {
      EXPECT_GT(turns_in_a_row, 0);
    }
  }
}

TEST(Arena, TheActionCapAbortsAndBadArgumentsAreErrors) {
  RandomSeatPlayer a(5), b(6);
  ArenaOptions options;
  options.max_actions = 10;
  auto r = play_arena_match("surakarta", "", minutes(1), a, b, options);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->outcome.ending, Ending::kAborted);
  EXPECT_FALSE(r->outcome.winner.has_value());
  EXPECT_EQ(r->moves.size(), 10u);
  EXPECT_FALSE(play_arena_match("chess", "", minutes(1), a, b).ok());
  EXPECT_FALSE(play_arena_match("dots", "size=9", minutes(1), a, b).ok());
  EXPECT_FALSE(play_arena_match("dots", "", minutes(1), a, a).ok());
}

}  // namespace
}  // namespace boyi::bots
