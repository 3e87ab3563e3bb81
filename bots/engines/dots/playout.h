// The playout policy of the engine's UCT, one edge at a time:
//  - claims as captures.h says; at a decision, decline when keeping control pays (the chain
//    arithmetic of endgame.h once nothing safe is left; in the middle game take);
//  - while safe edges remain, a random safe one (no box is given away while that can be
//    avoided); among the last few, preferably one that leaves the long-chain count's parity
//    in the mover's favour (endgame.h);
//  - once none remains, the exact solver's edge if it finds one within a few nodes (loony
//    endgames have few moves worth searching), else the opening the simple-endgame arithmetic
//    finds best (exact for a sum of independent chains and loops; with junctions it reads
//    each chain as if independent).
// The tree's playouts need not play a loony endgame out at all: settle() gives its result.
// The same rules give the moves the tree searches (searched_edges).
#pragma once

#include <optional>

#include "bots/engines/dots/captures.h"
#include "bots/engines/dots/endgame.h"
#include "bots/engines/dots/solver.h"
#include "bots/engines/dots/structure.h"
#include "base/rng.h"
#include "engine/dots/dots.h"

namespace boyi::bots::dots_engine {

// The edges worth searching: the forced claim, the two of a decision, or the safe edges and
// component openings (structure.h).
Edges searched_edges(Edges drawn, const Degrees& deg);

struct PlayoutOptions {
  bool endgame = true;        // chain arithmetic once nothing is safe (else random openings)
  int chain_rule_window = 6;  // steer the long-chain parity among the last N safe edges
  int exact_nodes = 0;        // solve loony endgames exactly within this many nodes (0: never)
  int settle_safe = 0;        // settle() tries the solver from this many safe edges down
};

class PlayoutPolicy {
 public:
  explicit PlayoutPolicy(PlayoutOptions options = {})
      : options_(options), solver_(SolverOptions{.table_log2 = 18}) {}

  int next_edge(Edges drawn, Rng& rng);
  dots::Move next(const dots::State& s, Rng& rng) {
    return dots::Move{static_cast<std::uint8_t>(next_edge(s.drawn_edges(), rng))};
  }

  // A playout's result without playing it out: the reward for seat 0 (1 or 0). With at most
  // settle_safe safe edges left, the solver's verdict if it reaches one within exact_nodes;
  // once none is left, else, the chain arithmetic of the resolved components (endgame.h).
  // nullopt otherwise (and while boxes wait to be claimed without the solver's help).
  std::optional<double> settle(const dots::State& s);
  // Take (true) or decline at a decision (captures.h).
  bool take_at_decision(Edges drawn, const CaptureChoice& c);
  // The edge that opens the component the chain arithmetic prefers (no safe edge left).
  int loony_edge(Edges drawn, const Structure& st, Rng& rng);
  // A safe edge, steered by the long-chain rule among the last few.
  int safe_edge(Edges drawn, Edges safe, Rng& rng);

  SimpleEndgame& endgame() { return endgame_; }

 private:
  PlayoutOptions options_;
  SimpleEndgame endgame_;
  Solver solver_;                       // for loony endgames, with a table of its own
  Edges gave_up_at_ = dots::kAllEdges;  // where the solver last ran out of nodes
};

}  // namespace boyi::bots::dots_engine
