// Crash durability: a child process appends journal entries and is killed with
// SIGKILL at a random moment; every append that returned before the kill must be
// in the database when the parent reopens it, the journal gap-free, the file intact.
// The second test does it with several threads appending at once, so that the
// appends are group-committed in shared batches.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <functional>
#include <map>
#include <random>
#include <thread>

#include "server/storage/database.h"
#include "server/storage/test_database.h"
#include "server/storage/test_support.h"

namespace boyi::storage {
namespace {

// A child process that reports 8-byte values through a pipe, killed with SIGKILL.
struct KilledChild {
  std::vector<std::int64_t> reported;  // everything it wrote before it died
  bool killed = false;                 // SIGKILL, not the child itself, ended it
  int status = 0;
};

// Forks `child` (given the pipe's write end; it must never return), kills it `delay_ms`
// after the fork, or with `after_ready` after its first report (it opened the database and
// is about to append: how long opening takes is the machine's business, and a loaded one
// must not turn every round into a kill during the open), and collects what it reported.
// Writes of 8 bytes to a pipe are atomic.
KilledChild run_and_kill(const std::function<void(int write_fd)>& child, int delay_ms,
                         bool after_ready) {
  KilledChild out;
  int fds[2];
  if (::pipe(fds) != 0) return out;
  const pid_t pid = ::fork();
  if (pid < 0) return out;
  if (pid == 0) {
    ::close(fds[0]);
    child(fds[1]);
    ::_exit(0);
  }
  ::close(fds[1]);
  auto read_some = [&](int timeout_ms) {
    pollfd p{fds[0], POLLIN, 0};
    if (::poll(&p, 1, timeout_ms) <= 0) return false;
    std::int64_t buf[512];
    const ssize_t n = ::read(fds[0], buf, sizeof buf);
    if (n <= 0) return false;
    out.reported.insert(out.reported.end(), buf, buf + n / 8);
    return true;
  };
  if (after_ready) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (out.reported.empty() && std::chrono::steady_clock::now() < give_up) read_some(10);
  }
  const auto kill_at = std::chrono::steady_clock::now() + std::chrono::milliseconds(delay_ms);
  while (std::chrono::steady_clock::now() < kill_at) read_some(1);
  ::kill(pid, SIGKILL);
  ::waitpid(pid, &out.status, 0);
  while (read_some(100)) {
  }
  ::close(fds[0]);
  out.killed = WIFSIGNALED(out.status) && WTERMSIG(out.status) == SIGKILL;
  return out;
}

using testing::TempDir;

std::string move_text(std::int64_t seq) {
  return "move-" + std::to_string(seq * 7919 % 100003);
}

// The child: opens (migrating on the first round), finds or creates the running
// match, then appends until killed, writing each seq to `fd` after it returned.
[[noreturn]] void child(const std::filesystem::path& dir, int fd) {
  auto report = [fd](std::int64_t v) {
    if (::write(fd, &v, sizeof v) != sizeof v) ::_exit(3);
  };
  auto db = Database::open(testing::test_database_options(dir));
  if (!db) ::_exit(2);
  Database& d = *db.value();
  auto running = d.running_matches();
  if (!running) ::_exit(2);
  Id match = 0;
  if (running->empty()) {
    Id seats[2];
    const char* names[2] = {"red", "blue"};
    for (int i = 0; i < 2; ++i) {
      auto u = d.user_by_name(names[i]);
      if (!u) u = d.create_user(new_human(names[i]));
      if (!u) ::_exit(2);
      seats[i] = u->id;
    }
    NewMatch m = new_match("junqi", "", {1800000, 0, 0, 500});
    m.seats = {seats[0], seats[1]};
    auto created = d.create_match(m);
    if (!created || !testing::start_match(d, created->id, wall_clock_ms()).ok()) ::_exit(2);
    match = created->id;
  } else {
    match = running->front().id;
  }
  report(0);  // ready
  auto last = d.journal_position(match);
  if (!last) ::_exit(2);
  // After the start (index 1, seq 1) every entry is an action with seq = index.
  for (std::int64_t seq = last->first + 1; seq < last->first + 1000000; ++seq) {
    JournalRow a = testing::row(match, seq, JournalKind::kAction, seq, static_cast<Seat>(seq % 2),
                                move_text(seq), {1800000 - seq, 1800000 - 2 * seq});
    a.elapsed_ms = seq % 1000;
    if (!d.append_journal(a, wall_clock_ms()).ok()) {
      report(-1);
      ::_exit(4);
    }
    report(seq);
  }
  ::_exit(0);
}

TEST(StorageCrash, SigkillAtRandomPointsLosesNoReturnedAppend) {
  TempDir tmp;
  // The database exists (on PostgreSQL: is created) before any child opens it.
  (void)testing::test_database_options(tmp.path());
  ASSERT_TRUE(tmp.ok());
  std::mt19937 rng(20240611);
  std::int64_t max_reported = 0;
  int rounds_with_appends = 0;
  constexpr int kRounds = 12;
  for (int round = 0; round < kRounds; ++round) {
    // Kill after a random delay: a few rounds early (during open and migration),
    // the rest while appending.
    const bool early = round % 4 == 0;
    const int delay_ms = early ? static_cast<int>(rng() % 5) : 5 + static_cast<int>(rng() % 80);
    const auto run = run_and_kill([&](int fd) { child(tmp.path(), fd); }, delay_ms, !early);
    ASSERT_TRUE(run.killed) << "child ended on its own, status " << run.status;
    const std::vector<std::int64_t>& reported = run.reported;

    for (std::int64_t v : reported) {
      ASSERT_NE(v, -1) << "an append failed in the child";
      max_reported = std::max(max_reported, v);
    }
    if (reported.size() > 1) ++rounds_with_appends;

    // Reopen: every reported append is there, in order, without gaps, the file intact.
    auto db = Database::open(testing::test_database_options(tmp.path()));
    if (reported.empty()) {
      // Killed before it was ready; the file may not even exist yet, but if it
      // does, it must open.
      if (testing::testing_postgres() || std::filesystem::exists(tmp.path() / "boyi.sqlite3")) {
        ASSERT_TRUE(db.ok()) << db.message();
      }
      continue;
    }
    ASSERT_TRUE(db.ok()) << db.message();
    ASSERT_TRUE(db.value()->integrity_check().ok());
    auto running = db.value()->running_matches();
    ASSERT_TRUE(running.ok());
    ASSERT_EQ(running->size(), 1u);
    auto journal = db.value()->journal_of(running->front().id);
    ASSERT_TRUE(journal.ok()) << journal.message();
    ASSERT_GE(static_cast<std::int64_t>(journal->size()), max_reported);
    ASSERT_EQ(journal->front().kind, JournalKind::kStart);
    for (std::size_t i = 1; i < journal->size(); ++i) {
      const JournalRow& a = (*journal)[i];
      ASSERT_EQ(a.index, static_cast<std::int64_t>(i) + 1);
      ASSERT_EQ(a.seq, a.index);
      ASSERT_EQ(a.text, move_text(a.seq));
      ASSERT_EQ(a.seat, a.seq % 2);
      ASSERT_EQ(a.clock_ms[1], 1800000 - 2 * a.seq);
    }
  }
  RecordProperty("rounds_with_appends", rounds_with_appends);
  RecordProperty("last_seq", std::to_string(max_reported));
  std::printf("%d of %d rounds appended; %lld actions survived\n", rounds_with_appends, kRounds,
              static_cast<long long>(max_reported));
  EXPECT_GT(rounds_with_appends, 0) << "no round got as far as appending";
  EXPECT_GT(max_reported, 0);
}

// The threaded child: makes sure kMatches matches are running, then appends to
// each from its own thread until killed, writing {match, seq} to `fd` after each
// append returned. Writes of 16 bytes to a pipe are atomic.
constexpr int kMatches = 6;

[[noreturn]] void threaded_child(const std::filesystem::path& dir, int fd) {
  auto report = [fd](std::int64_t match, std::int64_t seq) {
    const std::int64_t v[2] = {match, seq};
    if (::write(fd, v, sizeof v) != sizeof v) ::_exit(3);
  };
  auto db = Database::open(testing::test_database_options(dir));
  if (!db) ::_exit(2);
  Database& d = *db.value();
  auto running = d.running_matches();
  if (!running) ::_exit(2);
  std::vector<Id> matches;
  for (const Match& m : *running) matches.push_back(m.id);
  Id seats[2];
  const char* names[2] = {"red", "blue"};
  for (int i = 0; i < 2; ++i) {
    auto u = d.user_by_name(names[i]);
    if (!u) u = d.create_user(new_human(names[i]));
    if (!u) ::_exit(2);
    seats[i] = u->id;
  }
  while (matches.size() < kMatches) {
    NewMatch m = new_match("dots", "", {1800000, 0, 0, 500});
    m.seats = {seats[0], seats[1]};
    auto created = d.create_match(m);
    if (!created || !testing::start_match(d, created->id, wall_clock_ms()).ok()) ::_exit(2);
    matches.push_back(created->id);
  }
  report(0, 0);  // ready
  std::vector<std::thread> threads;
  for (Id match : matches)
    threads.emplace_back([&d, &report, match] {
      auto last = d.journal_position(match);
      if (!last) ::_exit(2);
      for (std::int64_t seq = last->first + 1; seq < last->first + 1000000; ++seq) {
        JournalRow a =
            testing::row(match, seq, JournalKind::kAction, seq, static_cast<Seat>(seq % 2),
                         move_text(seq), {1800000 - seq, 1800000 - 2 * seq});
        if (!d.append_journal(a, wall_clock_ms()).ok()) {
          report(match, -1);
          ::_exit(4);
        }
        report(match, seq);
      }
    });
  for (auto& t : threads) t.join();
  ::_exit(0);
}

TEST(StorageCrash, SigkillDuringGroupCommitsLosesNoReturnedAppend) {
  TempDir tmp;
  // The database exists (on PostgreSQL: is created) before any child opens it.
  (void)testing::test_database_options(tmp.path());
  ASSERT_TRUE(tmp.ok());
  std::mt19937 rng(20240612);
  std::map<Id, std::int64_t> max_reported;
  int rounds_with_appends = 0;
  constexpr int kRounds = 10;
  for (int round = 0; round < kRounds; ++round) {
    const bool early = round % 4 == 0;
    const int delay_ms = early ? static_cast<int>(rng() % 5) : 10 + static_cast<int>(rng() % 100);
    const auto run =
        run_and_kill([&](int fd) { threaded_child(tmp.path(), fd); }, delay_ms, !early);
    ASSERT_TRUE(run.killed) << "child ended on its own, status " << run.status;
    const std::vector<std::int64_t>& reported = run.reported;
    ASSERT_EQ(reported.size() % 2, 0u) << "a torn report";
    int appends = 0;
    for (std::size_t i = 0; i < reported.size(); i += 2) {
      ASSERT_NE(reported[i + 1], -1) << "an append failed in the child";
      if (reported[i] == 0) continue;  // ready
      ++appends;
      auto& best = max_reported[reported[i]];
      best = std::max(best, reported[i + 1]);
    }
    if (appends > 0) ++rounds_with_appends;

    auto db = Database::open(testing::test_database_options(tmp.path()));
    if (reported.empty()) {
      if (testing::testing_postgres() || std::filesystem::exists(tmp.path() / "boyi.sqlite3")) {
        ASSERT_TRUE(db.ok()) << db.message();
      }
      continue;
    }
    ASSERT_TRUE(db.ok()) << db.message();
    ASSERT_TRUE(db.value()->integrity_check().ok());
    auto running = db.value()->running_matches();
    ASSERT_TRUE(running.ok());
    ASSERT_EQ(running->size(), std::size_t{kMatches});
    for (const Match& m : *running) {
      auto journal = db.value()->journal_of(m.id);
      ASSERT_TRUE(journal.ok()) << journal.message();
      ASSERT_GE(static_cast<std::int64_t>(journal->size()), max_reported[m.id])
          << "match " << m.id << " lost an append that had returned";
      ASSERT_EQ(journal->front().kind, JournalKind::kStart);
      for (std::size_t i = 1; i < journal->size(); ++i) {
        const JournalRow& a = (*journal)[i];
        ASSERT_EQ(a.index, static_cast<std::int64_t>(i) + 1);
        ASSERT_EQ(a.seq, a.index);
        ASSERT_EQ(a.text, move_text(a.seq));
        ASSERT_EQ(a.clock_ms[1], 1800000 - 2 * a.seq);
      }
    }
  }
  std::int64_t survived = 0;
  for (const auto& [match, seq] : max_reported) survived += seq;
  std::printf("%d of %d rounds appended; %lld returned appends checked over %zu matches\n",
              rounds_with_appends, kRounds, static_cast<long long>(survived), max_reported.size());
  EXPECT_GT(rounds_with_appends, 0) << "no round got as far as appending";
}

}  // namespace
}  // namespace boyi::storage
