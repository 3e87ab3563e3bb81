// The loop-aware evaluation of the 苏拉卡尔塔 engines. Material dominates (all pieces are equal);
// around it: how the pieces stand on the loops (points on both loops, open lanes through the
// arcs), what they attack and cover along the loops, pieces of the side to move that hang, the
// corners no capture can reach, step mobility, and — near the no-capture limit or the move cap,
// where the game is adjudicated by count — a blend towards that verdict.
#pragma once

#include <array>
#include <cstdint>

#include "bots/engines/surakarta/loop_board.h"
#include "engine/surakarta/surakarta.h"

namespace boyi::bots::surakarta_engine {

struct EvalWeights {
  int piece = 100;
  int interior = 3;       // a point that lies on the loops twice (not on the edge)
  int corner = 2;         // a corner: never captured
  int arc_ray = 3;        // a lane from a piece through an arc, unblocked
  int attack = 4;         // an enemy piece met along a loop (a capture available)
  int cover = 3;          // an own piece covered along a loop (a recapture ready)
  int step = 1;           // an empty neighbouring point
  int hanging_one = 20;   // side to move has a piece its opponent wins by exchange
  int hanging_more = 70;  // each further one: only one can be saved per move
  int tempo = 5;
  int simplify = 2;        // per piece off the board, times the lead, for the side ahead
  int limit_horizon = 16;  // plies before an adjudication where its verdict blends in
  int limit_value = 600;   // the blended verdict's value for a lead at the limit
  bool loop_terms = true;  // false: material, tempo and the limit blend only (ablation)
};

// The side to move's captures, which the evaluation finds on its way (the quiescence reuses
// them): targets[from] for each of its pieces in `from`.
struct CaptureMap {
  std::uint64_t from = 0;
  std::array<std::uint64_t, surakarta::kSquares> targets;
};

// The static value of a running position for `seat`, well inside +-kWinThreshold. `board` is
// LoopBoard(s); `captures`, when given, receives the side to move's captures.
int evaluate(const surakarta::State& s, const LoopBoard& board, Seat seat, const EvalWeights& w,
             CaptureMap* captures = nullptr);
inline int evaluate(const surakarta::State& s, Seat seat, const EvalWeights& w) {
  return evaluate(s, LoopBoard(s), seat, w);
}

// Plies until the no-capture limit or the move cap ends the game, whichever comes first; a
// large number when both are off.
int plies_to_adjudication(const surakarta::State& s);

}  // namespace boyi::bots::surakarta_engine
