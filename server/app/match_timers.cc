// MatchHost: the timer armed at the referee's next deadline (clocks, per-move limits,
// disconnect grace, periodic ClockUpdate pushes) and the house bots' moves.
#include "server/app/match_host_internal.h"

namespace boyi::app {
namespace asio = boost::asio;
using match_detail::Clock;
using match_detail::wire_seq;
using match_detail::wire_time;

void MatchHost::arm_timer() {
  if (stopped_ || !referee_ || referee_->finished()) return;
  auto deadline = referee_->next_deadline();
  const auto now = Clock::now();
  std::optional<Clock::time_point> wake = deadline;
  if (app_.config.clock_update_interval_ms > 0) {
    const auto update = now + std::chrono::milliseconds(app_.config.clock_update_interval_ms);
    if (!wake || update < *wake) wake = update;
  }
  if (!wake) return;
  timer_.expires_at(*wake);
  timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (!ec) self->on_timer();
  });
}

void MatchHost::on_timer() {
  if (stopped_ || !referee_ || referee_->finished()) return;
  const auto now = Clock::now();
  if (auto s = referee_->tick(now); !s) {
    app_.log.error("tick_failed", {{"match", id()}, {"reason", s.message()}});
    timer_.expires_after(std::chrono::seconds(1));
    timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
      if (!ec) self->on_timer();
    });
    return;
  }
  if (!referee_->finished() && app_.config.clock_update_interval_ms > 0) {
    const auto now_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
    if (now_ms - last_clock_update_ms_ >= app_.config.clock_update_interval_ms - 5) {
      last_clock_update_ms_ = now_ms;
      v1::ServerMessage m;
      auto* cu = m.mutable_clock_update();
      cu->set_match_id(id());
      *cu->mutable_clocks() = clocks_now();
      Outgoing out(std::move(m), app_.max_frame());
      for (const auto& peers : seat_peers_)
        for (const auto& p : peers) out.send(p);
      for (const auto& p : spectators_) out.send(p);
    }
  }
  after_change();
}

void MatchHost::schedule_bots() {
  if (stopped_ || !referee_ || referee_->finished()) return;
  for (int s = 0; s < 2; ++s) {
    const auto si = static_cast<std::size_t>(s);
    if (!house_[si] || bot_pending_[si] || !referee_->can_act(s)) continue;
    bot_pending_[si] = true;
    bot_timers_[si]->expires_after(std::chrono::milliseconds(app_.config.house_bot_delay_ms));
    bot_timers_[si]->async_wait(
        [self = shared_from_this(), s](const boost::system::error_code& ec) {
          self->bot_pending_[static_cast<std::size_t>(s)] = false;
          if (!ec) self->bot_move(s);
        });
  }
}

void MatchHost::bot_move(int seat) {
  if (stopped_ || !referee_ || referee_->finished() || !referee_->can_act(seat)) return;
  const auto choice = house_[static_cast<std::size_t>(seat)]->choose(game().wire_view(seat));
  if (!choice) return;
  const auto result = referee_->submit(seat, *choice, Clock::now());
  if (result.accepted()) {
    app_.metrics.moves_accepted.inc();
    note_action();
  } else {
    app_.log.warn("house_bot_refused",
                  {{"match", id()}, {"move", *choice}, {"reason", result.reason}});
  }
  after_change();
}
}  // namespace boyi::app
