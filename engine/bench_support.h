// The benchmark bodies every game shares (included only by engine/*/*_bench.cc):
// a move generator over a fixed set of positions, and random playouts.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "engine/core/playout.h"

namespace boyi::bench {

// Runs generate(position) over every position each iteration; items = positions.
template <class Position, class Generate>
void each_position(benchmark::State& state, const std::vector<Position>& positions,
                   Generate generate) {
  for (auto _ : state)
    for (const Position& p : positions) benchmark::DoNotOptimize(generate(p));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(positions.size()));
}

// The fast generator: the figure search speed rests on.
template <Game G>
void legal_moves(benchmark::State& state, const std::vector<G>& positions) {
  typename G::MoveList list;
  each_position(state, positions, [&list](const G& p) {
    p.legal_moves(list);
    return list.size();
  });
}

// Random games from the start to the end; items = playouts, plus a "plies" rate.
template <Game G>
void random_playouts(benchmark::State& state, const typename G::Rules& rules, std::uint64_t seed) {
  Rng rng(seed);
  std::int64_t playouts = 0, plies = 0;
  for (auto _ : state) {
    G game = random_start<G>(rules, rng);
    plies += play_out(game, rng);
    benchmark::DoNotOptimize(game.hash());
    ++playouts;
  }
  state.SetItemsProcessed(playouts);
  state.counters["plies"] =
      benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
}

}  // namespace boyi::bench
