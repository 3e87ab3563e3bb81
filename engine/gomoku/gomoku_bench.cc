// 五子棋 benchmarks: the fast legal-move generator against the reference on the
// same positions, renju forbidden-point detection against the reference's
// definition-based check, and random playouts with the fast path.
#include <benchmark/benchmark.h>

#include <vector>

#include "engine/core/rng.h"
#include "engine/gomoku/gomoku.h"
#include "engine/gomoku/reference.h"

namespace boyi::gomoku {
namespace {

// Positions sampled from seeded random games (renju; free and ccgc openings,
// so the opening steps and the offers are among them).
const std::vector<State>& sample_positions() {
  static const std::vector<State> positions = [] {
    std::vector<State> out;
    Rng rng(12345);
    MoveList list;
    for (int g = 0; g < 64; ++g) {
      Rules rules;
      rules.opening = g % 2 == 0 ? Opening::kFree : Opening::kCcgc;
      State s(rules);
      while (!s.is_terminal()) {
        if (s.ply() % 4 == 0 || s.step() == Step::kOffer) out.push_back(s);
        s.legal_moves(list);
        s.apply(list[rng.below(static_cast<std::uint32_t>(list.size()))]);
      }
    }
    return out;
  }();
  return positions;
}

void BM_Gomoku_LegalMoves(benchmark::State& state) {
  const auto& positions = sample_positions();
  MoveList list;
  for (auto _ : state)
    for (const State& s : positions) {
      s.legal_moves(list);
      benchmark::DoNotOptimize(list.size());
    }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(positions.size()));
}
BENCHMARK(BM_Gomoku_LegalMoves);

void BM_Gomoku_LegalMovesReference(benchmark::State& state) {
  const auto& positions = sample_positions();
  for (auto _ : state)
    for (const State& s : positions) {
      auto moves = reference::legal_moves(s);
      benchmark::DoNotOptimize(moves.size());
    }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(positions.size()));
}
BENCHMARK(BM_Gomoku_LegalMovesReference);

// Every forbidden point of a position (what a bot or the web client asks).
void BM_Gomoku_ForbiddenPoints(benchmark::State& state) {
  const auto& positions = sample_positions();
  for (auto _ : state)
    for (const State& s : positions) benchmark::DoNotOptimize(s.forbidden_points());
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(positions.size()));
}
BENCHMARK(BM_Gomoku_ForbiddenPoints);

void BM_Gomoku_ForbiddenPointsReference(benchmark::State& state) {
  const auto& positions = sample_positions();
  for (auto _ : state)
    for (const State& s : positions) {
      reference::Grid grid = reference::grid_of(s);
      int n = 0;
      for (int x = 0; x < kSize; ++x)
        for (int y = 0; y < kSize; ++y)
          if (grid[x][y] == 0) n += reference::forbidden(grid, x, y) != Foul::kNone;
      benchmark::DoNotOptimize(n);
    }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(positions.size()));
}
BENCHMARK(BM_Gomoku_ForbiddenPointsReference);

// Random renju playouts from the initial position to the end of the game.
void BM_Gomoku_RandomPlayout(benchmark::State& state) {
  const State initial{Rules{}};
  Rng rng(2024);
  MoveList list;
  std::int64_t playouts = 0, plies = 0;
  for (auto _ : state) {
    State s = initial;
    while (!s.is_terminal()) {
      s.legal_moves(list);
      s.apply(list[rng.below(static_cast<std::uint32_t>(list.size()))]);
      ++plies;
    }
    benchmark::DoNotOptimize(s.hash());
    ++playouts;
  }
  state.SetItemsProcessed(playouts);
  state.counters["plies"] =
      benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Gomoku_RandomPlayout);

}  // namespace
}  // namespace boyi::gomoku
