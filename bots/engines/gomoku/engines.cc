// The strong engines of gomoku (see bots/engines/engines.h).
#include "bots/engines/engines.h"

namespace boyi::bots {

template <>
const std::vector<NamedEngine<gomoku::State>>& strong_engines<gomoku::State>() {
  static const std::vector<NamedEngine<gomoku::State>> engines = {};
  return engines;
}

}  // namespace boyi::bots
