// The server program's matches end to end: seek -> accept -> a full 五子棋 match with a
// wrong-turn and an illegal move, house-bot matches of every game to the end, resignation,
// disconnect + reconnect with Sync replay, a vanished player, a flag, graceful shutdown with
// resume.
#include <gtest/gtest.h>

#include <thread>

#include "base/rng.h"
#include "engine/registry.h"
#include "server/app/app_match_fixture.h"

namespace boyi::app::test {
namespace {

TEST_F(MatchTest, SeekAcceptAndAFullGomokuMatchWithMistakes) {
  auto a = player(C::json, "alpha");
  auto b = player(C::binary, "bravo");
  SeatState sa, sb;
  seek_and_accept(*a, *b, freestyle(), sa, sb);
  EXPECT_TRUE(sa.view.can_act());
  EXPECT_FALSE(sb.view.can_act());

  // Out of turn: refused, not counted.
  auto r = play(*b, sb, "H9");
  ASSERT_TRUE(r && r->has_error());
  EXPECT_EQ(r->error().code(), v1::ERROR_CODE_NOT_YOUR_TURN);

  const std::vector<std::string> black = {"H8", "I8", "J8", "K8", "G8"};
  const std::vector<std::string> white = {"H9", "I9", "J9", "K9"};
  for (std::size_t i = 0; i < black.size(); ++i) {
    r = play(*a, sa, black[i]);
    ASSERT_TRUE(r && r->has_match_event()) << r->DebugString();
    EXPECT_EQ(r->match_event().move(), black[i]);
    EXPECT_EQ(r->match_event().actor(), 0);
    auto pushed = b->wait_for([](const SM& m) { return m.has_match_event(); });
    ASSERT_TRUE(pushed);
    EXPECT_EQ(pushed->request_id(), 0u);
    EXPECT_EQ(pushed->match_event().seq(), r->match_event().seq());
    sb.absorb(*pushed);
    if (i == 1) {
      // An illegal move: refused with the reason and the attempts left; the match goes on.
      auto bad = play(*b, sb, "H8");
      ASSERT_TRUE(bad && bad->has_error());
      EXPECT_EQ(bad->error().code(), v1::ERROR_CODE_ILLEGAL_MOVE);
      EXPECT_EQ(bad->error().attempts_left(), 2u);
      EXPECT_EQ(bad->error().match_id(), sa.match);
    }
    if (i < white.size()) {
      r = play(*b, sb, white[i]);
      ASSERT_TRUE(r && r->has_match_event()) << r->DebugString();
      auto got = a->wait_for([](const SM& m) { return m.has_match_event(); });
      ASSERT_TRUE(got);
      sa.absorb(*got);
    }
  }
  auto end_a = a->wait_for([](const SM& m) { return m.has_match_ended(); });
  auto end_b = b->wait_for([](const SM& m) { return m.has_match_ended(); });
  ASSERT_TRUE(end_a && end_b);
  sa.absorb(*end_a);
  sb.absorb(*end_b);
  EXPECT_EQ(end_a->match_ended().outcome().ending(), v1::ENDING_NORMAL);
  EXPECT_EQ(end_a->match_ended().outcome().winner(), 0);
  EXPECT_EQ(end_a->match_ended().seq(), 10u);
  EXPECT_TRUE(sa.gapless());
  EXPECT_TRUE(sb.gapless());
  auto rec = a->wait_for([](const SM& m) { return m.has_match_record(); });
  ASSERT_TRUE(rec);
  EXPECT_EQ(rec->match_record().moves_size(), 9);
  EXPECT_EQ(rec->match_record().moves(8).move(), "G8");
  EXPECT_FALSE(rec->match_record().record_text().empty());

  // A move after the end; the record on request and over HTTP.
  r = play(*b, sb, "A1");
  ASSERT_TRUE(r && r->has_error());
  EXPECT_EQ(r->error().code(), v1::ERROR_CODE_MATCH_OVER);
  v1::ClientMessage get;
  get.mutable_get_record()->set_match_id(sa.match);
  auto got = b->call(get);
  ASSERT_TRUE(got && got->has_match_record());
  EXPECT_EQ(got->match_record().outcome().ending(), v1::ENDING_NORMAL);
  auto [status, body] = http_get(app_->port(), "/api/records/" + sa.match);
  EXPECT_EQ(status, 200);
  EXPECT_NE(body.find("G8"), std::string::npos);
  std::tie(status, body) = http_get(app_->port(), "/api/records/" + sa.match + ".txt");
  EXPECT_EQ(status, 200);
  EXPECT_FALSE(body.empty());
  std::tie(status, body) = http_get(app_->port(), "/api/matches/" + sa.match);
  EXPECT_EQ(status, 200);
  EXPECT_NE(body.find("MATCH_STATUS_FINISHED"), std::string::npos);
}

TEST_F(MatchTest, HouseBotMatchOfEveryGameToTheEnd) {
  Rng rng(2024);
  for (const char* preset : {"renju-ccgc", "dots-ccgc", "surakarta-ccgc", "junqi-ccgc"}) {
    SCOPED_TRACE(preset);
    auto c = Client::connect(app_->port(), C::json);
    ASSERT_TRUE(c && c->hello());
    ASSERT_TRUE(c->guest(std::string("v-") + preset));
    v1::ClientMessage house;
    house.mutable_play_house_bot()->mutable_setup()->set_preset(preset);
    house.mutable_play_house_bot()->mutable_setup()->set_seat(-1);
    house.mutable_play_house_bot()->set_strength(1);  // random: quick (levels: app_house_bot_test)
    auto ack = c->call(house);
    ASSERT_TRUE(ack && ack->has_ack());
    SeatState s;
    auto started = c->wait_for([](const SM& m) { return m.has_match_started(); });
    ASSERT_TRUE(started);
    s.absorb(*started);
    EXPECT_EQ(started->match_started().players(1 - s.seat).role(), v1::ROLE_HOUSE_BOT);
    const auto deadline = std::chrono::steady_clock::now() + 120s;
    for (int step = 0; step < 20000 && !s.ended && std::chrono::steady_clock::now() < deadline;
         ++step) {
      if (s.view.can_act()) {
        auto r = play(*c, s, random_action(s, rng));
        ASSERT_TRUE(r) << "no reply";
        ASSERT_FALSE(r->has_error()) << r->DebugString();
      } else {
        auto m = c->next(10s);
        ASSERT_TRUE(m) << "the match stalled";
        s.absorb(*m);
      }
    }
    ASSERT_TRUE(s.ended);
    EXPECT_TRUE(s.gapless());
    EXPECT_NE(s.outcome.ending(), v1::ENDING_ILLEGAL_MOVE);
    EXPECT_NE(s.outcome.ending(), v1::ENDING_TIME_FORFEIT);
  }
}

TEST_F(MatchTest, DisconnectReconnectWithSyncReplayThenResignation) {
  auto a = player(C::json, "carol");
  auto b = player(C::json, "dave");
  SeatState sa, sb;
  seek_and_accept(*a, *b, freestyle(), sa, sb);
  ASSERT_TRUE(play(*a, sa, "H8")->has_match_event());
  drain(*b, sb, 200ms);
  b->close();  // dave drops; his grace runs
  auto r = play(*a, sa, "A1");
  ASSERT_TRUE(r && r->has_error());
  EXPECT_EQ(r->error().code(), v1::ERROR_CODE_NOT_YOUR_TURN);

  auto b2 = Client::connect(app_->port(), C::binary);
  ASSERT_TRUE(b2 && b2->hello());
  auto in = b2->password("dave", "password-dave");
  ASSERT_TRUE(in);
  ASSERT_EQ(in->active_matches_size(), 1);
  EXPECT_EQ(in->active_matches(0).match_id(), sa.match);
  EXPECT_EQ(in->active_matches(0).seat(), 1);
  EXPECT_EQ(in->active_matches(0).last_seq(), 1u);
  v1::ClientMessage sync;
  sync.mutable_sync()->set_match_id(sa.match);
  sync.mutable_sync()->set_from_seq(1);
  const auto rid = b2->send(sync);
  auto started = b2->next();
  ASSERT_TRUE(started && started->has_match_started());
  auto replayed = b2->next();
  ASSERT_TRUE(replayed && replayed->has_match_event());
  EXPECT_EQ(replayed->match_event().seq(), 1u);
  EXPECT_EQ(replayed->match_event().move(), "H8");
  auto done = b2->next();
  ASSERT_TRUE(done && done->has_sync_done());
  EXPECT_EQ(done->request_id(), rid);
  EXPECT_EQ(done->sync_done().last_seq(), 1u);
  EXPECT_TRUE(done->sync_done().view().view().can_act());

  SeatState sb2;
  sb2.absorb(*started);
  r = play(*b2, sb2, "H9");
  ASSERT_TRUE(r && r->has_match_event());
  EXPECT_EQ(r->match_event().seq(), 2u);
  v1::ClientMessage resign;
  resign.mutable_resign()->set_match_id(sa.match);
  r = b2->call(resign);
  ASSERT_TRUE(r && r->has_ack());
  auto end = a->wait_for([](const SM& m) { return m.has_match_ended(); });
  ASSERT_TRUE(end);
  EXPECT_EQ(end->match_ended().outcome().ending(), v1::ENDING_RESIGNATION);
  EXPECT_EQ(end->match_ended().outcome().winner(), 0);
  EXPECT_EQ(end->match_ended().seq(), 3u);
}

// Finished matches stay in memory a while for late requests, but only the newest
// finished_matches_kept of them: the others are served from storage.
TEST_F(MatchTest, AMoversCommentIsKeptWithTheMoveInTheRecordAndSurvivesARestart) {
  auto a = player(C::json, "golf");
  auto b = player(C::binary, "hotel");
  SeatState sa, sb;
  seek_and_accept(*a, *b, freestyle(), sa, sb);
  auto r = play(*a, sa, "H8", "decided by the book · 开局库");
  ASSERT_TRUE(r && r->has_match_event()) << r->DebugString();
  drain(*b, sb);
  // Too long, or a control character: refused, and not counted as an illegal move.
  for (const std::string& bad : {std::string(201, 'x'), std::string("two\nlines")}) {
    r = play(*b, sb, "H9", bad);
    ASSERT_TRUE(r && r->has_error());
    EXPECT_EQ(r->error().code(), v1::ERROR_CODE_INVALID_ARGUMENT) << r->error().message();
    EXPECT_NE(r->error().message().find("comment"), std::string::npos);
  }
  const std::vector<std::string> black = {"I8", "J8", "K8", "G8"};
  const std::vector<std::string> white = {"H9", "I9", "J9", "K9"};
  for (std::size_t i = 0; i < white.size(); ++i) {
    r = play(*b, sb, white[i], i == 0 ? std::string(200, 'w') : "");
    ASSERT_TRUE(r && r->has_match_event()) << r->DebugString();
    drain(*a, sa);
    r = play(*a, sa, black[i]);
    ASSERT_TRUE(r && r->has_match_event()) << r->DebugString();
    drain(*b, sb);
  }
  auto check = [&](const v1::MatchRecord& rec) {
    ASSERT_EQ(rec.moves_size(), 9);
    EXPECT_EQ(rec.outcome().winner(), 0);
    EXPECT_EQ(rec.moves(0).comment(), "decided by the book · 开局库");
    EXPECT_EQ(rec.moves(1).comment(), std::string(200, 'w'));
    for (int i = 2; i < 9; ++i) EXPECT_EQ(rec.moves(i).comment(), "") << i;
  };
  v1::ClientMessage get;
  get.mutable_get_record()->set_match_id(sa.match);
  auto got = a->call(get);
  ASSERT_TRUE(got && got->has_match_record());
  check(got->match_record());
  auto [status, body] = http_get(app_->port(), "/api/records/" + sa.match);
  EXPECT_EQ(status, 200);
  EXPECT_NE(body.find("\"comment\": \"decided by the book"), std::string::npos) << body;

  // From storage after a restart.
  a.reset();
  b.reset();
  app_.reset();
  start(test_config(dir_.path()));
  auto c = player(C::json, "india");
  got = c->call(get);
  ASSERT_TRUE(got && got->has_match_record()) << (got ? got->DebugString() : "");
  check(got->match_record());
  std::tie(status, body) = http_get(app_->port(), "/api/records/" + sa.match);
  EXPECT_NE(body.find("\"comment\": \"decided by the book"), std::string::npos) << body;
}

TEST_F(MatchTest, OnlyTheNewestFinishedMatchesStayInMemoryAndStorageServesTheOthers) {
  app_.reset();
  auto config = test_config(dir_.path());
  config.finished_matches_kept = 1;
  start(std::move(config));
  auto a = player(C::json, "erin");
  auto b = player(C::binary, "frank");
  std::vector<std::string> ids;
  for (int i = 0; i < 3; ++i) {
    SeatState sa, sb;
    seek_and_accept(*a, *b, freestyle(), sa, sb);
    v1::ClientMessage resign;
    resign.mutable_resign()->set_match_id(sa.match);
    auto r = b->call(resign);
    ASSERT_TRUE(r && r->has_ack());
    ASSERT_TRUE(a->wait_for([](const SM& m) { return m.has_match_ended(); }));
    ids.push_back(sa.match);
  }
  // The match's strand forgets it after MatchEnded is sent: wait for that.
  const auto until = std::chrono::steady_clock::now() + 10s;
  while (app_->matches_in_memory() != 1 && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(10ms);
  EXPECT_EQ(app_->matches_in_memory(), 1u);
  for (const std::string& id : ids) {
    v1::ClientMessage get;
    get.mutable_get_record()->set_match_id(id);
    auto got = a->call(get);
    ASSERT_TRUE(got && got->has_match_record()) << id;
    EXPECT_EQ(got->match_record().outcome().ending(), v1::ENDING_RESIGNATION);
  }
  // A match read back from storage is one of the finished ones kept, not one more.
  EXPECT_EQ(app_->matches_in_memory(), 1u);
}

TEST_F(MatchTest, AVanishedPlayerForfeitsAndAStallingOneLosesOnTime) {
  app_.reset();
  auto config = test_config(dir_.path());
  config.disconnect_grace_ms = 300;
  start(config);
  auto a = player(C::json, "erin");
  auto b = player(C::json, "frank");
  SeatState sa, sb;
  seek_and_accept(*a, *b, freestyle(), sa, sb);
  b->close();
  auto end = a->wait_for([](const SM& m) { return m.has_match_ended(); }, 10s);
  ASSERT_TRUE(end);
  EXPECT_EQ(end->match_ended().outcome().ending(), v1::ENDING_DISCONNECT_FORFEIT);
  EXPECT_EQ(end->match_ended().outcome().winner(), 0);

  auto c = player(C::json, "grace");
  SeatState sa2, sc;
  v1::MatchSetup quick = freestyle();
  quick.mutable_time_control()->set_total_ms(200);
  seek_and_accept(*a, *c, quick, sa2, sc);
  auto flag = c->wait_for([](const SM& m) { return m.has_match_ended(); }, 10s);
  ASSERT_TRUE(flag);
  EXPECT_EQ(flag->match_ended().outcome().ending(), v1::ENDING_TIME_FORFEIT);
  EXPECT_EQ(flag->match_ended().outcome().winner(), 1);
}

TEST_F(MatchTest, AFlagThatFallsAsTheSeatLeavesEndsTheMatchForTheOther) {
  // The flag falls while the journal refuses writes (the timer's tick fails and retries a
  // second later); the journal recovers and the flagged seat's connection closes before the
  // retry: the close's own tick ends the match, and the other seat must hear it then.
  auto a = player(C::json, "ivan");
  auto b = player(C::json, "judy");
  SeatState sa, sb;
  v1::MatchSetup quick = freestyle();
  quick.mutable_time_control()->set_total_ms(1'000);
  seek_and_accept(*a, *b, quick, sa, sb);
  refuse_journal_writes(true);
  // Past the flag (1 s and the 1 s grace), before the retry a second later.
  std::this_thread::sleep_for(2'400ms);
  refuse_journal_writes(false);
  a->close();
  auto ended = b->wait_for([](const SM& m) { return m.has_match_ended(); }, 5s);
  ASSERT_TRUE(ended);
  EXPECT_EQ(ended->match_ended().outcome().ending(), v1::ENDING_TIME_FORFEIT);
  EXPECT_EQ(ended->match_ended().outcome().winner(), 1);
}

TEST_F(MatchTest, GracefulShutdownLosesNothingAndTheMatchResumes) {
  auto a = player(C::json, "heidi");
  auto b = player(C::binary, "ivan");
  SeatState sa, sb;
  seek_and_accept(*a, *b, freestyle(), sa, sb);
  ASSERT_TRUE(play(*a, sa, "H8")->has_match_event());
  ASSERT_TRUE(play(*b, sb, "H9")->has_match_event());
  ASSERT_TRUE(play(*a, sa, "I8")->has_match_event());
  const std::string match = sa.match;
  app_->shutdown();
  auto bye = a->wait_for([](const SM& m) { return m.has_error(); }, 5s);
  ASSERT_TRUE(bye);
  EXPECT_EQ(bye->error().code(), v1::ERROR_CODE_SHUTTING_DOWN);
  EXPECT_TRUE(a->wait_closed());
  EXPECT_TRUE(b->wait_closed());
  app_.reset();

  start(test_config(dir_.path()));
  EXPECT_EQ(app_->resumed_matches(), 1u);
  auto a2 = Client::connect(app_->port(), C::json);
  auto b2 = Client::connect(app_->port(), C::json);
  ASSERT_TRUE(a2 && a2->hello() && a2->password("heidi", "password-heidi"));
  auto in = b2 && b2->hello() ? b2->password("ivan", "password-ivan") : std::nullopt;
  ASSERT_TRUE(in);
  ASSERT_EQ(in->active_matches_size(), 1);
  EXPECT_EQ(in->active_matches(0).last_seq(), 3u);
  SeatState ra, rb;
  for (const auto& pair : {std::make_pair(a2.get(), &ra), std::make_pair(b2.get(), &rb)}) {
    v1::ClientMessage sync;
    sync.mutable_sync()->set_match_id(match);
    sync.mutable_sync()->set_from_seq(1);
    const auto rid = pair.first->send(sync);
    for (;;) {
      auto m = pair.first->next();
      ASSERT_TRUE(m);
      pair.second->absorb(*m);
      if (m->request_id() == rid) break;
    }
    EXPECT_EQ(pair.second->seqs, (std::vector<std::uint32_t>{1, 2, 3}));
  }
  ASSERT_TRUE(play(*b2, rb, "I9")->has_match_event());
  for (const char* m : {"J8", "J9", "K8", "K9", "L8"}) {
    const bool black = std::string(m)[1] == '8';
    Client* client = black ? a2.get() : b2.get();
    SeatState* state = black ? &ra : &rb;
    auto r = play(*client, *state, m);
    ASSERT_TRUE(r && r->has_match_event()) << m << ": " << r->DebugString();
  }
  auto end = b2->wait_for([](const SM& m) { return m.has_match_ended(); });
  ASSERT_TRUE(end);
  EXPECT_EQ(end->match_ended().outcome().ending(), v1::ENDING_NORMAL);
  EXPECT_EQ(end->match_ended().outcome().winner(), 0);
  EXPECT_EQ(end->match_ended().seq(), 10u);
}

}  // namespace
}  // namespace boyi::app::test
