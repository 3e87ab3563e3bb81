// Crash safety of refereed matches: a forked child runs several concurrent
// matches (random movers, illegal attempts, a resignation) through Referee +
// StorageJournal and is killed with SIGKILL at a random moment. It reports every
// append through a pipe (before: what it is about to store; after: that it was
// stored). The parent reopens the database and checks that every reported entry
// is there and nothing else (at most the one in flight), resumes every running
// match, plays each to its end, and checks the file's integrity.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <thread>

#include "referee/presets.h"
#include "server/hosting/resume.h"
#include "server/hosting/test_support.h"
#include "server/storage/test_database.h"

namespace boyi::hosting {
namespace {

using namespace testing;
using referee::JournalEntry;
using referee::MatchConfig;

enum RecordType : std::int64_t { kIntent = 1, kStored = 2, kState = 3, kAllOver = 4 };

// One fixed-size pipe message (a write under PIPE_BUF is atomic).
struct Record {
  std::int64_t type = 0;
  std::int64_t match = 0;
  std::int64_t index = 0;  // kIntent/kStored: the entry's; kState: entries so far
  std::int64_t kind = 0;
  std::int64_t seq = 0;
  std::int64_t seat = 0;
  std::uint64_t text_hash = 0;  // kState: the position hash
  std::int64_t clock0 = 0, clock1 = 0;
  std::int64_t ending = 0;  // kState: side to move
};

std::uint64_t fnv(std::string_view a, std::string_view b) {
  std::uint64_t h = 1469598103934665603ull;
  for (std::string_view s : {a, std::string_view("\x1f"), b})
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

Record describe_entry(RecordType type, std::int64_t match, std::int64_t index, int kind,
                      std::int64_t seq, Seat seat, std::string_view text, std::string_view reason,
                      std::array<std::int64_t, 2> clocks, Ending ending) {
  return {type,
          match,
          index,
          kind,
          seq,
          seat,
          fnv(text, reason),
          clocks[0],
          clocks[1],
          static_cast<std::int64_t>(ending)};
}

// The child's journal: reports what it is about to store, stores, reports it stored.
class ReportingJournal final : public referee::MatchJournal {
 public:
  ReportingJournal(storage::Database& db, storage::Id id, int fd)
      : inner_(db, id), id_(id), fd_(fd) {}
  Status append(const JournalEntry& e) override {
    Record r = describe_entry(kIntent, id_, static_cast<std::int64_t>(e.index),
                              static_cast<int>(e.kind), static_cast<std::int64_t>(e.seq), e.seat,
                              e.text, e.reason, e.clock_ms, e.outcome.ending);
    send(r);
    Status s = inner_.append(e);
    if (!s) ::_exit(6);  // the test expects every append to succeed
    r.type = kStored;
    send(r);
    ++entries_;
    return s;
  }
  void send(const Record& r) const {
    if (::write(fd_, &r, sizeof r) != static_cast<ssize_t>(sizeof r)) ::_exit(3);
  }
  std::int64_t entries() const { return entries_; }

 private:
  StorageJournal inner_;
  storage::Id id_;
  int fd_;
  std::int64_t entries_ = 0;
};

const char* kPresets[] = {"junqi-ccgc", "renju-ccgc", "dots-ccgc", "surakarta-ccgc"};

struct ChildMatch {
  storage::Id id = 0;
  std::unique_ptr<ReportingJournal> journal;
  std::unique_ptr<Referee> referee;
  std::unique_ptr<AnyGame> shadow;
};

// The child: four matches, one per game, played in turns by random movers until
// every one is over (or the parent kills it, which is the point).
[[noreturn]] void child(const std::filesystem::path& dir, int fd, std::uint64_t seed) {
  auto opened = storage::Database::open(storage::testing::test_database_options(dir));
  if (!opened) ::_exit(2);
  storage::Database& db = *opened.value();
  auto red = db.create_user(storage::new_human("red"));
  auto blue = db.create_user(storage::new_bot("blue"));
  if (!red || !blue) ::_exit(2);
  Rng rng(seed);
  TimePoint now = kT0;
  std::vector<ChildMatch> matches;
  for (const char* name : kPresets) {
    MatchConfig c = referee::config_from_preset(*referee::find_preset(name), "");
    c.illegal = referee::IllegalMovePolicy::retry(4);
    auto stored = create_stored_match(db, c, {red->id, blue->id}, MatchOrigin::casual(name));
    if (!stored) ::_exit(2);
    ChildMatch m;
    m.id = *parse_match_id(stored->match_id);
    m.journal = std::make_unique<ReportingJournal>(db, m.id, fd);
    auto r = Referee::create(*stored, *m.journal, now);
    if (!r) ::_exit(2);
    m.referee = std::move(r).value();
    m.shadow = std::move(create_game(stored->game, stored->rules_text).value());
    matches.push_back(std::move(m));
  }
  const int resign_after = 4 + static_cast<int>(rng.below(10));
  for (int step = 0; step < 200000; ++step) {
    bool any = false;
    for (std::size_t i = 0; i < matches.size(); ++i) {
      ChildMatch& m = matches[i];
      Referee& r = *m.referee;
      if (r.finished()) continue;
      any = true;
      now += std::chrono::milliseconds(rng.below(1500));
      const Seat seat = acting_seat(r);
      if (i == 1 && r.actions() == resign_after) {
        if (!r.resign(seat, now).ok()) ::_exit(5);
      } else if (rng.below(40) == 0) {
        r.submit(static_cast<Seat>(rng.below(2)), "zz-not-a-move", now);
      } else if (seat != kPublic) {
        const std::string move = m.shadow->random_move(seat, rng);
        const auto res = r.submit(seat, move, now);
        if (res.accepted()) {
          if (!m.shadow->play(seat, move)) ::_exit(5);
        } else if (res.status != referee::SubmitResult::Status::kGameOver) {
          ::_exit(5);
        }
      }
      Record state{kState, m.id, m.journal->entries(), 0, 0, 0, r.hash(), 0, 0, r.to_move()};
      m.journal->send(state);
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
    if (!any) break;
  }
  Record over{};
  over.type = kAllOver;
  if (::write(fd, &over, sizeof over) != static_cast<ssize_t>(sizeof over)) ::_exit(3);
  ::_exit(0);
}

struct Reports {
  std::vector<Record> records;
  std::string partial;
  bool all_over = false;
};

bool read_reports(int fd, Reports& out, int timeout_ms) {
  pollfd p{fd, POLLIN, 0};
  if (::poll(&p, 1, timeout_ms) <= 0) return false;
  char buf[sizeof(Record) * 64];
  const ssize_t n = ::read(fd, buf, sizeof buf);
  if (n <= 0) return false;
  out.partial.append(buf, static_cast<std::size_t>(n));
  while (out.partial.size() >= sizeof(Record)) {
    Record r;
    std::memcpy(&r, out.partial.data(), sizeof r);
    out.partial.erase(0, sizeof r);
    out.all_over = out.all_over || r.type == kAllOver;
    out.records.push_back(r);
  }
  return true;
}

// Plays a resumed match to its end with random movers through its own journal.
void play_to_end(storage::Database& db, LiveMatch& live, Rng& rng, TimePoint& now) {
  Referee& r = *live.referee;
  for (Seat s : {0, 1}) ASSERT_TRUE(r.on_reconnect(s, now).ok());
  auto rows = db.journal_of(live.id);
  ASSERT_TRUE(rows.ok());
  std::vector<JournalEntry> entries;
  for (const auto& row : *rows) entries.push_back(*to_entry(row));
  auto shadow = shadow_of(config_of(*db.match_by_id(live.id)), entries);
  ASSERT_NE(shadow, nullptr);
  ASSERT_EQ(shadow->hash(), r.hash());
  for (int step = 0; step < 20000 && !r.finished(); ++step) {
    now += std::chrono::milliseconds(rng.below(1500));
    random_step(r, *shadow, rng, now, false);
    if (::testing::Test::HasFailure()) return;
  }
  ASSERT_TRUE(r.finished()) << "a resumed match did not end";
}

struct Totals {
  int rounds_killed = 0, running_at_kill = 0, finished = 0, in_flight_landed = 0;
};

void one_round(std::uint64_t seed, Totals& totals) {
  storage::testing::TempDir tmp;
  ASSERT_TRUE(tmp.ok());
  // The database exists (on PostgreSQL: is created) before the child opens it.
  (void)storage::testing::test_database_options(tmp.path());
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ::close(fds[0]);
    child(tmp.path(), fds[1], seed);
  }
  ::close(fds[1]);
  Rng rng(seed);
  Reports reports;
  // Wait (at most 30 s) until the matches are under way, then a random moment more.
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (reports.records.size() < 8 && std::chrono::steady_clock::now() < give_up)
    read_reports(fds[0], reports, 10);
  const auto kill_at =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(10 + rng.below(300));
  while (std::chrono::steady_clock::now() < kill_at && !reports.all_over)
    read_reports(fds[0], reports, 1);
  ::kill(pid, SIGKILL);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  while (read_reports(fds[0], reports, 100)) {
  }
  ::close(fds[0]);
  ASSERT_TRUE(WIFSIGNALED(status) || (WIFEXITED(status) && WEXITSTATUS(status) == 0))
      << "the child failed on its own, status " << status;
  if (WIFSIGNALED(status)) ++totals.rounds_killed;

  // What the child said it stored, per match; and the one append that may be in flight.
  std::map<storage::Id, std::vector<Record>> stored;
  std::map<storage::Id, Record> last_state;
  std::optional<Record> in_flight;
  for (const Record& r : reports.records) {
    if (r.type == kIntent) in_flight = r;
    if (r.type == kStored) {
      stored[r.match].push_back(r);
      in_flight.reset();
    }
    if (r.type == kState) last_state[r.match] = r;
  }

  auto opened = storage::Database::open(storage::testing::test_database_options(tmp.path()));
  ASSERT_TRUE(opened.ok()) << opened.message();
  storage::Database& db = *opened.value();
  ASSERT_TRUE(db.integrity_check().ok());
  auto all = db.list_matches(std::nullopt, 100);
  ASSERT_TRUE(all.ok());
  ASSERT_LE(all->size(), 4u);
  for (const storage::Match& m : *all) {
    auto rows = db.journal_of(m.id);
    ASSERT_TRUE(rows.ok()) << rows.message();
    const auto& told = stored[m.id];
    std::vector<Record> expected = told;
    if (rows->size() == told.size() + 1 && in_flight && in_flight->match == m.id) {
      expected.push_back(*in_flight);  // stored just before the kill, not yet reported
      ++totals.in_flight_landed;
    }
    ASSERT_EQ(rows->size(), expected.size()) << "match " << m.id;
    std::array<int, 2> illegal{};
    for (std::size_t i = 0; i < rows->size(); ++i) {
      const storage::JournalRow& row = (*rows)[i];
      const Record want = expected[i];
      const Record got = describe_entry(
          kIntent, m.id, row.index, static_cast<int>(row.kind), row.seq, row.seat,
          row.kind == storage::JournalKind::kStart ? std::string_view(row.text) : row.text,
          row.reason, row.clock_ms, row.outcome.ending);
      EXPECT_EQ(got.index, want.index);
      EXPECT_EQ(got.kind, want.kind);
      EXPECT_EQ(got.seq, want.seq);
      EXPECT_EQ(got.seat, want.seat);
      EXPECT_EQ(got.text_hash, want.text_hash) << "entry " << row.index << ": " << row.text;
      EXPECT_EQ(got.clock0, want.clock0);
      EXPECT_EQ(got.clock1, want.clock1);
      EXPECT_EQ(got.ending, want.ending) << "entry " << row.index;
      if (row.kind == storage::JournalKind::kIllegal) ++illegal[static_cast<std::size_t>(row.seat)];
    }
    if (::testing::Test::HasFailure()) return;
    if (m.status == storage::MatchStatus::kRunning) ++totals.running_at_kill;
  }

  // Resume every running match; none is refused. Then play each to its end.
  TimePoint now = kT0 + std::chrono::hours(24);
  auto resume_result = resume_all(db, now);
  ASSERT_TRUE(resume_result.ok()) << resume_result.message();
  ResumeResult resumed = std::move(resume_result).value();
  EXPECT_TRUE(resumed.aborted.empty()) << resumed.aborted.front().reason;
  for (LiveMatch& live : resumed.resumed) {
    auto rows = db.journal_of(live.id);
    std::array<int, 2> illegal{};
    for (const auto& row : *rows)
      if (row.kind == storage::JournalKind::kIllegal) ++illegal[static_cast<std::size_t>(row.seat)];
    for (Seat s : {0, 1}) EXPECT_EQ(live.referee->attempts_used(s), illegal[s]);
    // The position the child last reported, unless an entry landed after that report.
    auto state = last_state.find(live.id);
    if (state != last_state.end() &&
        state->second.index == static_cast<std::int64_t>(rows->size())) {
      EXPECT_EQ(live.referee->hash(), state->second.text_hash);
      EXPECT_EQ(live.referee->to_move(), state->second.ending);
    }
    EXPECT_EQ(live.seats[0], all->front().seats[0]);
    play_to_end(db, live, rng, now);
    if (::testing::Test::HasFailure()) return;
    ++totals.finished;
  }
  // Everything is over now, and each stored journal replays to its stored outcome.
  EXPECT_TRUE(load_resumable(db)->empty());
  auto after = db.list_matches(std::nullopt, 100);
  ASSERT_TRUE(after.ok());
  for (const storage::Match& m : *after) {
    if (m.status == storage::MatchStatus::kWaiting) continue;  // killed before its start
    auto rows = db.journal_of(m.id);
    std::vector<JournalEntry> entries;
    for (const auto& row : *rows) entries.push_back(*to_entry(row));
    referee::MemoryJournal scratch;
    auto replay = Referee::resume(config_of(m), entries, scratch, now);
    ASSERT_TRUE(replay.ok()) << replay.message();
    EXPECT_TRUE((*replay)->finished());
    EXPECT_EQ((*replay)->outcome(), m.outcome);
  }
  EXPECT_TRUE(db.integrity_check().ok());
}

TEST(HostingCrash, SigkillMidMatchesThenResumeAndFinish) {
  Totals totals;
  constexpr int kRounds = 5;
  for (int round = 0; round < kRounds; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    one_round(0xC0FFEEull + 7919ull * static_cast<std::uint64_t>(round), totals);
    if (::testing::Test::HasFailure()) return;
  }
  std::printf(
      "%d of %d rounds killed mid-play; %d matches running at the kill, all resumed and "
      "finished (%d); %d in-flight appends had landed\n",
      totals.rounds_killed, kRounds, totals.running_at_kill, totals.finished,
      totals.in_flight_landed);
  EXPECT_GT(totals.running_at_kill, 0);
  EXPECT_EQ(totals.finished, totals.running_at_kill);
}

}  // namespace
}  // namespace boyi::hosting
