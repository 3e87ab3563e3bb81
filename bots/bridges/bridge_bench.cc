// What a bridge costs: full arena games of each protocol with a scripted test
// engine (good behaviour) behind a bridge against a random player, next to the
// same games between two in-process random players. Prints games, actions and
// the extra time per action of the bridged games: the bridge's round trip
// (pipes, protocol lines, process start and stop) plus the scripted engine's own
// work (a 军棋 world sample per move), so an upper bound on the bridge's cost.
//
//   bridge_bench [games per protocol, default 20]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "bots/arena/arena.h"
#include "bots/arena/random_seat_player.h"
#include "bots/bridges/bridge_player.h"

namespace {

using namespace boyi;
using namespace boyi::bots;

struct Row {
  const char* game;
  const char* rules;
  const char* protocol;
  const char* engine;
};

struct Totals {
  int games = 0;
  std::size_t actions = 0;
  double seconds = 0;
};

Totals run(const Row& row, int games, bool bridged) {
  v1::TimeControl tc;
  tc.set_total_ms(600'000);
  Totals t;
  const auto t0 = std::chrono::steady_clock::now();
  for (int g = 0; g < games; ++g) {
    RandomSeatPlayer random(static_cast<std::uint64_t>(g) + 1);
    RandomSeatPlayer other(static_cast<std::uint64_t>(g) + 1000);
    std::unique_ptr<SeatPlayer> bridge;
    if (bridged) {
      BridgeOptions o;
      o.argv = {row.engine, "--seed", std::to_string(g + 1)};
      if (std::string(row.protocol) == "sau") {
        o.argv.push_back("--game");
        o.argv.push_back(row.game);
      }
      o.protocol = row.protocol;
      o.opening_decider = "engine:random";
      auto made = make_bridge_player(o, row.game);
      if (!made) {
        std::fprintf(stderr, "%s\n", made.message().c_str());
        std::exit(1);
      }
      bridge = std::move(made).value();
    }
    // The measured player takes seat 0 in even games, seat 1 in odd ones.
    SeatPlayer& measured = bridged ? *bridge : static_cast<SeatPlayer&>(other);
    SeatPlayer& seat0 = g % 2 == 0 ? measured : static_cast<SeatPlayer&>(random);
    SeatPlayer& seat1 = g % 2 == 0 ? static_cast<SeatPlayer&>(random) : measured;
    auto r = play_arena_match(row.game, row.rules, tc, seat0, seat1);
    if (!r) {
      std::fprintf(stderr, "%s\n", r.message().c_str());
      std::exit(1);
    }
    t.actions += r->moves.size();
    ++t.games;
  }
  t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return t;
}

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 20;
  if (games <= 0) {
    std::fprintf(stderr, "usage: bridge_bench [games per protocol]\n");
    return 2;
  }
  const Row rows[] = {
      {"junqi", "", "junqi-ccgc", BOYI_TEST_ENGINE_JUNQI},
      {"dots", "", "sau", BOYI_TEST_ENGINE_SAU},
      {"surakarta", "", "sau", BOYI_TEST_ENGINE_SAU},
      {"gomoku", "rule=renju opening=free", "piskvork", BOYI_TEST_ENGINE_PISKVORK},
  };
  std::printf("%-10s %-11s %6s %8s %12s %12s %14s\n", "game", "protocol", "games", "actions",
              "bridged s", "direct s", "bridge us/act");
  for (const Row& row : rows) {
    const Totals bridged = run(row, games, true);
    const Totals direct = run(row, games, false);
    // Per action of the whole game (both seats), the extra time the bridged games took.
    const double extra_us = (bridged.seconds - direct.seconds * bridged.actions /
                                                   std::max<std::size_t>(direct.actions, 1)) /
                            static_cast<double>(std::max<std::size_t>(bridged.actions, 1)) * 1e6;
    std::printf("%-10s %-11s %6d %8zu %12.3f %12.3f %14.1f\n", row.game, row.protocol,
                bridged.games, bridged.actions, bridged.seconds, direct.seconds, extra_us);
  }
  return 0;
}
