// 军棋 benchmarks: the fast generator against the reference generator on the
// same positions (sampled from seeded random games after random layouts), and
// random playouts from random layouts to the end.
#include "engine/bench_support.h"
#include "engine/junqi/junqi.h"
#include "engine/junqi/reference.h"

namespace boyi::junqi {
namespace {

// Every 7th position of 40 seeded random games.
const std::vector<State>& positions() {
  static const auto all = sample_positions<State>(Rules{}, 40, 7, 4242);
  return all;
}

void BM_Junqi_LegalMoves(benchmark::State& state) {
  bench::legal_moves(state, positions());
}
BENCHMARK(BM_Junqi_LegalMoves);

void BM_Junqi_LegalMovesReference(benchmark::State& state) {
  bench::each_position(state, positions(),
                       [](const State& s) { return reference::legal_moves(s).size(); });
}
BENCHMARK(BM_Junqi_LegalMovesReference);

void BM_Junqi_RandomPlayout(benchmark::State& state) {
  bench::random_playouts<State>(state, Rules{}, 99);
}
BENCHMARK(BM_Junqi_RandomPlayout);

}  // namespace
}  // namespace boyi::junqi
