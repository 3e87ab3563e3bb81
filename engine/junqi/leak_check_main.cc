// junqi-leak-check: the 军棋 leak property (leak_check.h) over many random games. Game i is
// the game of seed S + i, so a violation is reproduced by `--seed S+i --games 1`.
//
//   junqi-leak-check [--games 100000] [--seed 1] [--trials 6] [--threads N]
//
// Prints games, positions checked, messages and legal-move lists compared, the reshuffled
// worlds and the rejected ones, the time taken, and every violation (exit status 1).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/junqi/leak_check.h"

namespace {

using boyi::junqi::LeakOptions;
using boyi::junqi::LeakStats;

struct Settings {
  std::int64_t games = 100'000;
  std::uint64_t seed = 1;
  LeakOptions options;
  int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
};

bool parse(int argc, char** argv, Settings& set) {
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i];
    const char* value = argv[i + 1];
    if (key == "--games")
      set.games = std::atoll(value);
    else if (key == "--seed")
      set.seed = std::strtoull(value, nullptr, 10);
    else if (key == "--trials")
      set.options.trials = std::atoi(value);
    else if (key == "--threads")
      set.threads = std::max(1, std::atoi(value));
    else
      return false;
  }
  return argc % 2 == 1 && set.games >= 0 && set.options.trials >= 1;
}

}  // namespace

int main(int argc, char** argv) {
  Settings set;
  if (!parse(argc, argv, set)) {
    std::fprintf(stderr,
                 "usage: junqi-leak-check [--games N] [--seed S] [--trials T] [--threads N]\n");
    return 2;
  }
  const auto t0 = std::chrono::steady_clock::now();
  std::atomic<std::int64_t> next{0};
  std::mutex mutex;
  LeakStats total;
  std::vector<std::string> violations;
  std::vector<std::thread> workers;
  for (int t = 0; t < set.threads; ++t)
    workers.emplace_back([&] {
      LeakStats mine;
      std::vector<std::string> found;
      for (std::int64_t i; (i = next.fetch_add(1)) < set.games;)
        if (auto v = boyi::junqi::check_leak(set.seed + static_cast<std::uint64_t>(i), set.options,
                                             mine))
          found.push_back(*v);
      const std::lock_guard lock(mutex);
      total.add(mine);
      violations.insert(violations.end(), found.begin(), found.end());
    });
  for (auto& w : workers) w.join();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  std::printf(
      "junqi leak check: %lld games (seeds %llu..%llu), %lld positions checked, "
      "%lld messages and %lld legal-move lists compared\n",
      static_cast<long long>(total.games), static_cast<unsigned long long>(set.seed),
      static_cast<unsigned long long>(set.seed + static_cast<std::uint64_t>(set.games)) - 1,
      static_cast<long long>(total.positions), static_cast<long long>(total.messages),
      static_cast<long long>(total.move_lists));
  std::printf(
      "  %lld reshuffled worlds compared; %lld reshuffles broke the deployment rules, "
      "%lld could not replay the game, %lld ended apart (the enemy stuck in one world)\n",
      static_cast<long long>(total.worlds), static_cast<long long>(total.rejected_layouts),
      static_cast<long long>(total.rejected_replays), static_cast<long long>(total.stuck_endings));
  std::printf("  %.1f s on %d threads, %zu violations\n", seconds, set.threads, violations.size());
  std::sort(violations.begin(), violations.end());
  for (const auto& v : violations)
    std::printf("VIOLATION %s (reproduce: junqi-leak-check --seed %s --games 1)\n", v.c_str(),
                v.substr(5, v.find(',') - 5).c_str());
  return violations.empty() ? 0 : 1;
}
