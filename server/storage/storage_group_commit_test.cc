// Group commit of journal appends: many threads on many matches, refusals that
// stay with their own entry inside a shared batch, batch-wide failures, and the
// old one-transaction-per-append path.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <thread>

#include "server/storage/database.h"
#include "server/storage/test_database.h"
#include "server/storage/test_support.h"

namespace boyi::storage {
namespace {

using testing::row;
using testing::TempDir;
using K = JournalKind;

JournalRow action(Id m, std::int64_t index, std::int64_t seq, Seat seat) {
  JournalRow r = row(m, index, K::kAction, seq, seat, "m" + std::to_string(seq),
                     {600000 - seq, 600000 - 2 * seq});
  r.elapsed_ms = seq;
  return r;
}

struct Fixture {
  TempDir tmp;
  std::unique_ptr<Database> db;
  Id a = 0, b = 0;

  DatabaseOptions options;
  explicit Fixture(DatabaseOptions given = DatabaseOptions()) : options(given) {
    const DatabaseOptions test = testing::test_database_options(tmp.path());
    options.data_dir = test.data_dir;
    options.storage = test.storage;
    auto opened = Database::open(options);
    EXPECT_TRUE(opened.ok()) << opened.message();
    if (!opened) return;
    db = std::move(opened).value();
    a = db->create_user(new_human("a"))->id;
    b = db->create_user(new_human("b"))->id;
  }
  Id running_match() {
    NewMatch m = new_match("dots", "", {600000, 0, 0, 0});
    m.seats = {a, b};
    auto created = db->create_match(m);
    EXPECT_TRUE(created.ok()) << created.message();
    EXPECT_TRUE(testing::start_match(*db, created->id, 1).ok());
    return created->id;
  }
};

// Waits (bounded) until `committing` appends are in a (blocked) batch and `queued`
// more wait behind it.
bool wait_for(Database& db, std::int64_t committing, std::int64_t queued) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < deadline) {
    auto s = db.group_commit_stats();
    if (s.committing == committing && s.queued == queued) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return false;
}

TEST(StorageGroupCommit, ManyThreadsManyMatchesWithInvalidEntries) {
  Fixture f;
  ASSERT_TRUE(f.db);
  constexpr int kThreads = 16, kMatchesPerThread = 3, kRounds = 30;
  std::vector<std::vector<Id>> owned(kThreads);
  for (auto& list : owned)
    for (int i = 0; i < kMatchesPerThread; ++i) list.push_back(f.running_match());
  std::atomic<int> wrong{0};
  std::vector<std::string> problems(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      std::vector<std::int64_t> next(kMatchesPerThread, 2);  // index = seq after the start
      for (int round = 0; round < kRounds; ++round)
        for (int i = 0; i < kMatchesPerThread; ++i) {
          const Id m = owned[t][i];
          const std::int64_t n = next[i];
          // Every fifth append of a thread is invalid in one of four ways.
          const int kind = (round * kMatchesPerThread + i + t) % 5;
          JournalRow r = action(m, n, n, static_cast<Seat>(n % 2));
          std::string expect;
          if (kind == 1) r.seq = n + 1, expect = "seq " + std::to_string(n + 1) + ", expected";
          if (kind == 2) r.index = n + 3, expect = "gap in index";
          if (kind == 3) r.index = n - 1, expect = "duplicate index";
          if (kind == 4 && round % 2 == 0) r.text.clear(), expect = "an action needs its text";
          auto s = f.db->append_journal(r, n);
          if (expect.empty()) {
            if (!s) ++wrong, problems[t] = s.message();
            ++next[i];
          } else {
            const std::string prefix = "journal entry " + std::to_string(r.index) +
                                       " (action) of match " + std::to_string(m) + " refused: ";
            if (s || s.message().rfind(prefix, 0) != 0 ||
                s.message().find(expect) == std::string::npos)
              ++wrong, problems[t] = "expected '" + expect + "', got '" + s.message() + "'";
          }
        }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0) << [&] {
    std::string all;
    for (auto& p : problems) all += p + "\n";
    return all;
  }();
  for (const auto& list : owned)
    for (Id m : list) {
      auto j = f.db->journal_of(m);
      ASSERT_TRUE(j.ok()) << j.message();
      ASSERT_GT(j->size(), 1u);
      for (std::size_t i = 0; i < j->size(); ++i) {
        const auto n = static_cast<std::int64_t>(i) + 1;
        ASSERT_EQ((*j)[i].index, n);
        ASSERT_EQ((*j)[i].seq, n);  // gapless
        if (i > 0) {
          ASSERT_EQ((*j)[i], action(m, n, n, static_cast<Seat>(n % 2)));
        }
      }
      EXPECT_EQ(*f.db->journal_position(m),
                std::make_pair(std::int64_t(j->size()), std::int64_t(j->size())));
    }
  auto stats = f.db->group_commit_stats();
  EXPECT_EQ(stats.appends, kThreads * kMatchesPerThread * (kRounds + 1));  // with the starts
  EXPECT_LE(stats.batches, stats.appends);
  EXPECT_EQ(stats.queued, 0);
  EXPECT_TRUE(f.db->integrity_check().ok());
}

// Appends entry 2 of each match while a side connection holds the write lock: the first
// (a valid action of matches[0]) forms a batch of one waiting for the lock, and the others,
// `make(i)` for match i, queue behind it and then share one batch. Returns each result.
std::vector<Status> append_as_one_batch(Fixture& f, const std::vector<Id>& matches,
                                        const std::function<JournalRow(int)>& make) {
  std::vector<Status> results(matches.size());
  testing::WriteLock lock(f.options);
  EXPECT_TRUE(lock.held());
  std::thread leader([&] { results[0] = f.db->append_journal(action(matches[0], 2, 2, 0), 5); });
  EXPECT_TRUE(wait_for(*f.db, 1, 0));
  std::vector<std::thread> threads;
  for (int i = 1; i < static_cast<int>(matches.size()); ++i)
    threads.emplace_back([&, i] { results[i] = f.db->append_journal(make(i), 5); });
  EXPECT_TRUE(wait_for(*f.db, 1, static_cast<std::int64_t>(matches.size()) - 1));
  lock.release();
  leader.join();
  for (auto& th : threads) th.join();
  return results;
}

// Entries queued behind a busy writer share one batch; each refusal stays with
// its own entry, the others commit.
TEST(StorageGroupCommit, RefusalsInASharedBatchRollBackAlone) {
  DatabaseOptions options;
  options.busy_timeout_ms = 120000;  // the batch waits for the lock below
  Fixture f(options);
  ASSERT_TRUE(f.db);
  constexpr int kMatches = 8;
  std::vector<Id> matches;
  for (int i = 0; i < kMatches; ++i) matches.push_back(f.running_match());
  const auto before = f.db->group_commit_stats();
  const auto results = append_as_one_batch(f, matches, [&](int i) {
    JournalRow r = action(matches[i], 2, 2, 0);
    if (i % 3 == 0) r.seq = 7;                  // refused: does not follow the journal
    if (i == 4) r.kind = K::kStart, r.seq = 1;  // refused by its own checks
    return r;
  });
  EXPECT_TRUE(results[0].ok()) << results[0].message();
  for (int i = 1; i < kMatches; ++i) {
    const auto j = f.db->journal_of(matches[i]);
    if (i % 3 == 0 || i == 4) {
      ASSERT_FALSE(results[i].ok()) << i;
      EXPECT_NE(results[i].message().find("of match " + std::to_string(matches[i]) + " refused"),
                std::string::npos);
      EXPECT_NE(results[i].message().find(i == 4 ? "start entry has index 1" : "seq 7, expected 2"),
                std::string::npos)
          << results[i].message();
      EXPECT_EQ(j->size(), 1u);
    } else {
      EXPECT_TRUE(results[i].ok()) << results[i].message();
      ASSERT_EQ(j->size(), 2u);
      EXPECT_EQ(j->back(), action(matches[i], 2, 2, 0));
    }
  }
  const auto after = f.db->group_commit_stats();
  EXPECT_EQ(after.appends - before.appends, kMatches);
  EXPECT_EQ(after.batches - before.batches, 2);  // the leader's, then everyone else's
  EXPECT_EQ(after.largest_batch, kMatches - 1);
}

// An entry whose statement fails (here a trigger refuses its text: nothing the checks
// foresee) is refused with the engine's message; the batch runs again without it and every
// other entry commits.
TEST(StorageGroupCommit, AFailedStatementRefusesItsEntryAndTheRestCommit) {
  DatabaseOptions options;
  options.busy_timeout_ms = 120000;  // the batch waits for the lock below
  Fixture f(options);
  ASSERT_TRUE(f.db);
  {
    auto side = testing::side_connection(f.options);
    ASSERT_TRUE(side);
    const bool pg = side->dialect() == SqlDialect::kPostgres;
    const Status made =
        pg ? side->exec(
                 "CREATE FUNCTION poison() RETURNS trigger AS $$ BEGIN "
                 "IF NEW.text = 'poison' THEN RAISE EXCEPTION 'poisoned entry'; END IF; "
                 "RETURN NEW; END $$ LANGUAGE plpgsql; "
                 "CREATE TRIGGER poison BEFORE INSERT ON journal FOR EACH ROW EXECUTE FUNCTION "
                 "poison()")
           : side->exec(
                 "CREATE TRIGGER poison BEFORE INSERT ON journal WHEN NEW.text = 'poison' "
                 "BEGIN SELECT RAISE(ABORT, 'poisoned entry'); END");
    ASSERT_TRUE(made.ok()) << made.message();
  }
  constexpr int kMatches = 6;
  std::vector<Id> matches;
  for (int i = 0; i < kMatches; ++i) matches.push_back(f.running_match());
  const auto before = f.db->group_commit_stats();
  const auto results = append_as_one_batch(f, matches, [&](int i) {
    JournalRow r = action(matches[i], 2, 2, 0);
    if (i == 2 || i == 4) r.text = "poison";
    return r;
  });
  EXPECT_TRUE(results[0].ok()) << results[0].message();
  for (int i = 1; i < kMatches; ++i) {
    const auto j = f.db->journal_of(matches[i]);
    if (i == 2 || i == 4) {
      ASSERT_FALSE(results[i].ok()) << i;
      EXPECT_NE(results[i].message().find("of match " + std::to_string(matches[i]) + " refused"),
                std::string::npos)
          << results[i].message();
      EXPECT_NE(results[i].message().find("poisoned entry"), std::string::npos)
          << results[i].message();
      EXPECT_EQ(j->size(), 1u);
    } else {
      EXPECT_TRUE(results[i].ok()) << i << ": " << results[i].message();
      ASSERT_EQ(j->size(), 2u);
      EXPECT_EQ(j->back(), action(matches[i], 2, 2, 0));
    }
  }
  const auto after = f.db->group_commit_stats();
  EXPECT_EQ(after.appends - before.appends, kMatches);
  EXPECT_EQ(after.batches - before.batches, 2);  // passes within a batch are not batches
  // The journal goes on for the refused matches.
  EXPECT_TRUE(f.db->append_journal(action(matches[2], 2, 2, 0), 6).ok());
  EXPECT_TRUE(f.db->integrity_check().ok());
}

// A batch that cannot commit fails every one of its entries, each named.
TEST(StorageGroupCommit, AFailedBatchFailsEveryEntry) {
  DatabaseOptions options;
  options.busy_timeout_ms = 20;
  Fixture f(options);
  ASSERT_TRUE(f.db);
  constexpr int kMatches = 6;
  std::vector<Id> matches;
  for (int i = 0; i < kMatches; ++i) matches.push_back(f.running_match());
  {
    testing::WriteLock lock(f.options);
    ASSERT_TRUE(lock.held());
    std::vector<Status> results(kMatches);
    std::vector<std::thread> threads;
    for (int i = 0; i < kMatches; ++i)
      threads.emplace_back(
          [&, i] { results[i] = f.db->append_journal(action(matches[i], 2, 2, 0), 5); });
    for (auto& th : threads) th.join();
    for (int i = 0; i < kMatches; ++i) {
      ASSERT_FALSE(results[i].ok());
      EXPECT_NE(results[i].message().find("journal entry 2 (action) of match " +
                                          std::to_string(matches[i]) + " refused"),
                std::string::npos)
          << results[i].message();
      EXPECT_NE(results[i].message().find("lock"), std::string::npos) << results[i].message();
    }
  }
  // Nothing was stored, and the journal goes on once the lock is gone.
  for (Id m : matches) {
    EXPECT_EQ(f.db->journal_of(m)->size(), 1u);
    EXPECT_TRUE(f.db->append_journal(action(m, 2, 2, 0), 6).ok());
    EXPECT_EQ(f.db->journal_of(m)->size(), 2u);
  }
}

// The old path (one transaction per append) keeps the same semantics.
TEST(StorageGroupCommit, OneTransactionPerAppendWhenOff) {
  DatabaseOptions options;
  options.group_commit = false;
  Fixture f(options);
  ASSERT_TRUE(f.db);
  constexpr int kThreads = 4, kActions = 25;
  std::vector<Id> matches;
  for (int i = 0; i < kThreads; ++i) matches.push_back(f.running_match());
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int s = 2; s <= kActions + 1; ++s)
        if (!f.db->append_journal(action(matches[t], s, s, s % 2), s).ok()) ++failures;
      auto refused = f.db->append_journal(action(matches[t], 5, 5, 0), 1);
      if (refused.ok() || refused.message().find("duplicate index") == std::string::npos)
        ++failures;
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  for (Id m : matches) EXPECT_EQ(f.db->journal_of(m)->size(), std::size_t{kActions + 1});
  EXPECT_EQ(f.db->group_commit_stats().batches, 0);
}

}  // namespace
}  // namespace boyi::storage
