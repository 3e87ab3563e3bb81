// 点格棋 has no learned player (no seed paper trains one); the other games'
// tables are in their folders.
#include "bots/learned/learned_engines.h"

namespace boyi::bots {

template <>
const std::vector<NamedEngine<dots::State>>& learned_engines<dots::State>() {
  static const std::vector<NamedEngine<dots::State>> none;
  return none;
}

}  // namespace boyi::bots
