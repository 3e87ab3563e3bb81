// Surakarta benchmarks: the fast generator against the reference on the same positions, and
// random playouts on the fast path.
#include <benchmark/benchmark.h>

#include <vector>

#include "engine/core/rng.h"
#include "engine/surakarta/reference.h"
#include "engine/surakarta/surakarta.h"

namespace {

using boyi::Rng;
using boyi::surakarta::MoveList;
using boyi::surakarta::State;

// Every 4th position of 40 seeded random games (the game's end excluded).
const std::vector<State>& sample_positions() {
  static const std::vector<State> positions = [] {
    std::vector<State> out;
    Rng rng(99);
    for (int game = 0; game < 40; ++game) {
      State st;
      MoveList list;
      for (int ply = 0; !st.is_terminal(); ++ply) {
        if (ply % 4 == 0) out.push_back(st);
        st.legal_moves(list);
        st.apply(list[rng.below(static_cast<std::uint32_t>(list.size()))]);
      }
    }
    return out;
  }();
  return positions;
}

void BM_Surakarta_LegalMoves(benchmark::State& state) {
  const auto& positions = sample_positions();
  MoveList list;
  for (auto _ : state)
    for (const State& st : positions) {
      st.legal_moves(list);
      benchmark::DoNotOptimize(list.size());
    }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(positions.size()));
}
BENCHMARK(BM_Surakarta_LegalMoves);

void BM_Surakarta_LegalMovesReference(benchmark::State& state) {
  const auto& positions = sample_positions();
  for (auto _ : state)
    for (const State& st : positions) {
      auto texts = boyi::surakarta::reference::legal_moves(st);
      benchmark::DoNotOptimize(texts.size());
    }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(positions.size()));
}
BENCHMARK(BM_Surakarta_LegalMovesReference);

void BM_Surakarta_RandomPlayout(benchmark::State& state) {
  Rng rng(5);
  MoveList list;
  std::int64_t playouts = 0, plies = 0;
  for (auto _ : state) {
    State st;
    while (!st.is_terminal()) {
      st.legal_moves(list);
      st.apply(list[rng.below(static_cast<std::uint32_t>(list.size()))]);
      ++plies;
    }
    benchmark::DoNotOptimize(st.hash());
    ++playouts;
  }
  state.SetItemsProcessed(playouts);
  state.counters["plies"] =
      benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Surakarta_RandomPlayout);

}  // namespace
