// A position evaluation the `threat` engine's alpha-beta can use at its leaves
// in place of the hand-made pattern sum (Position::evaluate): e.g. a learned
// network (bots/learned/gomoku). Standard C++ only, so the engine never sees
// how an evaluator is made. One evaluator may serve several searches at once:
// evaluate() is const and must be safe to call from several threads.
#pragma once

#include "bots/engines/gomoku/position.h"

namespace boyi::bots::gomoku_threat {

class PositionEvaluator {
 public:
  virtual ~PositionEvaluator() = default;
  // The value of `pos` for its side to move, in the engine's evaluation units
  // (the same sign convention as Position::evaluate, well inside ±kWinThreshold).
  virtual int evaluate(const Position& pos) const = 0;
};

}  // namespace boyi::bots::gomoku_threat
