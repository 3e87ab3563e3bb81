// The platform protocol's move lines and the piskvork coordinates against the
// protocol text (docs/rules/engine-protocols.md, sections 2 and 3).
#include "bots/bridges/text_protocol_lines.h"

#include <gtest/gtest.h>

namespace boyi::bots {
namespace {

TEST(SauLines, DotsTurnsAndSurakartaMoves) {
  EXPECT_EQ(*sau_lines::format_move("dots", "AAA"), "move 1 AAA");
  EXPECT_EQ(*sau_lines::format_move("dots", "AAA BAB ACE"), "move 3 AAA BAB ACE");
  EXPECT_EQ(*sau_lines::parse_move("dots", "move 3 AAA BAB ACE"), "AAA BAB ACE");
  EXPECT_EQ(*sau_lines::parse_move("dots", "move 1 BFE"), "BFE");
  EXPECT_FALSE(sau_lines::parse_move("dots", "move 2 AAA").ok());  // N says 2, one follows
  EXPECT_FALSE(sau_lines::parse_move("dots", "move 1 CAA").ok());
  EXPECT_FALSE(sau_lines::parse_move("dots", "moves 1 AAA").ok());
  EXPECT_FALSE(sau_lines::parse_move("dots", "hello").ok());
  EXPECT_EQ(*sau_lines::format_move("surakarta", "BBBC"), "move BBBC");
  EXPECT_EQ(*sau_lines::parse_move("surakarta", "move BBBC"), "BBBC");
  for (const char* bad : {"move", "move BBB", "move BBBG", "move bbbc", "move BB BC", "BBBC"})
    EXPECT_FALSE(sau_lines::parse_move("surakarta", bad).ok()) << bad;
  EXPECT_FALSE(sau_lines::format_move("gomoku", "H8").ok());
  EXPECT_EQ(sau_lines::format_new(0), "new black");
  EXPECT_EQ(sau_lines::format_new(1), "new white");
  EXPECT_EQ(sau_lines::format_end(0), "end black");
  EXPECT_EQ(sau_lines::format_end(1), "end white");
  EXPECT_EQ(sau_lines::format_end(kPublic), "end");
  EXPECT_EQ(*sau_lines::parse_name("name Box Crusher"), "Box Crusher");
  EXPECT_FALSE(sau_lines::parse_name("name").ok());
  EXPECT_FALSE(sau_lines::parse_name("NAME x").ok());
}

TEST(PiskvorkLines, CoordinatesAreColumnAndRowFromTheTop) {
  using gomoku::make_point;
  // H8 is the centre: column 7, row 7 from the top.
  EXPECT_EQ(piskvork_lines::format_point(gomoku::kH8), "7,7");
  // A15 is the top-left corner (0,0); A1 the bottom-left (0,14); O1 (14,14).
  EXPECT_EQ(piskvork_lines::format_point(*gomoku::parse_point("A15")), "0,0");
  EXPECT_EQ(piskvork_lines::format_point(*gomoku::parse_point("A1")), "0,14");
  EXPECT_EQ(piskvork_lines::format_point(*gomoku::parse_point("O1")), "14,14");
  EXPECT_EQ(piskvork_lines::format_point(*gomoku::parse_point("J10")), "9,5");
  EXPECT_EQ(*piskvork_lines::parse_point("9,5"), *gomoku::parse_point("J10"));
  EXPECT_EQ(*piskvork_lines::parse_point(" 0 , 14 "), *gomoku::parse_point("A1"));
  for (int p = 0; p < gomoku::kPoints; ++p)
    EXPECT_EQ(
        *piskvork_lines::parse_point(piskvork_lines::format_point(static_cast<gomoku::Point>(p))),
        p);
  for (const char* bad : {"", "7", "7,", ",7", "15,0", "0,15", "-1,3", "a,b", "7,7,1", "7;7"})
    EXPECT_FALSE(piskvork_lines::parse_point(bad).ok()) << bad;
}

TEST(PiskvorkLines, RuleBitsCommentsAndAbout) {
  EXPECT_EQ(piskvork_lines::rule_bits(gomoku::RuleSet::kRenju), 4);
  EXPECT_EQ(piskvork_lines::rule_bits(gomoku::RuleSet::kStandard), 1);
  EXPECT_EQ(piskvork_lines::rule_bits(gomoku::RuleSet::kFreestyle), 0);
  EXPECT_EQ(*piskvork_lines::rule_from_bits(4), gomoku::RuleSet::kRenju);
  EXPECT_EQ(*piskvork_lines::rule_from_bits(1), gomoku::RuleSet::kStandard);
  EXPECT_EQ(*piskvork_lines::rule_from_bits(0), gomoku::RuleSet::kFreestyle);
  EXPECT_EQ(*piskvork_lines::rule_from_bits(2), gomoku::RuleSet::kFreestyle);
  EXPECT_FALSE(piskvork_lines::rule_from_bits(8).ok());
  EXPECT_FALSE(piskvork_lines::rule_from_bits(-1).ok());
  for (const char* line : {"MESSAGE hi", "DEBUG x=1", "UNKNOWN command", "SUGGEST 7,7", "message"})
    EXPECT_TRUE(piskvork_lines::is_comment(line)) << line;
  for (const char* line : {"7,7", "OK", "ERROR bad", "MESSAGES", ""})
    EXPECT_FALSE(piskvork_lines::is_comment(line)) << line;
  EXPECT_TRUE(piskvork_lines::is_error("ERROR unsupported size"));
  EXPECT_EQ(
      piskvork_lines::about_name("name=\"pela\", version=\"1.0\", author=\"Petr\", country=\"CZ\""),
      "pela");
  EXPECT_EQ(piskvork_lines::about_name("version=\"1.0\""), "");
}

}  // namespace
}  // namespace boyi::bots
