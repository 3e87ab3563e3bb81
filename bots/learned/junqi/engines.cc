// The learned players of junqi (see bots/learned/learned_engines.h).
#include "bots/learned/learned_engines.h"

#include "bots/learned/junqi/dmc_player.h"

namespace boyi::bots {

template <>
const std::vector<NamedEngine<junqi::State>>& learned_engines<junqi::State>() {
  static const std::vector<NamedEngine<junqi::State>> engines = {
      {"dmc", learned::kJunqiDmcHelp, learned::make_junqi_dmc_player},
  };
  return engines;
}

}  // namespace boyi::bots
