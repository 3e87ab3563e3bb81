// The learned players of surakarta (see bots/learned/learned_engines.h).
#include "bots/learned/learned_engines.h"

namespace boyi::bots {

template <>
const std::vector<NamedEngine<surakarta::State>>& learned_engines<surakarta::State>() {
  static const std::vector<NamedEngine<surakarta::State>> engines = {};
  return engines;
}

}  // namespace boyi::bots
