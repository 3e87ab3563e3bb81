// The playout policy of `loop-mcts`: playouts that look like play. A capture that wins a piece
// (no recapture that pays) is taken when there is one; an even trade now and then; otherwise a
// random quiet move that does not walk into a capture (a few tries before anything goes).
#pragma once

#include "base/rng.h"
#include "engine/surakarta/surakarta.h"

namespace boyi::bots::surakarta_engine {

struct PlayoutPolicy {
  int trade_one_in = 3;  // an even trade is played with probability 1/trade_one_in
  int quiet_tries = 4;   // random quiet moves looked at for one that stays safe

  // A legal move of the running position `s` (`list` is scratch space).
  surakarta::Move choose(const surakarta::State& s, surakarta::MoveList& list, Rng& rng) const;
};

}  // namespace boyi::bots::surakarta_engine
