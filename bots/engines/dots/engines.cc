// The strong engines of dots (see bots/engines/engines.h).
#include "bots/engines/engines.h"
#include "bots/engines/dots/chain_player.h"

namespace boyi::bots {

template <>
const std::vector<NamedEngine<dots::State>>& strong_engines<dots::State>() {
  static const std::vector<NamedEngine<dots::State>> engines = {
      {"chain",
       "UCT over merged captures with α-AMAF, playouts that keep boxes while safe edges last "
       "and settle loony endgames by chain arithmetic and the long-chain rule, and an exact "
       "solver once few safe edges remain: chain[:c=X,alpha=X,amaf=0|1,playouts=N,expand=N,"
       "reuse=0|1,solve=N (safe edges; -1 off),solve_time=X,open_time=X (in soft budgets),tt=LOG2,"
       "endgame=0|1,"
       "rule=N (long-chain rule among the last N safe edges),exact=N (solver nodes per settled "
       "playout; 0: arithmetic only),settle=N (settle playouts from N safe edges down),merge=0|1 "
       "(0: every edge searched where a box can be claimed, not a turn's claims as one move)]",
       dots_engine::make_chain_player},
  };
  return engines;
}

}  // namespace boyi::bots
