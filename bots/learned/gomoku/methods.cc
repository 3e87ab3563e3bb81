// The training methods of gomoku (see bots/learned/training_method.h).
#include "bots/learned/training_method.h"

namespace boyi::bots::learned {

Result<std::unique_ptr<TrainingMethod>> make_gomoku_method(std::string_view method,
                                                         const TrainConfig&) {
  return fail("no training method '" + std::string(method) + "' for gomoku");
}

std::vector<std::string> gomoku_methods() { return {}; }

}  // namespace boyi::bots::learned
