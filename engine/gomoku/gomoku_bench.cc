// 五子棋 benchmarks: the fast legal-move generator against the reference on the
// same positions, renju forbidden-point detection against the reference's
// definition-based check, and random playouts with the fast path.
#include "engine/bench_support.h"
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
      do {
        if (s.ply() % 4 == 0 || s.step() == Step::kOffer) out.push_back(s);
      } while (!s.is_terminal() && apply_random_move(s, list, rng));
    }
    return out;
  }();
  return positions;
}

void BM_Gomoku_LegalMoves(benchmark::State& state) {
  bench::legal_moves(state, sample_positions());
}
BENCHMARK(BM_Gomoku_LegalMoves);

void BM_Gomoku_LegalMovesReference(benchmark::State& state) {
  bench::each_position(state, sample_positions(),
                       [](const State& s) { return reference::legal_moves(s).size(); });
}
BENCHMARK(BM_Gomoku_LegalMovesReference);

// Every forbidden point of a position (what a bot or the web client asks).
void BM_Gomoku_ForbiddenPoints(benchmark::State& state) {
  const auto& positions = sample_positions();
  bench::each_position(state, positions, [](const State& s) { return s.forbidden_points(); });
}
BENCHMARK(BM_Gomoku_ForbiddenPoints);

void BM_Gomoku_ForbiddenPointsReference(benchmark::State& state) {
  bench::each_position(state, sample_positions(), [](const State& s) {
    reference::Grid grid = reference::grid_of(s);
    int n = 0;
    for (int x = 0; x < kSize; ++x)
      for (int y = 0; y < kSize; ++y)
        if (grid[x][y] == 0) n += reference::forbidden(grid, x, y) != Foul::kNone;
    return n;
  });
}
BENCHMARK(BM_Gomoku_ForbiddenPointsReference);

// Random renju playouts from the initial position to the end of the game.
void BM_Gomoku_RandomPlayout(benchmark::State& state) {
  bench::random_playouts<State>(state, Rules{}, 2024);
}
BENCHMARK(BM_Gomoku_RandomPlayout);

}  // namespace
}  // namespace boyi::gomoku
