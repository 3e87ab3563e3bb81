// 军棋 benchmarks: the fast generator against the reference generator on the
// same positions (sampled from seeded random games), and random playouts.
#include <benchmark/benchmark.h>

#include <vector>

#include "engine/junqi/junqi.h"
#include "engine/junqi/reference.h"

namespace {

using boyi::Rng;
using boyi::junqi::State;

State random_start(Rng& rng) {
  State st;
  for (boyi::Seat s : {0, 1}) st.apply(st.random_deployment(s, rng));
  return st;
}

// Every 7th position of 40 seeded random games.
const std::vector<State>& positions() {
  static const std::vector<State> all = [] {
    std::vector<State> out;
    Rng rng(4242);
    for (int game = 0; game < 40; ++game) {
      State st = random_start(rng);
      for (int ply = 0; !st.is_terminal(); ++ply) {
        if (ply % 7 == 0) out.push_back(st);
        State::MoveList list;
        st.legal_moves(list);
        st.apply(list[rng.below(static_cast<std::uint32_t>(list.size()))]);
      }
    }
    return out;
  }();
  return all;
}

void BM_Junqi_LegalMoves(benchmark::State& state) {
  const auto& pos = positions();
  State::MoveList list;
  std::size_t i = 0;
  for (auto _ : state) {
    pos[i].legal_moves(list);
    benchmark::DoNotOptimize(list.size());
    if (++i == pos.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Junqi_LegalMoves);

void BM_Junqi_LegalMovesReference(benchmark::State& state) {
  const auto& pos = positions();
  std::size_t i = 0;
  for (auto _ : state) {
    auto moves = boyi::junqi::reference::legal_moves(pos[i]);
    benchmark::DoNotOptimize(moves.size());
    if (++i == pos.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Junqi_LegalMovesReference);

void BM_Junqi_RandomPlayout(benchmark::State& state) {
  Rng rng(99);
  std::int64_t playouts = 0, plies = 0;
  State::MoveList list;
  for (auto _ : state) {
    State st = random_start(rng);
    while (!st.is_terminal()) {
      st.legal_moves(list);
      st.apply(list[rng.below(static_cast<std::uint32_t>(list.size()))]);
      ++plies;
    }
    ++playouts;
  }
  state.SetItemsProcessed(playouts);
  state.counters["plies"] =
      benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Junqi_RandomPlayout);

}  // namespace
