// 点格棋 benchmarks: the fast legal-move generator against the reference on the same
// positions (sampled from seeded random games), and random playouts on the fast path.
#include <vector>

#include <benchmark/benchmark.h>

#include "engine/core/rng.h"
#include "engine/dots/dots.h"
#include "engine/dots/reference.h"

namespace boyi::dots {
namespace {

const std::vector<State>& sample_positions() {
  static const std::vector<State> positions = [] {
    std::vector<State> out;
    Rng rng(7);
    for (int game = 0; game < 32; ++game) {
      State s(Rules{});
      while (!s.is_terminal()) {
        out.push_back(s);
        MoveList list;
        s.legal_moves(list);
        s.apply(list[rng.below(static_cast<std::uint32_t>(list.size()))]);
      }
    }
    return out;
  }();
  return positions;
}

void BM_Dots_LegalMoves(benchmark::State& state) {
  const auto& positions = sample_positions();
  MoveList list;
  for (auto _ : state) {
    for (const State& s : positions) {
      s.legal_moves(list);
      benchmark::DoNotOptimize(list);
    }
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(positions.size()));
}
BENCHMARK(BM_Dots_LegalMoves);

void BM_Dots_LegalMovesReference(benchmark::State& state) {
  const auto& positions = sample_positions();
  for (auto _ : state) {
    for (const State& s : positions) {
      auto moves = reference::legal_moves(s);
      benchmark::DoNotOptimize(moves);
    }
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(positions.size()));
}
BENCHMARK(BM_Dots_LegalMovesReference);

void BM_Dots_RandomPlayout(benchmark::State& state) {
  Rng rng(11);
  std::int64_t playouts = 0, plies = 0;
  const State initial{Rules{}};
  MoveList list;
  for (auto _ : state) {
    State s = initial;
    while (!s.is_terminal()) {
      s.legal_moves(list);
      s.apply(list[rng.below(static_cast<std::uint32_t>(list.size()))]);
      ++plies;
    }
    benchmark::DoNotOptimize(s);
    ++playouts;
  }
  state.SetItemsProcessed(playouts);
  state.counters["plies"] =
      benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Dots_RandomPlayout);

}  // namespace
}  // namespace boyi::dots
