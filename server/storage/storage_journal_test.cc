// The match journal: ordered entries, the match row moved in the same
// transaction, refusals with reasons, facts read from the match row, threads,
// and the migration from version 1's actions and rejections.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "server/storage/database.h"
#include "server/storage/migrations.h"
#include "server/storage/sqlite.h"
#include "server/storage/test_database.h"
#include "server/storage/test_support.h"

namespace boyi::storage {
namespace {

using testing::row;
using testing::TempDir;
using K = JournalKind;

constexpr std::array<std::int64_t, 2> kFull = {900000, 900000};

struct Fixture {
  TempDir tmp;
  std::unique_ptr<Database> db;
  Id a = 0, b = 0;

  Fixture() {
    auto opened = Database::open(testing::test_database_options(tmp.path()));
    EXPECT_TRUE(opened.ok()) << opened.message();
    if (!opened) return;
    db = std::move(opened).value();
    a = db->create_user(new_human("a"))->id;
    b = db->create_user(new_human("b"))->id;
  }

  Id waiting_match() {
    NewMatch m = new_match("gomoku", "rule=renju", {900000, 0, 0, 300});
    m.preset = "renju-ccgc";
    m.seats = {a, b};
    auto created = db->create_match(m);
    EXPECT_TRUE(created.ok()) << created.message();
    return created->id;
  }
  Id running_match(std::int64_t started = 1000) {
    const Id id = waiting_match();
    auto s = testing::start_match(*db, id, started);
    EXPECT_TRUE(s.ok()) << s.message();
    return id;
  }
};

JournalRow action(Id m, std::int64_t index, std::int64_t seq, Seat seat, std::string text) {
  JournalRow r =
      row(m, index, K::kAction, seq, seat, std::move(text), {900000 - 10 * seq, 890000 - seq});
  r.elapsed_ms = 100 * seq;
  return r;
}

JournalRow illegal(Id m, std::int64_t index, Seat seat, std::string text, std::string reason) {
  JournalRow r = row(m, index, K::kIllegal, 0, seat, std::move(text), {800000, 800000});
  r.reason = std::move(reason);
  return r;
}

TEST(StorageJournal, AppendsInOrderAndReadsBack) {
  Fixture f;
  ASSERT_TRUE(f.db);
  const Id m = f.waiting_match();
  EXPECT_TRUE(f.db->journal_of(m)->empty());
  std::vector<JournalRow> written = {row(m, 1, K::kStart, 1, kPublic, "rule=renju", kFull),
                                     action(m, 2, 2, 0, "h8"), illegal(m, 3, 1, "h8", "occupied"),
                                     action(m, 4, 3, 1, "h9"), action(m, 5, 4, 0, "i9")};
  for (const auto& r : written) {
    auto s = f.db->append_journal(r, 5000 + r.index);
    ASSERT_TRUE(s.ok()) << s.message();
  }
  auto read = f.db->journal_of(m);
  ASSERT_TRUE(read.ok()) << read.message();
  EXPECT_EQ(*read, written);
  EXPECT_EQ(*f.db->journal_position(m), (std::pair<std::int64_t, std::int64_t>{5, 4}));
  EXPECT_EQ(*f.db->journal_position(m + 100), (std::pair<std::int64_t, std::int64_t>{0, 0}));
  auto match = f.db->match_by_id(m);
  EXPECT_EQ(match->status, MatchStatus::kRunning);
  EXPECT_EQ(match->started_ms, 5001);  // the start entry's transaction
  EXPECT_FALSE(match->ended_ms);
  EXPECT_FALSE(f.db->journal_of(m + 100).ok());
}

TEST(StorageJournal, AnAgreedTakebackIsStoredWithItsSeatAndCount) {
  Fixture f;
  ASSERT_TRUE(f.db);
  const Id m = f.waiting_match();
  std::vector<JournalRow> written = {row(m, 1, K::kStart, 1, kPublic, "rule=renju", kFull),
                                     action(m, 2, 2, 0, "h8"), action(m, 3, 3, 1, "h9"),
                                     row(m, 4, K::kTakeback, 4, 1, "1", {899000, 888000}),
                                     action(m, 5, 5, 1, "i9")};
  for (const auto& r : written) {
    auto s = f.db->append_journal(r, 5000 + r.index);
    ASSERT_TRUE(s.ok()) << s.message();
  }
  EXPECT_EQ(*f.db->journal_of(m), written);
  EXPECT_EQ(to_string(K::kTakeback), "takeback");
  // Without the seat that asked, or its count, it is refused.
  for (auto bad : {row(m, 6, K::kTakeback, 6, kPublic, "1", kFull),
                   row(m, 6, K::kTakeback, 6, 0, "", kFull)})
    EXPECT_FALSE(f.db->append_journal(bad, 6000).ok());
}

TEST(StorageJournal, RefusesWhatDoesNotFollow) {
  Fixture f;
  ASSERT_TRUE(f.db);
  const Id m = f.waiting_match();
  auto message = [&](const JournalRow& r) {
    auto s = f.db->append_journal(r, 1);
    EXPECT_FALSE(s.ok());
    return s.message();
  };
  EXPECT_NE(message(action(m, 1, 1, 0, "h8")).find("the match is waiting"), std::string::npos);
  EXPECT_NE(message(row(m, 1, K::kStart, 1, kPublic, "rule=gomoku", kFull)).find("differ"),
            std::string::npos);
  EXPECT_NE(message(row(m, 2, K::kStart, 1, kPublic, "rule=renju", kFull)).find("index 1"),
            std::string::npos);
  EXPECT_NE(message(row(m + 50, 1, K::kStart, 1, kPublic, "", kFull)).find("no match with id"),
            std::string::npos);
  NewMatch open = new_match("gomoku", "", {1000, 0, 0, 0});
  open.seats[0] = f.a;
  const Id seek = f.db->create_match(open)->id;
  EXPECT_NE(message(row(seek, 1, K::kStart, 1, kPublic, "", kFull)).find("a seat is empty"),
            std::string::npos);

  ASSERT_TRUE(testing::start_match(*f.db, m, 10).ok());
  EXPECT_NE(message(action(m, 3, 2, 0, "h8")).find("gap in index (last is 1)"), std::string::npos);
  EXPECT_NE(message(action(m, 1, 2, 0, "h8")).find("duplicate index (last is 1)"),
            std::string::npos);
  EXPECT_NE(message(action(m, 2, 3, 0, "h8")).find("seq 3, expected 2"), std::string::npos);
  EXPECT_NE(message(row(m, 1, K::kStart, 1, kPublic, "rule=renju", kFull)).find("is running"),
            std::string::npos);
  // Rows that contradict themselves.
  EXPECT_NE(message(action(m, 2, 2, 2, "h8")).find("seat"), std::string::npos);
  EXPECT_NE(message(action(m, 2, 2, 0, "")).find("text"), std::string::npos);
  EXPECT_NE(message(row(m, 2, K::kEnd, 2, kPublic)).find("outcome"), std::string::npos);
  JournalRow counted = illegal(m, 2, 0, "z", "why");
  counted.seq = 2;  // a seq without an ending
  EXPECT_NE(message(counted).find("exactly when it ends"), std::string::npos);
  JournalRow slow = action(m, 2, 2, 0, "h8");
  slow.elapsed_ms = -1;
  EXPECT_NE(message(slow).find("negative"), std::string::npos);
  JournalRow winner = row(m, 2, K::kEnd, 2, 0);
  winner.outcome = {Ending::kResignation, 3, ""};
  EXPECT_NE(message(winner).find("winner"), std::string::npos);
  // None of it was stored.
  EXPECT_EQ(f.db->journal_of(m)->size(), 1u);
  EXPECT_EQ(f.db->match_by_id(m)->status, MatchStatus::kRunning);
}

TEST(StorageJournal, EndingEntriesFinishTheMatchInTheSameTransaction) {
  Fixture f;
  ASSERT_TRUE(f.db);
  // An action that ends the game.
  const Id m1 = f.running_match();
  JournalRow five = action(m1, 2, 2, 0, "h8");
  five.outcome = {Ending::kNormal, 0, "five in a row"};
  ASSERT_TRUE(f.db->append_journal(five, 7000).ok());
  auto done = f.db->match_by_id(m1);
  EXPECT_EQ(done->status, MatchStatus::kFinished);
  EXPECT_EQ(done->outcome, five.outcome);
  EXPECT_EQ(done->ended_ms, 7000);
  auto j1 = f.db->journal_of(m1);
  ASSERT_EQ(j1->size(), 2u);
  EXPECT_EQ(j1->back(), five);
  EXPECT_FALSE(j1->front().outcome.finished());
  auto after = f.db->append_journal(action(m1, 3, 3, 1, "h9"), 7001);
  ASSERT_FALSE(after.ok());
  EXPECT_NE(after.message().find("the match is finished"), std::string::npos) << after.message();

  // A last illegal attempt.
  const Id m2 = f.running_match();
  ASSERT_TRUE(f.db->append_journal(illegal(m2, 2, 1, "x", "not your turn"), 1).ok());
  JournalRow last = illegal(m2, 3, 1, "y", "not your turn");
  last.seq = 2;
  last.outcome = {Ending::kIllegalMove, 0, "seat 1 made 2 illegal attempts"};
  ASSERT_TRUE(f.db->append_journal(last, 2).ok());
  EXPECT_EQ(f.db->match_by_id(m2)->outcome, last.outcome);
  EXPECT_EQ(f.db->journal_of(m2)->back(), last);

  // An abort: status aborted, no winner.
  const Id m3 = f.running_match();
  JournalRow abort = row(m3, 2, K::kEnd, 2, kPublic, "", {5, 6});
  abort.outcome = {Ending::kAborted, std::nullopt, "server shutting down"};
  ASSERT_TRUE(f.db->append_journal(abort, 3).ok());
  EXPECT_EQ(f.db->match_by_id(m3)->status, MatchStatus::kAborted);
  EXPECT_TRUE(f.db->running_matches()->empty());
}

TEST(StorageJournal, FinishingARunningMatchAppendsAnEndEntry) {
  Fixture f;
  ASSERT_TRUE(f.db);
  const Id m = f.running_match();
  ASSERT_TRUE(f.db->append_journal(action(m, 2, 2, 0, "h8"), 1).ok());
  ASSERT_TRUE(f.db->append_journal(illegal(m, 3, 1, "h8", "occupied"), 2).ok());
  const Outcome o{Ending::kAborted, std::nullopt, "journal does not replay"};
  ASSERT_TRUE(f.db->finish_match(m, o, 99).ok());
  auto j = f.db->journal_of(m);
  ASSERT_EQ(j->size(), 4u);
  JournalRow end = row(m, 4, K::kEnd, 3, kPublic, "", illegal(m, 3, 1, "", "").clock_ms);
  end.outcome = o;
  EXPECT_EQ(j->back(), end);
  EXPECT_EQ(f.db->match_by_id(m)->ended_ms, 99);
}

TEST(StorageJournal, JournalsArePerMatch) {
  Fixture f;
  ASSERT_TRUE(f.db);
  const Id m1 = f.running_match();
  const Id m2 = f.running_match();
  ASSERT_TRUE(f.db->append_journal(action(m1, 2, 2, 0, "h8"), 1).ok());
  ASSERT_TRUE(f.db->append_journal(action(m2, 2, 2, 0, "a1"), 1).ok());
  ASSERT_TRUE(f.db->append_journal(action(m2, 3, 3, 1, "a2"), 1).ok());
  EXPECT_EQ(f.db->journal_of(m1)->size(), 2u);
  EXPECT_EQ(f.db->journal_of(m2)->size(), 3u);
}

TEST(StorageJournal, ConcurrentAppendsFromThreads) {
  Fixture f;
  ASSERT_TRUE(f.db);
  constexpr int kThreads = 4, kActions = 40;
  std::vector<Id> matches;
  for (int i = 0; i < kThreads; ++i) matches.push_back(f.running_match());
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int s = 2; s <= kActions + 1; ++s)
        if (!f.db->append_journal(action(matches[t], s, s, s % 2, "m" + std::to_string(s)), s).ok())
          ++failures;
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  for (Id m : matches) {
    auto j = f.db->journal_of(m);
    ASSERT_EQ(j->size(), std::size_t{kActions + 1});
    for (int i = 0; i <= kActions; ++i) EXPECT_EQ((*j)[i].index, i + 1);
  }
  EXPECT_TRUE(f.db->integrity_check().ok());
}

// A version 1 file (actions + rejections) is carried over into the journal.
TEST(SqliteFile, MigratesVersionOneActionsAndRejections) {
  TempDir tmp;
  ASSERT_TRUE(tmp.ok());
  {
    auto conn = SqliteConnection::open((tmp.path() / kDatabaseFile).string(), true);
    ASSERT_TRUE(conn.ok()) << conn.message();
    Connection& c = *conn.value();
    ASSERT_TRUE(c.exec(migrations(SqlDialect::kSqlite)[0].sql).ok());
    ASSERT_TRUE(c.exec("PRAGMA user_version = 1").ok());
    auto s = c.exec(R"sql(
      INSERT INTO users(id, name, kind, created_ms) VALUES (1, 'a', 'human', 0), (2, 'b', 'human', 0);
      INSERT INTO matches(id, game, rules, total_ms, per_move_ms, increment_ms, grace_ms,
        seat0_user, seat1_user, status, created_ms, started_ms, ended_ms, ending, winner,
        illegal_policy, illegal_attempts, disconnect_grace_ms) VALUES
        (1, 'gomoku', 'rule=renju', 9000, 0, 0, 0, 1, 2, 'running', 1, 2, NULL, NULL, NULL,
         'retry', 3, 30000),
        (2, 'gomoku', 'rule=renju', 9000, 0, 0, 0, 1, 2, 'finished', 1, 2, 50, 'resignation', 1,
         'retry', 3, 30000),
        (3, 'dots', '', 9000, 0, 0, 0, 1, NULL, 'waiting', 1, NULL, NULL, NULL, NULL,
         'retry', 3, 30000);
      INSERT INTO actions VALUES (1, 1, 0, 'h8', 10, 8990, 9000, 20),
                                 (1, 2, 1, 'h9', 20, 8990, 8980, 30),
                                 (2, 1, 0, 'a1', 30, 8970, 9000, 40);
      INSERT INTO rejections(match_id, after_seq, seat, action, reason, wall_ms) VALUES
        (1, 1, 0, 'zz', 'not your turn', 25), (1, 0, 1, 'h8', 'not your turn', 15),
        (1, 2, 0, 'h9', 'occupied', 35);
    )sql");
    ASSERT_TRUE(s.ok()) << s.message();
  }
  auto opened = Database::open(DatabaseOptions(tmp.path()));
  ASSERT_TRUE(opened.ok()) << opened.message();
  Database& db = *opened.value();
  EXPECT_EQ(*db.schema_version(), Database::latest_schema_version());
  auto j1 = db.journal_of(1);
  ASSERT_TRUE(j1.ok()) << j1.message();
  auto act = [](std::int64_t index, std::int64_t seq, Seat seat, std::string text,
                std::int64_t elapsed, std::array<std::int64_t, 2> clocks) {
    JournalRow r = row(1, index, K::kAction, seq, seat, std::move(text), clocks);
    r.elapsed_ms = elapsed;
    return r;
  };
  auto bad = [](std::int64_t index, Seat seat, std::string text, std::string reason,
                std::array<std::int64_t, 2> clocks) {
    JournalRow r = row(1, index, K::kIllegal, 0, seat, std::move(text), clocks);
    r.reason = std::move(reason);
    return r;
  };
  const std::vector<JournalRow> expected = {
      row(1, 1, K::kStart, 1, kPublic, "rule=renju", {9000, 9000}),
      bad(2, 1, "h8", "not your turn", {9000, 9000}),
      act(3, 2, 0, "h8", 10, {8990, 9000}),
      bad(4, 0, "zz", "not your turn", {8990, 9000}),
      act(5, 3, 1, "h9", 20, {8990, 8980}),
      bad(6, 0, "h9", "occupied", {8990, 8980})};
  EXPECT_EQ(*j1, expected);
  auto j2 = db.journal_of(2);
  ASSERT_EQ(j2->size(), 3u);
  EXPECT_EQ((*j2)[2].kind, K::kEnd);
  EXPECT_EQ((*j2)[2].seq, 3);
  EXPECT_EQ((*j2)[2].clock_ms, (std::array<std::int64_t, 2>{8970, 9000}));
  EXPECT_EQ((*j2)[2].outcome, (Outcome{Ending::kResignation, 1, ""}));
  EXPECT_TRUE(db.journal_of(3)->empty());
  // The journal goes on where version 1 stopped.
  EXPECT_TRUE(db.append_journal(act(7, 4, 0, "i9", 5, {1, 2}), 60).ok());
  EXPECT_TRUE(db.integrity_check().ok());
}

}  // namespace
}  // namespace boyi::storage
