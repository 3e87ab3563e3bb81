#include "bots/learned/training_method.h"

namespace boyi::bots::learned {

// Each game's methods (defined in <game>/methods.cc).
Result<std::unique_ptr<TrainingMethod>> make_gomoku_method(std::string_view method,
                                                           const TrainConfig& config);
Result<std::unique_ptr<TrainingMethod>> make_surakarta_method(std::string_view method,
                                                              const TrainConfig& config);
Result<std::unique_ptr<TrainingMethod>> make_junqi_method(std::string_view method,
                                                          const TrainConfig& config);
std::vector<std::string> gomoku_methods();
std::vector<std::string> surakarta_methods();
std::vector<std::string> junqi_methods();

Result<std::unique_ptr<TrainingMethod>> make_training_method(std::string_view game,
                                                             std::string_view method,
                                                             const TrainConfig& config) {
  if (game == "gomoku") return make_gomoku_method(method, config);
  if (game == "surakarta") return make_surakarta_method(method, config);
  if (game == "junqi") return make_junqi_method(method, config);
  return fail("no training method for game '" + std::string(game) +
              "' (gomoku, surakarta or junqi)");
}

std::vector<std::string> training_methods() {
  std::vector<std::string> all;
  for (auto* list : {&gomoku_methods, &surakarta_methods, &junqi_methods})
    for (auto& m : (*list)()) all.push_back(std::move(m));
  return all;
}

}  // namespace boyi::bots::learned
