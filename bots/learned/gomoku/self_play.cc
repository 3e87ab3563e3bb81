#include "bots/learned/gomoku/self_play.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "bots/engines/gomoku/candidates.h"

namespace boyi::bots::learned::gomoku_td {
namespace {

using gomoku::Point;
using gomoku_threat::MoveStatus;
using gomoku_threat::Position;

}  // namespace

SelfPlayChooser::SelfPlayChooser(const SelfPlayOptions& options)
    : opt_(options), evaluator_(std::make_shared<NetEvaluator>(MlpWeights{})) {
  gomoku_threat::AnalystOptions a;
  a.vcf = true;
  a.vct = false;  // VCT per move would cost more than the rest of the game
  a.defend = true;
  a.unlimited_depth = opt_.depth;
  a.max_nodes = opt_.max_nodes;
  a.vcf_nodes = opt_.vcf_nodes;
  a.table_bits = 14;
  a.evaluator = evaluator_;
  analyst_ = std::make_unique<gomoku_threat::Analyst>(a);
}

void SelfPlayChooser::set_net(const MlpWeights& net) {
  evaluator_->set_net(net);
  analyst_->clear();  // stored values came from the old weights
}

Point SelfPlayChooser::choose(Position& pos, int window, Rng& rng, bool* explored) {
  *explored = false;
  if (window > 1) return opening_move(pos, window, rng, explored);
  const TimeBudget unlimited;
  const gomoku_threat::Decision d = analyst_->decide(pos, unlimited);
  if (d.move != gomoku::kNoPoint && pos.playable(pos.to_move(), d.move)) return d.move;
  std::vector<Point> moves;
  gomoku_threat::candidate_moves(pos, gomoku::kPoints, moves);
  return moves.empty() ? gomoku::kNoPoint : moves.front();
}

Point SelfPlayChooser::opening_move(Position& pos, int window, Rng& rng, bool* explored) {
  std::vector<Point> moves;
  const MoveStatus status = gomoku_threat::candidate_moves(pos, opt_.opening_candidates, moves);
  if (moves.empty()) return gomoku::kNoPoint;
  if (status == MoveStatus::kWinNow || status == MoveStatus::kWinIn3 ||
      status == MoveStatus::kLost || moves.size() == 1)
    return moves.front();
  // γ(s, a): the mover's winning chance after a, by the network.
  const bool black = pos.to_move() == gomoku::Colour::kBlack;
  std::vector<std::pair<double, Point>> scored;
  scored.reserve(moves.size());
  for (Point p : moves) {
    pos.play(p);
    const double p_black = win_probability(evaluator_->net(), pos);
    pos.undo();
    scored.emplace_back(black ? p_black : 1 - p_black, p);
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  const std::size_t m = std::min<std::size_t>(static_cast<std::size_t>(window), scored.size());
  double total = 0;
  for (std::size_t i = 0; i < m; ++i) total += scored[i].first;
  // Eq. (2): draw with probability h = γ_i / Σ γ_j over the m best.
  double r = static_cast<double>(rng() >> 11) * 0x1.0p-53 * total;
  std::size_t pick = 0;
  for (; pick + 1 < m; ++pick) {
    r -= scored[pick].first;
    if (r < 0) break;
  }
  *explored = pick != 0;
  return scored[pick].second;
}

}  // namespace boyi::bots::learned::gomoku_td
