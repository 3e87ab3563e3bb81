// How BP-TD(λ) self-play picks its moves (RenjuTD's loop, std-only): in the
// opening, the m best moves by the network, one drawn at random weighted by
// the network's value of it (the paper's eq. (2), h = γ(s,a) / Σ_j γ(s,a_j));
// after it, a winning threat sequence when the threat-space search (VCF) finds
// one, else the best move of a shallow alpha-beta whose leaves the network
// values (the `threat` engine's Analyst with the network as its evaluator).
#pragma once

#include <cstdint>
#include <memory>

#include "bots/engines/gomoku/analyst.h"
#include "bots/learned/gomoku/mlp.h"
#include "base/rng.h"

namespace boyi::bots::learned::gomoku_td {

struct SelfPlayOptions {
  int depth = 2;                  // alpha-beta plies after the opening
  std::int64_t vcf_nodes = 2000;  // threat-space search per move
  std::int64_t max_nodes = 3000;  // alpha-beta nodes per move
  int opening_candidates = 24;    // moves the opening window is drawn from
};

class SelfPlayChooser {
 public:
  explicit SelfPlayChooser(const SelfPlayOptions& options);

  // The network the choices use (call after every weight change).
  void set_net(const MlpWeights& net);
  // A playable move for the side to move (kNoPoint if it has none). With
  // window > 1 the move is drawn from the `window` best (eq. (2)); `explored`
  // tells whether the draw missed the network's best move.
  gomoku::Point choose(gomoku_threat::Position& pos, int window, Rng& rng, bool* explored);

 private:
  gomoku::Point opening_move(gomoku_threat::Position& pos, int window, Rng& rng, bool* explored);

  SelfPlayOptions opt_;
  std::shared_ptr<NetEvaluator> evaluator_;
  std::unique_ptr<gomoku_threat::Analyst> analyst_;
};

}  // namespace boyi::bots::learned::gomoku_td
