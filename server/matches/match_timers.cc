// MatchHost: the timer armed at the referee's next deadline (clocks, per-move limits,
// disconnect grace, periodic ClockUpdate pushes) and the house bots: asked to choose on
// their pool, their answers back on the strand (stale ones dropped), submitted after the pause.
#include "server/matches/match_host_internal.h"

namespace boyi::app {
namespace asio = boost::asio;
using match_detail::Clock;
using WireMatch = protocol::WireMatch;

void MatchHost::arm_timer() {
  if (stopped_ || !match_ || match_->referee().finished()) return;
  auto deadline = match_->referee().next_deadline();
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
  if (stopped_ || !match_) return;
  if (match_->referee().finished()) {
    // Ended by a call that ticked outside the usual paths and was not wrapped up there.
    if (!ended_handled_) after_change();
    return;
  }
  const auto now = Clock::now();
  if (auto s = match_->referee().tick(now); !s) {
    app_.log.error("tick_failed", {{"match", id()}, {"reason", s.message()}});
    timer_.expires_after(std::chrono::seconds(1));
    timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
      if (!ec) self->on_timer();
    });
    return;
  }
  if (!match_->referee().finished() && app_.config.clock_update_interval_ms > 0) {
    const auto now_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
    if (now_ms - last_clock_update_ms_ >= app_.config.clock_update_interval_ms - 5) {
      last_clock_update_ms_ = now_ms;
      v1::ServerMessage m;
      auto* cu = m.mutable_clock_update();
      cu->set_match_id(id());
      *cu->mutable_clocks() = match_->clocks(Clock::now());
      Outgoing out(std::move(m), app_.max_frame());
      for (const auto& peers : seat_peers_)
        for (const auto& p : peers) out.send(p);
      for (const auto& p : spectators_) out.send(p);
    }
  }
  after_change();
}

namespace {

// Refused (or empty) answers of a house bot in one position before it stops asking: the
// referee's illegal-move policy or the seat's clock then settles the match.
constexpr int kMaxHouseRefusals = 3;

}  // namespace

bool MatchHost::house_turn(int seat, std::uint64_t ticket) const {
  return !stopped_ && match_ && !match_->referee().finished() &&
         match_->referee().last_seq() == ticket && match_->referee().can_act(seat);
}

void MatchHost::count_house_refusal(int seat, std::uint64_t ticket) {
  auto& r = house_refusals_[static_cast<std::size_t>(seat)];
  if (r.first != ticket) r = {ticket, 0};
  ++r.second;
}

void MatchHost::schedule_bots() {
  if (stopped_ || !match_ || match_->referee().finished()) return;
  for (int s = 0; s < 2; ++s) {
    const auto si = static_cast<std::size_t>(s);
    if (!house_[si] || bot_pending_[si] || !match_->referee().can_act(s)) continue;
    const std::uint64_t ticket = match_->referee().last_seq();
    const auto& refused = house_refusals_[si];
    if (refused.first == ticket && refused.second >= kMaxHouseRefusals) continue;
    bot_pending_[si] = true;
    // The bot thinks at once on the pool; its move goes out no sooner than the pause.
    const auto asked = Clock::now();
    const auto earliest = asked + std::chrono::milliseconds(app_.config.house_bot_delay_ms);
    house_[si]->choose(match_->view(s), match_->clocks(Clock::now()), asked,
                       [self = shared_from_this(), s, ticket, earliest](HouseBot::Answer a) {
                         asio::post(self->strand_,
                                    [self, s, ticket, earliest, a = std::move(a)]() mutable {
                                      self->house_answer(s, ticket, earliest, std::move(a));
                                    });
                       });
  }
}

void MatchHost::house_answer(int seat, std::uint64_t ticket, Clock::time_point earliest,
                             HouseBot::Answer answer) {
  const auto si = static_cast<std::size_t>(seat);
  if (stopped_) return;
  if (!answer.note.empty())
    app_.log.warn(
        "house_bot_fallback",
        {{"match", id()}, {"seat", seat}, {"player", house_[si]->spec()}, {"reason", answer.note}});
  if (!house_turn(seat, ticket) || answer.move.empty()) {
    // Stale (the match moved on or ended while it thought), or no move: ask again if due.
    if (house_turn(seat, ticket)) count_house_refusal(seat, ticket);
    bot_pending_[si] = false;
    return schedule_bots();
  }
  if (Clock::now() < earliest) {
    bot_timers_[si]->expires_at(earliest);
    bot_timers_[si]->async_wait(
        [self = shared_from_this(), seat, ticket,
         move = std::move(answer.move)](const boost::system::error_code& ec) {
          if (!ec) self->submit_house_move(seat, ticket, move);
        });
    return;
  }
  submit_house_move(seat, ticket, answer.move);
}

void MatchHost::submit_house_move(int seat, std::uint64_t ticket, const std::string& move) {
  const auto si = static_cast<std::size_t>(seat);
  bot_pending_[si] = false;
  if (stopped_) return;
  const auto now = Clock::now();
  if (match_ && !match_->referee().finished()) (void)match_->referee().tick(now);
  if (!house_turn(seat, ticket)) return after_change();
  const auto result = match_->submit(seat, move, now);
  using S = referee::SubmitResult::Status;
  switch (result.status) {
    case S::kAccepted:
      app_.metrics.moves_accepted.inc();
      break;
    case S::kRejected:
      // Told to the player, which avoids that move when it is asked again (bounded).
      app_.metrics.moves_rejected.inc();
      app_.log.warn("house_bot_refused", {{"match", id()},
                                          {"seat", seat},
                                          {"player", house_[si]->spec()},
                                          {"move", move},
                                          {"reason", result.reason}});
      house_[si]->rejected(result.reason);
      count_house_refusal(seat, ticket);
      break;
    case S::kGameOver:
    case S::kPaused:  // asked again when the arbiter unpauses (after_change)
      break;
    case S::kError:
      app_.log.error("journal_failed", {{"match", id()}, {"reason", result.reason}});
      break;
  }
  after_change();
}

void MatchHost::feed_house_bot(int seat, const v1::ServerMessage& m) {
  const auto& bot = house_[static_cast<std::size_t>(seat)];
  if (!bot) return;
  if (m.has_match_event())
    bot->observe(m.match_event());
  else if (m.has_match_ended())
    bot->finish(m.match_ended());
}
}  // namespace boyi::app
