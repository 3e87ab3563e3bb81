// The server program's matches end to end: seek -> accept -> a full 五子棋 match with a
// wrong-turn and an illegal move, house-bot matches of every game to the end, resignation,
// disconnect + reconnect with Sync replay, a vanished player, a flag, graceful shutdown with
// resume.
#include <gtest/gtest.h>

#include <thread>

#include "base/rng.h"
#include "engine/registry.h"
#include "server/app/app_test_client.h"
#include "server/storage/test_database.h"

namespace boyi::app::test {
namespace {

using C = Client::Mode;
using SM = v1::ServerMessage;

// What one seat has learnt of its match.
struct SeatState {
  std::string match;
  int seat = -1;
  std::string game, rules;
  v1::GameView view;
  std::vector<std::uint32_t> seqs;
  bool ended = false;
  v1::Outcome outcome;
  bool record = false;

  void absorb(const SM& m) {
    if (m.has_match_started() && (match.empty() || m.match_started().match_id() == match)) {
      match = m.match_started().match_id();
      seat = m.match_started().seat();
      game = m.match_started().game();
      rules = m.match_started().rules();
      if (seqs.empty()) view = m.match_started().view();
    } else if (m.has_match_event() && m.match_event().match_id() == match) {
      seqs.push_back(m.match_event().seq());
      if (m.match_event().has_view()) view = m.match_event().view();
    } else if (m.has_match_ended() && m.match_ended().match_id() == match) {
      seqs.push_back(m.match_ended().seq());
      ended = true;
      outcome = m.match_ended().outcome();
    } else if (m.has_match_record() && m.match_record().match_id() == match) {
      record = true;
    }
  }
  bool gapless() const {
    for (std::size_t i = 0; i < seqs.size(); ++i)
      if (seqs[i] != i + 1) return false;
    return true;
  }
};

v1::ClientMessage move_msg(const std::string& match, const std::string& move) {
  v1::ClientMessage m;
  m.mutable_move()->set_match_id(match);
  m.mutable_move()->set_move(move);
  return m;
}

// A random legal action from the seat's own view (a fresh game's random layout for an
// unlisted 军棋 deployment).
std::string random_action(const SeatState& s, Rng& rng) {
  if (s.view.legal_moves_size() > 0)
    return s.view.legal_moves(
        static_cast<int>(rng.below(static_cast<std::uint32_t>(s.view.legal_moves_size()))));
  auto fresh = create_game(s.game, s.rules);
  return fresh ? fresh.value()->random_move(s.seat, rng) : std::string();
}

class MatchTest : public ::testing::Test {
 protected:
  void start(ServerConfig config) {
    auto app = ServerApp::start(std::move(config));
    ASSERT_TRUE(app.ok()) << app.message();
    app_ = std::move(app).value();
  }
  void SetUp() override { start(test_config(dir_.path())); }
  std::unique_ptr<Client> player(C mode, const std::string& name) {
    auto c = Client::connect(app_->port(), mode);
    EXPECT_TRUE(c && c->hello());
    EXPECT_TRUE(c->sign_up(name, "password-" + name));
    return c;
  }
  // `a` seeks with `setup` (seat 0), `b` accepts; both get MatchStarted.
  void seek_and_accept(Client& a, Client& b, v1::MatchSetup setup, SeatState& sa, SeatState& sb) {
    v1::ClientMessage seek;
    setup.set_seat(0);
    *seek.mutable_create_seek()->mutable_setup() = setup;
    auto created = a.call(seek);
    ASSERT_TRUE(created && created->has_seek_created()) << created->DebugString();
    v1::ClientMessage accept;
    accept.mutable_accept_seek()->set_seek_id(created->seek_created().seek().seek_id());
    auto ack = b.call(accept);
    ASSERT_TRUE(ack && ack->has_ack());
    auto started_a = a.wait_for([](const SM& m) { return m.has_match_started(); });
    auto started_b = b.wait_for([](const SM& m) { return m.has_match_started(); });
    ASSERT_TRUE(started_a && started_b);
    sa.absorb(*started_a);
    sb.absorb(*started_b);
    ASSERT_EQ(sa.match, sb.match);
    ASSERT_EQ(sa.seat, 0);
    ASSERT_EQ(sb.seat, 1);
  }
  // Sends a move and absorbs, in order, what arrives up to its reply (the mover's own
  // event, or the error), which it returns.
  std::optional<SM> play(Client& c, SeatState& s, const std::string& move) {
    const auto rid = c.send(move_msg(s.match, move));
    for (int i = 0; i < 10000; ++i) {
      auto m = c.next();
      if (!m) return std::nullopt;
      s.absorb(*m);
      if (m->request_id() == rid) return m;
    }
    return std::nullopt;
  }
  void drain(Client& c, SeatState& s, std::chrono::milliseconds timeout = 300ms) {
    while (auto m = c.next(timeout)) s.absorb(*m);
  }

  TempDir dir_;
  std::unique_ptr<ServerApp> app_;
};

v1::MatchSetup freestyle() {
  v1::MatchSetup s;
  s.set_game("gomoku");
  s.set_rules("rule=freestyle opening=free");
  s.mutable_time_control()->set_total_ms(300000);
  return s;
}

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

namespace boyi::app::test {
namespace {

v1::ClientMessage chat_msg(const std::string& match, v1::ChatRoom room, const std::string& text) {
  v1::ClientMessage m;
  m.mutable_send_chat()->set_match_id(match);
  m.mutable_send_chat()->set_room(room);
  m.mutable_send_chat()->set_text(text);
  return m;
}

TEST_F(MatchTest, ChatRoomsLimitsMutesAndWhoHearsIt) {
  // Two players who want chat, a spectator who wants it, and a bot-like client that does not.
  auto a = Client::connect(app_->port(), C::json);
  auto b = Client::connect(app_->port(), C::binary);
  ASSERT_TRUE(a && a->hello(true) && a->sign_up("xray", "password-xray"));
  ASSERT_TRUE(b && b->hello(true) && b->sign_up("yankee", "password-yankee"));
  SeatState sa, sb;
  seek_and_accept(*a, *b, freestyle(), sa, sb);
  auto watcher = Client::connect(app_->port(), C::json);
  ASSERT_TRUE(watcher && watcher->hello(true) && watcher->guest("zulu"));
  auto deaf = Client::connect(app_->port(), C::json);
  ASSERT_TRUE(deaf && deaf->hello(false) && deaf->guest("quiet"));
  for (auto* c : {watcher.get(), deaf.get()}) {
    v1::ClientMessage spectate;
    spectate.mutable_spectate()->set_match_id(sa.match);
    ASSERT_TRUE(c->call(spectate));
  }

  // The players' room: both seats hear it (control characters become spaces), nobody else.
  auto ack = a->call(chat_msg(sa.match, v1::CHAT_ROOM_PLAYERS, "  good\nluck  "));
  ASSERT_TRUE(ack && ack->has_ack()) << ack->DebugString();
  for (auto* c : {a.get(), b.get()}) {
    auto line = c->wait_for([](const SM& m) { return m.has_chat_message(); });
    ASSERT_TRUE(line);
    EXPECT_EQ(line->chat_message().text(), "good luck");
    EXPECT_EQ(line->chat_message().from().name(), "xray");
    EXPECT_EQ(line->chat_message().room(), v1::CHAT_ROOM_PLAYERS);
  }
  // The spectators' room: spectators only; the seats may neither write nor hear it.
  ASSERT_TRUE(watcher->call(chat_msg(sa.match, v1::CHAT_ROOM_SPECTATORS, "H8 wins"))->has_ack());
  auto heard = watcher->wait_for([](const SM& m) { return m.has_chat_message(); });
  ASSERT_TRUE(heard);
  EXPECT_EQ(heard->chat_message().room(), v1::CHAT_ROOM_SPECTATORS);
  auto refused = b->call(chat_msg(sa.match, v1::CHAT_ROOM_SPECTATORS, "hello?"));
  ASSERT_TRUE(refused && refused->has_error());
  EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_FORBIDDEN);
  refused = watcher->call(chat_msg(sa.match, v1::CHAT_ROOM_PLAYERS, "psst"));
  EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_FORBIDDEN);
  EXPECT_FALSE(a->wait_for([](const SM& m) { return m.has_chat_message(); }, 300ms));
  EXPECT_FALSE(deaf->wait_for([](const SM& m) { return m.has_chat_message(); }, 300ms));

  // Too long, empty, too fast.
  refused = a->call(chat_msg(sa.match, v1::CHAT_ROOM_PLAYERS, std::string(301, 'x')));
  EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_INVALID_ARGUMENT);
  refused = a->call(chat_msg(sa.match, v1::CHAT_ROOM_PLAYERS, " \t "));
  EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_INVALID_ARGUMENT);
  int sent = 0;
  std::optional<SM> last;
  for (int i = 0; i < 8; ++i) {
    last = b->call(chat_msg(sb.match, v1::CHAT_ROOM_PLAYERS, "line " + std::to_string(i)));
    if (!last || !last->has_ack()) break;
    ++sent;
  }
  EXPECT_EQ(sent, 5);
  ASSERT_TRUE(last && last->has_error());
  EXPECT_EQ(last->error().code(), v1::ERROR_CODE_RATE_LIMITED);

  // An admin's mute holds at once.
  {
    auto db = storage::Database::open(storage::testing::test_database_options(dir_.path()));
    ASSERT_TRUE(db.ok()) << db.message();
    auto user = db.value()->user_by_name("xray");
    ASSERT_TRUE(user.ok());
    ASSERT_TRUE(db.value()->mute_chat(user->id, storage::wall_clock_ms() + 60'000, "test").ok());
  }
  refused = a->call(chat_msg(sa.match, v1::CHAT_ROOM_PLAYERS, "still here"));
  ASSERT_TRUE(refused && refused->has_error());
  EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_FORBIDDEN);
  EXPECT_NE(refused->error().message().find("muted until"), std::string::npos);

  // A seat that syncs again gets the players' room's recent lines.
  auto again = Client::connect(app_->port(), C::json);
  ASSERT_TRUE(again && again->hello(true) && again->password("yankee", "password-yankee"));
  v1::ClientMessage sync;
  sync.mutable_sync()->set_match_id(sa.match);
  sync.mutable_sync()->set_from_seq(1);
  again->send(sync);
  auto replayed = again->wait_for([](const SM& m) { return m.has_chat_message(); });
  ASSERT_TRUE(replayed);
  EXPECT_EQ(replayed->chat_message().text(), "good luck");
}

}  // namespace
}  // namespace boyi::app::test

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
