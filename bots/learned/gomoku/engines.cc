// The learned players of gomoku (see bots/learned/learned_engines.h).
#include "bots/learned/gomoku/td_player.h"
#include "bots/learned/learned_engines.h"

namespace boyi::bots {
namespace {

Result<std::unique_ptr<Player<gomoku::State>>> make_td(const PlayerSpec& spec,
                                                       std::string_view text, std::uint64_t seed) {
  return learned::gomoku_td::make_td_player(learned::gomoku_td::kTdModel, spec, text, seed);
}

}  // namespace

template <>
const std::vector<NamedEngine<gomoku::State>>& learned_engines<gomoku::State>() {
  static const std::vector<NamedEngine<gomoku::State>> engines = {
      {"td",
       "threat engine with the BP-TD(λ) 44-14-1 network as its evaluation (Renju seed; "
       "weights=PATH also takes a bp-td-rich network); td[:weights=PATH,<threat options>]",
       make_td},
  };
  return engines;
}

}  // namespace boyi::bots
