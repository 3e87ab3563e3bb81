// The training methods of surakarta (see bots/learned/training_method.h).
#include "bots/learned/training_method.h"

namespace boyi::bots::learned {

Result<std::unique_ptr<TrainingMethod>> make_surakarta_method(std::string_view method,
                                                         const TrainConfig&) {
  return fail("no training method '" + std::string(method) + "' for surakarta");
}

std::vector<std::string> surakarta_methods() { return {}; }

}  // namespace boyi::bots::learned
