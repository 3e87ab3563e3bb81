// Bad input: garbage, empty, overlong, non-ASCII and near-miss texts for the
// move notation, the rules text and the diagram reader give errors with a
// reason, never a crash.
#include <gtest/gtest.h>

#include "engine/gomoku/test_support.h"

namespace boyi::gomoku {
namespace {

TEST(Notation, PointsAndMovesRoundTrip) {
  const State s;
  EXPECT_EQ(format_point(kH8), "H8");
  EXPECT_EQ(format_point(make_point(0, 0)), "A1");
  EXPECT_EQ(format_point(make_point(14, 14)), "O15");
  EXPECT_EQ(s.parse_move(0, "h8").value(), Move::place(kH8));
  EXPECT_EQ(s.parse_move(0, "  O15 ").value(), Move::place(make_point(14, 14)));
  EXPECT_EQ(s.parse_move(0, "swap").value(), Move::swap());
  EXPECT_EQ(s.parse_move(0, "keep").value(), Move::keep());
  EXPECT_EQ(s.parse_move(0, "offer J10").value(), Move::offer(make_point(9, 9)));
  EXPECT_EQ(s.parse_move(0, "choose A1").value(), Move::choose(make_point(0, 0)));
  EXPECT_EQ(s.format_move(Move::offer(make_point(9, 9))), "offer J10");
  EXPECT_EQ(s.format_move(Move::choose(make_point(9, 9))), "choose J10");
  EXPECT_EQ(s.format_move(Move::swap()), "swap");
}

TEST(Notation, BadMovesAreErrors) {
  const State s;
  const std::string overlong(200, 'H');
  for (std::string_view text : {"",
                                "   ",
                                "H",
                                "H0",
                                "H16",
                                "H08",
                                "P8",
                                "Z1",
                                "88",
                                "H8H",
                                "H-1",
                                "swap now",
                                "Swap",
                                "offer",
                                "offer ",
                                "offer Z9",
                                "choose H",
                                "pass",
                                "resign H8",
                                "H 8",
                                "\xe4\xb8\xad",
                                "H\xef\xbc\x98",
                                "H8\n",
                                "\t",
                                "offer H8 H9",
                                "0",
                                "A100",
                                "A1 ",
                                "hh"}) {
    auto m = s.parse_move(0, text);
    if (text == "A1 " || text == "H8\n") {
      // Surrounding blanks are tolerated; a newline is not printable.
      EXPECT_EQ(m.ok(), text == "A1 ") << text;
      continue;
    }
    ASSERT_FALSE(m.ok()) << "'" << text << "' parsed";
    EXPECT_FALSE(m.message().empty()) << text;
  }
  auto m = s.parse_move(0, overlong);
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.message().find("too long"), std::string::npos);
  // Malformed move values are rejected by the checked path, not trusted.
  EXPECT_FALSE(s.check(0, Move{Action::kPlace, 225}).ok());
  EXPECT_FALSE(s.check(0, Move{Action::kPlace, kNoPoint}).ok());
  EXPECT_FALSE(s.check(0, Move{Action::kSwap, kH8}).ok());
  EXPECT_FALSE(s.check(0, Move{static_cast<Action>(9), kH8}).ok());
  EXPECT_FALSE(s.check(2, Move::place(kH8)).ok());
  EXPECT_FALSE(s.check(kPublic, Move::place(kH8)).ok());
}

TEST(RulesText, DefaultsAndRoundTrip) {
  EXPECT_EQ(Rules{}.to_string(), "rule=renju opening=free fifth_n=2");
  EXPECT_EQ(Rules::parse("").value(), Rules{});
  for (const char* text :
       {"rule=standard opening=ccgc fifth_n=5", "rule=freestyle opening=centre fifth_n=3",
        "rule=renju opening=free fifth_n=2"}) {
    auto r = Rules::parse(text);
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r->to_string(), text);
  }
  auto r = Rules::parse("opening=ccgc");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->opening, Opening::kCcgc);
  EXPECT_EQ(r->rule, RuleSet::kRenju);
}

TEST(RulesText, BadRulesAreErrors) {
  for (std::string_view text :
       {"rule", "rule=", "rule=gomoku", "rule=Renju", "opening=center", "fifth_n=1", "fifth_n=6",
        "fifth_n=2.5", "fifth_n=x", "fifth_n=", "size=19", "rule=renju rule=standard", "=renju",
        "rule=\xe8\xbf\x9e\xe7\x8f\xa0", "\xff\xfe", "fifth_n=99999999999999999999"}) {
    auto r = Rules::parse(text);
    ASSERT_FALSE(r.ok()) << "'" << text << "' parsed";
    EXPECT_FALSE(r.message().empty());
  }
  auto r = Rules::parse(std::string(5000, 'x'));
  EXPECT_FALSE(r.ok());
}

constexpr const char* kGoodDiagram = R"(
   A B C D E F G H I J K L M N O
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . . . . . . . . . . . 12
11 . . . . . . . . . . . . . . . 11
10 . . . . . . . . . . . . . . . 10
 9 . . . . . . . O . . . . . . . 9
 8 . . . . . . . X . . . . . . . 8
 7 . . . . . . . . . . . . . . . 7
 6 . . . . . . . . . . . . . . . 6
 5 . . . . . . . . . . . . . . . 5
 4 . . . . . . . . . . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 X . . . . . . . . . . . . . . 1
   A B C D E F G H I J K L M N O
)";

TEST(Diagram, ReadsAWellFormedDiagram) {
  auto s = State::from_diagram(Rules{}, kGoodDiagram, Colour::kWhite);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(s->at(kH8), Cell::kBlack);
  EXPECT_EQ(s->at(make_point(7, 8)), Cell::kWhite);
  EXPECT_EQ(s->at(make_point(0, 0)), Cell::kBlack);
  EXPECT_EQ(s->stone_count(), 3);
  EXPECT_EQ(s->to_move(), 1);
  EXPECT_EQ(s->step(), Step::kPlay);
  EXPECT_EQ(s->hash(), s->compute_hash());
  // The board part of to_text() reads back.
  auto again =
      State::from_diagram(Rules{}, s->to_text().substr(s->to_text().find("   A")), Colour::kWhite);
  ASSERT_TRUE(again.ok()) << again.message();
  EXPECT_EQ(again->to_text(), s->to_text());
}

TEST(Diagram, BadDiagramsAreErrors) {
  const std::string good = kGoodDiagram;
  auto replace = [&](std::string_view from, std::string_view to) {
    std::string d = good;
    d.replace(d.find(from), from.size(), to);
    return d;
  };
  const std::string row8 = " 8 . . . . . . . X . . . . . . . 8\n";
  const std::vector<std::string> bad = {
      "",
      "garbage",
      replace(" 1 X", " 1 Y"),                              // bad cell
      replace(" 1 X . .", " 1 X . . ."),                    // 16 cells
      replace(" 1 X . .", " 1 X ."),                        // 14 cells
      replace(" 9 .", " 7 ."),                              // wrong row label
      replace(" 8 .", "8 8 ."),                             // wrong row label
      replace(" 1 X", " 1 \xe4\xb8\xad"),                   // non-ASCII
      replace(row8, ""),                                    // 14 rows
      replace(row8, row8 + row8),                           // 16 rows
      good + row8,                                          // a row after the footer
      std::string(10000, '.'),                              // overlong
      replace(" 8 . . . . . . . X", " 8 . . . X X X X X"),  // black five
      replace(" 8 . . . . . . . X", " 8 . . X X X X X X"),  // black overline (renju)
      replace(" 9 . . . . . . . O", " 9 . . . O O O O O"),  // white five
      replace("15 . .", "123 . ."),
  };
  for (const std::string& d : bad) {
    auto s = State::from_diagram(Rules{}, d);
    ASSERT_FALSE(s.ok()) << "accepted:\n" << d;
    EXPECT_FALSE(s.message().empty());
  }
  EXPECT_FALSE(State::from_diagram(Rules{}, kGoodDiagram, Colour::kBlack, 2).ok());
  // A black overline is no finished line under standard rules.
  EXPECT_TRUE(State::from_diagram(testing::rules_of("rule=standard"),
                                  replace(" 8 . . . . . . . X", " 8 . . X X X X X X"))
                  .ok());
}

}  // namespace
}  // namespace boyi::gomoku
