// bots-gomoku-bench: speed figures of the `threat` engine's parts, each with a
// baseline measured in the same run.
//  - board updates: Position play+undo (incremental patterns) against copying
//    and applying the rules engine's State;
//  - search: the threat engine's alpha-beta to a fixed depth against the
//    generic AlphaBeta<gomoku::State> with the default heuristics (nodes/s);
//  - threat-space search: VCF and VCT over random middle-game positions.
#include <chrono>
#include <cstdio>
#include <vector>

#include "bots/engines/gomoku/candidates.h"
#include "bots/engines/gomoku/search.h"
#include "bots/engines/gomoku/threat_search.h"
#include "bots/games/heuristics.h"
#include "bots/search/alphabeta.h"
#include "base/rng.h"

namespace {

using namespace boyi;
using namespace boyi::bots;
using namespace boyi::bots::gomoku_threat;
using gomoku::Move;
using gomoku::State;

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Random renju middle-game positions: `stones` random stones near the centre.
std::vector<State> positions(int count, int stones, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<State> out;
  while (static_cast<int>(out.size()) < count) {
    State s;
    for (int i = 0; i < stones && !s.is_terminal(); ++i) {
      const auto p = gomoku::make_point(3 + static_cast<int>(rng.below(9)),
                                        3 + static_cast<int>(rng.below(9)));
      if (s.at(p) != gomoku::Cell::kEmpty || s.is_forbidden(p)) continue;
      State next = s;
      next.apply(Move::place(p));
      if (!next.is_terminal()) s = next;
    }
    if (!s.is_terminal()) out.push_back(s);
  }
  return out;
}

void bench_updates(const std::vector<State>& games) {
  std::int64_t n = 0;
  auto t0 = std::chrono::steady_clock::now();
  for (const State& s : games) {
    Position pos(s);
    for (int rep = 0; rep < 200; ++rep)
      pos.near().for_each([&](gomoku::Point p) {
        pos.play(p);
        pos.undo();
        ++n;
      });
  }
  const double incremental = static_cast<double>(n) / seconds_since(t0);
  n = 0;
  t0 = std::chrono::steady_clock::now();
  std::uint64_t sink = 0;
  for (const State& s : games) {
    const Position pos(s);
    for (int rep = 0; rep < 200; ++rep)
      pos.near().for_each([&](gomoku::Point p) {
        State child = s;
        child.apply(Move::place(p));
        sink += child.hash();
        ++n;
      });
  }
  const double copying = static_cast<double>(n) / seconds_since(t0);
  std::printf("board updates: Position play+undo %.2f M/s; State copy+apply %.2f M/s (%llu)\n",
              incremental / 1e6, copying / 1e6, static_cast<unsigned long long>(sink & 1));
}

void bench_search(const std::vector<State>& games, int depth) {
  std::int64_t nodes = 0;
  auto t0 = std::chrono::steady_clock::now();
  for (const State& s : games) {
    Position pos(s);
    SearchOptions o;
    o.max_depth = depth;
    AlphaBetaSearch search(o);
    std::vector<gomoku::Point> moves;
    candidate_moves(pos, 16, moves);
    nodes += search.search(pos, moves, TimeBudget()).nodes;
  }
  const double threat_time = seconds_since(t0);
  std::int64_t generic_nodes = 0;
  t0 = std::chrono::steady_clock::now();
  for (const State& s : games) {
    AlphaBetaOptions o;
    o.max_depth = depth - 2;  // its full-width candidates: two plies less for the same time
    AlphaBeta<State> search(default_alphabeta_hooks<State>(), o);
    generic_nodes += search.search(s, TimeBudget()).nodes;
  }
  const double generic_time = seconds_since(t0);
  std::printf(
      "alpha-beta: threat depth %d: %lld nodes, %.0f nodes/s; generic alphabeta depth %d: %lld "
      "nodes, %.0f nodes/s\n",
      depth, static_cast<long long>(nodes), static_cast<double>(nodes) / threat_time, depth - 2,
      static_cast<long long>(generic_nodes), static_cast<double>(generic_nodes) / generic_time);
}

void bench_threats(const std::vector<State>& games, bool vct) {
  ThreatSearch search;
  ThreatLimits limits;
  limits.max_depth = vct ? 8 : 20;
  limits.max_nodes = vct ? 20000 : 100000;
  std::int64_t nodes = 0;
  int wins = 0, unknown = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (const State& s : games) {
    Position pos(s);
    search.clear();
    const ThreatResult r = vct ? search.vct(pos, limits) : search.vcf(pos, limits);
    wins += r == ThreatResult::kWin;
    unknown += r == ThreatResult::kUnknown;
    nodes += search.nodes();
  }
  const double t = seconds_since(t0);
  std::printf("%s: %zu positions, %d wins, %d over the node limit, %.2f ms each, %.0f nodes/s\n",
              vct ? "VCT (8 attacker moves)" : "VCF", games.size(), wins, unknown,
              1e3 * t / static_cast<double>(games.size()), static_cast<double>(nodes) / t);
}

}  // namespace

int main() {
  const auto games = positions(40, 24, 7);
  bench_updates(games);
  bench_search(positions(8, 20, 3), 6);
  bench_threats(games, false);
  bench_threats(games, true);
  return 0;
}
