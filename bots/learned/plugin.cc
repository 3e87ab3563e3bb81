// The entry point by which a process loads the learned players (see
// bots/learned_plugin.h).
#include "bots/learned/learned_engines.h"
#include "bots/learned_plugin.h"

extern "C" __attribute__((visibility("default"))) const boyi::bots::LearnedPlugin*
boyi_learned_plugin() {
  using namespace boyi;
  using namespace boyi::bots;
  static const LearnedPlugin tables{
      LearnedPlugin::kAbi,
      &learned_engines<gomoku::State>(),
      &learned_engines<dots::State>(),
      &learned_engines<surakarta::State>(),
      &learned_engines<junqi::State>(),
  };
  return &tables;
}
