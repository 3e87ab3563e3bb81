// bots-deadline-bench: how late the built-in searches answer on a loaded machine. The machine
// is loaded by busy threads of this program (plus whatever else runs); the player under test
// plays seat 0 of games against the random player, and every answer's thinking time is
// compared with its hard deadline (the per-move limit less the margin): a search promises
// never to cross it. Prints, per player: answers, how many came more than 5 ms late, the
// worst, and how many went past the per-move limit itself.
//
//   bots-deadline-bench [answers=60] [ms=300] [margin=30] [busy=3] [seed=1] [only=SPEC]
//
// By default it measures uct on 点格棋 (reuse on and off) at `ms`, and loop-mcts on
// 苏拉卡尔塔 at 1000 ms with a 100 ms margin (the setting of a game lost on time).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "bots/player.h"
#include "engine/dots/dots.h"
#include "engine/surakarta/surakarta.h"

namespace {

namespace bots = boyi::bots;
using Millis = bots::Millis;

struct Settings {
  int answers = 60;
  Millis ms = 300;
  Millis margin = 30;
  int busy = 3;
  std::uint64_t seed = 1;
  std::string only;
};

struct Tally {
  int answers = 0;
  int late = 0;            // more than 5 ms past the hard deadline
  int past_limit = 0;      // past the per-move limit itself: a game lost on time
  double worst_ms = -1e9;  // the latest answer, relative to the hard deadline
};

// Threads that spin until stopped: a run queue of `count` more on this machine.
class BusyLoad {
 public:
  explicit BusyLoad(int count) {
    for (int i = 0; i < count; ++i)
      threads_.emplace_back([this] {
        volatile std::uint64_t x = 1;
        while (!stop_.load(std::memory_order_relaxed)) x = x * 6364136223846793005ull + 1;
      });
  }
  ~BusyLoad() {
    stop_ = true;
    for (auto& t : threads_) t.join();
  }

 private:
  std::atomic<bool> stop_{false};
  std::vector<std::thread> threads_;
};

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one;
  in >> one;
  return in ? one : "?";
}

template <class G>
Tally measure(const std::string& spec, Millis ms, Millis margin, const Settings& set,
              const std::function<G()>& fresh) {
  Tally t;
  auto made = bots::make_player<G>(spec, set.seed);
  auto random = bots::make_player<G>("random", set.seed + 1);
  if (!made || !random) {
    std::fprintf(stderr, "bad player %s: %s\n", spec.c_str(), made.message().c_str());
    std::exit(2);
  }
  auto& player = **made;
  const bots::TimeControl tc = bots::TimeControl::per_move(ms, margin);
  const Millis hard = bots::TimeBudget::hard_limit_ms(tc);
  while (t.answers < set.answers) {
    G s = fresh();
    while (!s.is_terminal() && t.answers < set.answers) {
      const boyi::Seat seat = s.to_move();
      if (seat != 0) {
        s.apply((*random)->choose(s, seat, bots::TimeBudget(tc)));
        continue;
      }
      const auto t0 = std::chrono::steady_clock::now();
      const auto move = player.choose(s, seat, bots::TimeBudget(tc));
      const double took =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      const double late = took - static_cast<double>(hard);
      ++t.answers;
      t.late += late > 5.0;
      t.past_limit += took > static_cast<double>(ms);
      t.worst_ms = std::max(t.worst_ms, late);
      s.apply(move);
    }
  }
  return t;
}

void report(const std::string& name, Millis ms, Millis margin, const Tally& t) {
  std::printf(
      "%-28s %5lld ms (margin %3lld)  answers %3d  late>5ms %3d  worst %+8.1f ms  "
      "past the limit %d\n",
      name.c_str(), static_cast<long long>(ms), static_cast<long long>(margin), t.answers, t.late,
      t.worst_ms, t.past_limit);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  Settings set;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto eq = arg.find('=');
    const std::string key = arg.substr(0, eq),
                      value = eq == std::string::npos ? "" : arg.substr(eq + 1);
    if (key == "answers")
      set.answers = std::atoi(value.c_str());
    else if (key == "ms")
      set.ms = std::atoll(value.c_str());
    else if (key == "margin")
      set.margin = std::atoll(value.c_str());
    else if (key == "busy")
      set.busy = std::atoi(value.c_str());
    else if (key == "seed")
      set.seed = std::strtoull(value.c_str(), nullptr, 10);
    else if (key == "only")
      set.only = value;
    else {
      std::fprintf(stderr,
                   "usage: bots-deadline-bench [answers=60] [ms=300] [margin=30] [busy=3] "
                   "[seed=1] [only=SPEC]\n");
      return 2;
    }
  }
  const std::function<boyi::dots::State()> dots = [] {
    return boyi::dots::State(boyi::dots::Rules{});
  };
  const std::function<boyi::surakarta::State()> surakarta = [] { return boyi::surakarta::State(); };
  std::printf("load average before: %s; %d busy threads\n", load_average().c_str(), set.busy);
  {
    const BusyLoad load(set.busy);
    for (const std::string spec : {"uct", "uct:reuse=0"})
      if (set.only.empty() || set.only == spec)
        report("dots " + spec, set.ms, set.margin, measure(spec, set.ms, set.margin, set, dots));
    if (set.only.empty() || set.only == "loop-mcts")
      report("surakarta loop-mcts", 1000, 100,
             measure(std::string("loop-mcts"), 1000, 100, set, surakarta));
    std::printf("load average at the end: %s\n", load_average().c_str());
  }
  return 0;
}
