// bots-surakarta-bench: the speed and reach of the 苏拉卡尔塔 engines against the generic searches
// on the same positions and the same time per position. Prints, per search: nodes (or playouts)
// per second and the mean depth completed.
//
//   bots-surakarta-bench [ms-per-position=200] [positions=8]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "bots/engines/surakarta/evaluation.h"
#include "bots/engines/surakarta/loop_mcts.h"
#include "bots/engines/surakarta/loop_search.h"
#include "bots/games/heuristics.h"
#include "bots/search/alphabeta.h"
#include "bots/search/mcts.h"
#include "base/rng.h"

namespace {

using boyi::Rng;
using boyi::surakarta::MoveList;
using boyi::surakarta::State;
namespace bots = boyi::bots;
namespace eng = boyi::bots::surakarta_engine;

// Positions along seeded games where both sides take a capture half the time it exists.
std::vector<State> sample_positions(int count, std::uint64_t seed) {
  std::vector<State> out;
  Rng rng(seed);
  while (static_cast<int>(out.size()) < count) {
    State s;
    MoveList list;
    for (int ply = 0; !s.is_terminal(); ++ply) {
      if (ply % 9 == 4 && static_cast<int>(out.size()) < count) out.push_back(s);
      s.legal_moves(list);
      auto m = list[rng.below(static_cast<std::uint32_t>(list.size()))];
      for (const auto& c : list)
        if (s.is_capture(c) && rng.below(2) == 0) m = c;
      s.apply(m);
    }
  }
  return out;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

struct Tally {
  double work = 0, seconds = 0, depth = 0;
  int searches = 0;
  void print(const char* name, const char* unit) const {
    std::printf("%-34s %10.0f %s/s", name, work / seconds, unit);
    if (depth > 0) std::printf("   mean depth %.2f", depth / searches);
    std::printf("\n");
  }
};

}  // namespace

int main(int argc, char** argv) {
  const int ms = argc > 1 ? std::atoi(argv[1]) : 200;
  const int count = argc > 2 ? std::atoi(argv[2]) : 8;
  if (ms <= 0 || count <= 0) {
    std::fprintf(stderr, "usage: bots-surakarta-bench [ms-per-position] [positions]\n");
    return 2;
  }
  const auto positions = sample_positions(count, 2024);
  std::printf("%d positions, %d ms each\n", count, ms);

  Tally eval;
  {
    const eng::EvalWeights w;
    const auto t0 = std::chrono::steady_clock::now();
    long sum = 0;
    for (int rep = 0; rep < 20000; ++rep)
      for (const State& s : positions) sum += eng::evaluate(s, 0, w);
    eval.seconds = seconds_since(t0);
    eval.work = 20000.0 * static_cast<double>(positions.size());
    if (sum == 42) std::printf(" ");
  }
  eval.print("loop evaluation", "evals");

  Tally loop, generic;
  for (const State& s : positions) {
    eng::LoopSearch search{eng::LoopSearchOptions{}};
    const bots::TimeBudget b1(bots::TimeControl::per_move(ms, 0));
    const auto r1 = search.search(s, b1);
    loop.work += static_cast<double>(r1.nodes);
    loop.seconds += static_cast<double>(b1.elapsed_ns()) * 1e-9;
    loop.depth += r1.depth;
    ++loop.searches;

    bots::AlphaBeta<State> ab(bots::default_alphabeta_hooks<State>());
    const bots::TimeBudget b2(bots::TimeControl::per_move(ms, 0));
    const auto r2 = ab.search(s, b2);
    generic.work += static_cast<double>(r2.nodes);
    generic.seconds += static_cast<double>(b2.elapsed_ns()) * 1e-9;
    generic.depth += r2.depth;
    ++generic.searches;
  }
  loop.print("loop (alpha-beta)", "nodes");
  generic.print("alphabeta (generic, default hooks)", "nodes");

  Tally loop_mcts, uct;
  for (const State& s : positions) {
    eng::LoopMcts search(eng::LoopMctsOptions{}, 7);
    const bots::TimeBudget b1(bots::TimeControl::per_move(ms, 0));
    const auto r1 = search.search(s, b1);
    loop_mcts.work += static_cast<double>(r1.playouts);
    loop_mcts.seconds += static_cast<double>(b1.elapsed_ns()) * 1e-9;

    bots::Mcts<State> plain(bots::MctsOptions{}, bots::default_mcts_hooks<State>(), 7);
    const bots::TimeBudget b2(bots::TimeControl::per_move(ms, 0));
    const auto r2 = plain.search(s, b2);
    uct.work += static_cast<double>(r2.playouts);
    uct.seconds += static_cast<double>(b2.elapsed_ns()) * 1e-9;
  }
  loop_mcts.print("loop-mcts (implicit minimax UCT)", "playouts");
  uct.print("uct (generic, random to the end)", "playouts");
  return 0;
}
