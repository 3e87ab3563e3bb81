// The training methods of junqi (see bots/learned/training_method.h).
#include "bots/learned/training_method.h"

namespace boyi::bots::learned {

Result<std::unique_ptr<TrainingMethod>> make_junqi_method(std::string_view method,
                                                         const TrainConfig&) {
  return fail("no training method '" + std::string(method) + "' for junqi");
}

std::vector<std::string> junqi_methods() { return {}; }

}  // namespace boyi::bots::learned
