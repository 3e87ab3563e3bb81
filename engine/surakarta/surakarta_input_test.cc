// Bad input for every parser: garbage, empty, overlong, non-ASCII and near misses give an error
// with a reason, never a crash.
#include <gtest/gtest.h>

#include "base/rng.h"
#include "engine/surakarta/surakarta.h"

namespace boyi::surakarta {
namespace {

TEST(SurakartaInput, ParseMoveRejectsBadText) {
  const State st;
  for (std::string_view text :
       {"", "A", "ABC", "ABCDE", "abcd", "bbbc", "AGAA", "A1B2", "BB BC", " BBBC", "BBBC ", "BBBB",
        "ZZZZ", "\xe8\x8b\x8f\xe6", "\x00\x00\x00\x00", "BBBC\n", "move BBBC"}) {
    auto m = st.parse_move(0, text);
    EXPECT_FALSE(m.ok()) << text;
    if (!m.ok()) {
      EXPECT_FALSE(m.message().empty());
    }
  }
  const std::string overlong(100000, 'A');
  auto m = st.parse_move(0, overlong);
  ASSERT_FALSE(m.ok());
  EXPECT_LT(m.message().size(), 200u);  // the echo is cut short
  EXPECT_TRUE(st.parse_move(0, "FFAA").ok());
  EXPECT_EQ(st.format_move(Move{40, 3}), "??DA");
}

TEST(SurakartaInput, RulesParseAndRoundTrip) {
  EXPECT_EQ(Rules::parse("")->to_string(), "no_capture_limit=80 max_plies=400");
  EXPECT_EQ(*Rules::parse("max_plies=0 no_capture_limit=0"), (Rules{0, 0}));
  EXPECT_EQ(*Rules::parse("no_capture_limit=10000,max_plies=100000"), (Rules{10000, 100000}));
  for (const Rules r : {Rules{}, Rules{1, 1}, Rules{0, 77}})
    EXPECT_EQ(*Rules::parse(r.to_string()), r);
  for (std::string_view text :
       {"foo=1", "no_capture_limit=-1", "no_capture_limit=10001", "max_plies=100001",
        "max_plies=abc", "max_plies=", "max_plies", "=5", "max_plies=5 max_plies=6",
        "max_plies=99999999999999999999", "max_plies=1.5", "max_plies=0x10", "NO_CAPTURE_LIMIT=5",
        "max_plies=\xe5\x9b\x9b", "\xff\xfe=1", "no_capture_limit==80"}) {
    auto r = Rules::parse(text);
    EXPECT_FALSE(r.ok()) << text;
    if (!r.ok()) {
      EXPECT_FALSE(r.message().empty());
    }
  }
  EXPECT_FALSE(Rules::parse(std::string(100000, 'x')).ok());
}

TEST(SurakartaInput, DiagramRejectsBadText) {
  const Rules rules;
  const std::string good = "BBBBBB\nBBBBBB\n......\n......\nWWWWWW\nWWWWWW\n";
  ASSERT_TRUE(State::from_diagram(rules, good).ok());
  EXPECT_EQ(State::from_diagram(rules, good)->hash(), State(rules).hash());
  // The board of a view reads back (header and row letters allowed).
  const std::string shown = State().view(kPublic).to_text();
  const std::string board = shown.substr(shown.find('\n') + 1, 9 * 7 - 1);
  auto again = State::from_diagram(rules, board);
  ASSERT_TRUE(again.ok()) << again.message() << "\n" << board;
  EXPECT_EQ(again->hash(), State(rules).hash());

  const std::vector<std::pair<std::string, std::string>> bad = {
      {"", "needs 6"},
      {"garbage", "6 cells"},
      {"BBBBBB\nBBBBBB\n......\n......\nWWWWWW\n", "needs 6"},
      {good + "......\n", "more than 6 rows"},
      {"BBBBBBB\nBBBBBB\n......\n......\nWWWWWW\nWWWWWW\n", "6 cells"},
      {"BBBBB\nBBBBBB\n......\n......\nWWWWWW\nWWWWWW\n", "6 cells"},
      {"BBBBBx\nBBBBBB\n......\n......\nWWWWWW\nWWWWWW\n", "not B, W or ."},
      {"bBBBBB\nBBBBBB\n......\n......\nWWWWWW\nWWWWWW\n", "not B, W or ."},
      {"BBBBB\xe9\nBBBBBB\n......\n......\nWWWWWW\nWWWWWW\n", "not B, W or ."},
      {"BBBBBB\nBBBBBB\nB.....\n......\nWWWWWW\nWWWWWW\n", "more than 12 black"},
      {"BBBBBB\nBBBBBB\n......\n.....W\nWWWWWW\nWWWWWW\n", "more than 12 white"},
      {"......\n......\n......\n......\n......\n......\n", "no pieces"},
      {std::string(5000, '.'), "too long"},
  };
  for (const auto& [text, reason] : bad) {
    auto st = State::from_diagram(rules, text);
    ASSERT_FALSE(st.ok()) << text;
    EXPECT_NE(st.message().find(reason), std::string::npos) << text << " -> " << st.message();
  }
  EXPECT_FALSE(State::from_diagram(rules, good, 2).ok());
  EXPECT_FALSE(State::from_diagram(rules, good, kPublic).ok());
  EXPECT_FALSE(State::from_diagram(rules, good, 0, -1).ok());
  EXPECT_FALSE(State::from_diagram(rules, good, 0, 3, 4).ok());
  EXPECT_FALSE(State::from_diagram(rules, good, 0, 2000000, 0).ok());
}

// Random bytes (biased towards the characters the parsers look for) never crash a parser, and
// whatever parses is consistent.
TEST(SurakartaInput, RandomBytesNeverCrash) {
  const std::string alphabet = "ABCDEFBW.=_\n \t0123456789xyzno_capture_limitmax_plies\xff\x80";
  Rng rng(7);
  const State st;
  int accepted_moves = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    const auto len = rng.below(i % 10 == 0 ? 80 : 8);
    const bool letters = i % 3 == 0;  // near-miss move texts: only A..G
    for (std::uint32_t k = 0; k < len; ++k)
      text += letters ? static_cast<char>('A' + rng.below(7))
              : rng.below(4) == 0
                  ? static_cast<char>(rng.below(256))
                  : alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
    if (auto m = st.parse_move(0, text); m.ok()) {
      ++accepted_moves;
      EXPECT_EQ(st.format_move(*m), text);
    } else {
      EXPECT_FALSE(m.message().empty());
    }
    if (auto r = Rules::parse(text); r.ok()) {
      EXPECT_EQ(*Rules::parse(r->to_string()), *r);
    } else {
      EXPECT_FALSE(r.message().empty());
    }
    if (auto d = State::from_diagram(Rules{}, text); !d.ok()) {
      EXPECT_FALSE(d.message().empty());
    }
  }
  EXPECT_GT(accepted_moves, 0);
}

}  // namespace
}  // namespace boyi::surakarta
