// A person's own bots over the protocol: made with a token shown once, listed with the
// token's public id and whether they are online, a new token that ends the old one's
// connection; guests may not, nobody touches another's bot, and the server's cap holds.
#include <gtest/gtest.h>

#include "server/app/app_test_client.h"

namespace boyi::app::test {
namespace {

using C = Client::Mode;
using SM = v1::ServerMessage;

class OwnedBotsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto config = test_config(dir_.path());
    config.max_bots_per_owner = 2;
    config.revocation_poll_ms = 50;
    auto app = ServerApp::start(std::move(config));
    ASSERT_TRUE(app.ok()) << app.message();
    app_ = std::move(app).value();
  }
  std::unique_ptr<Client> person(const std::string& name) {
    auto c = Client::connect(app_->port(), C::json);
    EXPECT_TRUE(c && c->hello() && c->sign_up(name, "password-" + name));
    return c;
  }
  std::unique_ptr<Client> bot(const std::string& token) {
    auto c = Client::connect(app_->port(), C::binary);
    EXPECT_TRUE(c && c->hello());
    v1::ClientMessage in;
    in.mutable_sign_in()->mutable_bot_token()->set_token(token);
    auto r = c->call(in);
    return r && r->has_signed_in() ? std::move(c) : nullptr;
  }
  TempDir dir_;
  std::unique_ptr<ServerApp> app_;
};

v1::ClientMessage create(const std::string& name) {
  v1::ClientMessage m;
  m.mutable_create_bot()->set_name(name);
  return m;
}

v1::ClientMessage list() {
  v1::ClientMessage m;
  m.mutable_list_my_bots();
  return m;
}

TEST_F(OwnedBotsTest, MakeListRotateAndTheLimits) {
  auto ann = person("ann");
  auto made = ann->call(create("ann-bot"));
  ASSERT_TRUE(made && made->has_new_bot_token()) << made->DebugString();
  const std::string token = made->new_bot_token().token();
  EXPECT_EQ(made->new_bot_token().bot().name(), "ann-bot");
  EXPECT_EQ(made->new_bot_token().bot().role(), v1::ROLE_BOT);
  auto b = bot(token);
  ASSERT_TRUE(b) << "the new token signs the bot in";

  auto mine = ann->call(list());
  ASSERT_TRUE(mine && mine->has_my_bots());
  ASSERT_EQ(mine->my_bots().bots_size(), 1);
  const auto& listed = mine->my_bots().bots(0);
  EXPECT_EQ(listed.bot().name(), "ann-bot");
  EXPECT_TRUE(listed.online());
  EXPECT_FALSE(listed.token_id().empty());
  EXPECT_NE(token.find(listed.token_id()), std::string::npos);  // its public part only
  EXPECT_EQ(token.find(listed.token_id()) , 5u);                // boyi_<id>_<secret>
  EXPECT_EQ(mine->my_bots().max_bots(), 2u);

  // A new token: the old one's connection is closed, the old token refused, the new works.
  v1::ClientMessage rotate;
  rotate.mutable_rotate_bot_token()->set_bot_user_id(listed.bot().user_id());
  auto rotated = ann->call(rotate);
  ASSERT_TRUE(rotated && rotated->has_new_bot_token()) << rotated->DebugString();
  EXPECT_NE(rotated->new_bot_token().token(), token);
  EXPECT_TRUE(b->wait_closed());
  EXPECT_FALSE(bot(token));
  EXPECT_TRUE(bot(rotated->new_bot_token().token()));

  // Nobody else may rotate it; the cap; names.
  auto ben = person("ben");
  auto theirs = ben->call(rotate);
  ASSERT_TRUE(theirs && theirs->has_error());
  EXPECT_EQ(theirs->error().code(), v1::ERROR_CODE_NOT_FOUND);
  EXPECT_EQ(ben->call(list())->my_bots().bots_size(), 0);
  EXPECT_EQ(ann->call(create("ann-bot"))->error().code(), v1::ERROR_CODE_NAME_TAKEN);
  EXPECT_EQ(ann->call(create("bad name!"))->error().code(), v1::ERROR_CODE_INVALID_ARGUMENT);
  ASSERT_TRUE(ann->call(create("ann-bot-2"))->has_new_bot_token());
  EXPECT_EQ(ann->call(create("ann-bot-3"))->error().code(), v1::ERROR_CODE_CONFLICT);

  // Guests and bots own no bots.
  auto g = Client::connect(app_->port(), C::json);
  ASSERT_TRUE(g && g->hello() && g->guest("visitor"));
  EXPECT_EQ(g->call(create("guest-bot"))->error().code(), v1::ERROR_CODE_FORBIDDEN);
  auto nb = bot(rotated->new_bot_token().token());
  ASSERT_TRUE(nb);
  EXPECT_EQ(nb->call(list())->error().code(), v1::ERROR_CODE_FORBIDDEN);
}

}  // namespace
}  // namespace boyi::app::test
