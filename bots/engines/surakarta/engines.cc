// The strong engines of surakarta (see bots/engines/engines.h).
#include "bots/engines/engines.h"

#include "bots/engines/surakarta/loop_players.h"

namespace boyi::bots {

template <>
const std::vector<NamedEngine<surakarta::State>>& strong_engines<surakarta::State>() {
  static const std::vector<NamedEngine<surakarta::State>> engines = {
      {"loop",
       "alpha-beta (PVS, iterative deepening, transposition table, killers/history, late move "
       "reductions) over a loop-aware evaluation with capture quiescence; options depth=N, "
       "nodes=N, q=N (quiescence plies, 0 off), tt=LOG2, pvs=0|1, lmr=0|1, order=0|1 (exchange "
       "ordering), eval=loop|material, loopw=PCT and hang=PCT (weight of the loop terms and of "
       "hanging pieces), limit=0|1 (adjudication blend)",
       surakarta_engine::make_loop_player},
      {"loop-mcts",
       "UCT with implicit minimax backups of quiescence values; playouts take winning captures "
       "and avoid moves into a capture, cut after a few plies; options c=X, w=X (minimax "
       "weight), playouts=N, rollout=N (plies before the cut), q=N, scale=X, policy=0|1, "
       "eval=loop|material, loopw=PCT, hang=PCT, limit=0|1",
       surakarta_engine::make_loop_mcts_player},
  };
  return engines;
}

}  // namespace boyi::bots
