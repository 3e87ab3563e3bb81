// The strong engines of surakarta (see bots/engines/engines.h).
#include "bots/engines/engines.h"

namespace boyi::bots {

template <>
const std::vector<NamedEngine<surakarta::State>>& strong_engines<surakarta::State>() {
  static const std::vector<NamedEngine<surakarta::State>> engines = {};
  return engines;
}

}  // namespace boyi::bots
