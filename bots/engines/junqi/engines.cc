// The strong engines of junqi (see bots/engines/engines.h).
#include "bots/engines/engines.h"

#include "bots/engines/junqi/belief_player.h"

namespace boyi::bots {

template <>
const std::vector<NamedEngine<junqi::State>>& strong_engines<junqi::State>() {
  static const std::vector<NamedEngine<junqi::State>> engines = {
      {"belief", kJunqiBeliefHelp, make_junqi_belief_player},
      {"qlearn", kJunqiQlearnHelp, make_junqi_qlearn_player},
  };
  return engines;
}

}  // namespace boyi::bots
