// Accounts over a real database in a temp dir (cheap argon2 parameters).
#include "server/accounts/accounts.h"

#include <gtest/gtest.h>

#include <set>

#include "base/crypto/crypto.h"
#include "server/accounts/names.h"
#include "server/storage/test_support.h"

namespace boyi::accounts {

using crypto::sha256_bytes;
namespace {

struct Fixture {
  storage::testing::TempDir tmp;
  std::unique_ptr<storage::Database> db;
  std::unique_ptr<Accounts> accounts;
  Fixture() {
    auto opened = storage::Database::open(storage::DatabaseOptions(tmp.path()));
    EXPECT_TRUE(opened.ok()) << opened.message();
    if (!opened) return;
    db = std::move(opened).value();
    accounts = std::make_unique<Accounts>(*db, Argon2Params::cheap_for_tests());
  }
};

TEST(Accounts, HumanPasswordIsHashedWithArgon2idAndVerifies) {
  Fixture f;
  ASSERT_TRUE(f.accounts);
  auto u = f.accounts->create_human("Alice", "correct horse");
  ASSERT_TRUE(u.ok()) << u.message();
  EXPECT_EQ(u->kind, storage::UserKind::kHuman);
  EXPECT_EQ(u->password_hash.rfind("$argon2id$v=19$m=256,t=1,p=1$", 0), 0u) << u->password_hash;
  EXPECT_EQ(u->password_hash.find("correct horse"), std::string::npos);

  auto ok = f.accounts->verify_password("alice", "correct horse");  // name case-insensitive
  ASSERT_TRUE(ok.ok()) << ok.message();
  EXPECT_EQ(ok->id, u->id);
  auto wrong = f.accounts->verify_password("Alice", "correct horsE");
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.message(), "wrong name or password");
  auto nobody = f.accounts->verify_password("Bob", "correct horse");
  ASSERT_FALSE(nobody.ok());
  EXPECT_EQ(nobody.message(), "wrong name or password");
}

TEST(Accounts, DefaultParametersAreOwaspArgon2id) {
  Argon2Params p;
  auto h = hash_password("some password", p);
  ASSERT_TRUE(h.ok()) << h.message();
  EXPECT_EQ(h->rfind("$argon2id$v=19$m=19456,t=2,p=1$", 0), 0u) << *h;
  EXPECT_TRUE(verify_password_hash(*h, "some password"));
  EXPECT_FALSE(verify_password_hash(*h, "some passwore"));
  EXPECT_FALSE(verify_password_hash("", "x"));
  EXPECT_FALSE(verify_password_hash("$argon2id$garbage", "x"));
  auto h2 = hash_password("some password", p);
  EXPECT_NE(*h, *h2);  // fresh salt
}

TEST(Accounts, CreateHumanChecksRulesAndUniqueness) {
  Fixture f;
  ASSERT_TRUE(f.accounts);
  EXPECT_FALSE(f.accounts->create_human("a", "password1").ok());
  EXPECT_FALSE(f.accounts->create_human("bad name", "password1").ok());
  EXPECT_FALSE(f.accounts->create_human("guest-abcd", "password1").ok());
  auto short_pw = f.accounts->create_human("carol", "short");
  ASSERT_FALSE(short_pw.ok());
  EXPECT_NE(short_pw.message().find("8 to 256"), std::string::npos);
  ASSERT_TRUE(f.accounts->create_human("张三", "password1").ok());
  auto dup = f.accounts->create_human("张三", "password2");
  ASSERT_FALSE(dup.ok());
  EXPECT_EQ(dup.message(), "user name '张三' is already taken");
  auto admin = f.accounts->create_human("root", "password1", Role::kAdmin);
  ASSERT_TRUE(admin.ok());
  EXPECT_EQ(admin->role, Role::kAdmin);
}

TEST(Accounts, DisabledUsersCannotLogIn) {
  Fixture f;
  ASSERT_TRUE(f.accounts);
  ASSERT_TRUE(f.accounts->create_human("dave", "password1").ok());
  ASSERT_TRUE(f.accounts->disable("DAVE").ok());
  auto r = f.accounts->verify_password("dave", "password1");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.message(), "account 'dave' is disabled");
  // A wrong password on a disabled account says nothing about the account.
  EXPECT_EQ(f.accounts->verify_password("dave", "password2").message(), "wrong name or password");
  ASSERT_TRUE(f.accounts->enable("dave").ok());
  EXPECT_TRUE(f.accounts->verify_password("dave", "password1").ok());
  EXPECT_FALSE(f.accounts->disable("nobody").ok());
}

TEST(Accounts, ChangePassword) {
  Fixture f;
  ASSERT_TRUE(f.accounts);
  ASSERT_TRUE(f.accounts->create_human("erin", "password1").ok());
  ASSERT_TRUE(f.accounts->change_password("erin", "password2").ok());
  EXPECT_FALSE(f.accounts->verify_password("erin", "password1").ok());
  EXPECT_TRUE(f.accounts->verify_password("erin", "password2").ok());
  EXPECT_FALSE(f.accounts->change_password("erin", "short").ok());
}

TEST(Accounts, BotTokensVerifyRotateAndDisable) {
  Fixture f;
  ASSERT_TRUE(f.accounts);
  auto owner = f.accounts->create_human("owner", "password1");
  ASSERT_TRUE(owner.ok());
  auto bot = f.accounts->create_bot("deep-junqi", "owner");
  ASSERT_TRUE(bot.ok()) << bot.message();
  EXPECT_EQ(bot->user.kind, storage::UserKind::kBot);
  EXPECT_EQ(bot->user.owner, owner->id);
  EXPECT_EQ(bot->token.size(), 5u + 24 + 1 + 64);
  EXPECT_EQ(bot->token.rfind("boyi_", 0), 0u);

  auto who = f.accounts->verify_token(bot->token);
  ASSERT_TRUE(who.ok()) << who.message();
  EXPECT_EQ(who->id, bot->user.id);

  // The secret is not stored in clear: only its id and SHA-256.
  const std::string id = bot->token.substr(5, 24), secret = bot->token.substr(30);
  auto record = f.db->token_by_id(id);
  ASSERT_TRUE(record.ok());
  EXPECT_EQ(record->secret_hash, sha256_bytes(secret));
  EXPECT_EQ(record->secret_hash.find(secret), std::string::npos);

  // A tampered secret, a wrong shape, a bot's password login: all refused.
  std::string tampered = bot->token;
  tampered.back() = tampered.back() == '0' ? '1' : '0';
  EXPECT_EQ(f.accounts->verify_token(tampered).message(), "invalid token");
  EXPECT_FALSE(f.accounts->verify_token("").ok());
  EXPECT_FALSE(f.accounts->verify_token(bot->token + "0").ok());
  EXPECT_FALSE(f.accounts->verify_token("boyi_" + std::string(89, 'g')).ok());
  EXPECT_FALSE(f.accounts->verify_password("deep-junqi", "").ok());

  auto rotated = f.accounts->rotate_token("DEEP-JUNQI");
  ASSERT_TRUE(rotated.ok()) << rotated.message();
  EXPECT_NE(*rotated, bot->token);
  EXPECT_FALSE(f.accounts->verify_token(bot->token).ok());  // old token dead
  EXPECT_TRUE(f.accounts->verify_token(*rotated).ok());

  ASSERT_TRUE(f.accounts->disable("deep-junqi").ok());
  auto disabled = f.accounts->verify_token(*rotated);
  ASSERT_FALSE(disabled.ok());
  EXPECT_NE(disabled.message().find("disabled"), std::string::npos);

  EXPECT_FALSE(f.accounts->rotate_token("owner").ok());  // not a bot
  EXPECT_FALSE(f.accounts->rotate_token("ghost").ok());
  EXPECT_FALSE(f.accounts->create_bot("deep-junqi").ok());
  EXPECT_FALSE(f.accounts->create_bot("orphan", "ghost").ok());
  EXPECT_FALSE(f.accounts->create_bot("b2", "DEEP-junqi").ok());  // owner must be a person
  auto ownerless = f.accounts->create_bot("house-bot");
  ASSERT_TRUE(ownerless.ok());
  EXPECT_FALSE(ownerless->user.owner);
}

TEST(Accounts, RememberedSignInsVerifyUntilTheyExpireOrEnd) {
  Fixture f;
  ASSERT_TRUE(f.accounts);
  auto li = f.accounts->create_human("li", "correct horse");
  auto bot = f.accounts->create_bot("li-bot");
  ASSERT_TRUE(li.ok() && bot.ok());
  auto phone = f.accounts->remember_sign_in(li->id, 60'000);
  auto stale = f.accounts->remember_sign_in(li->id, -1);  // expired at once
  ASSERT_TRUE(phone.ok() && stale.ok()) << phone.message();
  EXPECT_NE(phone->token, stale->token);
  auto who = f.accounts->verify_sign_in_session(phone->token);
  ASSERT_TRUE(who.ok()) << who.message();
  EXPECT_EQ(who->id, li->id);
  EXPECT_FALSE(f.accounts->verify_sign_in_session(stale->token).ok());
  // A bot's token is no sign-in, nor a sign-in a bot's token.
  EXPECT_FALSE(f.accounts->verify_sign_in_session(bot->token).ok());
  EXPECT_FALSE(f.accounts->verify_token(phone->token).ok());
  // Only what the database stores: the token itself is nowhere.
  auto stored = f.db->sign_in_session(Accounts::token_id_of(phone->token));
  ASSERT_TRUE(stored.ok());
  EXPECT_EQ(phone->token.find(stored->secret_hash), std::string::npos);

  ASSERT_TRUE(f.accounts->disable("li").ok());
  EXPECT_FALSE(f.accounts->verify_sign_in_session(phone->token).ok());
  ASSERT_TRUE(f.accounts->enable("li").ok());
  auto laptop = f.accounts->remember_sign_in(li->id, 60'000);
  ASSERT_TRUE(laptop.ok());
  ASSERT_TRUE(f.accounts->end_sign_in_session(Accounts::token_id_of(laptop->token)).ok());
  EXPECT_FALSE(f.accounts->verify_sign_in_session(laptop->token).ok());
  EXPECT_TRUE(f.accounts->end_sign_in_session(Accounts::token_id_of(laptop->token)).ok());
}

TEST(Accounts, GuestsAreUniqueWithTokensAndPurged) {
  Fixture f;
  ASSERT_TRUE(f.accounts);
  std::set<std::string> names;
  std::vector<Credentials> guests;
  for (int i = 0; i < 20; ++i) {
    auto g = f.accounts->create_guest();
    ASSERT_TRUE(g.ok()) << g.message();
    EXPECT_EQ(g->user.kind, storage::UserKind::kGuest);
    EXPECT_EQ(g->user.name.rfind("guest-", 0), 0u);
    EXPECT_TRUE(check_name(g->user.name).ok());
    names.insert(g->user.name);
    auto who = f.accounts->verify_token(g->token);
    ASSERT_TRUE(who.ok());
    EXPECT_EQ(who->id, g->user.id);
    guests.push_back(std::move(g).value());
  }
  EXPECT_EQ(names.size(), 20u);
  EXPECT_FALSE(f.accounts->set_role(guests[0].user.name, Role::kAdmin).ok());

  // One guest played a match: it stays (the record needs it); the others go.
  auto human = f.accounts->create_human("host", "password1");
  storage::NewMatch m = storage::new_match("gomoku", "", {1000, 0, 0, 0});
  m.seats = {guests[3].user.id, human->id};
  ASSERT_TRUE(f.db->create_match(m).ok());
  auto purged = f.accounts->purge_unused_guests();
  ASSERT_TRUE(purged.ok());
  EXPECT_EQ(*purged, 19);
  EXPECT_FALSE(f.accounts->verify_token(guests[0].token).ok());
  EXPECT_TRUE(f.accounts->verify_token(guests[3].token).ok());
}

TEST(Accounts, SetRole) {
  Fixture f;
  ASSERT_TRUE(f.accounts);
  ASSERT_TRUE(f.accounts->create_human("frank", "password1").ok());
  ASSERT_TRUE(f.accounts->set_role("frank", Role::kAdmin).ok());
  EXPECT_EQ(f.db->user_by_name("frank")->role, Role::kAdmin);
  ASSERT_TRUE(f.accounts->set_role("frank", Role::kUser).ok());
  EXPECT_EQ(f.db->user_by_name("frank")->role, Role::kUser);
  EXPECT_FALSE(f.accounts->set_role("nobody", Role::kAdmin).ok());
}

}  // namespace
}  // namespace boyi::accounts
