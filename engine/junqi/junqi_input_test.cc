// Bad input: garbage, empty, overlong, non-ASCII and near-miss texts for
// parse_move, Rules::parse and the diagram reader give errors with a reason.
#include <gtest/gtest.h>

#include <string>

#include "engine/junqi/junqi.h"
#include "engine/junqi/test_util.h"

namespace boyi::junqi {
namespace {

constexpr const char* kGood = R"(
   0 1 2 3 4
A  . l . . .
B  . . . . .
C  . . . . .
D  . . . . .
E  . . . . .
F  . . . . .
G  . . . . .
H  . . . . .
I  . . . . .
J  . . . . .
K  . . . . G
L  . L . . .
)";

std::string with_row(const std::string& base, char row, const std::string& line) {
  std::string s = base;
  const std::size_t at = s.find(std::string("\n") + row + "  ");
  const std::size_t end = s.find('\n', at + 1);
  return s.substr(0, at + 1) + line + s.substr(end);
}

TEST(JunqiInput, ParseMoveRejectsBadText) {
  const State st;
  for (const std::string& text :
       {std::string(""), std::string("G0F"), std::string("G0F0 "), std::string(" G0F0"),
        std::string("g0f0"), std::string("M0F0"), std::string("G5F0"), std::string("G0F00"),
        std::string("G0-F0"), std::string("abccddeeffggghhhiiijjkkl"),
        std::string("abccddeeffggghhhiiijjkklj "), std::string("ABCCDDEEFFGGGHHHIIIJJKKLJ"),
        std::string("abccddeeffggghhhiiijjkklz"), std::string(1000, 'a'),
        std::string("G0F\xC3\xA9"), std::string("\xE5\x86\x9B\xE6\xA3\x8B"),
        std::string("\0\0\0\0", 4), std::string("1234")}) {
    for (Seat seat : {0, 1}) {
      auto m = st.parse_move(seat, text);
      EXPECT_FALSE(m.ok()) << "'" << text << "'";
      if (!m.ok()) {
        EXPECT_FALSE(m.message().empty());
      }
    }
  }
  EXPECT_FALSE(st.parse_move(kPublic, "abccddeeffggghhhiiijjkklj").ok());
  // Well-formed but not allowed: the checked path says why.
  State play = testing::deployed("abccddeeffggghhhiiijjkklj", "abccddeeffggghhhiiijjkklj");
  EXPECT_EQ(play.check(0, *play.parse_move(0, "A0A0")).message(), "A0A0: no piece of seat 0 on A0");
  EXPECT_EQ(play.check(0, *play.parse_move(0, "G0G0")).message(),
            "G0G0: a step must leave its post");
  EXPECT_EQ(play.check(0, *play.parse_move(0, "G0H0")).message(), "G0H0: own piece on H0");
  EXPECT_EQ(play.check(0, Move::step(200, 3)).message(), "post out of the board");
  EXPECT_EQ(play.check(2, Move::step(30, 25)).message(), "seat 2 is not a player");
  Move broken = Move::step(30, 25);
  broken.kind = static_cast<Move::Kind>(7);
  EXPECT_EQ(play.check(0, broken).message(), "malformed move");
  Move bad_layout = Move::deploy(0, {});
  bad_layout.layout[3] = 40;
  EXPECT_EQ(State::check_layout(bad_layout.layout).message(), "unknown piece code 40 at G3");
}

TEST(JunqiInput, RulesParse) {
  EXPECT_EQ(*Rules::parse(""), Rules{});
  EXPECT_EQ(Rules{}.to_string(), "no_battle_limit=31 no_battle_result=loss");
  const auto r = Rules::parse("no_battle_result=draw, no_battle_limit=12");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->no_battle_limit, 12);
  EXPECT_EQ(*Rules::parse(r->to_string()), *r);
  for (const std::string& text :
       {std::string("no_battle_limit=9"), std::string("no_battle_limit=32"),
        std::string("no_battle_limit=abc"), std::string("no_battle_limit="),
        std::string("no_battle_result=win"), std::string("foo=1"), std::string("no_battle_limit"),
        std::string("=3"), std::string("no_battle_limit=20 no_battle_limit=21"),
        std::string("no_battle_limit=\xEF\xBC\x93\xEF\xBC\x91"), std::string(5000, 'x'),
        std::string("no_battle_limit=31x"), std::string("No_battle_limit=31")}) {
    auto parsed = Rules::parse(text);
    EXPECT_FALSE(parsed.ok()) << text;
    if (!parsed.ok()) {
      EXPECT_FALSE(parsed.message().empty());
    }
  }
}

TEST(JunqiInput, DiagramErrors) {
  const Rules rules;
  ASSERT_TRUE(State::from_diagram(rules, kGood).ok());
  const std::string good = kGood;
  auto reason = [&](const std::string& text, Seat to_move = 0, int no_battle = 0) {
    auto st = State::from_diagram(rules, text, to_move, no_battle);
    EXPECT_FALSE(st.ok()) << text;
    return st.ok() ? std::string() : st.message();
  };
  EXPECT_EQ(reason(""), "diagram has 0 rows, needs 12 (A-L)");
  EXPECT_EQ(reason(good.substr(0, good.find("\nL"))), "diagram has 11 rows, needs 12 (A-L)");
  EXPECT_EQ(reason(good + "M  . . . . .\n"), "diagram line 15: more than 12 rows");
  EXPECT_NE(reason(with_row(good, 'C', "D  . . . . .")).find("expected row C"), std::string::npos);
  EXPECT_NE(reason(with_row(good, 'C', "C  . . . .")).find("expected row C"), std::string::npos);
  EXPECT_NE(reason(with_row(good, 'C', "C  . . z . .")).find("unknown cell 'z' at C2"),
            std::string::npos);
  EXPECT_NE(reason(with_row(good, 'C', "C  . . x . .")).find("hidden piece"), std::string::npos);
  EXPECT_NE(reason(with_row(good, 'C', "C  . \xC3\xA9 . .")).find("non-ASCII"), std::string::npos);
  EXPECT_EQ(reason(with_row(good, 'A', "A  . . . . .")), "seat 1 has no flag");
  EXPECT_EQ(reason(with_row(good, 'A', "A  l . . . .")),
            "seat 1's flag at A0 is not in its headquarters");
  EXPECT_NE(reason(with_row(good, 'A', "A  . l . l .")).find("more than 1 flag"),
            std::string::npos);
  EXPECT_EQ(reason(with_row(good, 'L', "L  . . . . .")), "seat 0 has no flag");
  EXPECT_EQ(reason(with_row(good, 'H', "H  J . . . .")),
            "seat 0's mine at H0 is outside its rows K-L");
  EXPECT_EQ(reason(with_row(good, 'K', "K  . . . . j")),
            "seat 1's mine at K4 is outside its rows K-L");
  EXPECT_NE(reason(with_row(good, 'H', "H  A A . . .")).find("more than 1 marshal"),
            std::string::npos);
  EXPECT_EQ(reason(std::string(20000, '.')), "diagram is too long");
  EXPECT_EQ(reason(good, 2), "the side to move must be seat 0 or 1");
  EXPECT_EQ(reason(good, 0, 31), "no-battle count must be in 0..30");
  EXPECT_EQ(reason(good, 0, -1), "no-battle count must be in 0..30");
  // Random garbage never crashes and always carries a reason.
  Rng rng(5);
  for (int i = 0; i < 2000; ++i) {
    std::string junk(rng.below(120), ' ');
    for (char& c : junk) c = static_cast<char>(rng.below(256));
    auto st = State::from_diagram(rules, junk);
    if (!st.ok()) {
      EXPECT_FALSE(st.message().empty());
    }
    auto m = State().parse_move(static_cast<Seat>(rng.below(2)), junk.substr(0, rng.below(30)));
    if (!m.ok()) {
      EXPECT_FALSE(m.message().empty());
    }
    auto r = Rules::parse(junk);
    if (!r.ok()) {
      EXPECT_FALSE(r.message().empty());
    }
  }
}

}  // namespace
}  // namespace boyi::junqi
