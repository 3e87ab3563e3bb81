// The competition's text records: the example of docs/rules/gomoku.md,
// hand-made games of each format, and malformed records (truncated, wrong
// brackets, illegal moves, wrong colour order, bad UTF-8) refused with an error
// naming the problem, never a crash.
#include <gtest/gtest.h>

#include "server/records/test_support.h"
#include "server/records/text_record.h"

namespace boyi::records {
namespace {

// The rules file's example, cut where it writes "...".
constexpr std::string_view kRulesExample =
    "{[C5][先手参赛队 B][后手参赛队 W][先手胜][2017.07.29 14:00 重庆][2017 CCGC];B(J,10);W(L,10)}";

constexpr std::string_view kFive =
    "{[C5][甲队 B][乙队 W][先手胜][2017.07.29 14:00 重庆][2017 CCGC];"
    "B(H,8);W(A,1);B(J,8);W(A,2);B(K,8);W(A,3);B(L,8);W(A,4);B(I,8)}";

std::string error_of(std::string_view text, std::string_view rules = "") {
  auto r = parse_text_record(text);
  if (!r) return r.message();
  auto p = replay_text_record(*r, rules);
  return p ? std::string() : p.message();
}

void expect_error(std::string_view text, std::string_view needle, std::string_view rules = "") {
  const std::string e = error_of(text, rules);
  EXPECT_NE(e.find(needle), std::string::npos) << "record: " << text << "\nerror: " << e;
}

TEST(RecordsText, TheRulesFileExampleParses) {
  auto r = parse_text_record(kRulesExample);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(r->code, "C5");
  EXPECT_EQ(r->game, "gomoku");
  EXPECT_EQ(r->teams[0], "先手参赛队");
  EXPECT_EQ(r->teams[1], "后手参赛队");
  EXPECT_EQ(r->result, TextResult::kFirstWins);
  EXPECT_EQ(r->date, "2017.07.29");
  EXPECT_EQ(r->time, "14:00");
  EXPECT_EQ(r->place, "重庆");
  EXPECT_EQ(r->event, "2017 CCGC");
  ASSERT_EQ(r->moves.size(), 2u);
  EXPECT_EQ(r->moves[0].colour, 0);
  EXPECT_EQ(r->moves[0].actions, std::vector<std::string>{"J10"});
  EXPECT_EQ(r->moves[1].colour, 1);
  EXPECT_EQ(r->moves[1].actions, std::vector<std::string>{"L10"});
  // The game is not over after two stones, so the result (a resignation or a
  // flag) cannot be checked against the rules; the stones replay.
  auto p = replay_text_record(*r, "");
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_FALSE(p->game->is_terminal());
  EXPECT_EQ(p->actions.size(), 2u);
  // As the file writes it, "..." is not a move.
  expect_error(std::string(kRulesExample.substr(0, kRulesExample.size() - 1)) + ";...}",
               "move 3 '...': must start with a colour letter");
}

TEST(RecordsText, AFinishedGomokuGameReplaysToItsResult) {
  auto r = parse_text_record(kFive);
  ASSERT_TRUE(r.ok()) << r.message();
  auto p = replay_text_record(*r, "rule=freestyle");
  ASSERT_TRUE(p.ok()) << p.message();
  ASSERT_TRUE(p->game->is_terminal());
  EXPECT_EQ(p->game->outcome().winner, 0);
  std::string second(kFive);
  second.replace(second.find("先手胜"), std::string("先手胜").size(), "后手胜");
  expect_error(second, "the result tag says 后手胜 but the moves end 先手胜", "rule=freestyle");
  // Whitespace and newlines between tokens, and a trailing ';', are allowed.
  auto spaced =
      parse_text_record(" {[C5] [a B] [b W] [和棋] [2017.07.29] [] ;\n B( H , 8 ) ;\n W(J,9); }\n");
  ASSERT_TRUE(spaced.ok()) << spaced.message();
  EXPECT_EQ(spaced->date, "2017.07.29");
  EXPECT_EQ(spaced->time, "");
  EXPECT_EQ(spaced->place, "");
  EXPECT_EQ(spaced->moves[0].actions, std::vector<std::string>{"H8"});
}

TEST(RecordsText, TheOtherGamesFormats) {
  // 点格棋: a whole turn in one item. AAA, BAA, ABA and BBA are the four sides of
  // the top-left box: white's BBA claims it, so white draws again (ACC).
  const std::string dots = "{[DB][x B][y W][中止][][];B(AAA);W(BAA);B(ABA);W(BBA,ACC)";
  auto d = parse_text_record(dots + "}");
  ASSERT_TRUE(d.ok()) << d.message();
  EXPECT_EQ(d->game, "dots");
  EXPECT_EQ(d->result, TextResult::kAborted);
  EXPECT_EQ(d->moves[3].actions, (std::vector<std::string>{"BBA", "ACC"}));
  EXPECT_EQ(error_of(dots + ";B(ADD)}"), "");
  // A turn that ends after claiming a box, or goes on without claiming one.
  expect_error("{[DB][x B][y W][中止][][];B(AAA);W(BAA);B(ABA);W(BBA);B(ACC)}", "move 5 'B(ACC)'");
  expect_error("{[DB][x B][y W][中止][][];B(AAA,BAA)}", "move 1 'B(AAA,BAA)'");
  expect_error("{[DB][x B][y W][中止][][];B(AA)}", "not an edge of three capital letters");
  // 苏拉卡尔塔: from-to points.
  EXPECT_EQ(error_of("{[SK][x B][y W][中止][][];B(AB,AC);W(AE,AD)}"), "");
  expect_error("{[SK][x B][y W][中止][][];B(AB,AB)}", "move 1 'B(AB,AB)'");
  expect_error("{[SK][x B][y W][中止][][];B(AB)}", "(from,to)");
  // 军棋: two deployments, then red moves first.
  const std::string deploy = "abccddeeffggghhhiiijjkklj";
  EXPECT_EQ(error_of("{[JQ][x R][y B][中止][][];B(" + deploy + ");R(" + deploy + ");R(G0,F0)}"),
            "");
  expect_error("{[JQ][x R][y B][中止][][];R(" + deploy + ");R(" + deploy + ")}",
               "wrong colour order: move 2 is a second R deployment");
  expect_error("{[JQ][x R][y B][中止][][];R(" + deploy + ");R(G0,F0)}",
               "comes before both sides deployed");
  expect_error("{[JQ][x R][y B][中止][][];R(" + deploy + ");B(" + deploy + ");B(A0,B0)}",
               "wrong colour order: move 3 is B, expected R");
  expect_error("{[JQ][x R][y B][中止][][];R(aaaaaaaaaaaaaaaaaaaaaaaaa);B(" + deploy + ")}",
               "move 1 'R(aaaaaaaaaaaaaaaaaaaaaaaaa)':");
  expect_error("{[JQ][x R][y B][中止][][];R(abc)}", "a deployment is 25 piece letters");
  expect_error("{[JQ][x R][y B][中止][][];R(G0-F0)}", "a 军棋 move is (from,to)");
}

TEST(RecordsText, MalformedRecordsNameTheProblem) {
  // Truncated.
  expect_error("{[C5][a B][b W][先手胜][][];B(H,8)", "truncated: no closing '}'");
  expect_error("{[C5][a B][b W][先手胜][", "truncated");
  expect_error("{[C5][a B][b W]", "truncated after 3 tags");
  expect_error("{[C5][a B][b W][先手胜][][];B(H,8", "truncated: no closing ')'");
  expect_error("", "empty record");
  // Wrong brackets.
  expect_error("[C5][a B][b W][先手胜][][];B(H,8)}", "wrong brackets: a record starts with '{'");
  expect_error("{[C5][a B][b W][先手胜][][];B[H,8]}", "wrong brackets");
  expect_error("{[C5][a B][b W][先手胜][][];B(H,(8)}", "wrong brackets inside");
  expect_error("{[C5][a B][b W][先手胜][{][];B(H,8)}", "wrong brackets inside tag 5");
  expect_error("{[C5][a B][b W][先手胜][][];B(H,8)} x", "text after the closing '}'");
  expect_error("{[C5][a B][b W][先手胜][][];B(H,8)(I,9)}", "expected ';' or '}'");
  // Tags.
  expect_error("{[C5][a B][b W][先手胜][]}", "expected 6 tags");
  expect_error("{[C7][a B][b W][先手胜][][]}", "unknown game code 'C7'");
  expect_error("{[C5][a B][b W][赢][][]}", "unknown result '赢'");
  expect_error("{[C5][aB][b W][先手胜][][]}", "must be a name, a space and a colour letter");
  expect_error("{[C5][a W][b B][先手胜][][]}",
               "wrong colour order: the first (先手) team must play B");
  expect_error("{[C5][a B][b X][先手胜][][]}", "has colour 'X', expected W");
  // Moves.
  expect_error("{[C5][a B][b W][先手胜][][];B(H,8);W(H,8)}", "move 2 'W(H,8)':");
  expect_error("{[C5][a B][b W][先手胜][][];B(H,8);B(J,8)}",
               "wrong colour order: move 2 is B, expected W");
  expect_error("{[C5][a B][b W][先手胜][][];W(H,8)}", "wrong colour order: move 1 is W");
  expect_error("{[C5][a B][b W][先手胜][][];B(Z,8)}", "move 1 'B(Z,8)':");
  expect_error("{[C5][a B][b W][先手胜][][];B(8,H)}", "(column letter,row number)");
  expect_error("{[C5][a B][b W][先手胜][][];X(H,8)}", "must start with a colour letter, B or W");
  expect_error("{[C5][a B][b W][先手胜][][];B(H,8)}", "gomoku rules: rule must be", "rule=bogus");
  // Bad UTF-8 anywhere.
  expect_error("{[C5][a\xff B][b W][先手胜][][]}", "bad UTF-8 at byte 7");
  expect_error("{[C5][a B][b W][先手\xe8\x83][][]}", "bad UTF-8");
  expect_error("{[C5][a B][b W][\xc0\xaf][][]}", "overlong");
}

// The examples of README.md, verbatim.
TEST(RecordsText, TheReadmeExamplesReplay) {
  const std::string junqi =
      "{[JQ][清华大学 R][北京理工 B][后手胜][2017.07.29 14:02 重庆][2017 CCGC];"
      "R(hefbfihhkgedcgdikjjjilcag);B(ihidedgfkcechfgjgkbjilhja);R(J2,J1);B(B2,C1);R(I1,H1);"
      "B(E0,E1)}";
  const std::string dots =
      "{[DB][清华大学 B][北京理工 W][先手胜][2017.07.29 14:02 重庆][2017 "
      "CCGC];B(BEE);W(BFD);B(BBA);W(BCC);B"
      "(ADD);W(BFB);B(BAE);W(AEB);B(ABD);W(BAA);B(AAB);W(AFC);B(ADE);W(BFA);B(AAD);W(BBD);B(ADC"
      ");W(BDD);B(BAC);W(BAB);B(ACD);W(BEC);B(BED);W(AED,AFB);B(BCA);W(BAD);B(BDC,AAA);W(AAE);B"
      "(ABA,ADA);W(AEA,BFC);B(AFE);W(AEC);B(BDB);W(AAC);B(ABB,BEB,ACE,ABC);W(BEA);B(ACC,AFD);W("
      "ACB);B(ADB);W(BCD,AEE,BDA,ACA);B(BBC,BDE,BBB,ABE,BFE,BCB,BBE);W(BCE,AFA)}";
  const std::string surakarta =
      "{[SK][清华大学 B][北京理工 W][先手胜][2017.07.29 14:02 重庆][2017 CCGC];"
      "B(FB,EC);W(BE,BD);B(EA,FB);W(CF,BE);B(BB,CC);W(EE,FD)}";
  for (const std::string& text : {junqi, dots, surakarta, std::string(kFive)}) {
    auto r = parse_text_record(text);
    ASSERT_TRUE(r.ok()) << r.message();
    auto p = replay_text_record(*r, r->game == "gomoku" ? "rule=freestyle" : "");
    ASSERT_TRUE(p.ok()) << p.message();
    EXPECT_EQ(p->game->is_terminal(), r->game == "dots" || r->game == "gomoku") << text;
  }
  auto d = parse_text_record(dots);
  ASSERT_TRUE(d.ok());
  auto p = replay_text_record(*d, "");
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->actions.size(), 60u);  // every edge once
  EXPECT_EQ(p->game->outcome().detail, "15-10");
}

TEST(RecordsText, EveryPrefixAndRandomEditsGiveAnErrorOrARecord) {
  const std::string good(kFive);
  for (std::size_t n = 0; n < good.size(); ++n) {
    const std::string e = error_of(good.substr(0, n), "rule=freestyle");
    EXPECT_FALSE(e.empty()) << "prefix of " << n << " bytes accepted";
  }
  Rng rng(7);
  int refused = 0;
  for (int i = 0; i < 3'000; ++i) {
    std::string t = good;
    for (int k = 0; k < 1 + static_cast<int>(rng.below(3)); ++k) {
      const std::size_t at = rng.below(static_cast<std::uint32_t>(t.size()));
      if (rng.below(3) == 0)
        t.erase(at, 1);
      else
        t[at] = "{}[]();,BW8H \xe5"[rng.below(14)];
    }
    refused += !error_of(t, "rule=freestyle").empty();
  }
  EXPECT_GT(refused, 2'000);
}

}  // namespace
}  // namespace boyi::records
