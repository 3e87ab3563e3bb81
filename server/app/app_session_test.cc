// The server program's sessions: handshake, sign-in variants, bad messages, lobby basics.
#include <gtest/gtest.h>

#include "server/accounts/accounts.h"
#include "server/app/app_test_client.h"
#include "server/storage/test_database.h"

namespace boyi::app::test {
namespace {

using C = Client::Mode;
using SM = v1::ServerMessage;

class SessionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto app = ServerApp::start(test_config(dir_.path()));
    ASSERT_TRUE(app.ok()) << app.message();
    app_ = std::move(app).value();
  }
  std::unique_ptr<Client> client(C mode = C::json) {
    auto c = Client::connect(app_->port(), mode);
    EXPECT_NE(c, nullptr);
    return c;
  }
  TempDir dir_;
  std::unique_ptr<ServerApp> app_;
};

TEST_F(SessionTest, HelloFirstThenWelcomeWithLimitsAndRequestIdEchoed) {
  auto c = client();
  v1::ClientMessage early;
  early.mutable_sign_in()->mutable_guest();
  auto r = c->call(early);
  ASSERT_TRUE(r && r->has_error());
  EXPECT_EQ(r->error().code(), v1::ERROR_CODE_HANDSHAKE_REQUIRED);
  EXPECT_TRUE(r->error().fatal());
  EXPECT_TRUE(c->wait_closed());

  for (C mode : {C::json, C::binary}) {
    auto ok = client(mode);
    v1::ClientMessage hello;
    hello.set_request_id(41);
    hello.mutable_hello()->set_protocol_version(1);
    auto w = ok->call(hello);
    ASSERT_TRUE(w && w->has_welcome());
    EXPECT_EQ(w->request_id(), 41u);
    EXPECT_EQ(w->welcome().protocol_version(), 1u);
    EXPECT_EQ(w->welcome().limits().max_frame_bytes(), 65536u);
    EXPECT_EQ(w->welcome().limits().disconnect_grace_ms(), 30000u);
    EXPECT_FALSE(w->welcome().session_id().empty());
    v1::ClientMessage ping;
    ping.mutable_ping()->set_nonce(77);
    auto p = ok->call(ping);
    ASSERT_TRUE(p && p->has_pong());
    EXPECT_EQ(p->pong().nonce(), 77u);
  }
}

TEST_F(SessionTest, UnsupportedVersionIsFatalAndNamesTheVersionSpoken) {
  auto c = client(C::binary);
  v1::ClientMessage hello;
  hello.mutable_hello()->set_protocol_version(2);
  auto r = c->call(hello);
  ASSERT_TRUE(r && r->has_error());
  EXPECT_EQ(r->error().code(), v1::ERROR_CODE_UNSUPPORTED_VERSION);
  EXPECT_TRUE(r->error().fatal());
  EXPECT_NE(r->error().message().find("version 1"), std::string::npos);
  EXPECT_TRUE(c->wait_closed());
}

TEST_F(SessionTest, SignInVariantsAndWrongCredentials) {
  // A bot account made with the accounts library on the same database (as boyi-admin does).
  std::string token;
  {
    auto db = storage::Database::open(storage::testing::test_database_options(dir_.path()));
    ASSERT_TRUE(db.ok()) << db.message();
    accounts::Accounts acc(*db.value(), accounts::Argon2Params::cheap_for_tests());
    auto bot = acc.create_bot("tiger-bot");
    ASSERT_TRUE(bot.ok()) << bot.message();
    token = bot->token;
  }
  auto c = client();
  ASSERT_TRUE(c->hello());
  v1::ClientMessage seek;
  seek.mutable_create_seek()->mutable_setup()->set_preset("renju-ccgc");
  auto r = c->call(seek);
  ASSERT_TRUE(r && r->has_error());
  EXPECT_EQ(r->error().code(), v1::ERROR_CODE_NOT_SIGNED_IN);

  auto li = c->sign_up("li-wei", "correct horse");
  ASSERT_TRUE(li);
  EXPECT_EQ(li->role(), v1::ROLE_HUMAN);
  EXPECT_EQ(li->username(), "li-wei");
  v1::ClientMessage again;
  again.mutable_sign_in()->mutable_guest();
  r = c->call(again);
  ASSERT_TRUE(r && r->has_error());
  EXPECT_EQ(r->error().code(), v1::ERROR_CODE_ALREADY_SIGNED_IN);
  v1::ClientMessage out;
  out.mutable_sign_out();
  r = c->call(out);
  ASSERT_TRUE(r && r->has_signed_out());

  auto other = client(C::binary);
  ASSERT_TRUE(other->hello());
  v1::ClientMessage dup;
  dup.mutable_sign_up()->set_username("LI-WEI");
  dup.mutable_sign_up()->set_password("another password");
  r = other->call(dup);
  ASSERT_TRUE(r && r->has_error());
  EXPECT_EQ(r->error().code(), v1::ERROR_CODE_NAME_TAKEN);

  v1::ClientMessage wrong;
  wrong.mutable_sign_in()->mutable_password()->set_username("li-wei");
  wrong.mutable_sign_in()->mutable_password()->set_password("wrong horse");
  r = other->call(wrong);
  ASSERT_TRUE(r && r->has_error());
  EXPECT_EQ(r->error().code(), v1::ERROR_CODE_AUTH_FAILED);
  EXPECT_FALSE(r->error().fatal());
  EXPECT_TRUE(other->password("li-wei", "correct horse"));

  auto bot = client();
  ASSERT_TRUE(bot->hello());
  v1::ClientMessage bad_token;
  bad_token.mutable_sign_in()->mutable_bot_token()->set_token(token + "x");
  r = bot->call(bad_token);
  ASSERT_TRUE(r && r->has_error());
  EXPECT_EQ(r->error().code(), v1::ERROR_CODE_AUTH_FAILED);
  v1::ClientMessage good_token;
  good_token.mutable_sign_in()->mutable_bot_token()->set_token(token);
  r = bot->call(good_token);
  ASSERT_TRUE(r && r->has_signed_in());
  EXPECT_EQ(r->signed_in().role(), v1::ROLE_BOT);
  EXPECT_EQ(r->signed_in().username(), "tiger-bot");

  auto guest = client();
  ASSERT_TRUE(guest->hello());
  auto g = guest->guest("visitor");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->role(), v1::ROLE_GUEST);
  EXPECT_EQ(g->display_name(), "visitor (guest)");

  v1::ClientMessage online;
  online.mutable_list_online();
  r = guest->call(online);
  ASSERT_TRUE(r && r->has_online_list());
  std::set<std::string> names;
  for (const auto& u : r->online_list().users()) names.insert(u.user().name());
  EXPECT_TRUE(names.contains("li-wei"));
  EXPECT_TRUE(names.contains("tiger-bot"));
  EXPECT_TRUE(names.contains("visitor (guest)"));
  EXPECT_TRUE(names.contains("House bot"));
}

TEST_F(SessionTest, BadMessagesGetErrorsAndTheStreamStaysUsable) {
  auto c = client();
  ASSERT_TRUE(c->hello());
  ASSERT_TRUE(c->send_raw("{\"request_id\": 5, \"no_such_field\": {}}\n"));
  auto r = c->next();
  ASSERT_TRUE(r && r->has_error());
  EXPECT_EQ(r->error().code(), v1::ERROR_CODE_BAD_MESSAGE);
  EXPECT_FALSE(r->error().fatal());
  ASSERT_TRUE(c->send_raw("{this is not json\n"));
  r = c->next();
  ASSERT_TRUE(r && r->has_error());
  EXPECT_EQ(r->error().code(), v1::ERROR_CODE_BAD_FRAME);
  // An oversized JSON line is skipped; the connection goes on.
  ASSERT_TRUE(c->send_raw("{\"x\":\"" + std::string(70000, 'a') + "\"}\n"));
  r = c->next();
  ASSERT_TRUE(r && r->has_error());
  EXPECT_EQ(r->error().code(), v1::ERROR_CODE_FRAME_TOO_LARGE);
  v1::ClientMessage ping;
  ping.mutable_ping()->set_nonce(9);
  r = c->call(ping);
  ASSERT_TRUE(r && r->has_pong());

  // Binary: a length prefix past the limit cannot be resynchronised: error, then close.
  auto b = client(C::binary);
  ASSERT_TRUE(b->hello());
  ASSERT_TRUE(b->send_raw(std::string("\x7f\xff\xff\xff garbage", 12)));
  r = b->next();
  ASSERT_TRUE(r && r->has_error());
  EXPECT_EQ(r->error().code(), v1::ERROR_CODE_FRAME_TOO_LARGE);
  EXPECT_TRUE(r->error().fatal());
  EXPECT_TRUE(b->wait_closed());
}

TEST(SessionLimits, ARateLimitedRequestIsAnsweredByItsId) {
  TempDir dir;
  auto config = test_config(dir.path());
  config.limits.max_messages_per_second = 1;
  config.limits.message_burst = 2;
  auto app = ServerApp::start(config);
  ASSERT_TRUE(app.ok()) << app.message();
  auto c = Client::connect((*app)->port(), C::json);
  ASSERT_TRUE(c && c->hello());  // the first of the burst
  // The burst's second passes; the third and fourth are dropped, each answered by its id.
  std::string pings;
  for (int id = 41; id <= 43; ++id)
    pings += "{\"request_id\": " + std::to_string(id) + ", \"ping\": {\"nonce\": 1}}\n";
  ASSERT_TRUE(c->send_raw(pings));
  std::map<std::uint64_t, v1::ServerMessage> replies;
  while (replies.size() < 3) {
    auto r = c->next();
    ASSERT_TRUE(r);
    replies[r->request_id()] = *r;
  }
  EXPECT_TRUE(replies[41].has_pong());
  for (std::uint64_t id : {42u, 43u}) {
    ASSERT_TRUE(replies[id].has_error()) << id;
    EXPECT_EQ(replies[id].error().code(), v1::ERROR_CODE_RATE_LIMITED);
    EXPECT_FALSE(replies[id].error().fatal());
  }
}

// One address makes only so many accounts an hour (like guests): the next sign-up is refused
// with RATE_LIMITED, and signing in to the accounts it made still works.
TEST(SessionLimits, SignUpsPerAddressAreLimited) {
  TempDir dir;
  auto config = test_config(dir.path());
  config.sign_ups_per_address_per_hour = 2;
  auto app = ServerApp::start(config);
  ASSERT_TRUE(app.ok()) << app.message();
  for (const char* name : {"first-one", "second-one"}) {
    auto c = Client::connect((*app)->port(), C::json);
    ASSERT_TRUE(c && c->hello() && c->sign_up(name, std::string("password-") + name)) << name;
  }
  auto third = Client::connect((*app)->port(), C::json);
  ASSERT_TRUE(third && third->hello());
  v1::ClientMessage up;
  up.mutable_sign_up()->set_username("third-one");
  up.mutable_sign_up()->set_password("password-third-one");
  auto refused = third->call(up);
  ASSERT_TRUE(refused && refused->has_error());
  EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_RATE_LIMITED) << refused->DebugString();
  EXPECT_FALSE(refused->error().fatal());
  EXPECT_TRUE(third->password("first-one", "password-first-one"));
}

TEST_F(SessionTest, GamesPresetsAndHttpApi) {
  auto c = client();
  ASSERT_TRUE(c->hello());
  v1::ClientMessage lg;
  lg.mutable_list_games();
  auto r = c->call(lg);
  ASSERT_TRUE(r && r->has_game_list());
  std::set<std::string> presets;
  for (const auto& g : r->game_list().games())
    for (const auto& p : g.presets()) presets.insert(p.name());
  EXPECT_EQ(r->game_list().games_size(), 4);
  for (const char* p : {"junqi-ccgc", "renju-ccgc", "dots-ccgc", "surakarta-ccgc"})
    EXPECT_TRUE(presets.contains(p)) << p;

  auto [status, body] = http_get(app_->port(), "/api/games");
  EXPECT_EQ(status, 200);
  EXPECT_NE(body.find("junqi-ccgc"), std::string::npos);
  std::tie(status, body) = http_get(app_->port(), "/healthz");
  EXPECT_EQ(status, 200);
  EXPECT_NE(body.find("\"ok\""), std::string::npos);
  std::tie(status, body) = http_get(app_->port(), "/api/records/999");
  EXPECT_EQ(status, 404);
  std::tie(status, body) = http_get(app_->port(), "/metrics");
  EXPECT_EQ(status, 200);
  EXPECT_NE(body.find("boyi_sessions_open"), std::string::npos);
  EXPECT_NE(body.find("boyi_net_connections_total"), std::string::npos);
}

TEST_F(SessionTest, PasswordGuessingIsSlowedDownNotLockedOut) {
  {
    auto owner = client();
    ASSERT_TRUE(owner->hello() && owner->sign_up("mei", "the-right-one"));
  }
  auto guesser = client();
  ASSERT_TRUE(guesser->hello());
  v1::ClientMessage guess;
  guess.mutable_sign_in()->mutable_password()->set_username("mei");
  // Five free failures, and the sixth is still checked (it starts the first delay)...
  for (int i = 0; i < 6; ++i) {
    guess.mutable_sign_in()->mutable_password()->set_password("guess-" + std::to_string(i));
    auto r = guesser->call(guess);
    ASSERT_TRUE(r && r->has_error());
    EXPECT_EQ(r->error().code(), v1::ERROR_CODE_AUTH_FAILED) << i;
  }
  // ...then, for a second, not even the right password is checked, from anywhere.
  auto owner = client();
  ASSERT_TRUE(owner->hello());
  guess.mutable_sign_in()->mutable_password()->set_password("the-right-one");
  auto refused = owner->call(guess);
  ASSERT_TRUE(refused && refused->has_error());
  EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_RATE_LIMITED);
  EXPECT_NE(refused->error().message().find("try again in 1 s"), std::string::npos)
      << refused->error().message();
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  auto in = owner->call(guess);
  ASSERT_TRUE(in && in->has_signed_in()) << in->DebugString();

  const auto [status, body] = http_get(app_->port(), "/metrics");
  EXPECT_EQ(status, 200);
  EXPECT_NE(body.find("boyi_sign_in_refused_total{reason=\"wrong_password\"} 6"),
            std::string::npos);
  EXPECT_NE(body.find("boyi_sign_in_refused_total{reason=\"throttled\"} 1"), std::string::npos);
}

// The admin API's HTTP Basic sign-in goes through the same throttle: 401 while checked,
// then 429 with Retry-After, even for the right password.
TEST_F(SessionTest, AdminApiPasswordGuessingIsThrottledToo) {
  {
    auto owner = client();
    ASSERT_TRUE(owner->hello() && owner->sign_up("mei", "the-right-one"));
  }
  const std::string spec = R"({"name": "cup", "game": "dots", "entrants": []})";
  for (int i = 0; i < 6; ++i) {
    auto r = http_request(app_->port(), "POST", "/api/tournaments",
                          "Authorization: Basic bWVpOndyb25n\r\n", spec);  // mei:wrong
    EXPECT_EQ(r.status, 401) << i << " " << r.body;
  }
  auto refused = http_request(app_->port(), "POST", "/api/tournaments",
                              "Authorization: Basic bWVpOnRoZS1yaWdodC1vbmU=\r\n",  // the right one
                              spec);
  EXPECT_EQ(refused.status, 429) << refused.body;
  EXPECT_NE(refused.head.find("Retry-After: 1"), std::string::npos) << refused.head;
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  // Checked again: the right password, but mei is no admin.
  auto checked = http_request(app_->port(), "POST", "/api/tournaments",
                              "Authorization: Basic bWVpOnRoZS1yaWdodC1vbmU=\r\n", spec);
  EXPECT_EQ(checked.status, 403) << checked.body;

  const auto [status, body] = http_get(app_->port(), "/metrics");
  EXPECT_EQ(status, 200);
  EXPECT_NE(body.find("boyi_sign_in_refused_total{reason=\"wrong_password\"} 6"),
            std::string::npos);
  EXPECT_NE(body.find("boyi_sign_in_refused_total{reason=\"throttled\"} 1"), std::string::npos);
}

}  // namespace
}  // namespace boyi::app::test
