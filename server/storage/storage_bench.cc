// storage-bench: durable journal appends per second with 1, 8 and 64 threads
// appending at once (each to its own match), synchronous=FULL, with group commit
// on and off (one transaction and one fsync per append: the old path).
//
// BM_FencedAppends (PostgreSQL only: $BOYI_BENCH_STORAGE names the database) compares, in one
// run, appends with and without the cluster's fence (each append checks, under a row lock,
// that this node still hosts the match: server/cluster/README.md).
//
//   storage-bench [--benchmark_filter=...]   (data in $BOYI_BENCH_DIR or /tmp)
//
// Each iteration: every thread appends its share of kAppendsPerIteration entries,
// waiting for each to return (as a match's referee does) before the next.
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <thread>
#include <vector>

#include "server/storage/cluster_store.h"
#include "server/storage/database.h"
#include "server/storage/test_support.h"

namespace boyi::storage {
namespace {

constexpr int kAppendsPerIteration = 256;

class BenchDir {
 public:
  BenchDir() {
    const char* base = std::getenv("BOYI_BENCH_DIR");
    std::string pattern =
        ((base && *base) ? std::filesystem::path(base) : std::filesystem::temp_directory_path()) /
        "boyi-bench-XXXXXX";
    if (char* made = ::mkdtemp(pattern.data())) path_ = made;
  }
  ~BenchDir() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Appends by `threads` threads, each to its own match, for every iteration of `state`;
// `fenced`: the matches are claimed by a node and the database fences each append with it.
void run_appends(benchmark::State& state, DatabaseOptions options, int threads, bool fenced) {
  auto opened = Database::open(options);
  if (!opened) {
    state.SkipWithError(opened.message().c_str());
    return;
  }
  Database& db = *opened.value();
  // Names of their own: a PostgreSQL database keeps the users of earlier runs.
  static std::atomic<int> runs{0};
  const std::string tag = std::to_string(::getpid()) + "-" + std::to_string(++runs);
  auto a = db.create_user(new_human("bench-a-" + tag));
  auto b = db.create_user(new_human("bench-b-" + tag));
  if (!a || !b) {
    state.SkipWithError("cannot create users");
    return;
  }
  ClusterStore cluster(db);
  Id node = 0;
  if (fenced) {
    auto registered = cluster.register_node("bench");
    if (!registered) {
      state.SkipWithError(registered.message().c_str());
      return;
    }
    node = *registered;
  }
  std::vector<Id> matches;
  std::vector<std::int64_t> next(threads, 2);
  for (int t = 0; t < threads; ++t) {
    NewMatch m = new_match("dots", "", {1800000, 0, 0, 0});
    m.seats = {a->id, b->id};
    auto created = db.create_match(m);
    if (!created || (fenced && !cluster.claim_match(created->id, node).ok()) ||
        !testing::start_match(db, created->id, 1).ok()) {
      state.SkipWithError("cannot create a match");
      return;
    }
    matches.push_back(created->id);
  }
  db.set_hosting_node(node);
  const int per_thread = std::max(1, kAppendsPerIteration / threads);
  std::atomic<int> failures{0};
  for (auto _ : state) {
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
      workers.emplace_back([&, t] {
        for (int i = 0; i < per_thread; ++i) {
          const std::int64_t n = next[t]++;
          JournalRow r =
              testing::row(matches[t], n, JournalKind::kAction, n, static_cast<Seat>(n % 2),
                           "m" + std::to_string(n), {1800000 - n, 1800000 - n});
          if (!db.append_journal(r, n).ok()) ++failures;
        }
      });
    for (auto& w : workers) w.join();
  }
  if (failures.load() > 0) state.SkipWithError("an append failed");
  state.SetItemsProcessed(state.iterations() * per_thread * threads);
  const auto stats = db.group_commit_stats();
  if (stats.batches > 0) {
    state.counters["mean_batch"] =
        static_cast<double>(stats.appends) / static_cast<double>(stats.batches);
    state.counters["largest_batch"] = static_cast<double>(stats.largest_batch);
  }
}

void BM_DurableAppends(benchmark::State& state) {
  BenchDir dir;
  DatabaseOptions options(dir.path());
  options.synchronous_full = true;
  options.group_commit = state.range(1) != 0;
  run_appends(state, options, static_cast<int>(state.range(0)), false);
}

void BM_FencedAppends(benchmark::State& state) {
  const char* storage = std::getenv("BOYI_BENCH_STORAGE");
  if (!storage || !*storage) {
    state.SkipWithError("set BOYI_BENCH_STORAGE to a PostgreSQL database's URL");
    return;
  }
  BenchDir dir;
  DatabaseOptions options(dir.path());
  options.storage = storage;
  run_appends(state, options, static_cast<int>(state.range(0)), state.range(1) != 0);
}

BENCHMARK(BM_DurableAppends)
    ->ArgNames({"threads", "group_commit"})
    ->ArgsProduct({{1, 8, 64}, {1, 0}})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

BENCHMARK(BM_FencedAppends)
    ->ArgNames({"threads", "fenced"})
    ->ArgsProduct({{1, 8}, {0, 1}})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace boyi::storage
