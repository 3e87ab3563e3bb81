// The fifth game: 井字棋 (tic-tac-toe, engine/tictactoe) exists only as its engine folder and
// its entry in the one list (engine/games.h). Played here through the real server: unlisted,
// yet a seek naming it makes a match that two random movers finish by its rules, with the
// generic wire forms (text view and legal moves) and a full record. boyi-match plays it with
// built-in players and through the sau bridge (ctest match_cli_tictactoe,
// match_cli_bridged_tictactoe).
#include "tests/e2e/e2e_support.h"

namespace boyi::e2e {
namespace {

TEST(FifthGame, TicTacToeIsUnlistedButPlaysThroughTheServer) {
  auto server = start_test_server();
  E2E_ASSERT_OK(server, nullptr);
  auto a = guest((*server)->port(), Transport::ws_text, unique_name("x"));
  E2E_ASSERT_OK(a, server->get());
  auto b = guest((*server)->port(), Transport::tcp_binary, unique_name("o"));
  E2E_ASSERT_OK(b, server->get());

  v1::ClientMessage list;
  list.mutable_list_games();
  auto games = (*a)->request(list);
  E2E_ASSERT_OK(games, server->get());
  ASSERT_TRUE(games->has_game_list()) << describe(*games);
  EXPECT_EQ(games->game_list().games_size(), 4);
  for (const auto& g : games->game_list().games()) EXPECT_NE(g.name(), "tictactoe");

  auto started = seek_and_accept(**a, **b, game_setup("tictactoe", "misere=0", 60000));
  E2E_ASSERT_OK(started, server->get());
  EXPECT_EQ(started->a.view().game(), "tictactoe");
  EXPECT_EQ(started->a.view().text(), "...\n...\n...\n");
  EXPECT_EQ(started->a.view().legal_moves_size(), 9);
  EXPECT_EQ(started->b.view().legal_moves_size(), 0);  // O does not move first

  RandomMover ma(**a, started->a, 3);
  RandomMover mb(**b, started->b, 4);
  ASSERT_TRUE(play({&ma, &mb}, 60s)) << log_of(server->get());
  EXPECT_TRUE(ma.problems().empty()) << ma.problems().front();
  EXPECT_TRUE(mb.problems().empty()) << mb.problems().front();
  EXPECT_EQ(compare_streams(ma, mb), "");
  ASSERT_TRUE(ma.match_ended());
  const auto& outcome = ma.match_ended()->outcome();
  EXPECT_EQ(outcome.ending(), v1::ENDING_NORMAL) << outcome.detail();
  EXPECT_TRUE(outcome.detail() == "three in a row" || outcome.detail() == "the board is full")
      << outcome.detail();
  EXPECT_GE(ma.events().size(), 5u);
  EXPECT_LE(ma.events().size(), 9u);

  v1::ClientMessage get;
  get.mutable_get_record()->set_match_id(ma.match_id());
  auto rec = (*b)->request(get);
  E2E_ASSERT_OK(rec, server->get());
  ASSERT_TRUE(rec->has_match_record()) << describe(*rec);
  ASSERT_EQ(static_cast<std::size_t>(rec->match_record().moves_size()), ma.events().size());
  for (int i = 0; i < rec->match_record().moves_size(); ++i)
    EXPECT_EQ(rec->match_record().moves(i).move(), ma.events()[static_cast<std::size_t>(i)].move);
}

}  // namespace
}  // namespace boyi::e2e
