// bots-dots-bench: figures for the 点格棋 engine, each beside a baseline in the same run.
//  1. playouts per second of `chain`'s UCT (its playout policy) and of the generic UCT
//     (random playouts), from the same positions;
//  2. the exact solver on seeded endgames of growing size: time and nodes, against the
//     brute-force minimax (every edge, a memo, no pruning rule) where that finishes;
//  3. the null-window (win or not) search against the exact value.
//   bots-dots-bench [--quick]
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

#include "bots/engines/dots/chain_player.h"
#include "bots/engines/dots/reference_positions.h"
#include "bots/engines/dots/solver.h"
#include "bots/games/heuristics.h"

namespace boyi::bots::dots_engine {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

std::vector<dots::State> positions(int undrawn, int count, std::uint64_t seed) {
  std::vector<dots::State> out;
  for (int i = 0; i < count; ++i)
    out.push_back(testing::random_endgame(seed + static_cast<std::uint64_t>(i), undrawn, true));
  return out;
}

void playout_rates(std::int64_t playouts) {
  std::printf("UCT playouts per second (%lld playouts from each position)\n",
              static_cast<long long>(playouts));
  std::printf("  %-9s %14s %14s %14s\n", "undrawn", "chain", "chain:no-arith", "generic uct");
  for (const int undrawn : {60, 48, 40}) {
    const auto start = positions(undrawn, 3, 17);
    std::printf("  %-9d", undrawn);
    for (int variant = 0; variant < 3; ++variant) {
      std::int64_t done = 0;
      const auto t0 = Clock::now();
      for (const dots::State& s : start) {
        MctsOptions o;
        o.max_playouts = playouts;
        o.amaf = AmafMode::kAlpha;
        o.reuse = false;
        if (variant == 2) {
          Mcts<dots::State> mcts(o, default_mcts_hooks<dots::State>(), 3);
          done += mcts.search(s, TimeBudget{}).playouts;
        } else {
          PlayoutOptions po;
          po.endgame = variant == 0;
          po.exact_nodes = variant == 0 ? po.exact_nodes : 0;
          Mcts<dots::State> mcts(o, chain_mcts_hooks(std::make_shared<PlayoutPolicy>(po)), 3);
          done += mcts.search(s, TimeBudget{}).playouts;
        }
      }
      std::printf(" %14.0f", static_cast<double>(done) / seconds_since(t0));
    }
    std::printf("\n");
  }
}

void solver_times(const std::vector<int>& sizes, int count, int brute_limit) {
  std::printf("\nexact solver on structured endgames (%d each): mean ms, mean nodes\n", count);
  std::printf("  %-8s %-6s %12s %12s %10s %12s %14s\n", "undrawn", "safe", "exact ms", "nodes",
              "Mnodes/s", "win-only ms", "brute force ms");
  for (const int undrawn : sizes) {
    const auto start = positions(undrawn, count, 1000 + static_cast<std::uint64_t>(undrawn));
    double exact_s = 0, win_s = 0, brute_s = 0, safe = 0;
    std::int64_t nodes = 0;
    for (const dots::State& s : start) {
      safe += std::popcount(safe_edges(s.drawn_edges(), Degrees(s.drawn_edges())));
      Solver exact;
      auto t0 = Clock::now();
      const auto v = exact.solve(s.drawn_edges());
      exact_s += seconds_since(t0);
      nodes += exact.nodes();
      Solver win;
      t0 = Clock::now();
      const auto w = win.solve_at_least(s.drawn_edges(), 1);
      win_s += seconds_since(t0);
      if (!v || !w || (v->value >= 1) != (w->value >= 1)) std::printf("  disagreement!\n");
      if (undrawn <= brute_limit) {
        testing::BruteForce brute;
        t0 = Clock::now();
        if (brute.value(s.drawn_edges()) != v->value) std::printf("  brute force differs!\n");
        brute_s += seconds_since(t0);
      }
    }
    const double n = count;
    std::printf("  %-8d %-6.1f %12.2f %12.0f %10.2f %12.2f", undrawn, safe / n, 1e3 * exact_s / n,
                static_cast<double>(nodes) / n, static_cast<double>(nodes) / exact_s / 1e6,
                1e3 * win_s / n);
    if (undrawn <= brute_limit)
      std::printf(" %14.2f\n", 1e3 * brute_s / n);
    else
      std::printf(" %14s\n", "-");
  }
}

}  // namespace
}  // namespace boyi::bots::dots_engine

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  using namespace boyi::bots::dots_engine;
  playout_rates(quick ? 500 : 3000);
  if (quick)
    solver_times({16, 24, 32}, 3, 16);
  else
    solver_times({16, 18, 24, 28, 32, 34, 36, 38}, 6, 18);
  return 0;
}
