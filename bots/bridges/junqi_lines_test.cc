// The 军棋 referee protocol's lines against the protocol text
// (docs/rules/engine-protocols.md, section 1): the own frame of each seat
// both ways, the R codes and the FF flag field.
#include "bots/bridges/junqi_lines.h"

#include <gtest/gtest.h>

#include "engine/junqi/board.h"

namespace boyi::bots {
namespace {

using namespace junqi_lines;

int post(const char* name) {
  return *junqi::parse_post(name);
}

TEST(JunqiLines, TranscriptOfTheProtocolText) {
  // `START 0 1800 31` / `ARRAY abccddeeffggghhhiiijjkklj` / `GO 0000 0 00` /
  // `BESTMOVE G0F0` / `RESULT 3 00` / `GO F4G4 3 00`, for the first mover (seat 0).
  auto start = parse_start("START 0 1800 31");
  ASSERT_TRUE(start.ok()) << start.message();
  EXPECT_EQ(start->seat, 0);
  EXPECT_EQ(start->seconds, 1800);
  EXPECT_EQ(start->no_battle_limit, 31);
  EXPECT_EQ(format_start(*start), "START 0 1800 31");
  EXPECT_EQ(format_start({1, 905, 9}), "START 1 0905 09");
  EXPECT_EQ(*parse_array("ARRAY abccddeeffggghhhiiijjkklj"), "abccddeeffggghhhiiijjkklj");
  EXPECT_EQ(format_array("abccddeeffggghhhiiijjkklj"), "ARRAY abccddeeffggghhhiiijjkklj");

  auto first = parse_go("GO 0000 0 00", 0);
  ASSERT_TRUE(first.ok());
  EXPECT_TRUE(first->first_turn);
  EXPECT_EQ(format_go(*first, 0), "GO 0000 0 00");
  EXPECT_EQ(format_go(*first, 1), "GO 0000 0 00");

  auto best = parse_bestmove("BESTMOVE G0F0", 0);
  ASSERT_TRUE(best.ok());
  EXPECT_EQ(best->from, post("G0"));
  EXPECT_EQ(best->to, post("F0"));
  EXPECT_EQ(format_bestmove(post("G0"), post("F0"), 0), "BESTMOVE G0F0");

  auto result = parse_result("RESULT 3 00", 0);
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result->code, junqi::kPlainMove);
  EXPECT_EQ(result->enemy_flag, kNoPost);
  EXPECT_EQ(format_result(*result, 0), "RESULT 3 00");

  // The opponent (seat 1) moved F4G4 in seat 0's frame, which is the absolute one.
  auto go = parse_go("GO F4G4 3 00", 0);
  ASSERT_TRUE(go.ok());
  EXPECT_EQ(go->from, post("F4"));
  EXPECT_EQ(go->to, post("G4"));
  EXPECT_EQ(go->code, 3);
}

TEST(JunqiLines, SeatOneSeesTheBoardTurnedAround) {
  // Seat 1 owns rows A-F in the absolute frame; in its own frame it sits at the
  // bottom: absolute A0 is its L4, absolute F4 its G0.
  EXPECT_EQ(own_post(post("A0"), 1), "L4");
  EXPECT_EQ(own_post(post("F4"), 1), "G0");
  EXPECT_EQ(own_post(post("G2"), 1), "F2");
  EXPECT_EQ(own_post(post("A0"), 0), "A0");
  EXPECT_EQ(*parse_post("L4", 1), post("A0"));
  EXPECT_EQ(*parse_post("G0", 1), post("F4"));
  // Seat 1 moves its front piece forward: own G0F0 is absolute F4G4.
  auto best = parse_bestmove("BESTMOVE G0F0", 1);
  ASSERT_TRUE(best.ok());
  EXPECT_EQ(best->from, post("F4"));
  EXPECT_EQ(best->to, post("G4"));
  // Seat 0 then hears that move in its own (absolute) frame, seat 1 its own step back.
  junqi_lines::Go go;
  go.from = post("F4");
  go.to = post("G4");
  go.code = junqi::kPlainMove;
  EXPECT_EQ(format_go(go, 0), "GO F4G4 3 00");
  EXPECT_EQ(format_bestmove(go.from, go.to, 1), "BESTMOVE G0F0");
  // Every post round-trips through both frames.
  for (int p = 0; p < junqi::kPosts; ++p)
    for (Seat s = 0; s < 2; ++s) EXPECT_EQ(*parse_post(own_post(p, s), s), p);
}

TEST(JunqiLines, ResultCodesAndTheFlagField) {
  // R: 0 attacker removed, 1 attacker won, 2 both removed, 3 plain move, in GO and RESULT.
  for (int code = 0; code <= 3; ++code) {
    auto go = parse_go("GO F0G0 " + std::to_string(code) + " 00", 0);
    ASSERT_TRUE(go.ok());
    EXPECT_EQ(go->code, code);
    auto result = parse_result("RESULT " + std::to_string(code) + " 00", 1);
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(result->code, code);
  }
  EXPECT_EQ(junqi::kAttackerRemoved, 0);
  EXPECT_EQ(junqi::kAttackerWon, 1);
  EXPECT_EQ(junqi::kBothRemoved, 2);
  EXPECT_EQ(junqi::kPlainMove, 3);
  EXPECT_FALSE(parse_go("GO F0G0 4 00", 0).ok());
  EXPECT_FALSE(parse_result("RESULT 9 00", 0).ok());

  // FF: the receiver's enemy flag post once the enemy marshal is gone, in the
  // receiver's frame (e.g. A1). Seat 1's flag at absolute A3 is A3 for seat 0.
  StepResult r{junqi::kAttackerWon, post("A3")};
  EXPECT_EQ(format_result(r, 0), "RESULT 1 A3");
  EXPECT_EQ(parse_result("RESULT 1 A3", 0)->enemy_flag, post("A3"));
  // Seat 0's flag at absolute L1 is A3 in seat 1's frame.
  StepResult r1{junqi::kBothRemoved, post("L1")};
  EXPECT_EQ(format_result(r1, 1), "RESULT 2 A3");
  EXPECT_EQ(parse_result("RESULT 2 A3", 1)->enemy_flag, post("L1"));
  junqi_lines::Go go;
  go.from = post("B0");
  go.to = post("C0");
  go.code = junqi::kPlainMove;
  go.enemy_flag = post("L3");
  EXPECT_EQ(format_go(go, 1), "GO K4J4 3 A1");
  auto back = parse_go("GO K4J4 3 A1", 1);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->from, post("B0"));
  EXPECT_EQ(back->to, post("C0"));
  EXPECT_EQ(back->enemy_flag, post("L3"));
}

TEST(JunqiLines, MalformedLinesAreRefused) {
  for (const char* line : {"", "GO", "GO 0000 0", "GO 0000 1 00", "GO M0F0 3 00", "GO F5F4 3 00",
                           "GO F0F1 3 0", "GO F0F1 3 Z9", "GO F0F1F2 3 00", "go F0F1 3 00"})
    EXPECT_FALSE(parse_go(line, 0).ok()) << line;
  for (const char* line : {"START", "START 2 1800 31", "START 0 180 31", "START 0 1800 3",
                           "START 0 18x0 31", "START 0 1800 31 7"})
    EXPECT_FALSE(parse_start(line).ok()) << line;
  for (const char* line :
       {"BESTMOVE", "BESTMOVE G0", "BESTMOVE G0F", "BESTMOVE G0F0 x", "BESTMOVE g0f0", "MOVE G0F0"})
    EXPECT_FALSE(parse_bestmove(line, 0).ok()) << line;
  for (const char* line :
       {"ARRAY", "ARRAY abc", "ARRAY abccddeeffggghhhiiijjkklm", "ARRAY ABCCDDEEFFGGGHHHIIIJJKKLJ"})
    EXPECT_FALSE(parse_array(line).ok()) << line;
  EXPECT_FALSE(parse_name("NAME").ok());
  EXPECT_FALSE(parse_name("name x").ok());
  EXPECT_EQ(*parse_name("NAME Red Army 2"), "Red Army 2");
  // The bare name some championship engines answer INFO with.
  EXPECT_EQ(*parse_bare_name("Red Army 2 "), "Red Army 2");
  EXPECT_EQ(*parse_bare_name("红军"), "红军");
  EXPECT_FALSE(parse_name("红军").ok());
  for (const char* line : {"", "  ", "BESTMOVE G0F0", "ARRAY abccddeeffggghhhiiijjkkll", "END",
                           "NAME", "bad\x01name"})
    EXPECT_FALSE(parse_bare_name(line).ok()) << line;
  EXPECT_FALSE(parse_bare_name(std::string(65, 'x')).ok());
}

}  // namespace
}  // namespace boyi::bots
