// Draw offers and takebacks between two players over the protocol, a restart that replays
// them, and a house bot that gives a move back and plays on after a declined draw.
#include <gtest/gtest.h>

#include "server/app/app_match_fixture.h"

namespace boyi::app::test {
namespace {

v1::ClientMessage propose_msg(const std::string& match, v1::ProposalKind kind) {
  v1::ClientMessage m;
  m.mutable_propose()->set_match_id(match);
  m.mutable_propose()->set_kind(kind);
  return m;
}

v1::ClientMessage answer_msg(const std::string& match, v1::ProposalKind kind, bool accept) {
  v1::ClientMessage m;
  m.mutable_answer_proposal()->set_match_id(match);
  m.mutable_answer_proposal()->set_kind(kind);
  m.mutable_answer_proposal()->set_accept(accept);
  return m;
}

TEST_F(MatchTest, TakebackAndDrawOffersBetweenTwoPlayers) {
  auto a = player(C::json, "tango");
  auto b = player(C::binary, "uniform");
  SeatState sa, sb;
  seek_and_accept(*a, *b, freestyle(), sa, sb);
  ASSERT_TRUE(play(*a, sa, "H8")->has_match_event());
  drain(*b, sb, 200ms);
  ASSERT_TRUE(play(*b, sb, "H9")->has_match_event());
  drain(*a, sa, 200ms);

  // Bravo asks to take H9 back; alpha is told and accepts.
  auto ack = b->call(propose_msg(sb.match, v1::PROPOSAL_KIND_TAKEBACK));
  ASSERT_TRUE(ack && ack->has_ack()) << ack->DebugString();
  auto told = a->wait_for([](const SM& m) { return m.has_match_proposals(); });
  ASSERT_TRUE(told);
  ASSERT_EQ(told->match_proposals().open_size(), 1);
  EXPECT_EQ(told->match_proposals().open(0).from(), 1);
  EXPECT_EQ(told->match_proposals().open(0).kind(), v1::PROPOSAL_KIND_TAKEBACK);
  EXPECT_EQ(told->match_proposals().open(0).actions(), 1u);
  ack = a->call(answer_msg(sa.match, v1::PROPOSAL_KIND_TAKEBACK, true));
  ASSERT_TRUE(ack && ack->has_ack()) << ack->DebugString();
  auto back = b->wait_for([](const SM& m) { return m.has_match_event(); });
  ASSERT_TRUE(back);
  sb.absorb(*back);
  EXPECT_EQ(back->match_event().takes_back(), 1u);
  EXPECT_EQ(back->match_event().ply(), 1);
  EXPECT_EQ(back->match_event().to_move(), 1);
  EXPECT_TRUE(sb.view.can_act());  // the view after the takeback came with it
  drain(*a, sa, 200ms);
  ASSERT_TRUE(play(*b, sb, "I9")->has_match_event());
  drain(*a, sa, 200ms);

  // A draw offer declined, not repeatable before playing; then offered again and accepted
  // by offering back.
  ASSERT_TRUE(a->call(propose_msg(sa.match, v1::PROPOSAL_KIND_DRAW))->has_ack());
  ASSERT_TRUE(b->call(answer_msg(sb.match, v1::PROPOSAL_KIND_DRAW, false))->has_ack());
  auto declined = a->wait_for([](const SM& m) {
    return m.has_match_proposals() &&
           m.match_proposals().last_closed().state() == v1::PROPOSAL_STATE_DECLINED;
  });
  ASSERT_TRUE(declined);
  auto again = a->call(propose_msg(sa.match, v1::PROPOSAL_KIND_DRAW));
  ASSERT_TRUE(again && again->has_error());
  EXPECT_EQ(again->error().code(), v1::ERROR_CODE_NOT_ALLOWED);
  ASSERT_TRUE(play(*a, sa, "J8")->has_match_event());
  drain(*b, sb, 200ms);
  ASSERT_TRUE(a->call(propose_msg(sa.match, v1::PROPOSAL_KIND_DRAW))->has_ack());
  ASSERT_TRUE(b->call(propose_msg(sb.match, v1::PROPOSAL_KIND_DRAW))->has_ack());
  auto end_a = a->wait_for([](const SM& m) { return m.has_match_ended(); });
  ASSERT_TRUE(end_a);
  sa.absorb(*end_a);
  EXPECT_EQ(end_a->match_ended().outcome().ending(), v1::ENDING_AGREEMENT);
  EXPECT_EQ(end_a->match_ended().outcome().winner(), -1);
  drain(*b, sb, 300ms);
  EXPECT_TRUE(sb.ended);
  EXPECT_TRUE(sb.gapless());
  v1::ClientMessage get;
  get.mutable_get_record()->set_match_id(sa.match);
  auto rec = b->call(get);
  ASSERT_TRUE(rec && rec->has_match_record());
  ASSERT_EQ(rec->match_record().moves_size(), 3);  // H8, I9, J8: the taken-back H9 is gone
  EXPECT_EQ(rec->match_record().moves(1).move(), "I9");
  // After a restart the match is read back from its journal, takeback included.
  const std::string match = sa.match;
  a.reset();
  b.reset();
  app_->shutdown();
  app_.reset();
  start(test_config(dir_.path()));
  auto c = Client::connect(app_->port(), C::json);
  ASSERT_TRUE(c && c->hello() && c->password("tango", "password-tango"));
  get.mutable_get_record()->set_match_id(match);
  rec = c->call(get);
  ASSERT_TRUE(rec && rec->has_match_record()) << rec->DebugString();
  EXPECT_EQ(rec->match_record().moves_size(), 3);
  EXPECT_EQ(rec->match_record().outcome().ending(), v1::ENDING_AGREEMENT);
}

TEST_F(MatchTest, AHouseBotTakesAMoveBackAndDeclinesADraw) {
  auto c = Client::connect(app_->port(), C::json);
  ASSERT_TRUE(c && c->hello());
  ASSERT_TRUE(c->guest("whiskey"));
  v1::ClientMessage house;
  *house.mutable_play_house_bot()->mutable_setup() = freestyle();
  house.mutable_play_house_bot()->mutable_setup()->set_seat(0);
  house.mutable_play_house_bot()->set_strength(3);
  ASSERT_TRUE(c->call(house)->has_ack());
  SeatState s;
  auto started = c->wait_for([](const SM& m) { return m.has_match_started(); });
  ASSERT_TRUE(started);
  s.absorb(*started);
  EXPECT_TRUE(started->match_started().takebacks());
  EXPECT_TRUE(started->match_started().draw_offers());
  ASSERT_TRUE(play(*c, s, "H8")->has_match_event());
  auto reply = c->wait_for([](const SM& m) { return m.has_match_event(); }, 20s);
  ASSERT_TRUE(reply);
  s.absorb(*reply);
  ASSERT_TRUE(c->call(propose_msg(s.match, v1::PROPOSAL_KIND_TAKEBACK))->has_ack());
  auto back = c->wait_for([](const SM& m) { return m.has_match_event(); }, 10s);
  ASSERT_TRUE(back);
  s.absorb(*back);
  EXPECT_EQ(back->match_event().takes_back(), 2u);  // H8 and the bot's answer
  EXPECT_EQ(back->match_event().ply(), 0);
  EXPECT_TRUE(s.view.can_act());
  // Play on: the bot followed the takeback and answers the new move.
  ASSERT_TRUE(play(*c, s, "A1")->has_match_event());
  reply = c->wait_for([](const SM& m) { return m.has_match_event(); }, 20s);
  ASSERT_TRUE(reply);
  EXPECT_EQ(reply->match_event().actor(), 1);
  EXPECT_EQ(reply->match_event().ply(), 2);
  s.absorb(*reply);
  ASSERT_TRUE(c->call(propose_msg(s.match, v1::PROPOSAL_KIND_DRAW))->has_ack());
  auto declined = c->wait_for([](const SM& m) {
    return m.has_match_proposals() &&
           m.match_proposals().last_closed().state() == v1::PROPOSAL_STATE_DECLINED;
  });
  ASSERT_TRUE(declined);
  EXPECT_FALSE(s.ended);
  EXPECT_TRUE(s.gapless());
}

}  // namespace
}  // namespace boyi::app::test
