// Database: opening, migrations, users, tokens and matches.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <fstream>

#include "server/storage/database.h"
#include "server/storage/test_database.h"
#include "server/storage/test_support.h"

namespace boyi::storage {
namespace {

using testing::TempDir;

std::unique_ptr<Database> open_db(const std::filesystem::path& dir) {
  auto db = Database::open(testing::test_database_options(dir));
  EXPECT_TRUE(db.ok()) << db.message();
  return db.ok() ? std::move(db).value() : nullptr;
}

TEST(SqliteFile, CreatesDirectoryAndMigratesFromEmpty) {
  TempDir tmp;
  ASSERT_TRUE(tmp.ok());
  const auto dir = tmp.path() / "nested" / "data";
  auto db = open_db(dir);
  ASSERT_TRUE(db);
  EXPECT_TRUE(std::filesystem::exists(dir / "boyi.sqlite3"));
  auto version = db->schema_version();
  ASSERT_TRUE(version.ok()) << version.message();
  EXPECT_EQ(*version, Database::latest_schema_version());
  EXPECT_GE(*version, 1);
  EXPECT_TRUE(db->integrity_check().ok());
}

TEST(SqliteFile, UsesWalFullSyncAndForeignKeys) {
  TempDir tmp;
  auto db = open_db(tmp.path());
  ASSERT_TRUE(db);
  // Check the pragmas through a second, independent connection where they persist (WAL),
  // and through behaviour for the per-connection ones.
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open((tmp.path() / "boyi.sqlite3").c_str(), &raw), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(raw, "PRAGMA journal_mode", -1, &st, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)), "wal");
  sqlite3_finalize(st);
  sqlite3_close(raw);
  // Foreign keys: a match whose seat names a missing user is refused.
  NewMatch m = new_match("gomoku", "", {1000, 0, 0, 0});
  m.seats[0] = 999;
  auto created = db->create_match(m);
  ASSERT_FALSE(created.ok());
  EXPECT_NE(created.message().find("does not exist"), std::string::npos) << created.message();
}

TEST(StorageOpen, ReopenKeepsDataAndDoesNotRemigrate) {
  TempDir tmp;
  {
    auto db = open_db(tmp.path());
    ASSERT_TRUE(db);
    ASSERT_TRUE(db->create_user(new_human("alice")).ok());
  }
  auto db = open_db(tmp.path());
  ASSERT_TRUE(db);
  auto alice = db->user_by_name("alice");
  ASSERT_TRUE(alice.ok()) << alice.message();
  EXPECT_EQ(alice->name, "alice");
}

TEST(SqliteFile, GarbageFileGivesClearError) {
  TempDir tmp;
  {
    std::ofstream out(tmp.path() / "boyi.sqlite3", std::ios::binary);
    for (int i = 0; i < 4096; ++i) out.put(static_cast<char>('x' + i % 3));
  }
  auto db = Database::open(DatabaseOptions(tmp.path()));
  ASSERT_FALSE(db.ok());
  EXPECT_NE(db.message().find("boyi.sqlite3"), std::string::npos) << db.message();
  EXPECT_NE(db.message().find("not a database"), std::string::npos) << db.message();
}

TEST(SqliteFile, UnwritableDataDirGivesError) {
  TempDir tmp;
  { std::ofstream(tmp.path() / "file") << "x"; }
  auto db = Database::open(DatabaseOptions(tmp.path() / "file" / "sub"));
  ASSERT_FALSE(db.ok());
  EXPECT_NE(db.message().find("data directory"), std::string::npos) << db.message();
}

TEST(StorageOpen, NewerSchemaIsRefused) {
  TempDir tmp;
  { ASSERT_TRUE(open_db(tmp.path())); }
  {
    auto side = testing::side_connection(testing::test_database_options(tmp.path()));
    ASSERT_TRUE(side);
    ASSERT_TRUE(side->set_schema_version(999).ok());
  }
  auto db = Database::open(testing::test_database_options(tmp.path()));
  ASSERT_FALSE(db.ok());
  EXPECT_NE(db.message().find("newer"), std::string::npos) << db.message();
}

TEST(StorageUsers, RoundTripAndCaseInsensitiveUniqueness) {
  TempDir tmp;
  auto db = open_db(tmp.path());
  ASSERT_TRUE(db);
  auto alice = db->create_user(new_human("Alice", "$h", Role::kAdmin));
  ASSERT_TRUE(alice.ok()) << alice.message();
  EXPECT_GT(alice->id, 0);
  auto bot = db->create_user(new_bot("弈者_1", alice->id));
  ASSERT_TRUE(bot.ok()) << bot.message();

  auto by_name = db->user_by_name("aLiCe");
  ASSERT_TRUE(by_name.ok()) << by_name.message();
  EXPECT_EQ(*by_name, *alice);
  auto by_id = db->user_by_id(bot->id);
  ASSERT_TRUE(by_id.ok());
  EXPECT_EQ(*by_id, *bot);
  EXPECT_EQ(by_id->owner, alice->id);
  EXPECT_EQ(by_id->kind, UserKind::kBot);

  auto dup = db->create_user(new_human("ALICE"));
  ASSERT_FALSE(dup.ok());
  EXPECT_EQ(dup.message(), "user name 'ALICE' is already taken");
  auto bad_owner = db->create_user(new_bot("orphan", 12345));
  ASSERT_FALSE(bad_owner.ok());
  EXPECT_NE(bad_owner.message().find("owner"), std::string::npos);

  auto missing = db->user_by_name("nobody");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.message(), "no user named 'nobody'");

  auto all = db->list_users();
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), 2u);
  EXPECT_EQ((*all)[0].name, "Alice");
  EXPECT_EQ((*all)[1].name, "弈者_1");
}

TEST(StorageUsers, RoleDisabledAndPasswordUpdates) {
  TempDir tmp;
  auto db = open_db(tmp.path());
  ASSERT_TRUE(db);
  auto u = db->create_user(new_human("bob", "old"));
  ASSERT_TRUE(u.ok());
  EXPECT_EQ(u->role, Role::kUser);
  EXPECT_FALSE(u->disabled);
  ASSERT_TRUE(db->set_role(u->id, Role::kAdmin).ok());
  ASSERT_TRUE(db->set_disabled(u->id, true).ok());
  ASSERT_TRUE(db->set_password_hash(u->id, "new").ok());
  auto again = db->user_by_id(u->id);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->role, Role::kAdmin);
  EXPECT_TRUE(again->disabled);
  EXPECT_EQ(again->password_hash, "new");
  auto missing = db->set_role(777, Role::kUser);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.message(), "no user with id 777");
  EXPECT_FALSE(db->set_disabled(777, true).ok());
}

TEST(StorageTokens, PutReplacesAndLookupByIdOnly) {
  TempDir tmp;
  auto db = open_db(tmp.path());
  ASSERT_TRUE(db);
  auto bot = db->create_user(new_bot("bot1"));
  auto other = db->create_user(new_bot("bot2"));
  ASSERT_TRUE(bot.ok() && other.ok());
  const std::string hash1("\x01\x00\xff", 3);  // binary, with a NUL byte
  ASSERT_TRUE(db->put_token({bot->id, "tok-a", hash1, 10}).ok());
  auto t = db->token_by_id("tok-a");
  ASSERT_TRUE(t.ok()) << t.message();
  EXPECT_EQ(t->user_id, bot->id);
  EXPECT_EQ(t->secret_hash, hash1);
  EXPECT_EQ(t->created_ms, 10);

  // Rotation: the new token replaces the old one.
  ASSERT_TRUE(db->put_token({bot->id, "tok-b", "h2", 20}).ok());
  EXPECT_FALSE(db->token_by_id("tok-a").ok());
  ASSERT_TRUE(db->token_by_id("tok-b").ok());
  // Token ids are unique across users.
  auto clash = db->put_token({other->id, "tok-b", "h3", 30});
  ASSERT_FALSE(clash.ok());
  EXPECT_EQ(clash.message(), "token id already in use");
  auto nouser = db->put_token({4242, "tok-z", "h", 1});
  ASSERT_FALSE(nouser.ok());
  EXPECT_EQ(nouser.message(), "no user with id 4242");
}

TEST(StorageRevocations, EachWithdrawingChangeWritesOneInItsTransaction) {
  TempDir tmp;
  auto db = open_db(tmp.path());
  ASSERT_TRUE(db);
  auto start = db->last_revocation();
  ASSERT_TRUE(start.ok()) << start.message();
  EXPECT_EQ(*start, 0);
  auto bob = db->create_user(new_human("bob", "old"));
  auto bot = db->create_user(new_bot("bot1"));
  ASSERT_TRUE(bob.ok() && bot.ok());
  ASSERT_TRUE(db->put_token({bot->id, "tok-a", "h1", 10}).ok());  // a first token: nothing
  ASSERT_TRUE(db->set_disabled(bob->id, true).ok());
  ASSERT_TRUE(db->set_disabled(bob->id, false).ok());  // enabling: nothing
  ASSERT_TRUE(db->set_role(bob->id, Role::kAdmin).ok());
  ASSERT_TRUE(db->set_password_hash(bob->id, "new").ok());
  ASSERT_TRUE(db->put_token({bot->id, "tok-b", "h2", 20}).ok());
  EXPECT_FALSE(db->put_token({bob->id, "tok-b", "h3", 30}).ok());  // refused: nothing
  EXPECT_FALSE(db->set_disabled(777, true).ok());                  // nobody: nothing

  auto all = db->revocations_after(0);
  ASSERT_TRUE(all.ok()) << all.message();
  ASSERT_EQ(all->size(), 4u);
  const std::vector<std::pair<Id, std::string>> expected = {{bob->id, "disabled"},
                                                            {bob->id, "role changed"},
                                                            {bob->id, "password changed"},
                                                            {bot->id, "token rotated"}};
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ((*all)[i].user, expected[i].first) << i;
    EXPECT_EQ((*all)[i].reason, expected[i].second) << i;
    EXPECT_EQ((*all)[i].token_id, i == 3 ? "tok-a" : "") << i;
    EXPECT_GT((*all)[i].at_ms, 0);
  }
  auto later = db->revocations_after((*all)[1].id);
  ASSERT_TRUE(later.ok());
  ASSERT_EQ(later->size(), 2u);
  EXPECT_EQ(later->front().reason, "password changed");
  auto last = db->last_revocation();
  ASSERT_TRUE(last.ok());
  EXPECT_EQ(*last, all->back().id);
}

TEST(StorageChatMutes, AMuteLastsUntilItsTimeCanBeChangedAndLifted) {
  TempDir tmp;
  auto db = open_db(tmp.path());
  ASSERT_TRUE(db);
  auto li = db->create_user(new_human("li", "hash"));
  ASSERT_TRUE(li.ok());
  EXPECT_EQ(*db->chat_muted_until(li->id, 100), std::nullopt);
  ASSERT_TRUE(db->mute_chat(li->id, 1'000, "spam").ok());
  EXPECT_EQ(*db->chat_muted_until(li->id, 100), 1'000);
  EXPECT_EQ(*db->chat_muted_until(li->id, 1'000), std::nullopt);  // over at its time
  ASSERT_TRUE(db->mute_chat(li->id, 9'000, "again").ok());       // replaced
  EXPECT_EQ(*db->chat_muted_until(li->id, 2'000), 9'000);
  ASSERT_TRUE(db->unmute_chat(li->id).ok());
  EXPECT_EQ(*db->chat_muted_until(li->id, 2'000), std::nullopt);
  EXPECT_FALSE(db->mute_chat(777, 1'000, "nobody").ok());
}

// The audit log: appended in order, read back whole or per match, and an entry changed or
// removed behind the server's back (another connection) breaks the chain there.
TEST(StorageAuditLog, EntriesChainAndAnyEditOrRemovalIsFound) {
  TempDir tmp;
  auto db = open_db(tmp.path());
  ASSERT_TRUE(db);
  for (int i = 1; i <= 5; ++i) {
    AuditEntry e;
    e.at_ms = 1000 * i;
    e.actor = "admin root1";
    e.action = i % 2 ? "match.add_time" : "user.disable";
    e.target = i % 2 ? "match 7" : "user li";
    e.detail = "entry " + std::to_string(i);
    e.reason = "because | of " + std::to_string(i);
    e.match = i % 2 ? 7 : 0;
    auto stored = db->append_audit(e);
    ASSERT_TRUE(stored.ok()) << stored.message();
    EXPECT_EQ(stored->id, i);
    EXPECT_EQ(stored->hash, Database::audit_hash(*stored));
  }
  auto all = db->audit_entries();
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), 5u);
  EXPECT_EQ((*all)[0].prev_hash, std::string(64, '0'));
  for (std::size_t i = 1; i < all->size(); ++i) EXPECT_EQ((*all)[i].prev_hash, (*all)[i - 1].hash);
  EXPECT_EQ(db->audit_entries(0, 1000, 7)->size(), 3u);
  EXPECT_EQ(db->audit_entries(3)->size(), 2u);
  auto fine = db->verify_audit_chain();
  ASSERT_TRUE(fine.ok());
  EXPECT_EQ(*fine, std::nullopt);

  auto side = testing::side_connection(testing::test_database_options(tmp.path()));
  ASSERT_TRUE(side);
  ASSERT_TRUE(execute(*side, "UPDATE audit_log SET reason = 'edited' WHERE id = 3").ok());
  auto edited = db->verify_audit_chain();
  ASSERT_TRUE(edited.ok());
  ASSERT_TRUE(edited->has_value());
  EXPECT_NE((*edited)->find("audit entry 3: its contents were changed"), std::string::npos) << **edited;
  // Rewriting the entry's own hash as well moves the break to the next entry.
  auto third = (*db->audit_entries(2, 1))[0];
  third.reason = "edited";
  ASSERT_TRUE(execute(*side, "UPDATE audit_log SET hash = ?1 WHERE id = 3",
                      Database::audit_hash(third)).ok());
  EXPECT_NE((**db->verify_audit_chain()).find("audit entry 4: it does not follow"), std::string::npos);
  ASSERT_TRUE(execute(*side, "DELETE FROM audit_log WHERE id = 4").ok());
  EXPECT_NE((**db->verify_audit_chain()).find("entries 4..4 are missing"), std::string::npos);
}

TEST(StorageSignIns, SeveralPerUserEndedBySigningOutExpiryOrTheirCredentials) {
  TempDir tmp;
  auto db = open_db(tmp.path());
  ASSERT_TRUE(db);
  auto li = db->create_user(new_human("li", "hash"));
  auto mo = db->create_user(new_human("mo", "hash"));
  ASSERT_TRUE(li.ok() && mo.ok());
  ASSERT_TRUE(db->put_sign_in_session({li->id, "li-phone", "h1", 10, 1'000}).ok());
  ASSERT_TRUE(db->put_sign_in_session({li->id, "li-laptop", "h2", 10, 5'000}).ok());
  ASSERT_TRUE(db->put_sign_in_session({mo->id, "mo-laptop", "h3", 10, 5'000}).ok());
  EXPECT_FALSE(db->put_sign_in_session({mo->id, "li-phone", "h4", 10, 5'000}).ok());
  EXPECT_FALSE(db->put_sign_in_session({777, "nobody", "h5", 10, 5'000}).ok());
  auto phone = db->sign_in_session("li-phone");
  ASSERT_TRUE(phone.ok()) << phone.message();
  EXPECT_EQ(phone->user_id, li->id);
  EXPECT_EQ(phone->secret_hash, "h1");
  EXPECT_EQ(phone->expires_ms, 1'000);
  EXPECT_FALSE(db->sign_in_session("unknown").ok());

  // Signing out ends one, with a revocation naming it; a second time finds none.
  const Id before = *db->last_revocation();
  auto ended = db->end_sign_in_session("li-laptop");
  ASSERT_TRUE(ended.ok()) << ended.message();
  EXPECT_TRUE(*ended);
  EXPECT_FALSE(*db->end_sign_in_session("li-laptop"));
  EXPECT_FALSE(db->sign_in_session("li-laptop").ok());
  auto revoked = db->revocations_after(before);
  ASSERT_TRUE(revoked.ok());
  ASSERT_EQ(revoked->size(), 1u);
  EXPECT_EQ(revoked->front().user, li->id);
  EXPECT_EQ(revoked->front().token_id, "li-laptop");
  EXPECT_EQ(revoked->front().reason, "signed out");

  // Expired ones go; a role change keeps them, a new password ends them all.
  auto purged = db->purge_expired_sign_in_sessions(2'000);
  ASSERT_TRUE(purged.ok()) << purged.message();
  EXPECT_EQ(*purged, 1);
  EXPECT_FALSE(db->sign_in_session("li-phone").ok());
  ASSERT_TRUE(db->set_role(mo->id, Role::kAdmin).ok());
  EXPECT_TRUE(db->sign_in_session("mo-laptop").ok());
  ASSERT_TRUE(db->set_password_hash(mo->id, "new").ok());
  EXPECT_FALSE(db->sign_in_session("mo-laptop").ok());
}

TEST(StorageUsers, PurgeRemovesOnlyGuestsWithoutMatches) {
  TempDir tmp;
  auto db = open_db(tmp.path());
  ASSERT_TRUE(db);
  auto g1 = db->create_user(new_guest("guest-0001"));
  auto g2 = db->create_user(new_guest("guest-0002"));
  auto h = db->create_user(new_human("human"));
  ASSERT_TRUE(g1.ok() && g2.ok() && h.ok());
  ASSERT_TRUE(db->put_token({g1->id, "guest-tok", "h", 1}).ok());
  NewMatch m = new_match("dots", "", {1000, 0, 0, 0});
  m.seats = {g2->id, h->id};
  ASSERT_TRUE(db->create_match(m).ok());
  auto purged = db->purge_unused_guests();
  ASSERT_TRUE(purged.ok()) << purged.message();
  EXPECT_EQ(*purged, 1);
  EXPECT_FALSE(db->user_by_id(g1->id).ok());
  EXPECT_FALSE(db->token_by_id("guest-tok").ok());  // cascaded
  EXPECT_TRUE(db->user_by_id(g2->id).ok());
  EXPECT_TRUE(db->user_by_id(h->id).ok());
}

NewMatch sample_match(Id a, Id b) {
  NewMatch m;
  m.game = "junqi";
  m.preset = "junqi-ccgc";
  m.rules = "no_battle_limit=31 no_battle_result=loss";
  m.time = {1800000, 60000, 0, 500};
  m.seats = {a, b};
  m.rated = true;
  m.tournament = 7;
  m.illegal_policy = IllegalMovePolicy::kLoseAtOnce;
  m.illegal_attempts = 2;
  m.disconnect_grace_ms = 15000;
  m.spectator_delay_plies = 4;
  return m;
}

TEST(StorageMatches, RoundTripThroughLifecycle) {
  TempDir tmp;
  auto db = open_db(tmp.path());
  ASSERT_TRUE(db);
  auto a = db->create_user(new_human("a"));
  auto b = db->create_user(new_human("b"));
  ASSERT_TRUE(a.ok() && b.ok());
  auto created = db->create_match(sample_match(a->id, b->id));
  ASSERT_TRUE(created.ok()) << created.message();
  EXPECT_EQ(created->status, MatchStatus::kWaiting);

  auto read = db->match_by_id(created->id);
  ASSERT_TRUE(read.ok()) << read.message();
  const Match& m = *read;
  EXPECT_EQ(m.game, "junqi");
  EXPECT_EQ(m.preset, "junqi-ccgc");
  EXPECT_EQ(m.rules, "no_battle_limit=31 no_battle_result=loss");
  EXPECT_EQ(m.time, (TimeControl{1800000, 60000, 0, 500}));
  EXPECT_EQ(m.seats[0], a->id);
  EXPECT_EQ(m.seats[1], b->id);
  EXPECT_TRUE(m.rated);
  EXPECT_EQ(m.tournament, 7);
  EXPECT_EQ(m.illegal_policy, IllegalMovePolicy::kLoseAtOnce);
  EXPECT_EQ(m.illegal_attempts, 2);
  EXPECT_EQ(m.disconnect_grace_ms, 15000);
  EXPECT_EQ(m.spectator_delay_plies, 4);
  EXPECT_EQ(m.created_ms, created->created_ms);
  EXPECT_FALSE(m.started_ms);
  EXPECT_FALSE(m.outcome.finished());

  ASSERT_TRUE(testing::start_match(*db, m.id, 1000).ok());
  EXPECT_FALSE(testing::start_match(*db, m.id, 1001).ok());  // already running
  auto running = db->running_matches();
  ASSERT_TRUE(running.ok());
  ASSERT_EQ(running->size(), 1u);
  EXPECT_EQ((*running)[0].started_ms, 1000);

  Outcome outcome{Ending::kNoBattleLimit, 1, "31 moves without a battle"};
  ASSERT_TRUE(db->finish_match(m.id, outcome, 5000).ok());
  auto finished = db->match_by_id(m.id);
  ASSERT_TRUE(finished.ok());
  EXPECT_EQ(finished->status, MatchStatus::kFinished);
  EXPECT_EQ(finished->outcome, outcome);
  EXPECT_EQ(finished->ended_ms, 5000);
  auto again = db->finish_match(m.id, outcome, 6000);
  ASSERT_FALSE(again.ok());
  EXPECT_NE(again.message().find("already over"), std::string::npos);
  EXPECT_TRUE(db->running_matches()->empty());
}

TEST(StorageMatches, WaitingSeatsAbortAndDraw) {
  TempDir tmp;
  auto db = open_db(tmp.path());
  ASSERT_TRUE(db);
  auto a = db->create_user(new_human("a"));
  auto b = db->create_user(new_human("b"));
  NewMatch seek = new_match("surakarta", "", {600000, 0, 5000, 200});
  seek.seats[0] = a->id;
  auto m = db->create_match(seek);
  ASSERT_TRUE(m.ok());
  auto cannot = testing::start_match(*db, m->id, 1);
  ASSERT_FALSE(cannot.ok());
  EXPECT_NE(cannot.message().find("seat is empty"), std::string::npos);
  EXPECT_FALSE(db->set_seat(m->id, 1, 999).ok());
  EXPECT_FALSE(db->set_seat(m->id, 2, b->id).ok());
  ASSERT_TRUE(db->set_seat(m->id, 1, b->id).ok());
  ASSERT_TRUE(testing::start_match(*db, m->id, 2).ok());
  EXPECT_FALSE(db->set_seat(m->id, 1, a->id).ok());  // only while waiting
  Outcome draw{Ending::kAdjudication, std::nullopt, "equal pieces"};
  ASSERT_TRUE(db->finish_match(m->id, draw, 3).ok());
  auto read = db->match_by_id(m->id);
  EXPECT_TRUE(read->outcome.is_draw());

  auto aborted = db->create_match(seek);
  ASSERT_TRUE(aborted.ok());
  ASSERT_TRUE(
      db->finish_match(aborted->id, {Ending::kAborted, std::nullopt, "no opponent"}, 4).ok());
  EXPECT_EQ(db->match_by_id(aborted->id)->status, MatchStatus::kAborted);
  EXPECT_FALSE(db->finish_match(aborted->id, Outcome{}, 5).ok());  // needs an ending
  EXPECT_FALSE(db->match_by_id(12345).ok());

  NewMatch bad = seek;
  bad.time.total_ms = -1;
  EXPECT_FALSE(db->create_match(bad).ok());
}

TEST(StorageMatches, Queries) {
  TempDir tmp;
  auto db = open_db(tmp.path());
  ASSERT_TRUE(db);
  auto a = db->create_user(new_human("a"));
  auto b = db->create_user(new_human("b"));
  auto c = db->create_user(new_human("c"));
  std::vector<Id> ids;
  for (int i = 0; i < 6; ++i) {
    auto m = db->create_match(sample_match(i % 2 ? a->id : c->id, b->id));
    ASSERT_TRUE(m.ok());
    ids.push_back(m->id);
    ASSERT_TRUE(testing::start_match(*db, m->id, 100 + i).ok());
  }
  // Finish matches 0, 2 and 4 at times that make 2 the most recent.
  ASSERT_TRUE(db->finish_match(ids[0], {Ending::kNormal, 0, ""}, 1000).ok());
  ASSERT_TRUE(db->finish_match(ids[4], {Ending::kResignation, 1, ""}, 2000).ok());
  ASSERT_TRUE(db->finish_match(ids[2], {Ending::kTimeForfeit, 0, ""}, 3000).ok());

  auto running = db->running_matches();
  ASSERT_TRUE(running.ok());
  ASSERT_EQ(running->size(), 3u);
  EXPECT_EQ((*running)[0].id, ids[1]);
  EXPECT_EQ((*running)[2].id, ids[5]);

  auto recent = db->recent_finished(2);
  ASSERT_TRUE(recent.ok());
  ASSERT_EQ(recent->size(), 2u);
  EXPECT_EQ((*recent)[0].id, ids[2]);
  EXPECT_EQ((*recent)[1].id, ids[4]);

  auto of_a = db->matches_of_user(a->id, 10);
  ASSERT_TRUE(of_a.ok());
  ASSERT_EQ(of_a->size(), 3u);  // matches 1, 3, 5, newest first
  EXPECT_EQ((*of_a)[0].id, ids[5]);
  EXPECT_EQ(db->matches_of_user(b->id, 10)->size(), 6u);
  EXPECT_EQ(db->matches_of_user(b->id, 4)->size(), 4u);

  EXPECT_EQ(db->list_matches(std::nullopt, 100)->size(), 6u);
  EXPECT_EQ(db->list_matches(MatchStatus::kRunning, 100)->size(), 3u);
  EXPECT_EQ(db->list_matches(MatchStatus::kFinished, 100)->size(), 3u);
  EXPECT_EQ(db->list_matches(MatchStatus::kWaiting, 100)->size(), 0u);
}

}  // namespace
}  // namespace boyi::storage
