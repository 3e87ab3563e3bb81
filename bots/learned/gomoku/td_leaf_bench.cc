// bots-gomoku-td-bench: what the BP-TD network costs the `threat` engine's
// alpha-beta per node. The same fixed-depth searches of random renju
// middle-game positions with three leaf evaluations: the engine's pattern sum
// (`threat`), the network on the incremental features (`td` as it plays), and
// the network on a full 72-line scan per leaf (`td` before the incremental
// path). Prints nodes/s and the time spent in the leaf evaluation.
//   bots-gomoku-td-bench [WEIGHTS]   (default: the shipped gomoku-bptd.pt)
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "bots/engines/gomoku/candidates.h"
#include "bots/engines/gomoku/search.h"
#include "bots/learned/gomoku/bptd_net.h"
#include "bots/learned/gomoku/td_player.h"
#include "bots/learned/weights.h"
#include "base/rng.h"

namespace {

using namespace boyi;
using namespace boyi::bots;
using namespace boyi::bots::gomoku_threat;
using namespace boyi::bots::learned::gomoku_td;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Random renju middle-game positions (as bots-gomoku-bench makes them).
std::vector<gomoku::State> positions(int count, int stones, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<gomoku::State> out;
  while (static_cast<int>(out.size()) < count) {
    gomoku::State s;
    for (int i = 0; i < stones && !s.is_terminal(); ++i) {
      const auto p = gomoku::make_point(3 + static_cast<int>(rng.below(9)),
                                        3 + static_cast<int>(rng.below(9)));
      if (s.at(p) != gomoku::Cell::kEmpty || s.is_forbidden(p)) continue;
      gomoku::State next = s;
      next.apply(gomoku::Move::place(p));
      if (!next.is_terminal()) s = next;
    }
    if (!s.is_terminal()) out.push_back(s);
  }
  return out;
}

// The network's value (as NetEvaluator) on features from a full scan per leaf.
class FullScanEvaluator : public PositionEvaluator {
 public:
  explicit FullScanEvaluator(const MlpWeights& net) : net_(net) {}
  int evaluate(const Position& pos) const override {
    std::array<float, kRichInputs> x{};
    extract_features(pos, net_.features, x.data());
    const double black = net_.predict(x.data());
    const double mine = pos.to_move() == gomoku::Colour::kBlack ? black : 1 - black;
    const double p = std::clamp(mine, 1e-6, 1 - 1e-6);
    return static_cast<int>(std::lround(NetEvaluator::kScale * std::log(p / (1 - p))));
  }

 private:
  const MlpWeights& net_;
};

// Times every leaf evaluation of `inner` (none: the pattern sum).
class TimedEvaluator : public PositionEvaluator {
 public:
  explicit TimedEvaluator(const PositionEvaluator* inner) : inner_(inner) {}
  int evaluate(const Position& pos) const override {
    const auto t0 = Clock::now();
    const int v = inner_ != nullptr ? inner_->evaluate(pos) : pos.evaluate();
    seconds_ += seconds_since(t0);
    ++leaves_;
    return v;
  }
  double seconds() const { return seconds_; }
  long leaves() const { return leaves_; }

 private:
  const PositionEvaluator* inner_;
  mutable double seconds_ = 0;
  mutable long leaves_ = 0;
};

void run(const char* name, const PositionEvaluator* inner, const std::vector<gomoku::State>& games,
         int depth) {
  TimedEvaluator timed(inner);
  std::int64_t nodes = 0;
  double seconds = 0;
  for (const gomoku::State& s : games) {
    Position pos(s);
    SearchOptions o;
    o.max_depth = depth;
    o.evaluator = &timed;
    AlphaBetaSearch search(o);
    std::vector<gomoku::Point> moves;
    candidate_moves(pos, 16, moves);
    const auto t0 = Clock::now();
    nodes += search.search(pos, moves, TimeBudget()).nodes;
    seconds += seconds_since(t0);
  }
  std::printf(
      "%-16s depth %d: %7lld nodes, %6.0f nodes/s; %6ld leaves, %5.0f ns a leaf (%2.0f%%)\n", name,
      depth, static_cast<long long>(nodes), static_cast<double>(nodes) / seconds, timed.leaves(),
      1e9 * timed.seconds() / static_cast<double>(timed.leaves()), 100 * timed.seconds() / seconds);
}

}  // namespace

int main(int argc, char** argv) {
  const auto file = learned::weights_path(kTdModel, argc > 1 ? argv[1] : "");
  auto net = load_plain_weights(file);
  if (!net) {
    std::fprintf(stderr, "%s\n", net.message().c_str());
    return 1;
  }
  const NetEvaluator incremental(net.value());
  const FullScanEvaluator full(incremental.net());
  const auto games = positions(16, 20, 3);
  for (const int depth : {6, 7}) {
    run("threat", nullptr, games, depth);
    run("td incremental", &incremental, games, depth);
    run("td full scan", &full, games, depth);
  }
  return 0;
}
