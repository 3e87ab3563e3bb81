// 点格棋 benchmarks: the fast legal-move generator against the reference on the same
// positions (sampled from seeded random games), and random playouts on the fast path.
#include "engine/bench_support.h"
#include "engine/dots/dots.h"
#include "engine/dots/reference.h"

namespace boyi::dots {
namespace {

const std::vector<State>& positions() {
  static const auto all = sample_positions<State>(Rules{}, 32, 1, 7);
  return all;
}

void BM_Dots_LegalMoves(benchmark::State& state) {
  bench::legal_moves(state, positions());
}
BENCHMARK(BM_Dots_LegalMoves);

void BM_Dots_LegalMovesReference(benchmark::State& state) {
  bench::each_position(state, positions(),
                       [](const State& s) { return reference::legal_moves(s).size(); });
}
BENCHMARK(BM_Dots_LegalMovesReference);

void BM_Dots_RandomPlayout(benchmark::State& state) {
  bench::random_playouts<State>(state, Rules{}, 11);
}
BENCHMARK(BM_Dots_RandomPlayout);

}  // namespace
}  // namespace boyi::dots
