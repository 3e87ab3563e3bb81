#include "server/tournament/ops/settle_policy.h"

#include <string>

namespace boyi::tournament {

storage::Settlement settle_game(const storage::PlayedGame& game, int max_attempts) {
  using storage::Settled;
  storage::Settlement out;
  const std::string match = "match " + std::to_string(game.match);
  if (game.aborted) {
    if (game.attempts < max_attempts) {
      out.kind = Settled::kReplay;
      out.event_kind = "game_aborted";
      out.event_detail =
          game.where + ": " + match + " aborted (" + game.detail + "); it is played again";
      return out;
    }
    out.kind = Settled::kVoid;
    out.result = "void";
    out.event_kind = "game_void";
    out.event_detail = game.where + ": " + match + " aborted after " +
                       std::to_string(game.attempts) + " attempts; void";
    return out;
  }
  out.kind = Settled::kDone;
  out.result = !game.winner ? "draw" : *game.winner == 0 ? "1-0" : "0-1";
  out.event_kind = "game_finished";
  out.event_detail = game.where + ": " + out.result + " (" + game.ending +
                     (game.detail.empty() ? "" : ": " + game.detail) + "), " + match;
  out.rate = game.rated;
  return out;
}

storage::SettlePolicy settle_policy(int max_attempts) {
  return
      [max_attempts](const storage::PlayedGame& game) { return settle_game(game, max_attempts); };
}

}  // namespace boyi::tournament
