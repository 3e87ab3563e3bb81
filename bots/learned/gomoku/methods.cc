// The training methods of gomoku (see bots/learned/training_method.h).
#include "bots/learned/gomoku/bptd_method.h"
#include "bots/learned/training_method.h"

namespace boyi::bots::learned {

Result<std::unique_ptr<TrainingMethod>> make_gomoku_method(std::string_view method,
                                                           const TrainConfig& config) {
  if (method == "bp-td") return gomoku_td::make_bptd_method(false, config);
  if (method == "bp-td-rich") return gomoku_td::make_bptd_method(true, config);
  return fail("no training method '" + std::string(method) + "' for gomoku (bp-td, bp-td-rich)");
}

std::vector<std::string> gomoku_methods() {
  return {"gomoku bp-td       the Renju seed's 44-14-1 network, TD(λ) self-play (BP-TD(λ))",
          "gomoku bp-td-rich  a richer pattern network (60-40-1) trained the same way"};
}

}  // namespace boyi::bots::learned
