// The learned players of gomoku (see bots/learned/learned_engines.h).
#include "bots/learned/learned_engines.h"

namespace boyi::bots {

template <>
const std::vector<NamedEngine<gomoku::State>>& learned_engines<gomoku::State>() {
  static const std::vector<NamedEngine<gomoku::State>> engines = {};
  return engines;
}

}  // namespace boyi::bots
