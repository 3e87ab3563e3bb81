// The strong engines of gomoku (see bots/engines/engines.h).
#include "bots/engines/engines.h"

#include "bots/engines/gomoku/threat_player.h"

namespace boyi::bots {

template <>
const std::vector<NamedEngine<gomoku::State>>& strong_engines<gomoku::State>() {
  static const std::vector<NamedEngine<gomoku::State>> engines = {
      {"threat", gomoku_threat::kThreatHelp, gomoku_threat::make_threat_player},
  };
  return engines;
}

}  // namespace boyi::bots
