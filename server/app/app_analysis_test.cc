// The analysis board over the protocol: refused while the game runs, an engine's best move
// and line after it, the end of the record, one analysis at a time per user.
#include <gtest/gtest.h>

#include "server/app/app_match_fixture.h"

namespace boyi::app::test {
namespace {

v1::ClientMessage analyze_msg(const std::string& match, std::uint32_t ply) {
  v1::ClientMessage m;
  m.mutable_analyze()->set_match_id(match);
  m.mutable_analyze()->set_ply(ply);
  return m;
}

TEST_F(MatchTest, TheAnalysisBoardAnalysesFinishedGamesOnly) {
  auto a = player(C::json, "victor");
  auto b = player(C::json, "whisky");
  SeatState sa, sb;
  seek_and_accept(*a, *b, freestyle(), sa, sb);
  const std::vector<std::string> black = {"H8", "I8", "J8"}, white = {"A1", "A2", "A3"};
  for (std::size_t i = 0; i < black.size(); ++i) {
    ASSERT_TRUE(play(*a, sa, black[i])->has_match_event());
    drain(*b, sb, 100ms);
    ASSERT_TRUE(play(*b, sb, white[i])->has_match_event());
    drain(*a, sa, 100ms);
  }
  // Not while the game runs.
  auto live = a->call(analyze_msg(sa.match, 6));
  ASSERT_TRUE(live && live->has_error());
  EXPECT_EQ(live->error().code(), v1::ERROR_CODE_INVALID_ARGUMENT);
  v1::ClientMessage resign;
  resign.mutable_resign()->set_match_id(sb.match);
  ASSERT_TRUE(b->call(resign)->has_ack());
  ASSERT_TRUE(a->wait_for([](const SM& m) { return m.has_match_ended(); }));

  // Black to move with an open three: the engine makes the open four, white blocks one end,
  // black makes five at the other (the line stops where the game would).
  auto got = a->call(analyze_msg(sa.match, 6), 20s);
  ASSERT_TRUE(got && got->has_analysis()) << (got ? got->DebugString() : "no reply");
  const auto& an = got->analysis();
  EXPECT_EQ(an.ply(), 6u);
  EXPECT_EQ(an.to_move(), 0);
  EXPECT_EQ(an.engine(), "threat");
  ASSERT_GT(an.line_size(), 0);
  EXPECT_EQ(an.line_seats(0), 0);
  EXPECT_TRUE(an.line(0) == "G8" || an.line(0) == "K8") << an.DebugString();
  EXPECT_EQ(an.line_size(), 3) << an.DebugString();
  EXPECT_FALSE(an.method().empty());

  // Past the end; one at a time per user.
  EXPECT_EQ(a->call(analyze_msg(sa.match, 7))->error().code(), v1::ERROR_CODE_INVALID_ARGUMENT);
  const auto first = b->send(analyze_msg(sa.match, 0));
  const auto second = b->send(analyze_msg(sa.match, 1));
  auto r2 = b->reply(second, 20s);
  ASSERT_TRUE(r2 && r2->has_error());
  EXPECT_EQ(r2->error().code(), v1::ERROR_CODE_RATE_LIMITED);
  auto r1 = b->reply(first, 20s);
  ASSERT_TRUE(r1 && r1->has_analysis()) << (r1 ? r1->DebugString() : "no reply");
  EXPECT_EQ(r1->analysis().to_move(), 0);
}

}  // namespace
}  // namespace boyi::app::test
