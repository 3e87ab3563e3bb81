// The strong engines of dots (see bots/engines/engines.h).
#include "bots/engines/engines.h"

namespace boyi::bots {

template <>
const std::vector<NamedEngine<dots::State>>& strong_engines<dots::State>() {
  static const std::vector<NamedEngine<dots::State>> engines = {};
  return engines;
}

}  // namespace boyi::bots
