#include "bots/arena/random_seat_player.h"

#include "engine/junqi/junqi.h"

namespace boyi::bots {

Status RandomSeatPlayer::start(const v1::MatchStarted& started) {
  seat_ = started.seat();
  return Status::Ok();
}

Result<std::string> RandomSeatPlayer::choose(const v1::GameView& view, const v1::Clocks&) {
  if (view.legal_moves_size() > 0)
    return view.legal_moves(
        static_cast<int>(rng_.below(static_cast<std::uint32_t>(view.legal_moves_size()))));
  if (view.has_junqi() && view.can_act()) {
    const junqi::State fresh;
    return fresh.format_move(fresh.random_deployment(seat_, rng_));
  }
  return fail("no legal move in the view");
}

}  // namespace boyi::bots
