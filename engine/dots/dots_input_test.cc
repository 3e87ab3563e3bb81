// Bad input for every text reader: an error with a reason, never a crash.
#include <string>

#include <gtest/gtest.h>

#include "engine/dots/test_support.h"

namespace boyi::dots {
namespace {

const State kEmpty{Rules{}};

std::string move_error(std::string_view text) {
  auto m = kEmpty.parse_move(0, text);
  EXPECT_FALSE(m.ok()) << "accepted '" << text << "'";
  return m.ok() ? std::string() : m.message();
}

TEST(DotsInput, ParseMoveRejectsGarbage) {
  EXPECT_EQ(move_error(""), "empty edge: expected three capital letters KIJ such as AAA");
  EXPECT_EQ(move_error("   "), "empty edge: expected three capital letters KIJ such as AAA");
  EXPECT_EQ(move_error("AA").substr(0, 20), "'AA' is not an edge:");
  EXPECT_EQ(move_error("AAAA").substr(0, 22), "'AAAA' is not an edge:");
  EXPECT_EQ(move_error("A A"), "'A A': the line (second letter) must be A-F");
  EXPECT_EQ(move_error("aaa"), "'aaa': edges are written in capital letters");
  EXPECT_EQ(move_error("Aaa"), "'Aaa': edges are written in capital letters");
  EXPECT_EQ(move_error("CAA"), "'CAA': the first letter must be A (horizontal) or B (vertical)");
  EXPECT_EQ(move_error("AGA"), "'AGA': the line (second letter) must be A-F");
  EXPECT_EQ(move_error("BAF"), "'BAF': the segment (third letter) must be A-E");
  EXPECT_EQ(move_error("A1A"), "'A1A': the line (second letter) must be A-F");
  EXPECT_EQ(move_error("\xe4\xb8\xad").substr(0, 42), "text with a non-ASCII or control character");
  EXPECT_EQ(move_error(std::string("AA\0", 3)).substr(0, 19), "text with a non-ASC");
  EXPECT_EQ(move_error(std::string(10000, 'A')), "edge text is too long (10000 characters)");
  EXPECT_EQ(move_error("move 1 AAA").substr(0, 29), "'move 1 AAA' is not an edge: ");
  // Surrounding whitespace is tolerated; the letters themselves are strict.
  auto m = kEmpty.parse_move(1, " BFE\n");
  ASSERT_TRUE(m.ok()) << m.message();
  EXPECT_EQ(m->edge, 59);
  EXPECT_EQ(kEmpty.format_move(Move{0}), "AAA");
  EXPECT_EQ(kEmpty.format_move(Move{29}), "AFE");
  EXPECT_EQ(kEmpty.format_move(Move{30}), "BAA");
}

TEST(DotsInput, CheckRejectsMalformedMoves) {
  EXPECT_EQ(kEmpty.check(0, Move{60}).message(), "edge index 60 is not on the board (0..59)");
  EXPECT_EQ(kEmpty.check(0, Move{255}).message(), "edge index 255 is not on the board (0..59)");
  EXPECT_EQ(kEmpty.check(kPublic, Move{0}).message(), "seat -1 is not a player");
  State s = kEmpty;
  EXPECT_FALSE(s.apply_checked(0, Move{200}).ok());
  EXPECT_EQ(s, kEmpty);
  EXPECT_FALSE(s.apply_turn_checked(0, Turn{Move{200}}).ok());
  EXPECT_EQ(s, kEmpty);
}

TEST(DotsInput, ParseTurnRejectsGarbage) {
  EXPECT_EQ(State::parse_turn("").message(),
            "empty turn: expected edges such as 'AAA BAB' or 'move 1 AAA'");
  EXPECT_EQ(State::parse_turn(" \t\r\n").message(),
            "empty turn: expected edges such as 'AAA BAB' or 'move 1 AAA'");
  EXPECT_EQ(State::parse_turn(std::string(5000, ' ')).message(),
            "turn text is too long (5000 characters)");
  EXPECT_EQ(State::parse_turn("AAA \xff\xfe").message(),
            "edge 2 of 2: text with a non-ASCII or control character is not an edge: expected "
            "three capital letters KIJ such as AAA (K: A horizontal / B vertical, I: line A-F, J: "
            "segment A-E)");
  EXPECT_EQ(State::parse_turn("Move 1 AAA").message().substr(0, 28),
            "edge 1 of 3: 'Move' is not a");
  std::string many;
  for (int i = 0; i < 61; ++i) many += "AAA ";
  EXPECT_EQ(State::parse_turn(many).message(), "a turn has at most 60 edges, got 61");
  EXPECT_FALSE(State::parse_turn("move 99999999999999999999 AAA").ok());
  EXPECT_FALSE(State::parse_turn("AAA,BAB").ok());
}

TEST(DotsInput, RulesHaveNoOptions) {
  auto r = Rules::parse("");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(*r, Rules{});
  EXPECT_EQ(Rules{}.to_string(), "");
  EXPECT_TRUE(Rules::parse("  ").ok());
  EXPECT_EQ(Rules::parse("size=7").message(), "dots has no rules options, got 'size'");
  EXPECT_EQ(Rules::parse("garbage").message(),
            "rules option 'garbage' is not of the form key=value");
  EXPECT_FALSE(Rules::parse("=1").ok());
  EXPECT_FALSE(Rules::parse("\xe7\x82\xb9=1").ok());
  EXPECT_FALSE(Rules::parse(std::string(100000, 'x')).ok());
}

const char* const kGood[11] = {"+-+ + + + +", "|X|", "+-+ + + + +", "", "+ + + + + +", "",
                               "+ + + + + +", "",    "+ + + + + +", "", "+ + + + + +"};

std::string lines_with(int index, std::string_view replacement) {
  std::string s;
  for (int i = 0; i < 11; ++i) s += std::string(i == index ? replacement : kGood[i]) + "\n";
  return s;
}

std::string diagram_error(std::string_view text, Seat to_move = 0) {
  auto s = State::from_diagram(Rules{}, text, to_move);
  EXPECT_FALSE(s.ok()) << text;
  return s.ok() ? std::string() : s.message();
}

TEST(DotsInput, DiagramReaderRejectsBadDiagrams) {
  ASSERT_TRUE(State::from_diagram(Rules{}, lines_with(-1, ""), 1).ok());
  EXPECT_EQ(State::from_diagram(Rules{}, lines_with(-1, ""), 1)->score(0), 1);
  EXPECT_EQ(diagram_error(""), "a diagram has 11 lines (6 dot rows, 5 box rows), got 0");
  EXPECT_EQ(diagram_error("garbage"), "a diagram has 11 lines (6 dot rows, 5 box rows), got 1");
  EXPECT_EQ(diagram_error(lines_with(-1, "") + "+ + + + + +\n"),
            "a diagram has 11 lines (6 dot rows, 5 box rows), got 12");
  EXPECT_EQ(diagram_error(lines_with(4, "+ + + + +")),
            "line 5, column 11: expected a dot '+', got ' '");
  EXPECT_EQ(diagram_error(lines_with(4, "+ +x+ + + +")),
            "line 5, column 4: edge ACB must be '-' (drawn) or ' ' (undrawn), got 'x'");
  EXPECT_EQ(diagram_error(lines_with(3, "-")),
            "line 4, column 1: edge BAB must be '|' (drawn) or ' ' (undrawn), got '-'");
  EXPECT_EQ(diagram_error(lines_with(1, "|B|")),
            "line 2, column 2: box AA must be 'X' (seat 0), 'O' (seat 1) or ' ' (unclaimed), got "
            "'B'");
  EXPECT_EQ(diagram_error(lines_with(1, "|X|  O")),
            "box AC is marked O but only 0 of its sides are drawn");
  EXPECT_EQ(diagram_error(lines_with(1, "| |")),
            "box AA has all four sides drawn but no owner (X or O)");
  EXPECT_EQ(diagram_error(lines_with(4, "+ + + + + + +")), "line 5 is longer than 11 characters");
  EXPECT_EQ(diagram_error(lines_with(4, "+ + + + + \t")),
            "line 5, column 11: expected a dot '+', got a non-ASCII or control character");
  EXPECT_EQ(diagram_error(lines_with(4, "+ \xe4\xb8\xad + + +")).substr(0, 16), "line 5, column 3");
  EXPECT_EQ(diagram_error(lines_with(4, " + + + + +")),
            "line 5, column 1: expected a dot '+', got ' '");
  EXPECT_EQ(diagram_error(lines_with(-1, ""), 2), "the seat to move must be 0 or 1, got 2");
  EXPECT_EQ(diagram_error(std::string(5000, '+')), "diagram is too long (5000 characters)");
}

}  // namespace
}  // namespace boyi::dots
