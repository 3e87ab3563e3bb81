// bots-deadline-bench: how close to its per-move limit every built-in player answers on a
// loaded machine. Busy threads of this program load it (plus whatever else runs); each player
// plays seat 0 of games against `random` under each limit, and every answer's thinking time
// is compared with the limit. A search promises never to cross its hard deadline (the limit
// less the safety margin); the referee forfeits only past the limit itself.
//
//   bots-deadline-bench [answers=20] [ms=100,300,1000] [margin=30] [busy=4] [seed=1]
//                       [game=GAME] [only=NAME]
//
// The players are every game's `player_names` (the generic searches, the game's engines and
// the learned players where their library is built), with their default options. Prints per
// player and limit: answers; the worst answer against the limit (negative: inside it); how
// many came more than 5 ms past the hard deadline, and how many past the limit; and the
// longest gap between two reads of the search's clock — how long it went without looking
// at its deadline.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bots/player.h"
#include "engine/games.h"

namespace {

namespace bots = boyi::bots;
using Millis = bots::Millis;

struct Settings {
  int answers = 20;
  std::vector<Millis> limits = {100, 300, 1000};
  Millis margin = bots::TimeControl{}.safety_margin_ms;
  int busy = 4;
  std::uint64_t seed = 1;
  std::string game, only;
};

struct Tally {
  int answers = 0;
  int late = 0;               // more than 5 ms past the hard deadline
  int past_limit = 0;         // past the per-move limit itself: a game lost on time
  double worst_ms = -1e9;     // the latest answer, relative to the limit
  double longest_gap_ms = 0;  // between two reads of the search's clock
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

// The steady clock, remembering the longest time between two reads: every deadline check of
// a search reads its budget's clock.
class GapClock : public bots::Clock {
 public:
  GapClock() : last_(bots::steady_clock().now_ns()) {}
  std::int64_t now_ns() const override {
    const std::int64_t t = bots::steady_clock().now_ns();
    const std::int64_t gap = t - last_.exchange(t, std::memory_order_relaxed);
    std::int64_t seen = longest_.load(std::memory_order_relaxed);
    while (gap > seen && !longest_.compare_exchange_weak(seen, gap, std::memory_order_relaxed)) {
    }
    return t;
  }
  double longest_gap_ms() const { return static_cast<double>(longest_.load()) / 1e6; }

 private:
  mutable std::atomic<std::int64_t> last_;
  mutable std::atomic<std::int64_t> longest_{0};
};

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one;
  in >> one;
  return in ? one : "?";
}

// The seats that may act in `s` (both while 军棋's players deploy).
template <boyi::Game G>
std::vector<boyi::Seat> actors(const G& s) {
  if (s.to_move() != boyi::kPublic) return {s.to_move()};
  std::vector<boyi::Seat> seats;
  for (boyi::Seat i = 0; i < 2; ++i)
    if (s.can_act(i)) seats.push_back(i);
  return seats;
}

template <boyi::Game G>
Tally measure(const std::string& name, Millis ms, const Settings& set) {
  Tally t;
  auto made = bots::make_player<G>(name, set.seed);
  auto random = bots::make_player<G>("random", set.seed + 1);
  if (!made || !random) {
    std::fprintf(stderr, "bad player %s: %s\n", name.c_str(), made.message().c_str());
    std::exit(2);
  }
  const bots::TimeControl tc = bots::TimeControl::per_move(ms, set.margin);
  const auto hard = static_cast<double>(bots::TimeBudget::hard_limit_ms(tc));
  while (t.answers < set.answers) {
    G s{typename G::Rules{}};
    std::vector<typename G::Event> events;
    while (!s.is_terminal() && t.answers < set.answers) {
      const G before = s;
      const auto told = events;
      for (const boyi::Seat seat : actors(before)) {
        const auto info = bots::seat_knowledge(before, seat, told);
        typename G::Move move;
        if (seat != 0) {
          move = (*random)->choose(info, seat, bots::TimeBudget(tc));
        } else {
          const GapClock clock;
          const auto t0 = std::chrono::steady_clock::now();
          move = (*made)->choose(info, seat, bots::TimeBudget(tc, clock));
          const double took = std::chrono::duration<double, std::milli>(
                                  std::chrono::steady_clock::now() - t0)
                                  .count();
          ++t.answers;
          t.late += took - hard > 5.0;
          t.past_limit += took > static_cast<double>(ms);
          t.worst_ms = std::max(t.worst_ms, took - static_cast<double>(ms));
          t.longest_gap_ms = std::max(t.longest_gap_ms, clock.longest_gap_ms());
        }
        auto event = s.apply_checked(seat, move);
        if (!event) {
          std::fprintf(stderr, "%s played an illegal move: %s\n", name.c_str(),
                       event.message().c_str());
          std::exit(1);
        }
        events.push_back(*event);
      }
    }
  }
  return t;
}

void report(const std::string& name, Millis ms, const Tally& t) {
  std::printf(
      "%-24s %5lld ms  answers %3d  worst %+8.1f ms  late>5ms %3d  past the limit %2d  "
      "longest gap %7.1f ms\n",
      name.c_str(), static_cast<long long>(ms), t.answers, t.worst_ms, t.late, t.past_limit,
      t.longest_gap_ms);
  std::fflush(stdout);
}

std::vector<Millis> read_limits(const std::string& text) {
  std::vector<Millis> out;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, ',');) out.push_back(std::atoll(part.c_str()));
  return out;
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
      set.limits = read_limits(value);
    else if (key == "margin")
      set.margin = std::atoll(value.c_str());
    else if (key == "busy")
      set.busy = std::atoi(value.c_str());
    else if (key == "seed")
      set.seed = std::strtoull(value.c_str(), nullptr, 10);
    else if (key == "game")
      set.game = value;
    else if (key == "only")
      set.only = value;
    else {
      std::fprintf(stderr,
                   "usage: bots-deadline-bench [answers=20] [ms=100,300,1000] [margin=30] "
                   "[busy=4] [seed=1] [game=GAME] [only=NAME]\n");
      return 2;
    }
  }
  std::printf("load average before: %s; %d busy threads; margin %lld ms\n",
              load_average().c_str(), set.busy, static_cast<long long>(set.margin));
  {
    const BusyLoad load(set.busy);
    boyi::for_each_game([&]<boyi::Game G>() {
      if (!set.game.empty() && set.game != G::kName) return;
      for (const auto& name : bots::player_names(G::kName)) {
        if (!set.only.empty() && set.only != name) continue;
        for (const Millis ms : set.limits)
          report(std::string(G::kName) + " " + name, ms, measure<G>(name, ms, set));
      }
    });
    std::printf("load average at the end: %s\n", load_average().c_str());
  }
  return 0;
}
