#include "bots/learned/gomoku/td_player.h"

#include <string>

#include "bots/engines/gomoku/threat_player.h"
#include "bots/learned/gomoku/bptd_net.h"
#include "bots/learned/model_cache.h"
#include "bots/learned/weights.h"

namespace boyi::bots::learned::gomoku_td {

Result<std::unique_ptr<Player<gomoku::State>>> make_td_player(std::string_view model,
                                                              const PlayerSpec& spec,
                                                              std::string_view text,
                                                              std::uint64_t seed) {
  auto parsed = gomoku_threat::threat_options(spec, {"weights"});
  if (!parsed) return Error{parsed.message()};
  gomoku_threat::AnalystOptions options = std::move(parsed).value();
  const auto given = spec.options.find("weights");
  const std::filesystem::path file =
      weights_path(model, given == spec.options.end() ? std::string_view{} : given->second);
  options.evaluator = shared_model<NetEvaluator>(file, [&]() -> std::shared_ptr<NetEvaluator> {
    auto net = load_plain_weights(file);
    if (!net) {
      warn_once(file.string(), net.message() + " — playing with the hand-made evaluation");
      return nullptr;
    }
    return std::make_shared<NetEvaluator>(std::move(net).value());
  });
  std::unique_ptr<Player<gomoku::State>> p =
      std::make_unique<gomoku_threat::ThreatPlayer>(std::string(text), options, seed);
  return p;
}

}  // namespace boyi::bots::learned::gomoku_td
