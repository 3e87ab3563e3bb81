// The action journal: gap-free sequences, rejections, resume points, threads.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "server/storage/database.h"
#include "server/storage/test_support.h"

namespace boyi::storage {
namespace {

using testing::TempDir;

struct Fixture {
  TempDir tmp;
  std::unique_ptr<Database> db;
  Id a = 0, b = 0;

  Fixture() {
    auto opened = Database::open(DatabaseOptions(tmp.path()));
    EXPECT_TRUE(opened.ok()) << opened.message();
    if (!opened) return;
    db = std::move(opened).value();
    a = db->create_user(new_human("a"))->id;
    b = db->create_user(new_human("b"))->id;
  }

  Id running_match(std::int64_t started = 1000) {
    NewMatch m = new_match("gomoku", "rule=renju", {900000, 0, 0, 300});
    m.preset = "renju-ccgc";
    m.seats = {a, b};
    auto created = db->create_match(m);
    EXPECT_TRUE(created.ok()) << created.message();
    EXPECT_TRUE(db->start_match(created->id, started).ok());
    return created->id;
  }
};

Action action(Id match, std::int64_t seq, Seat seat, std::string text) {
  return Action{match,     seq, seat, std::move(text), 100 * seq, {900000 - seq, 890000 - seq},
                2000 + seq};
}

TEST(StorageJournal, AppendsInOrderAndReadsBack) {
  Fixture f;
  ASSERT_TRUE(f.db);
  Id m = f.running_match();
  std::vector<Action> written;
  const char* moves[] = {"h8", "h9", "i9", "g7"};
  for (int i = 0; i < 4; ++i) {
    written.push_back(action(m, i + 1, i % 2, moves[i]));
    auto s = f.db->append_action(written.back());
    ASSERT_TRUE(s.ok()) << s.message();
  }
  auto read = f.db->actions_of(m);
  ASSERT_TRUE(read.ok()) << read.message();
  EXPECT_EQ(*read, written);
  EXPECT_EQ(*f.db->last_seq(m), 4);
  EXPECT_EQ(*f.db->last_seq(m + 100), 0);
}

TEST(StorageJournal, RejectsGapsDuplicatesAndClosedMatches) {
  Fixture f;
  ASSERT_TRUE(f.db);
  Id m = f.running_match();
  auto gap = f.db->append_action(action(m, 2, 0, "h8"));
  ASSERT_FALSE(gap.ok());
  EXPECT_NE(gap.message().find("gap in seq (last is 0)"), std::string::npos) << gap.message();
  ASSERT_TRUE(f.db->append_action(action(m, 1, 0, "h8")).ok());
  auto dup = f.db->append_action(action(m, 1, 1, "h9"));
  ASSERT_FALSE(dup.ok());
  EXPECT_NE(dup.message().find("duplicate seq (last is 1)"), std::string::npos) << dup.message();
  auto gap2 = f.db->append_action(action(m, 3, 1, "h9"));
  ASSERT_FALSE(gap2.ok());
  EXPECT_NE(gap2.message().find("gap"), std::string::npos);

  EXPECT_FALSE(f.db->append_action(action(m, 2, 2, "h9")).ok());  // bad seat
  EXPECT_FALSE(f.db->append_action(action(m, 2, 1, "")).ok());    // empty text
  Action negative = action(m, 2, 1, "h9");
  negative.think_ms = -1;
  EXPECT_FALSE(f.db->append_action(negative).ok());

  auto nomatch = f.db->append_action(action(m + 50, 1, 0, "h8"));
  ASSERT_FALSE(nomatch.ok());
  EXPECT_NE(nomatch.message().find("no such match"), std::string::npos);

  // A waiting match takes no actions; neither does a finished one.
  NewMatch w = new_match("dots", "", {1000, 0, 0, 0});
  auto waiting = f.db->create_match(w);
  auto refused = f.db->append_action(action(waiting->id, 1, 0, "A1"));
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.message().find("the match is waiting"), std::string::npos);
  ASSERT_TRUE(f.db->finish_match(m, {Ending::kResignation, 0, ""}, 9000).ok());
  auto after = f.db->append_action(action(m, 2, 1, "h9"));
  ASSERT_FALSE(after.ok());
  EXPECT_NE(after.message().find("the match is finished"), std::string::npos);
  EXPECT_EQ(f.db->actions_of(m)->size(), 1u);
}

TEST(StorageJournal, SequencesArePerMatch) {
  Fixture f;
  ASSERT_TRUE(f.db);
  Id m1 = f.running_match();
  Id m2 = f.running_match();
  ASSERT_TRUE(f.db->append_action(action(m1, 1, 0, "h8")).ok());
  ASSERT_TRUE(f.db->append_action(action(m2, 1, 0, "a1")).ok());
  ASSERT_TRUE(f.db->append_action(action(m2, 2, 1, "a2")).ok());
  EXPECT_EQ(f.db->actions_of(m1)->size(), 1u);
  EXPECT_EQ(f.db->actions_of(m2)->size(), 2u);
}

TEST(StorageJournal, ResumePointFromActionsRejectionsAndHeartbeat) {
  Fixture f;
  ASSERT_TRUE(f.db);
  Id m = f.running_match(/*started=*/1500);
  auto fresh = f.db->resume_point(m);
  ASSERT_TRUE(fresh.ok()) << fresh.message();
  EXPECT_TRUE(fresh->actions.empty());
  EXPECT_EQ(fresh->clock_ms, (std::array<std::int64_t, 2>{900000, 900000}));
  EXPECT_EQ(fresh->turn_started_ms, 1500);
  EXPECT_FALSE(fresh->last_alive_ms);

  ASSERT_TRUE(f.db->record_rejection({m, 0, 0, "z99", "off the board", 1600}).ok());
  ASSERT_TRUE(f.db->append_action(action(m, 1, 0, "h8")).ok());
  ASSERT_TRUE(f.db->append_action(action(m, 2, 1, "h9")).ok());
  ASSERT_TRUE(f.db->record_rejection({m, 2, 0, "h8", "occupied", 2100}).ok());
  ASSERT_TRUE(f.db->record_rejection({m, 2, 0, "h9", "occupied", 2200}).ok());
  ASSERT_TRUE(f.db->record_rejection({m, 2, 1, "i9", "not your turn", 2300}).ok());
  EXPECT_FALSE(f.db->record_rejection({m + 9, 0, 0, "x", "y", 1}).ok());
  EXPECT_FALSE(f.db->record_rejection({m, 0, 3, "x", "y", 1}).ok());
  ASSERT_TRUE(f.db->record_heartbeat(2500).ok());
  ASSERT_TRUE(f.db->record_heartbeat(2600).ok());

  auto p = f.db->resume_point(m);
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_EQ(p->match.id, m);
  ASSERT_EQ(p->actions.size(), 2u);
  EXPECT_EQ(p->clock_ms, action(m, 2, 1, "h9").clock_ms);
  EXPECT_EQ(p->turn_started_ms, action(m, 2, 1, "h9").wall_ms);
  EXPECT_EQ(p->rejected_this_turn, (std::array<int, 2>{2, 1}));
  EXPECT_EQ(p->last_alive_ms, 2600);
  auto rejections = f.db->rejections_of(m);
  ASSERT_EQ(rejections->size(), 4u);
  EXPECT_EQ((*rejections)[1], (Rejection{m, 2, 0, "h8", "occupied", 2100}));
  EXPECT_FALSE(f.db->resume_point(m + 9).ok());
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
      for (int s = 1; s <= kActions; ++s)
        if (!f.db->append_action(action(matches[t], s, s % 2, "m" + std::to_string(s))).ok())
          ++failures;
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  for (Id m : matches) {
    auto acts = f.db->actions_of(m);
    ASSERT_EQ(acts->size(), std::size_t{kActions});
    for (int s = 0; s < kActions; ++s) EXPECT_EQ((*acts)[s].seq, s + 1);
  }
  EXPECT_TRUE(f.db->integrity_check().ok());
}

}  // namespace
}  // namespace boyi::storage
