// 苏拉卡尔塔 benchmarks: the fast generator against the reference on the same positions,
// and random playouts on the fast path.
#include "engine/bench_support.h"
#include "engine/surakarta/reference.h"
#include "engine/surakarta/surakarta.h"

namespace boyi::surakarta {
namespace {

// Every 4th position of 40 seeded random games.
const std::vector<State>& positions() {
  static const auto all = sample_positions<State>(Rules{}, 40, 4, 99);
  return all;
}

void BM_Surakarta_LegalMoves(benchmark::State& state) {
  bench::legal_moves(state, positions());
}
BENCHMARK(BM_Surakarta_LegalMoves);

void BM_Surakarta_LegalMovesReference(benchmark::State& state) {
  bench::each_position(state, positions(),
                       [](const State& s) { return reference::legal_moves(s).size(); });
}
BENCHMARK(BM_Surakarta_LegalMovesReference);

void BM_Surakarta_RandomPlayout(benchmark::State& state) {
  bench::random_playouts<State>(state, Rules{}, 5);
}
BENCHMARK(BM_Surakarta_RandomPlayout);

}  // namespace
}  // namespace boyi::surakarta
