// The two halves agree: boyi-engine (a built-in engine behind each text protocol)
// driven by the bridge of that protocol plays full games in the arena against a
// random player, from both seats; and the boyi-engine process survives bad input
// (garbage, overlong and binary lines) and still plays.
#include <signal.h>

#include <gtest/gtest.h>

#include <thread>

#include "bots/arena/arena.h"
#include "bots/arena/random_seat_player.h"
#include "bots/bridges/bridge_player.h"
#include "bots/bridges/engine_process.h"
#include "bots/bridges/text_protocol_lines.h"

namespace boyi::bots {
namespace {

struct Case {
  std::string game, rules, protocol, engine;
};

v1::TimeControl bank(int seconds) {
  v1::TimeControl tc;
  tc.set_total_ms(static_cast<std::uint32_t>(seconds) * 1000);
  return tc;
}

TEST(BoyiEngineThroughBridges, FullGamesOfEveryGameFromBothSeats) {
  const Case cases[] = {
      {"junqi", "", "junqi-ccgc", "greedy"},
      {"gomoku", "rule=renju opening=free", "piskvork", "greedy"},
      {"gomoku", "rule=renju opening=ccgc fifth_n=2", "piskvork", "greedy"},
      {"dots", "", "sau", "greedy"},
      {"surakarta", "", "sau", "greedy"},
  };
  for (const auto& c : cases) {
    for (Seat seat = 0; seat < 2; ++seat) {
      SCOPED_TRACE(c.game + " '" + c.rules + "' boyi-engine in seat " + std::to_string(seat));
      BridgeOptions o;
      o.argv = {BOYI_ENGINE_BIN, "--game",   c.game,
                "--protocol",    c.protocol, "--engine",
                c.engine,        "--seed",   std::to_string(seat + 1),
                "--quiet"};
      o.protocol = c.protocol;
      o.opening_decider = "engine:greedy";
      auto made = make_bridge_player(o, c.game);
      ASSERT_TRUE(made.ok()) << made.message();
      std::unique_ptr<SeatPlayer> bridge = std::move(made).value();
      RandomSeatPlayer random(seat + 40);
      SeatPlayer& first = seat == 0 ? *bridge : static_cast<SeatPlayer&>(random);
      SeatPlayer& second = seat == 0 ? static_cast<SeatPlayer&>(random) : *bridge;
      auto r = play_arena_match(c.game, c.rules, bank(120), first, second);
      ASSERT_TRUE(r.ok()) << r.message();
      EXPECT_TRUE(r->outcome.ending == Ending::kNormal || r->outcome.ending == Ending::kFoul ||
                  r->outcome.ending == Ending::kAdjudication ||
                  r->outcome.ending == Ending::kNoBattleLimit)
          << describe(r->outcome) << " / " << r->failure[seat];
      EXPECT_EQ(r->failure[seat], "");
      EXPECT_GE(r->moves.size(), 5u);
      EXPECT_NE(bridge->name().find("(boyi-greedy)"), std::string::npos) << bridge->name();
    }
  }
}

TEST(BoyiEngineThroughBridges, ABrainWithSwap2BoardDecidesTheCcgcSwapItself) {
  BridgeOptions o;
  o.argv = {BOYI_ENGINE_BIN, "--game", "gomoku", "--protocol", "piskvork",
            "--engine", "greedy", "--quiet"};
  o.protocol = "piskvork";
  o.opening_decider = "brain";
  auto bridge = std::move(make_bridge_player(o, "gomoku")).value();
  RandomSeatPlayer random(5);
  auto r = play_arena_match("gomoku", "rule=renju opening=ccgc fifth_n=2", bank(120), random,
                            *bridge);
  ASSERT_TRUE(r.ok()) << r.message();
  ASSERT_GE(r->moves.size(), 4u);
  EXPECT_EQ(r->failure[1], "");
  const ArenaMove& swap = r->moves[3];
  EXPECT_EQ(swap.actor, 1);
  EXPECT_EQ(swap.comment.rfind(swap.move + " decided by the brain (SWAP2BOARD", 0), 0u)
      << swap.comment;
}

TEST(BoyiEngineThroughBridges, TheEngineBeatsRandomAtDots) {
  // Not a strength test: a check that the engine's moves reach the game intact.
  int wins = 0;
  for (Seat seat = 0; seat < 2; ++seat) {
    BridgeOptions o;
    o.argv = {BOYI_ENGINE_BIN, "--game",   "dots",   "--protocol",
              "sau",           "--engine", "greedy", "--quiet"};
    o.protocol = "sau";
    auto bridge = std::move(make_bridge_player(o, "dots")).value();
    RandomSeatPlayer random(seat + 7);
    SeatPlayer& first = seat == 0 ? *bridge : static_cast<SeatPlayer&>(random);
    SeatPlayer& second = seat == 0 ? static_cast<SeatPlayer&>(random) : *bridge;
    auto r = play_arena_match("dots", "", bank(60), first, second);
    ASSERT_TRUE(r.ok());
    wins += r->outcome.winner == seat;
  }
  EXPECT_EQ(wins, 2);
}

SteadyTime soon(int ms = 10'000) {
  return std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
}

// The next line that is not a MESSAGE or DEBUG line.
std::string answer(EngineProcess& p) {
  for (;;) {
    auto line = p.read_line(soon());
    EXPECT_TRUE(line.ok()) << line.message();
    if (!line.ok()) return "";
    if (line->rfind("MESSAGE", 0) != 0 && line->rfind("DEBUG", 0) != 0) return *line;
  }
}

TEST(BoyiEngineProcess, BadInputDoesNotStopIt) {
  auto made = EngineProcess::spawn({BOYI_ENGINE_BIN, "--game", "gomoku", "--protocol", "piskvork",
                                    "--engine", "random", "--quiet"},
                                   1 << 16);
  ASSERT_TRUE(made.ok()) << made.message();
  auto& p = **made;
  ASSERT_TRUE(p.send("START 15", soon()).ok());
  EXPECT_EQ(answer(p), "OK");
  ASSERT_TRUE(p.send(std::string(100'000, 'x'), soon()).ok());
  EXPECT_EQ(answer(p).rfind("UNKNOWN xxxx", 0), 0u);
  ASSERT_TRUE(p.send(std::string("\x01\x02\xff\xfe binary", 12), soon()).ok());
  EXPECT_EQ(answer(p).rfind("UNKNOWN", 0), 0u);
  ASSERT_TRUE(p.send("TURN -1,-1", soon()).ok());
  EXPECT_EQ(answer(p).rfind("ERROR", 0), 0u);
  ASSERT_TRUE(p.send("BOARD", soon()).ok());
  ASSERT_TRUE(p.send("7,7,7", soon()).ok());
  ASSERT_TRUE(p.send("DONE", soon()).ok());
  EXPECT_EQ(answer(p).rfind("ERROR", 0), 0u);
  ASSERT_TRUE(p.send("BEGIN", soon()).ok());
  EXPECT_TRUE(piskvork_lines::parse_point(answer(p)).ok());
  ASSERT_TRUE(p.send("END", soon()).ok());
  EXPECT_EQ(p.stop(std::chrono::milliseconds(5000)), "the engine exited with status 0");

  // The other protocols ignore what they cannot use and keep playing; end of input ends them.
  auto sau = EngineProcess::spawn({BOYI_ENGINE_BIN, "--game", "surakarta", "--protocol", "sau",
                                   "--engine", "random", "--quiet"},
                                  255);
  ASSERT_TRUE(sau.ok());
  for (const char* bad : {"", "move", "move ZZZZ", "new purple", "error", "end", "\x7f\x80"})
    ASSERT_TRUE((*sau)->send(bad, soon()).ok());
  ASSERT_TRUE((*sau)->send("name?", soon()).ok());
  EXPECT_EQ(*(*sau)->read_line(soon()), "name boyi-random");
  ASSERT_TRUE((*sau)->send("new black", soon()).ok());
  auto move = (*sau)->read_line(soon());
  ASSERT_TRUE(move.ok()) << move.message();
  EXPECT_TRUE(sau_lines::parse_move("surakarta", *move).ok()) << *move;
  EXPECT_EQ((*sau)->stop(std::chrono::milliseconds(5000)), "the engine exited with status 0");

  auto junqi = EngineProcess::spawn({BOYI_ENGINE_BIN, "--game", "junqi", "--protocol", "junqi-ccgc",
                                     "--engine", "random", "--quiet"},
                                    4096);
  ASSERT_TRUE(junqi.ok());
  for (const char* bad : {"GO 0000 0 00", "RESULT 3 00", "START", "ARRAY abc", "BESTMOVE G0F0"})
    ASSERT_TRUE((*junqi)->send(bad, soon()).ok());
  ASSERT_TRUE((*junqi)->send("INFO 1.0", soon()).ok());
  EXPECT_EQ(*(*junqi)->read_line(soon()), "NAME boyi-random");
  ASSERT_TRUE((*junqi)->send("END", soon()).ok());
  EXPECT_EQ((*junqi)->stop(std::chrono::milliseconds(5000)), "the engine exited with status 0");

  // A command line that does not fit is refused with status 2.
  auto wrong =
      EngineProcess::spawn({BOYI_ENGINE_BIN, "--game", "gomoku", "--protocol", "sau"}, 4096);
  ASSERT_TRUE(wrong.ok());
  EXPECT_FALSE((*wrong)->read_line(soon()).ok());
  EXPECT_EQ((*wrong)->stop(std::chrono::milliseconds(5000)), "the engine exited with status 2");
}

// The input is read while the engine thinks: YXSTOP makes it answer at once with the move it
// has, and END during a search ends the program at once, long before a 60 s turn is over.
TEST(BoyiEngineProcess, YxStopAndEndActWhileItThinks) {
  const auto thinking = [] {
    auto made = EngineProcess::spawn({BOYI_ENGINE_BIN, "--game", "gomoku", "--protocol", "piskvork",
                                      "--engine", "threat", "--quiet"},
                                     1 << 16);
    EXPECT_TRUE(made.ok()) << made.message();
    auto& p = **made;
    for (const char* line : {"START 15", "INFO timeout_turn 60000", "INFO timeout_match 0"})
      EXPECT_TRUE(p.send(line, soon()).ok());
    EXPECT_EQ(answer(p), "OK");
    EXPECT_TRUE(p.send("TURN 7,7", soon()).ok());
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    return std::move(made).value();
  };
  auto stopped = thinking();
  ASSERT_TRUE(stopped->send("YXSTOP", soon()).ok());
  const std::string move = answer(*stopped);  // within answer()'s 10 s, not the turn's 60
  EXPECT_TRUE(piskvork_lines::parse_point(move).ok()) << move;
  // The next search is not stopped by the old YXSTOP: it thinks again (and is stopped by END).
  ASSERT_TRUE(stopped->send("TURN 0,0", soon()).ok());
  EXPECT_FALSE(stopped->read_line(std::chrono::steady_clock::now() + std::chrono::seconds(1)).ok());
  ASSERT_TRUE(stopped->send("END", soon()).ok());
  EXPECT_EQ(stopped->stop(std::chrono::milliseconds(20000)), "the engine exited with status 0");

  auto ended = thinking();
  ASSERT_TRUE(ended->send("END", soon()).ok());
  EXPECT_TRUE(ended->exited_within(std::chrono::milliseconds(20000)));
  EXPECT_EQ(ended->stop(std::chrono::milliseconds(0)), "the engine exited with status 0");
}

}  // namespace
}  // namespace boyi::bots
