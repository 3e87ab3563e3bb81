// The learned players of surakarta (see bots/learned/learned_engines.h).
#include "bots/learned/learned_engines.h"

#include "bots/learned/surakarta/neural_player.h"

namespace boyi::bots {

template <>
const std::vector<NamedEngine<surakarta::State>>& learned_engines<surakarta::State>() {
  static const std::vector<NamedEngine<surakarta::State>> engines = {
      {"neural",
       "PUCT tree search over the residual policy/value network taught by the alpha-beta engine "
       "loop's games (surakarta-distilled.pt; weights=surakarta-sarsa.pt: the seed paper's SARSA "
       "self-play network): the policy as prior, the value at the leaves, exact finished games, "
       "tree reuse, batched evaluation shared across matches; tactical safety from the loop "
       "engines' capture quiescence (leaf value blend, child values backed up minimax-fashion, "
       "tactical prior); without weights it warns and plays as loop-mcts; options weights=PATH, "
       "c=X, playouts=N, batch=N (leaves per evaluation), fpu=X, reuse=0|1, mix=X (quiescence "
       "share of the leaf value), prior=X (tactical share of the prior), init=0|1 (quiescence "
       "child values), w=X (minimax weight), q=N (quiescence plies), scale=X",
       learned::surakarta_net::make_neural_player},
  };
  return engines;
}

}  // namespace boyi::bots
