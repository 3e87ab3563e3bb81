// boyi-engine's protocol halves in-process: a conversation per protocol, with
// bad input mixed in, answered as each protocol allows (ERROR / UNKNOWN for
// piskvork, silence for the others) without losing the game.
#include "tools/engine/engine_side.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "bots/bridges/junqi_lines.h"
#include "bots/bridges/text_protocol_lines.h"
#include "engine/dots/dots.h"
#include "engine/gomoku/gomoku.h"
#include "engine/junqi/junqi.h"

namespace boyi::engine_tool {
namespace {

std::unique_ptr<EngineSide> side(const std::string& protocol, const std::string& game,
                                 std::vector<std::string>* notes = nullptr) {
  EngineConfig c;
  c.game = game;
  c.spec = "random";
  c.name = "boyi-test";
  c.bank_ms = 10'000;
  if (notes) c.diagnostics = [notes](const std::string& n) { notes->push_back(n); };
  auto s = make_engine_side(protocol, c);
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.message());
  return s.ok() ? std::move(s).value() : nullptr;
}

std::string one(EngineSide& s, std::string_view line) {
  const auto out = s.handle(line);
  EXPECT_EQ(out.size(), 1u) << line;
  return out.empty() ? "" : out[0];
}

// A brain with the threat engine behind it, after START 15.
std::unique_ptr<EngineSide> threat_brain() {
  EngineConfig c;
  c.game = "gomoku";
  c.spec = "threat";
  c.name = "boyi-test";
  auto made = make_engine_side("piskvork", c);
  EXPECT_TRUE(made.ok()) << made.message();
  if (!made) return nullptr;
  EXPECT_EQ(one(**made, "START 15"), "OK");
  return std::move(made).value();
}

bool is_point(const std::string& line) {
  return bots::piskvork_lines::parse_point(line).ok();
}

TEST(PiskvorkSide, AConversationWithBadLinesInIt) {
  auto brain = side("piskvork", "gomoku");
  ASSERT_TRUE(brain);
  EXPECT_EQ(one(*brain, "START 20"), "ERROR only 15x15 boards are supported");
  EXPECT_EQ(one(*brain, "START x"), "ERROR only 15x15 boards are supported");
  EXPECT_EQ(one(*brain, "START 15"), "OK");
  EXPECT_EQ(one(*brain, "FROBNICATE 1"), "UNKNOWN FROBNICATE 1");
  EXPECT_EQ(one(*brain, "INFO rule 8"), "ERROR caro (rule bit 8) is not supported");
  EXPECT_EQ(one(*brain, "INFO timeout_turn soon"), "ERROR INFO timeout_turn needs a number");
  EXPECT_TRUE(brain->handle("INFO rule 4").empty());
  EXPECT_TRUE(brain->handle("INFO timeout_turn 200").empty());
  EXPECT_TRUE(brain->handle("INFO max_memory 83886080").empty());
  EXPECT_TRUE(brain->handle("INFO thread_num 1").empty());
  EXPECT_TRUE(brain->handle("INFO time_increment 100").empty());
  EXPECT_EQ(one(*brain, "INFO time_increment x"), "ERROR INFO time_increment needs a number");
  EXPECT_TRUE(brain->handle("").empty());
  EXPECT_EQ(one(*brain, "ABOUT"),
            "name=\"boyi-test\", version=\"0.1\", author=\"Boyi\", country=\"CN\"");
  EXPECT_EQ(one(*brain, "TURN 99,99"), "ERROR point '99,99' is off the 15x15 board");
  EXPECT_EQ(one(*brain, "TURN seven"), "ERROR expected 'x,y', got 'seven'");
  const std::string first = one(*brain, "TURN 7,7");
  ASSERT_TRUE(is_point(first)) << first;
  EXPECT_NE(first, "7,7");
  // The opponent cannot play on a taken point.
  EXPECT_EQ(one(*brain, "TURN " + first).rfind("ERROR", 0), 0u);
  EXPECT_TRUE(is_point(one(*brain, "TURN 0,0")));
  EXPECT_EQ(one(*brain, "TAKEBACK 5,5"), "ERROR can only take back the last stone");
  // BOARD with a bad line: ERROR at DONE, and the brain still works afterwards.
  EXPECT_TRUE(brain->handle("BOARD").empty());
  EXPECT_TRUE(brain->handle("7,7,1").empty());
  EXPECT_TRUE(brain->handle("junk").empty());
  EXPECT_EQ(one(*brain, "DONE"), "ERROR bad board line 'junk'");
  EXPECT_TRUE(brain->handle("BOARD").empty());
  EXPECT_TRUE(brain->handle("7,7,2").empty());
  EXPECT_TRUE(brain->handle("8,8,1").empty());
  EXPECT_TRUE(brain->handle("9,9,2").empty());
  const std::string reply = one(*brain, "DONE");
  ASSERT_TRUE(is_point(reply)) << reply;
  EXPECT_NE(reply, "7,7");
  EXPECT_NE(reply, "8,8");
  EXPECT_NE(reply, "9,9");
  EXPECT_EQ(one(*brain, "TAKEBACK " + reply), "OK");
  EXPECT_EQ(one(*brain, "RESTART"), "OK");
  EXPECT_TRUE(is_point(one(*brain, "BEGIN")));
  EXPECT_EQ(one(*brain, "BEGIN"), "ERROR BEGIN on a board that is not empty");
  EXPECT_FALSE(brain->done());
  EXPECT_TRUE(brain->handle("END").empty());
  EXPECT_TRUE(brain->done());
}

// The threat engine says what its search found in a MESSAGE line before its move (Gomocup GUIs
// show it; managers ignore it); a player without a search account sends the move alone.
TEST(PiskvorkSide, TheSearchIsToldInAMessageLineBeforeTheMove) {
  auto made = threat_brain();
  ASSERT_TRUE(made);
  EngineSide& brain = *made;
  EXPECT_TRUE(brain.handle("INFO timeout_turn 300").empty());
  const auto out = brain.handle("TURN 7,7");
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].rfind("MESSAGE ", 0), 0u) << out[0];
  EXPECT_NE(out[0].find(" tm "), std::string::npos) << out[0];
  EXPECT_TRUE(is_point(out[1])) << out[1];
}

// Yixin's YXBOARD sets a position without a move and YXSHOWFORBID lists black's forbidden
// points under renju ("FORBID 0807." : x 8, y 7), none for white or under other rules.
TEST(PiskvorkSide, YixinBoardAndForbiddenPoints) {
  auto brain = side("piskvork", "gomoku");
  ASSERT_TRUE(brain);
  EXPECT_EQ(one(*brain, "START 15"), "OK");
  EXPECT_TRUE(brain->handle("INFO rule 4").empty());
  // Black (1, to move) on 6,7 7,7 and 8,5 8,6: 8,7 makes two open threes.
  const auto yxboard = [&](std::vector<std::string> stones) {
    EXPECT_TRUE(brain->handle("YXBOARD").empty());
    for (const auto& st : stones) EXPECT_TRUE(brain->handle(st).empty());
    EXPECT_TRUE(brain->handle("DONE").empty());
  };
  yxboard({"6,7,1", "0,0,2", "7,7,1", "0,4,2", "8,5,1", "14,0,2", "8,6,1", "14,14,2"});
  EXPECT_EQ(one(*brain, "YXSHOWFORBID"), "FORBID 0807.");
  EXPECT_TRUE(brain->interrupts("YXSTOP"));
  EXPECT_TRUE(brain->interrupts("end"));
  EXPECT_FALSE(brain->interrupts("TURN 1,1"));
  EXPECT_TRUE(brain->handle("YXSTOP").empty());                               // nothing to stop
  yxboard({"6,7,2", "0,0,1", "7,7,2", "0,4,1", "8,5,2", "14,0,1", "8,6,2"});  // white to move
  EXPECT_EQ(one(*brain, "YXSHOWFORBID"), "FORBID .");
  EXPECT_TRUE(brain->handle("INFO rule 1").empty());
  yxboard({"6,7,1", "0,0,2", "7,7,1", "0,4,2", "8,5,1", "14,0,2", "8,6,1", "14,14,2"});
  EXPECT_EQ(one(*brain, "YXSHOWFORBID"), "FORBID .");
}

// Gomocup's swap2 opening: three stones on an empty board; with three or five, SWAP or
// white's move on a free point; any other count is an error.
TEST(PiskvorkSide, Swap2Board) {
  auto made = threat_brain();
  ASSERT_TRUE(made);
  EngineSide& brain = *made;
  EXPECT_TRUE(brain.handle("INFO rule 1").empty());
  EXPECT_TRUE(brain.handle("INFO timeout_turn 400").empty());
  EXPECT_TRUE(brain.handle("SWAP2BOARD").empty());
  const std::string three = one(brain, "DONE");
  const auto stones = bots::line_words(three);
  ASSERT_EQ(stones.size(), 3u) << three;
  std::set<std::string> distinct;
  for (auto st : stones) {
    EXPECT_TRUE(is_point(std::string(st))) << three;
    distinct.insert(std::string(st));
  }
  EXPECT_EQ(distinct.size(), 3u) << three;
  for (const std::vector<std::string>& given :
       {std::vector<std::string>{"7,7", "8,8", "6,8"},
        std::vector<std::string>{"7,7,2", "8,8,1", "6,8,2"},  // Rapfi's form, f ignored
        std::vector<std::string>{"7,7", "8,8", "6,8", "9,9", "5,7"}}) {
    EXPECT_TRUE(brain.handle("SWAP2BOARD").empty());
    for (const auto& st : given) EXPECT_TRUE(brain.handle(st).empty());
    const std::string reply = one(brain, "DONE");
    const bool taken = std::find(given.begin(), given.end(), reply) != given.end();
    EXPECT_TRUE(reply == "SWAP" || (is_point(reply) && !taken)) << reply;
  }
  EXPECT_TRUE(brain.handle("SWAP2BOARD").empty());
  EXPECT_TRUE(brain.handle("7,7").empty());
  EXPECT_EQ(one(brain, "DONE"), "ERROR SWAP2BOARD takes 0, 3 or 5 stones");
}

TEST(SauSide, ADotsConversationWithBadLinesAndAnError) {
  std::vector<std::string> notes;
  auto engine = side("sau", "dots", &notes);
  ASSERT_TRUE(engine);
  EXPECT_EQ(one(*engine, "name?"), "name boyi-test");
  EXPECT_TRUE(engine->handle("move 1 AAA").empty());  // no game yet
  EXPECT_TRUE(engine->handle("hello").empty());
  const std::string first = one(*engine, "new black");
  auto turn = bots::sau_lines::parse_move("dots", first);
  ASSERT_TRUE(turn.ok()) << first;
  // `error`: our move is taken back and another one comes.
  const std::string second = one(*engine, "error");
  ASSERT_TRUE(bots::sau_lines::parse_move("dots", second).ok()) << second;
  EXPECT_NE(second, first);
  // A bad opponent move is ignored; a good one is answered.
  EXPECT_TRUE(engine->handle("move 1 ZZZ").empty());
  dots::State s;
  (void)s.apply_turn_checked(
      0, *dots::State::parse_turn(*bots::sau_lines::parse_move("dots", second)));
  dots::State::MoveList list;
  s.legal_moves(list);
  const std::string reply = one(*engine, "move 1 " + s.format_move(list[0]));
  EXPECT_TRUE(bots::sau_lines::parse_move("dots", reply).ok()) << reply;
  EXPECT_FALSE(notes.empty());
  EXPECT_TRUE(engine->handle("end white").empty());
  EXPECT_FALSE(engine->done());
  EXPECT_TRUE(engine->handle("quit").empty());
  EXPECT_TRUE(engine->done());
}

TEST(JunqiSide, AConversationWithBadLinesInIt) {
  std::vector<std::string> notes;
  auto engine = side("junqi-ccgc", "junqi", &notes);
  ASSERT_TRUE(engine);
  EXPECT_EQ(one(*engine, "INFO 1.0"), "NAME boyi-test");
  EXPECT_TRUE(engine->handle("GO 0000 0 00").empty());  // before START
  EXPECT_TRUE(engine->handle("START 3 1800 31").empty());
  const std::string array = one(*engine, "START 0 1800 31");
  auto letters = bots::junqi_lines::parse_array(array);
  ASSERT_TRUE(letters.ok()) << array;
  const junqi::State fresh;
  auto layout = fresh.parse_move(0, *letters);
  ASSERT_TRUE(layout.ok());
  EXPECT_TRUE(fresh.check(0, *layout).ok());
  EXPECT_TRUE(engine->handle("GO banana").empty());
  const std::string best = one(*engine, "GO 0000 0 00");
  auto step = bots::junqi_lines::parse_bestmove(best, 0);
  ASSERT_TRUE(step.ok()) << best;
  EXPECT_TRUE(engine->handle("RESULT 7 00").empty());  // malformed: ignored
  EXPECT_TRUE(engine->handle("RESULT 3 00").empty());
  EXPECT_TRUE(engine->handle("RESULT 3 00").empty());   // a second one: no move to apply it to
  EXPECT_TRUE(engine->handle("GO A0A1 3 00").empty());  // nothing of the enemy's on A0... A1 empty
  EXPECT_GE(notes.size(), 5u);
  EXPECT_TRUE(engine->handle("END").empty());
  EXPECT_TRUE(engine->done());
}

TEST(EngineSides, ProtocolAndGameMustFit) {
  EngineConfig c;
  c.game = "gomoku";
  c.spec = "random";
  EXPECT_FALSE(make_engine_side("sau", c).ok());
  EXPECT_FALSE(make_engine_side("uci", c).ok());
  c.spec = "no-such-player";
  EXPECT_FALSE(make_engine_side("piskvork", c).ok());
}

}  // namespace
}  // namespace boyi::engine_tool
