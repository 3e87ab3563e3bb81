// Several servers on one database: claims, takeovers (a silent node, a stopped one, an
// earlier run of the same name, matches nobody claimed), the journal's fence against a node
// that lost its match, the tournament role, and two nodes taking over at once.
#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <thread>

#include "server/storage/cluster_store.h"
#include "server/storage/test_database.h"
#include "server/storage/test_support.h"

namespace boyi::storage {
namespace {

using testing::row;
using testing::TempDir;
using namespace std::chrono_literals;

constexpr std::int64_t kLongLease = 3'600'000;  // nobody falls silent
constexpr std::int64_t kShortLease = 30;

// One server's handle on the shared database (its own connection, as a process has).
std::unique_ptr<Database> open_db(const TempDir& tmp) {
  auto opened = Database::open(testing::test_database_options(tmp.path()));
  EXPECT_TRUE(opened.ok()) << opened.message();
  return opened ? std::move(opened).value() : nullptr;
}

struct Fixture {
  TempDir tmp;
  std::unique_ptr<Database> db = open_db(tmp);
  ClusterStore store{*db};
  Id a = db->create_user(new_human("a"))->id;
  Id b = db->create_user(new_human("b"))->id;

  Id waiting_match() {
    NewMatch m = new_match("gomoku", "rule=renju", {900000, 0, 0, 300});
    m.seats = {a, b};
    auto created = db->create_match(m);
    EXPECT_TRUE(created.ok()) << created.message();
    return created.ok() ? created->id : 0;
  }
  // A match claimed by `node` and started (its start entry written on `on`).
  Id hosted_match(Id node, Database* on = nullptr) {
    const Id id = waiting_match();
    EXPECT_TRUE(store.claim_match(id, node).ok());
    auto s = testing::start_match(on ? *on : *db, id, 1000);
    EXPECT_TRUE(s.ok()) << s.message();
    return id;
  }
  Id node(std::string_view name) {
    auto n = store.register_node(name);
    EXPECT_TRUE(n.ok()) << n.message();
    return n.ok() ? *n : 0;
  }
  std::vector<Id> take(Id node, std::int64_t lease) {
    auto taken = store.take_over_matches(node, lease, 100);
    EXPECT_TRUE(taken.ok()) << taken.message();
    return taken.ok() ? *taken : std::vector<Id>{};
  }
};

TEST(ClusterStore, AMatchIsClaimedByOneNodeOnly) {
  Fixture f;
  const Id n1 = f.node("one"), n2 = f.node("two");
  const Id m = f.waiting_match();
  ASSERT_TRUE(f.store.claim_match(m, n1).ok());
  auto again = f.store.claim_match(m, n2);
  EXPECT_FALSE(again.ok());
  EXPECT_NE(again.message().find("hosted by another server"), std::string::npos);
  EXPECT_EQ(*f.store.owner_of(m), n1);
  EXPECT_EQ(*f.store.matches_of(n1), std::vector<Id>{m});
  EXPECT_TRUE(f.store.matches_of(n2)->empty());
  ASSERT_TRUE(f.store.release_match(m).ok());
  EXPECT_EQ(*f.store.owner_of(m), 0);
}

TEST(ClusterStore, ASilentNodesMatchesAreTakenOverAndALiveOnesAreNot) {
  Fixture f;
  const Id n1 = f.node("one"), n2 = f.node("two");
  const Id m = f.hosted_match(n1);
  EXPECT_TRUE(f.take(n2, kLongLease).empty());
  EXPECT_EQ(*f.store.owner_of(m), n1);
  std::this_thread::sleep_for(std::chrono::milliseconds(3 * kShortLease));
  ASSERT_TRUE(f.store.heartbeat(n2).ok());
  EXPECT_EQ(f.take(n2, kShortLease), std::vector<Id>{m});
  EXPECT_EQ(*f.store.owner_of(m), n2);
  // n2 beats; n1, silent, is not alive and has nothing left; n2 counts one takeover.
  auto nodes = f.store.nodes(kShortLease);
  ASSERT_TRUE(nodes.ok()) << nodes.message();
  ASSERT_EQ(nodes->size(), 1u);
  EXPECT_EQ(nodes->front().id, n2);
  EXPECT_TRUE(nodes->front().alive);
  EXPECT_EQ(nodes->front().matches, 1);
  EXPECT_EQ(nodes->front().takeovers, 1);
}

TEST(ClusterStore, AStoppedNodeAndAnEarlierRunOfTheSameNameLoseTheirMatchesAtOnce) {
  Fixture f;
  const Id first_run = f.node("alpha"), other = f.node("beta");
  const Id m1 = f.hosted_match(first_run), m2 = f.hosted_match(other);
  const Id bystander = f.node("gamma");
  EXPECT_TRUE(f.take(bystander, kLongLease).empty());  // both alive
  ASSERT_TRUE(f.store.mark_stopped(other).ok());
  const Id second_run = f.node("alpha");
  EXPECT_EQ(f.take(second_run, kLongLease), (std::vector<Id>{m1, m2}));
  // The earlier run never takes them back from the newer one of its name.
  EXPECT_TRUE(f.take(first_run, kLongLease).empty());
  EXPECT_EQ(*f.store.owner_of(m1), second_run);
}

TEST(ClusterStore, RunningMatchesNobodyClaimedAreTakenWaitingAndFinishedOnesAreNot) {
  Fixture f;
  const Id unclaimed_running = f.waiting_match();
  ASSERT_TRUE(testing::start_match(*f.db, unclaimed_running, 1000).ok());
  f.waiting_match();  // waiting, unclaimed: a seek nobody took
  const Id n1 = f.node("one");
  const Id finished = f.hosted_match(n1);
  ASSERT_TRUE(f.db->finish_match(finished, Outcome{Ending::kAborted, std::nullopt, "test"}, 2000)
                  .ok());
  ASSERT_TRUE(f.store.mark_stopped(n1).ok());
  const Id n2 = f.node("two");
  EXPECT_EQ(f.take(n2, kLongLease), std::vector<Id>{unclaimed_running});
}

TEST(ClusterStore, ANodeThatLostItsMatchCanNoLongerWriteItsJournal) {
  Fixture f;
  auto db1 = open_db(f.tmp), db2 = open_db(f.tmp);
  ASSERT_TRUE(db1 && db2);
  const Id n1 = f.node("one"), n2 = f.node("two");
  db1->set_hosting_node(n1);
  db2->set_hosting_node(n2);
  const Id m = f.hosted_match(n1, db1.get());
  // Only the host writes: n2 is refused while n1 hosts the match.
  auto by_n2 = db2->append_journal(row(m, 2, JournalKind::kAction, 2, 0, "h8"), 1100);
  EXPECT_NE(by_n2.message().find(kNotHostedHere), std::string::npos) << by_n2.message();
  ASSERT_TRUE(db1->append_journal(row(m, 2, JournalKind::kAction, 2, 0, "h8"), 1100).ok());
  std::this_thread::sleep_for(std::chrono::milliseconds(3 * kShortLease));
  ASSERT_TRUE(ClusterStore(*db2).heartbeat(n2).ok());
  auto taken = ClusterStore(*db2).take_over_matches(n2, kShortLease, 10);
  ASSERT_TRUE(taken.ok()) << taken.message();
  EXPECT_EQ(*taken, std::vector<Id>{m});
  auto late = db1->append_journal(row(m, 3, JournalKind::kAction, 3, 1, "h9"), 1200);
  EXPECT_NE(late.message().find(kNotHostedHere), std::string::npos) << late.message();
  ASSERT_TRUE(db2->append_journal(row(m, 3, JournalKind::kAction, 3, 1, "j9"), 1200).ok());
  auto journal = f.db->journal_of(m);
  ASSERT_TRUE(journal.ok());
  ASSERT_EQ(journal->size(), 3u);
  EXPECT_EQ((*journal)[2].text, "j9");
}

TEST(ClusterStore, OneNodeHoldsARoleUntilItStopsOrFallsSilent) {
  Fixture f;
  const Id n1 = f.node("one"), n2 = f.node("two");
  EXPECT_TRUE(*f.store.hold_role("tournaments", n1, kLongLease));
  EXPECT_TRUE(*f.store.hold_role("tournaments", n1, kLongLease));  // still its own
  EXPECT_FALSE(*f.store.hold_role("tournaments", n2, kLongLease));
  std::this_thread::sleep_for(std::chrono::milliseconds(3 * kShortLease));
  ASSERT_TRUE(f.store.heartbeat(n2).ok());
  EXPECT_TRUE(*f.store.hold_role("tournaments", n2, kShortLease));  // n1 fell silent
  EXPECT_FALSE(*f.store.hold_role("tournaments", n1, kLongLease));
  ASSERT_TRUE(f.store.mark_stopped(n2).ok());
  EXPECT_TRUE(*f.store.hold_role("tournaments", n1, kLongLease));
  ASSERT_TRUE(f.store.release_role("tournaments", n1).ok());  // n1 stopped cleanly
  const Id n3 = f.node("three");
  EXPECT_TRUE(*f.store.hold_role("tournaments", n3, kLongLease));
}

TEST(ClusterStore, TwoNodesTakingOverAtOnceShareTheMatchesWithoutOverlap) {
  Fixture f;
  const Id dead = f.node("dead");
  std::set<Id> hosted;
  for (int i = 0; i < 24; ++i) hosted.insert(f.hosted_match(dead));
  ASSERT_TRUE(f.store.mark_stopped(dead).ok());
  auto db1 = open_db(f.tmp), db2 = open_db(f.tmp);
  ASSERT_TRUE(db1 && db2);
  const Id n1 = f.node("one"), n2 = f.node("two");
  std::vector<Id> got1, got2;
  auto run = [](Database& db, Id node, std::vector<Id>& got) {
    ClusterStore store(db);
    for (;;) {
      auto taken = store.take_over_matches(node, kLongLease, 3);
      ASSERT_TRUE(taken.ok()) << taken.message();
      if (taken->empty()) return;
      got.insert(got.end(), taken->begin(), taken->end());
    }
  };
  std::thread t1([&] { run(*db1, n1, got1); });
  std::thread t2([&] { run(*db2, n2, got2); });
  t1.join();
  t2.join();
  std::set<Id> all(got1.begin(), got1.end());
  for (Id m : got2) EXPECT_TRUE(all.insert(m).second) << "match " << m << " taken twice";
  EXPECT_EQ(all, hosted);
  for (Id m : got1) EXPECT_EQ(*f.store.owner_of(m), n1);
  for (Id m : got2) EXPECT_EQ(*f.store.owner_of(m), n2);
}

}  // namespace
}  // namespace boyi::storage
