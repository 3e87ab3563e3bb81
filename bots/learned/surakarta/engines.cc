// The learned players of surakarta (see bots/learned/learned_engines.h).
#include "bots/learned/learned_engines.h"

#include "bots/learned/surakarta/neural_player.h"

namespace boyi::bots {

template <>
const std::vector<NamedEngine<surakarta::State>>& learned_engines<surakarta::State>() {
  static const std::vector<NamedEngine<surakarta::State>> engines = {
      {"neural",
       "PUCT tree search over the residual policy/value network trained by SARSA self-play "
       "(surakarta-sarsa.pt): the policy as prior, the value at the leaves, exact finished "
       "games, tree reuse, batched evaluation shared across matches; without weights it warns "
       "and plays as loop-mcts; options weights=PATH, c=X, playouts=N, batch=N (leaves per "
       "evaluation), fpu=X, reuse=0|1",
       learned::surakarta_net::make_neural_player},
  };
  return engines;
}

}  // namespace boyi::bots
