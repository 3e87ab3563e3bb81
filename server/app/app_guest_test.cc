// Guests through the real server: the resume token of SignedIn signs the same guest in
// again, who reclaims its seat, Syncs and finishes its match; bad tokens are refused.
// Requests sent while a sign-in's account work runs are answered afterwards, in order.
#include "server/accounts/accounts.h"
#include "server/app/app_test_fixture.h"
#include "server/storage/test_database.h"

namespace boyi::app::test {
namespace {

v1::ClientMessage guest_with_token(const std::string& token, const std::string& name = {}) {
  v1::ClientMessage m;
  m.mutable_sign_in()->mutable_guest()->set_resume_token(token);
  m.mutable_sign_in()->mutable_guest()->set_display_name(name);
  return m;
}

class GuestTest : public AppTest {};

TEST_F(GuestTest, AGuestComesBackWithItsTokenSyncsAndFinishes) {
  auto guest = Client::connect(app_->port(), Client::Mode::json);
  ASSERT_TRUE(guest && guest->hello());
  auto in = guest->guest("wanderer");
  ASSERT_TRUE(in);
  EXPECT_EQ(in->role(), v1::ROLE_GUEST);
  const std::string token = in->resume_token();
  EXPECT_FALSE(token.empty());
  const std::string guest_id = in->user_id();
  auto alice = player("alice", Client::Mode::binary);
  {
    // Accounts other than guests get no resume token.
    auto other = Client::connect(app_->port(), Client::Mode::json);
    ASSERT_TRUE(other && other->hello());
    auto again = other->password("alice", "password-alice");
    ASSERT_TRUE(again);
    EXPECT_TRUE(again->resume_token().empty());
  }

  auto [sg, sa] = seek_and_accept(*guest, *alice, freestyle_setup(0));
  const std::string match = sg.match_id();
  ASSERT_FALSE(match.empty());
  EXPECT_EQ(sg.seat(), 0);
  ASSERT_TRUE(move(*guest, match, "H8")->has_match_event());
  guest->close();  // the guest drops mid-match; its grace (30 s) runs
  auto r = move(*alice, match, "H9");
  ASSERT_TRUE(r && r->has_match_event()) << r->DebugString();

  // A token that is not valid, or not a guest's, is refused.
  auto stranger = Client::connect(app_->port(), Client::Mode::json);
  ASSERT_TRUE(stranger && stranger->hello());
  EXPECT_EQ(error_of(call(*stranger, guest_with_token(token + "0"))), v1::ERROR_CODE_AUTH_FAILED);
  EXPECT_EQ(error_of(call(*stranger, guest_with_token("boyi_garbage"))),
            v1::ERROR_CODE_AUTH_FAILED);
  std::string bot_token;
  {
    auto db = storage::Database::open(storage::testing::test_database_options(dir_.path()));
    ASSERT_TRUE(db.ok()) << db.message();
    accounts::Accounts acc(*db.value(), accounts::Argon2Params::cheap_for_tests());
    auto bot = acc.create_bot("lion-bot");
    ASSERT_TRUE(bot.ok()) << bot.message();
    bot_token = bot->token;
  }
  EXPECT_EQ(error_of(call(*stranger, guest_with_token(bot_token))), v1::ERROR_CODE_AUTH_FAILED);

  // The same guest again, on a new connection (protobuf this time).
  auto back = Client::connect(app_->port(), Client::Mode::binary);
  ASSERT_TRUE(back && back->hello());
  auto resumed = call(*back, guest_with_token(token, "wanderer again"));
  ASSERT_TRUE(resumed && resumed->has_signed_in()) << resumed->DebugString();
  const auto& si = resumed->signed_in();
  EXPECT_EQ(si.user_id(), guest_id);
  EXPECT_EQ(si.role(), v1::ROLE_GUEST);
  EXPECT_EQ(si.display_name(), "wanderer again (guest)");
  EXPECT_EQ(si.resume_token(), token);
  ASSERT_EQ(si.active_matches_size(), 1);
  EXPECT_EQ(si.active_matches(0).match_id(), match);
  EXPECT_EQ(si.active_matches(0).seat(), 0);
  EXPECT_EQ(si.active_matches(0).last_seq(), 2u);

  v1::ClientMessage sync;
  sync.mutable_sync()->set_match_id(match);
  sync.mutable_sync()->set_from_seq(2);
  const auto rid = back->send(sync);
  auto started = back->next();
  ASSERT_TRUE(started && started->has_match_started());
  EXPECT_EQ(started->match_started().seat(), 0);
  auto missed = back->next();
  ASSERT_TRUE(missed && missed->has_match_event());
  EXPECT_EQ(missed->match_event().seq(), 2u);
  EXPECT_EQ(missed->match_event().move(), "H9");
  auto done = back->next();
  ASSERT_TRUE(done && done->has_sync_done());
  EXPECT_EQ(done->request_id(), rid);
  EXPECT_TRUE(done->sync_done().view().view().can_act());

  // And finishes the match: five in a row on row 8.
  const std::vector<std::pair<Client*, std::string>> rest = {
      {back.get(), "I8"}, {alice.get(), "I9"}, {back.get(), "J8"}, {alice.get(), "J9"},
      {back.get(), "K8"}, {alice.get(), "K9"}, {back.get(), "L8"}};
  for (const auto& [who, mv] : rest) {
    r = move(*who, match, mv);
    ASSERT_TRUE(r && r->has_match_event()) << mv << ": " << (r ? r->DebugString() : "no reply");
  }
  for (Client* who : {back.get(), alice.get()}) {
    auto end = who->wait_for([](const SM& m) { return m.has_match_ended(); });
    ASSERT_TRUE(end);
    EXPECT_EQ(end->match_ended().outcome().ending(), v1::ENDING_NORMAL);
    EXPECT_EQ(end->match_ended().outcome().winner(), 0);
    EXPECT_EQ(end->match_ended().seq(), 10u);
  }
}

TEST_F(GuestTest, AGuestCannotPassForAnAccountTheHouseBotOrARole) {
  auto alice = player("alice");
  auto guest = Client::connect(app_->port(), Client::Mode::json);
  ASSERT_TRUE(guest && guest->hello());
  auto as_guest = [](const std::string& name) {
    v1::ClientMessage m;
    m.mutable_sign_in()->mutable_guest()->set_display_name(name);
    return m;
  };
  for (const std::string& name :
       std::vector<std::string>{"alice", "ALICE", "ali ce", "House bot · 10", "house-3",
                                "root1 (admin)", "admin", "Root", "\u202enimda", "a\u200bb",
                                "tab\there", "guest-42", "裁判", std::string(25, 'x')}) {
    auto r = call(*guest, as_guest(name));
    ASSERT_TRUE(r);
    EXPECT_EQ(error_of(r), v1::ERROR_CODE_INVALID_ARGUMENT) << name << ": " << r->DebugString();
  }
  // Allowed names are shown as a guest's, with their spaces tidied; a client sending the
  // suffix back (as after a reload) gets the same name.
  auto in = call(*guest, as_guest("  wandering   poet "));
  ASSERT_TRUE(in && in->has_signed_in()) << in->DebugString();
  EXPECT_EQ(in->signed_in().display_name(), "wandering poet (guest)");
  auto again = Client::connect(app_->port(), Client::Mode::binary);
  ASSERT_TRUE(again && again->hello());
  auto back =
      call(*again, guest_with_token(in->signed_in().resume_token(), "wandering poet (guest)"));
  ASSERT_TRUE(back && back->has_signed_in()) << back->DebugString();
  EXPECT_EQ(back->signed_in().display_name(), "wandering poet (guest)");

  // Accounts people sign up for cannot take the house bots' or a role's name either.
  for (const std::string& name : std::vector<std::string>{"house-5", "admin", "House"}) {
    auto c = Client::connect(app_->port(), Client::Mode::json);
    ASSERT_TRUE(c && c->hello());
    v1::ClientMessage up;
    up.mutable_sign_up()->set_username(name);
    up.mutable_sign_up()->set_password("password-long");
    EXPECT_EQ(error_of(call(*c, up)), v1::ERROR_CODE_NAME_TAKEN) << name;
  }
}

TEST_F(GuestTest, RequestsBehindASignInAreAnsweredInOrder) {
  // Sign-in work runs on the account workers; what the client sends meanwhile waits.
  for (auto mode : {Client::Mode::json, Client::Mode::binary}) {
    auto c = Client::connect(app_->port(), mode);
    ASSERT_TRUE(c);
    v1::ClientMessage hello;
    hello.mutable_hello()->set_protocol_version(1);
    const auto r_hello = c->send(hello);
    v1::ClientMessage up;
    up.mutable_sign_up()->set_username(mode == Client::Mode::json ? "quick-json" : "quick-bin");
    up.mutable_sign_up()->set_password("long enough password");
    const auto r_up = c->send(up);
    v1::ClientMessage online;
    online.mutable_list_online();
    const auto r_online = c->send(online);
    v1::ClientMessage seek;
    *seek.mutable_create_seek()->mutable_setup() = freestyle_setup();
    const auto r_seek = c->send(seek);
    v1::ClientMessage again;
    again.mutable_sign_in()->mutable_guest();
    const auto r_again = c->send(again);
    v1::ClientMessage ping;
    ping.mutable_ping()->set_nonce(5);
    const auto r_ping = c->send(ping);

    std::vector<SM> replies;
    for (int i = 0; i < 20 && replies.size() < 6; ++i) {
      auto m = c->next();
      ASSERT_TRUE(m) << "no reply";
      if (m->request_id() != 0) replies.push_back(*m);
    }
    ASSERT_EQ(replies.size(), 6u);
    EXPECT_EQ(replies[0].request_id(), r_hello);
    EXPECT_TRUE(replies[0].has_welcome());
    EXPECT_EQ(replies[1].request_id(), r_up);
    EXPECT_TRUE(replies[1].has_signed_in());
    EXPECT_EQ(replies[2].request_id(), r_online);
    EXPECT_TRUE(replies[2].has_online_list());
    EXPECT_EQ(replies[3].request_id(), r_seek);
    EXPECT_TRUE(replies[3].has_seek_created()) << replies[3].DebugString();
    EXPECT_EQ(replies[4].request_id(), r_again);
    EXPECT_EQ(error_of(replies[4]), v1::ERROR_CODE_ALREADY_SIGNED_IN);
    EXPECT_EQ(replies[5].request_id(), r_ping);
    EXPECT_TRUE(replies[5].has_pong());
  }
}

// What boyi-admin changes in storage reaches the running server's live sessions.
class RevocationTest : public AppTest {
 protected:
  void SetUp() override {
    auto config = test_config(dir_.path());
    config.revocation_poll_ms = 50;
    start(config);
  }
  // Accounts over the server's storage, as boyi-admin opens it.
  template <class F>
  void as_admin(F&& f) {
    auto db = storage::Database::open(storage::testing::test_database_options(dir_.path()));
    ASSERT_TRUE(db.ok()) << db.message();
    accounts::Accounts acc(*db.value(), accounts::Argon2Params::cheap_for_tests());
    f(acc);
  }
  static v1::ClientMessage with_token(const std::string& token) {
    v1::ClientMessage m;
    m.mutable_sign_in()->mutable_bot_token()->set_token(token);
    return m;
  }
  static void expect_revoked(Client& c, const std::string& why) {
    auto e = c.wait_for([](const SM& m) { return m.has_error(); });
    ASSERT_TRUE(e) << why;
    EXPECT_EQ(e->error().code(), v1::ERROR_CODE_AUTH_FAILED);
    EXPECT_TRUE(e->error().fatal());
    EXPECT_EQ(e->error().message(), "signed out: " + why);
    EXPECT_TRUE(c.wait_closed());
  }
};

TEST_F(RevocationTest, DisablingAnAccountEndsItsSessionsAtOnce) {
  auto alice = player("alice");
  auto bob = player("bob");
  as_admin([](accounts::Accounts& acc) { ASSERT_TRUE(acc.disable("alice").ok()); });
  expect_revoked(*alice, "disabled");
  // Others are untouched, and alice cannot come back.
  v1::ClientMessage ping;
  ping.mutable_ping()->set_nonce(1);
  auto pong = call(*bob, ping);
  ASSERT_TRUE(pong && pong->has_pong());
  auto again = Client::connect(app_->port(), Client::Mode::json);
  ASSERT_TRUE(again && again->hello());
  EXPECT_FALSE(again->password("alice", "password-alice"));
}

TEST_F(RevocationTest, ARotatedTokenEndsOnlyTheSessionsItSignedIn) {
  std::string old_token, new_token;
  as_admin([&](accounts::Accounts& acc) {
    auto bot = acc.create_bot("lion-bot");
    ASSERT_TRUE(bot.ok()) << bot.message();
    old_token = bot->token;
  });
  auto first = Client::connect(app_->port(), Client::Mode::binary);
  ASSERT_TRUE(first && first->hello());
  auto in = call(*first, with_token(old_token));
  ASSERT_TRUE(in && in->has_signed_in());
  as_admin([&](accounts::Accounts& acc) {
    auto rotated = acc.rotate_token("lion-bot");
    ASSERT_TRUE(rotated.ok()) << rotated.message();
    new_token = *rotated;
  });
  expect_revoked(*first, "token rotated");
  auto second = Client::connect(app_->port(), Client::Mode::binary);
  ASSERT_TRUE(second && second->hello());
  EXPECT_EQ(error_of(call(*second, with_token(old_token))), v1::ERROR_CODE_AUTH_FAILED);
  in = call(*second, with_token(new_token));
  ASSERT_TRUE(in && in->has_signed_in());
  // Well after the poll that saw the rotation, the new token's session still works.
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  v1::ClientMessage ping;
  ping.mutable_ping()->set_nonce(2);
  auto pong = call(*second, ping);
  ASSERT_TRUE(pong && pong->has_pong());
}

v1::ClientMessage with_session(const std::string& token) {
  v1::ClientMessage m;
  m.mutable_sign_in()->mutable_session()->set_session_token(token);
  return m;
}

// A remembered sign-in (what the web client keeps across reloads) signs the account in on
// any connection, without the password, until signing out ends it everywhere.
TEST_F(RevocationTest, ARememberedSignInWorksOnNewConnectionsUntilSignOutEndsItEverywhere) {
  auto first = Client::connect(app_->port(), Client::Mode::json);
  ASSERT_TRUE(first && first->hello());
  v1::ClientMessage up;
  up.mutable_sign_up()->set_username("rin");
  up.mutable_sign_up()->set_password("password-rin");
  up.mutable_sign_up()->set_remember(true);
  auto in = call(*first, up);
  ASSERT_TRUE(in && in->has_signed_in()) << in->DebugString();
  const std::string token = in->signed_in().session_token();
  ASSERT_FALSE(token.empty());
  const auto now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::system_clock::now().time_since_epoch())
                          .count();
  EXPECT_GT(in->signed_in().session_expires_ms(), now_ms + 29LL * 24 * 3600 * 1000);

  // Not asked for: none.
  auto plain = Client::connect(app_->port(), Client::Mode::binary);
  ASSERT_TRUE(plain && plain->hello());
  auto plain_in = plain->password("rin", "password-rin");
  ASSERT_TRUE(plain_in);
  EXPECT_TRUE(plain_in->session_token().empty());

  // A reload: the token alone signs rin in again; a token one character off does not.
  auto tab = Client::connect(app_->port(), Client::Mode::binary);
  ASSERT_TRUE(tab && tab->hello());
  auto again = call(*tab, with_session(token));
  ASSERT_TRUE(again && again->has_signed_in()) << again->DebugString();
  EXPECT_EQ(again->signed_in().username(), "rin");
  EXPECT_EQ(again->signed_in().role(), v1::ROLE_HUMAN);
  std::string forged = token;
  forged.back() = forged.back() == '0' ? '1' : '0';
  auto stranger = Client::connect(app_->port(), Client::Mode::json);
  ASSERT_TRUE(stranger && stranger->hello());
  EXPECT_EQ(error_of(call(*stranger, with_session(forged))), v1::ERROR_CODE_AUTH_FAILED);
  EXPECT_EQ(error_of(call(*stranger, with_session("boyi_not_a_token"))),
            v1::ERROR_CODE_AUTH_FAILED);

  // Signing out where it began ends it on the other tab too; the password's session stays.
  v1::ClientMessage out;
  out.mutable_sign_out();
  auto signed_out = call(*first, out);
  ASSERT_TRUE(signed_out && signed_out->has_signed_out());
  expect_revoked(*tab, "signed out");
  v1::ClientMessage ping;
  ping.mutable_ping()->set_nonce(3);
  auto pong = call(*plain, ping);
  ASSERT_TRUE(pong && pong->has_pong());
  EXPECT_EQ(error_of(call(*stranger, with_session(token))), v1::ERROR_CODE_AUTH_FAILED);
}

TEST_F(RevocationTest, ANewPasswordEndsTheRememberedSignIns) {
  auto first = Client::connect(app_->port(), Client::Mode::json);
  ASSERT_TRUE(first && first->hello() && first->sign_up("sam", "password-sam"));
  v1::ClientMessage remember;
  remember.mutable_sign_in()->mutable_password()->set_username("sam");
  remember.mutable_sign_in()->mutable_password()->set_password("password-sam");
  remember.mutable_sign_in()->mutable_password()->set_remember(true);
  auto tab = Client::connect(app_->port(), Client::Mode::json);
  ASSERT_TRUE(tab && tab->hello());
  auto in = call(*tab, remember);
  ASSERT_TRUE(in && in->has_signed_in());
  const std::string token = in->signed_in().session_token();
  ASSERT_FALSE(token.empty());
  as_admin([](accounts::Accounts& acc) {
    ASSERT_TRUE(acc.change_password("sam", "a-new-password").ok());
  });
  expect_revoked(*tab, "password changed");
  auto later = Client::connect(app_->port(), Client::Mode::json);
  ASSERT_TRUE(later && later->hello());
  EXPECT_EQ(error_of(call(*later, with_session(token))), v1::ERROR_CODE_AUTH_FAILED);
}

TEST(GuestUpkeep, NewGuestsPerAddressAreLimitedAndUnplayedOnesPurged) {
  TempDir dir;
  auto config = test_config(dir.path());
  config.guests_per_address_per_hour = 3;
  config.guest_lifetime_ms = 0;
  config.guest_purge_interval_ms = 1000;
  auto app = ServerApp::start(config);
  ASSERT_TRUE(app.ok()) << app.message();
  const auto port = (*app)->port();
  std::vector<std::unique_ptr<Client>> guests;
  std::vector<std::string> tokens;
  for (int i = 0; i < 3; ++i) {
    guests.push_back(Client::connect(port, Client::Mode::json));
    ASSERT_TRUE(guests.back() && guests.back()->hello());
    auto in = guests.back()->guest("visitor");
    ASSERT_TRUE(in);
    tokens.push_back(in->resume_token());
  }
  auto fourth = Client::connect(port, Client::Mode::json);
  ASSERT_TRUE(fourth && fourth->hello());
  v1::ClientMessage new_guest;
  new_guest.mutable_sign_in()->mutable_guest();
  auto refused = fourth->call(new_guest);
  ASSERT_TRUE(refused && refused->has_error());
  EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_RATE_LIMITED);
  // An earlier guest coming back with its token is not a new guest.
  guests[0]->close();
  auto back = fourth->call(guest_with_token(tokens[0]));
  ASSERT_TRUE(back && back->has_signed_in()) << back->DebugString();

  // The second leaves without playing: the next purge removes it; the others are online.
  guests[1]->close();
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  for (int i : {0, 1, 2}) {
    auto c = Client::connect(port, Client::Mode::json);
    ASSERT_TRUE(c && c->hello());
    auto r = c->call(guest_with_token(tokens[static_cast<std::size_t>(i)]));
    ASSERT_TRUE(r);
    if (i == 1)
      EXPECT_TRUE(r->has_error() && r->error().code() == v1::ERROR_CODE_AUTH_FAILED)
          << r->DebugString();
    else
      EXPECT_TRUE(r->has_signed_in()) << i << ": " << r->DebugString();
  }
}

}  // namespace
}  // namespace boyi::app::test
