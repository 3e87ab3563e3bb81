#include "server/tournament/runner/tournament_views.h"

#include "protocol/wire/wire_game.h"
#include "server/matches/stored_match.h"

namespace boyi::app {

Result<GameViews> finished_game_views(storage::Database& db, storage::Id match,
                                      std::optional<int> after) {
  auto m = db.match_by_id(match);
  if (!m) return Error{m.message()};
  if (m->status != storage::MatchStatus::kFinished && m->status != storage::MatchStatus::kAborted)
    return fail("match " + std::to_string(match) + " is not over: its views are secret");
  auto stored = load_stored_match(db, match);
  if (!stored) return Error{stored.message()};
  auto game = protocol::create_wire_game(stored->config.game, stored->config.rules_text);
  if (!game) return Error{game.message()};
  GameViews out;
  for (const auto& e : stored->entries) out.actions += e.kind == referee::EntryKind::kAction;
  out.after = after ? std::clamp(*after, 0, out.actions) : out.actions;
  int played = 0;
  for (const auto& e : stored->entries) {
    if (e.kind != referee::EntryKind::kAction) continue;
    if (played == out.after) break;
    auto w = game.value()->play_wire(e.seat, e.text);
    if (!w) return fail("action " + e.text + " does not replay: " + w.message());
    ++played;
  }
  const auto& g = *game.value();
  out.seat0 = g.wire_view(0);
  out.seat1 = g.wire_view(1);
  out.spectators = g.wire_view(kPublic);
  out.full = g.full_view();
  out.outcome = protocol::to_wire(m->outcome);
  if (out.after == out.actions) *out.full.mutable_outcome() = out.outcome;
  return out;
}

}  // namespace boyi::app
