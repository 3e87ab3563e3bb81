// SeatTracker<G>: what one seat of one match knows (SeatKnowledge<G>, bots/player.h),
// rebuilt from exactly what the server sends that seat: MatchStarted (the rules text,
// the seat, its initial view), then its MatchEvents in seq order, then MatchEnded.
//
// - 五子棋, 点格棋, 苏拉卡尔塔 (perfect information): the state, by replaying each
//   event's move on the engine's checked path (every edge of a 点格棋 turn), and
//   checking the event's ply against the result.
// - 军棋: a JunqiSeatInfo. The view starts from MatchStarted's view and follows each
//   event's own rendering (junqi_from_wire.h); an event that carries the seat's view
//   replaces it with that (the server's word). Every event view is kept in order.
//
// An agreed takeback (MatchEvent.takes_back, perfect-information games only) returns to the
// state before the first action it undoes: the tracker keeps the state before each action.
//
// A repeated seq (a Sync replay after a reconnect) is ignored; a gap or an event that
// does not fit is an error, and the tracker is left as it was before that event.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bots/player.h"
#include "boyi/v1/boyi.pb.h"
#include "engine/core/game.h"
#include "base/result.h"

namespace boyi::bots {

template <Game G>
class SeatTracker {
 public:
  // The match begins, or (same match id and seat) is joined again: then nothing changes.
  Status start(const v1::MatchStarted& started);
  // The next event is applied; one already seen is ignored.
  Status observe(const v1::MatchEvent& event);
  // The end (its seq counts as seen). 军棋: the view takes the final outcome.
  Status finish(const v1::MatchEnded& ended);

  bool started() const { return knowledge_.has_value(); }
  const std::string& match_id() const { return match_id_; }
  Seat seat() const { return seat_; }
  std::uint32_t last_seq() const { return last_seq_; }
  bool ended() const { return ended_; }
  // Only after a successful start().
  const SeatKnowledge<G>& knowledge() const { return *knowledge_; }
  const typename G::Rules& rules() const { return rules_; }

 private:
  Status apply(const v1::MatchEvent& event, SeatKnowledge<G>& knowledge) const;

  std::optional<SeatKnowledge<G>> knowledge_;
  std::vector<SeatKnowledge<G>> before_;  // perfect information: the state before each action
  typename G::Rules rules_{};
  std::string match_id_;
  Seat seat_ = kPublic;
  std::uint32_t last_seq_ = 0;
  bool ended_ = false;
};

}  // namespace boyi::bots
