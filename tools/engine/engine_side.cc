#include "tools/engine/engine_side.h"

#include "bots/bridges/bridge_player.h"

namespace boyi::engine_tool {

Result<std::unique_ptr<EngineSide>> make_engine_side(std::string_view protocol,
                                                     const EngineConfig& config) {
  if (!bots::protocol_serves(protocol, config.game))
    return fail("the protocol '" + std::string(protocol) + "' does not play '" + config.game +
                "' (junqi: junqi-ccgc; gomoku: piskvork; dots, surakarta: sau)");
  if (protocol == "junqi-ccgc") return make_junqi_side(config);
  if (protocol == "sau") return make_sau_side(config);
  return make_piskvork_side(config);
}

}  // namespace boyi::engine_tool
