// The arbiter's console over the protocol: only an admin may act; a pause stops the clocks
// and refuses moves until the unpause; added time shows on the clocks; watching the full
// position, a forfeit and a void are each told to the seats and in the audit log, whose
// chain holds; a restart keeps a paused match paused.
#include <gtest/gtest.h>

#include "server/accounts/accounts.h"
#include "server/app/app_match_fixture.h"
#include "server/storage/test_database.h"

namespace boyi::app::test {
namespace {

v1::ClientMessage arbitrate(const std::string& match, v1::ArbiterAction action, int seat = 0,
                            std::uint32_t ms = 0, int winner = 0, std::string reason = "") {
  v1::ClientMessage m;
  auto* a = m.mutable_arbitrate();
  a->set_match_id(match);
  a->set_action(action);
  a->set_seat(seat);
  a->set_ms(ms);
  a->set_winner(winner);
  a->set_reason(std::move(reason));
  return m;
}

class ArbiterTest : public MatchTest {
 protected:
  // An admin account made as boyi-admin would, signed in.
  std::unique_ptr<Client> admin(const std::string& name) {
    {
      auto db = storage::Database::open(storage::testing::test_database_options(dir_.path()));
      EXPECT_TRUE(db.ok()) << db.message();
      accounts::Accounts accounts(**db, accounts::Argon2Params::cheap_for_tests());
      EXPECT_TRUE(accounts.create_human(name, "password-" + name, storage::Role::kAdmin).ok());
    }
    auto c = Client::connect(app_->port(), C::json);
    EXPECT_TRUE(c && c->hello());
    EXPECT_TRUE(c->password(name, "password-" + name));
    return c;
  }
  std::vector<v1::AuditEntry> audit(Client& c, const std::string& match = "") {
    v1::ClientMessage get;
    get.mutable_get_audit_log()->set_match_id(match);
    auto log = c.call(get);
    EXPECT_TRUE(log && log->has_audit_log()) << (log ? log->DebugString() : "no reply");
    if (!log || !log->has_audit_log()) return {};
    EXPECT_TRUE(log->audit_log().chain_holds()) << log->audit_log().broken_at();
    return {log->audit_log().entries().begin(), log->audit_log().entries().end()};
  }
};

TEST_F(ArbiterTest, OnlyAnAdminActsAndEveryActionIsToldAndAudited) {
  auto a = player(C::json, "romeo");
  auto b = player(C::binary, "juliet");
  SeatState sa, sb;
  seek_and_accept(*a, *b, freestyle(), sa, sb);
  ASSERT_TRUE(play(*a, sa, "H8")->has_match_event());
  drain(*b, sb, 200ms);

  // A player may not arbitrate, watch the full position or read the audit log.
  for (auto request : {arbitrate(sa.match, v1::ARBITER_ACTION_PAUSE), [&] {
         v1::ClientMessage m;
         m.mutable_watch_full()->set_match_id(sa.match);
         return m;
       }()}) {
    auto refused = a->call(request);
    ASSERT_TRUE(refused && refused->has_error());
    EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_NOT_ALLOWED);
  }
  v1::ClientMessage get_log;
  get_log.mutable_get_audit_log();
  EXPECT_EQ(a->call(get_log)->error().code(), v1::ERROR_CODE_NOT_ALLOWED);

  auto arbiter = admin("arbiter1");
  // Pause: both seats are told, the clocks say paused, a move is refused.
  auto ack = arbiter->call(arbitrate(sa.match, v1::ARBITER_ACTION_PAUSE, 0, 0, 0, "a noisy hall"));
  ASSERT_TRUE(ack && ack->has_ack()) << ack->DebugString();
  for (Client* c : {a.get(), b.get()}) {
    auto told = c->wait_for([](const SM& m) { return m.has_arbiter_notice(); });
    ASSERT_TRUE(told);
    EXPECT_EQ(told->arbiter_notice().action(), v1::ARBITER_ACTION_PAUSE);
    EXPECT_EQ(told->arbiter_notice().by(), "arbiter1");
    EXPECT_EQ(told->arbiter_notice().reason(), "a noisy hall");
    EXPECT_TRUE(told->arbiter_notice().clocks().paused());
  }
  auto refused = play(*b, sb, "H9");
  ASSERT_TRUE(refused && refused->has_error());
  EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_NOT_ALLOWED);
  EXPECT_EQ(refused->error().attempts_left(), 0u);  // not an illegal attempt
  // Another pause: refused with why.
  auto twice = arbiter->call(arbitrate(sa.match, v1::ARBITER_ACTION_PAUSE));
  ASSERT_TRUE(twice && twice->has_error());
  EXPECT_EQ(twice->error().code(), v1::ERROR_CODE_INVALID_ARGUMENT);

  // Add a minute to juliet, unpause, she plays.
  ASSERT_TRUE(arbiter->call(arbitrate(sa.match, v1::ARBITER_ACTION_ADD_TIME, 1, 60'000))->has_ack());
  auto added = b->wait_for([](const SM& m) {
    return m.has_arbiter_notice() && m.arbiter_notice().action() == v1::ARBITER_ACTION_ADD_TIME;
  });
  ASSERT_TRUE(added);
  EXPECT_GT(added->arbiter_notice().clocks().remaining_ms(1), 300'000u);
  ASSERT_TRUE(arbiter->call(arbitrate(sa.match, v1::ARBITER_ACTION_UNPAUSE))->has_ack());
  ASSERT_TRUE(play(*b, sb, "H9")->has_match_event());
  drain(*a, sa, 200ms);

  // The full position (every stone here; every hidden piece in 军棋), audited.
  v1::ClientMessage watch;
  watch.mutable_watch_full()->set_match_id(sa.match);
  auto full = arbiter->call(watch);
  ASSERT_TRUE(full && full->has_full_view()) << full->DebugString();
  EXPECT_EQ(full->full_view().view().gomoku().black_size(), 1);
  EXPECT_EQ(full->full_view().players_size(), 2);

  // A decision needs its reason; a forfeit ends the match for the other seat.
  auto no_reason = arbiter->call(arbitrate(sa.match, v1::ARBITER_ACTION_FORFEIT, 0));
  ASSERT_TRUE(no_reason && no_reason->has_error());
  ASSERT_TRUE(arbiter->call(arbitrate(sa.match, v1::ARBITER_ACTION_FORFEIT, 0, 0, 0,
                                      "left the hall"))->has_ack());
  auto ended = a->wait_for([](const SM& m) { return m.has_match_ended(); });
  ASSERT_TRUE(ended);
  EXPECT_EQ(ended->match_ended().outcome().ending(), v1::ENDING_ADJUDICATION);
  EXPECT_EQ(ended->match_ended().outcome().winner(), 1);
  EXPECT_NE(ended->match_ended().outcome().detail().find("seat 0 forfeits: left the hall"),
            std::string::npos);
  auto over = arbiter->call(arbitrate(sa.match, v1::ARBITER_ACTION_VOID, 0, 0, 0, "too late"));
  ASSERT_TRUE(over && over->has_error());
  EXPECT_EQ(over->error().code(), v1::ERROR_CODE_MATCH_OVER);

  const auto entries = audit(*arbiter, sa.match);
  std::vector<std::string> actions;
  for (const auto& e : entries) {
    actions.push_back(e.action());
    EXPECT_EQ(e.actor(), "admin arbiter1");
    EXPECT_EQ(e.match_id(), sa.match);
  }
  EXPECT_EQ(actions, (std::vector<std::string>{"match.pause", "match.add_time", "match.unpause",
                                               "match.watch_full", "match.forfeit"}));
  EXPECT_EQ(entries[0].reason(), "a noisy hall");
  EXPECT_EQ(entries[1].detail(), "60000 ms to seat 1");
}

TEST_F(ArbiterTest, AVoidEndsWithoutAResultAndARestartKeepsAPause) {
  auto a = player(C::json, "castor");
  auto b = player(C::json, "pollux");
  SeatState sa, sb;
  seek_and_accept(*a, *b, freestyle(), sa, sb);
  ASSERT_TRUE(play(*a, sa, "H8")->has_match_event());
  auto arbiter = admin("arbiter2");
  ASSERT_TRUE(arbiter->call(arbitrate(sa.match, v1::ARBITER_ACTION_PAUSE))->has_ack());
  // The server stops and comes back: the match is still paused.
  a.reset();
  b.reset();
  arbiter.reset();
  app_->shutdown();
  app_.reset();
  start(test_config(dir_.path()));
  auto b2 = Client::connect(app_->port(), C::json);
  ASSERT_TRUE(b2 && b2->hello() && b2->password("pollux", "password-pollux"));
  SeatState sb2;
  sb2.match = sb.match;
  v1::ClientMessage sync;
  sync.mutable_sync()->set_match_id(sb.match);
  b2->send(sync);
  drain(*b2, sb2, 300ms);
  auto refused = play(*b2, sb2, "H9");
  ASSERT_TRUE(refused && refused->has_error()) << refused->DebugString();
  EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_NOT_ALLOWED);
  auto arbiter2 = Client::connect(app_->port(), C::json);
  ASSERT_TRUE(arbiter2 && arbiter2->hello() && arbiter2->password("arbiter2", "password-arbiter2"));
  ASSERT_TRUE(arbiter2->call(arbitrate(sa.match, v1::ARBITER_ACTION_VOID, 0, 0, 0,
                                       "a board was wrongly set up"))->has_ack());
  auto ended = b2->wait_for([](const SM& m) { return m.has_match_ended(); });
  ASSERT_TRUE(ended);
  EXPECT_EQ(ended->match_ended().outcome().ending(), v1::ENDING_ABORTED);
  EXPECT_NE(ended->match_ended().outcome().detail().find("voided by the arbiter"), std::string::npos);
}

TEST_F(ArbiterTest, AVoidTheJournalRefusesStillEndsTheMatchForEveryone) {
  // The referee's way out of a match it can no longer store: the void stands in memory, so
  // the seats are told and the arbiter's request is answered as done (and audited).
  auto a = player(C::json, "hero");
  auto b = player(C::json, "leander");
  SeatState sa, sb;
  seek_and_accept(*a, *b, freestyle(), sa, sb);
  ASSERT_TRUE(play(*a, sa, "H8")->has_match_event());
  auto arbiter = admin("arbiter3");
  refuse_journal_writes(true);
  auto ack = arbiter->call(arbitrate(sa.match, v1::ARBITER_ACTION_VOID, 0, 0, 0, "storage lost"));
  ASSERT_TRUE(ack && ack->has_ack()) << (ack ? ack->DebugString() : "no reply");
  for (Client* c : {a.get(), b.get()}) {
    auto ended = c->wait_for([](const SM& m) { return m.has_match_ended(); }, 5s);
    ASSERT_TRUE(ended);
    EXPECT_EQ(ended->match_ended().outcome().ending(), v1::ENDING_ABORTED);
  }
  refuse_journal_writes(false);
  const auto log = audit(*arbiter, sa.match);
  ASSERT_FALSE(log.empty());
  EXPECT_EQ(log.back().action(), "match.void");
}

}  // namespace
}  // namespace boyi::app::test
