// What the bot is sent: the match started, every event as the real server sends it — except
// for the script's deliberate misbehaviour (events twice, a pair swapped, the connection
// dropped) —, the other seat's moves from the kit's random player, and the end.
#include <algorithm>

#include "bots/arena/random_seat_player.h"
#include "engine/registry.h"
#include "tools/engine_check/network/scenario_run_internal.h"

namespace boyi::engine_check::run_detail {

void Run::start_match(int link) {
  const CheckTime now = CheckClock::now();
  referee::MatchConfig config;
  config.match_id = "check-" + script_.name;
  config.game = options_.game;
  config.time.per_move_ms = script_.per_move_ms;
  config.time.total_ms = std::min<std::int64_t>(referee::kMaxTotalMs,
                                                script_.per_move_ms * (script_.max_actions + 10));
  config.illegal = referee::IllegalMovePolicy::retry(3);
  config.disconnect_grace_ms = script_.disconnect_grace_ms;
  config.draw_offers = false;
  config.takebacks = false;
  protocol::MatchHeader header;
  auto& bot = header.players[static_cast<std::size_t>(script_.bot_seat)];
  bot.set_user_id("u-check");
  bot.set_name("check-bot");
  bot.set_role(v1::ROLE_BOT);
  bot.set_seat(script_.bot_seat);
  auto& kit = header.players[static_cast<std::size_t>(kit_seat_)];
  kit.set_user_id("u-kit");
  kit.set_name("boyi-check");
  kit.set_role(v1::ROLE_BOT);
  kit.set_seat(kit_seat_);
  auto match = WireMatch::create(config, header, journal_, now);
  if (!match) {
    out_.result.fail("the scripted server could not start its match: " + match.message());
    stop_ = true;
    return;
  }
  match_ = std::move(match).value();
  kit_ = std::make_unique<bots::RandomSeatPlayer>(rng_());
  (void)kit_->start(match_->started(kit_seat_, now));
  links_[link].seat = true;
  v1::ServerMessage started;
  *started.mutable_match_started() = match_->started(script_.bot_seat, now);
  send_bot(started);
  log_.line("match " + match_->id() + ": the bot plays seat " + std::to_string(script_.bot_seat));
  after_change(std::nullopt);
}

// After every change: the kit's player learns it, the bot is told (with the script's
// deliberate misbehaviour), the other seat's next move is scheduled.
void Run::after_change(std::optional<Reply> reply) {
  if (!match_) return;
  auto& ref = match_->referee();
  const CheckTime now = CheckClock::now();
  if (!ref.finished() && ref.actions() >= script_.max_actions) {
    (void)ref.abort("the conformance check ends its games after " +
                        std::to_string(script_.max_actions) + " actions",
                    now);
    seen_.capped = true;
  }
  feed_kit();
  flush_bot(reply);
  seen_.actions = ref.actions();
  if (ref.finished()) return note_end();
  if (ref.can_act(script_.bot_seat)) {
    if (!to_move_since_) {
      to_move_since_ = now;
      to_move_seq_ = WireMatch::wire_seq(ref.last_seq());
    }
  } else {
    to_move_since_.reset();
  }
  maybe_drop();
  schedule_kit();
}

void Run::feed_kit() {
  auto& ref = match_->referee();
  for (const auto& e : ref.events_for(kit_seat_, kit_told_)) {
    kit_told_ = e.seq;
    if (e.kind != referee::EventKind::kAction) continue;
    if (auto m = match_->message(kit_seat_, e, false); m && m->has_match_event())
      (void)kit_->observe(m->match_event());
  }
}

void Run::flush_bot(std::optional<Reply> reply) {
  auto& ref = match_->referee();
  for (const auto& e : ref.events_for(script_.bot_seat, bot_told_)) {
    bot_told_ = e.seq;
    if (e.kind == referee::EventKind::kStart) continue;
    auto m = match_->message(script_.bot_seat, e, e.seq == match_->newest_change_seq());
    if (!m) continue;
    const bool answer = reply && e.seq == reply->seq;
    if (answer) m->set_request_id(reply->request_id);
    to_bot(std::move(*m), e.seq, answer);
  }
}

void Run::to_bot(v1::ServerMessage m, std::uint64_t seq, bool answer) {
  if (!m.has_match_event()) {
    if (held_) release_held();  // the end never overtakes an event
    return send_bot(m);
  }
  if (held_ && seq == held_->seq + 1) {
    send_bot(m);
    clock_update();
    return release_held();
  }
  if (answer && should_hold()) {
    held_ = Held{seq, m.request_id(), CheckClock::now()};
    swapped_moves_.insert(seen_.bot_moves);
    log_.line("holding back seq " + std::to_string(WireMatch::wire_seq(seq)) +
              " until after the other seat's reply (on purpose)");
    clock_update();
    kit_due_ = CheckClock::now();  // the reply comes at once, so the pair goes out swapped
    return;
  }
  send_bot(m);
  if (script_.duplicate_events) {
    send_bot(m);
    ++seen_.duplicates;
    trick("seq " + std::to_string(WireMatch::wire_seq(seq)) +
          " was sent twice on purpose (a repeated seq must be ignored, §6 The match flow)");
  }
}

bool Run::should_hold() const {
  const auto& ref = match_->referee();
  const auto& swaps = script_.swap_after;
  return !held_ && std::find(swaps.begin(), swaps.end(), seen_.bot_moves) != swaps.end() &&
         !swapped_moves_.contains(seen_.bot_moves) && !ref.finished() && ref.can_act(kit_seat_) &&
         !ref.can_act(script_.bot_seat);
}

void Run::release_held() {
  if (!held_) return;
  const Held held = *held_;
  held_.reset();
  const auto events = match_->referee().events_for(script_.bot_seat, held.seq - 1, 1);
  if (events.empty()) return;
  auto m =
      match_->message(script_.bot_seat, events[0], events[0].seq == match_->newest_change_seq());
  if (!m) return;
  m->set_request_id(held.request_id);
  send_bot(*m);
  ++seen_.swaps;
  const std::uint32_t n = WireMatch::wire_seq(held.seq);
  trick("events " + std::to_string(n + 1) + " and " + std::to_string(n) +
        " were sent in the wrong order on purpose (" + std::to_string(n + 1) +
        " first; a bot buffers the later one or asks sync from " + std::to_string(n) + ")");
}

void Run::send_bot(const v1::ServerMessage& m) {
  bool sent = false;
  for (const auto& [id, st] : links_)
    if (st.seat && !st.closed && server_.is_open(id)) {
      server_.send(id, m);
      sent = true;
    }
  if (!sent) return;
  if (m.has_match_event()) last_seq_sent_ = std::max(last_seq_sent_, m.match_event().seq());
  if (m.has_match_ended()) last_seq_sent_ = std::max(last_seq_sent_, m.match_ended().seq());
}

void Run::clock_update() {
  v1::ServerMessage m;
  auto* c = m.mutable_clock_update();
  c->set_match_id(match_->id());
  *c->mutable_clocks() = match_->clocks(CheckClock::now());
  send_bot(m);
}

void Run::maybe_drop() {
  if (script_.drop_after == 0 || seen_.dropped || seen_.bot_moves < script_.drop_after) return;
  auto& ref = match_->referee();
  if (held_ || !ref.can_act(script_.bot_seat) || !any_seat_link()) return;
  const CheckTime now = CheckClock::now();
  for (auto& [id, st] : links_) {
    if (!st.seat) continue;
    st.seat = false;
    drop_link(id);
  }
  seen_.dropped = true;
  seen_.drop_seq = last_seq_sent_;
  dropped_at_ = now;
  (void)ref.on_disconnect(script_.bot_seat, now);
  trick("the server dropped its connection on purpose right after seq " +
        std::to_string(last_seq_sent_) + ", which put it to move");
}

void Run::schedule_kit() {
  auto& ref = match_->referee();
  if (kit_due_ || ref.finished() || !ref.can_act(kit_seat_)) return;
  std::int64_t delay = script_.reply_ms;
  if (kit_moves_ + 1 == script_.long_think_at && !seen_.long_think) {
    delay = script_.long_think_ms;
    seen_.long_think = true;
    log_.line("the other seat thinks " + seconds(delay) + " on purpose");
    // The real server pings only on WebSockets; a ping the bot must answer is asked here.
    v1::ServerMessage ping;
    ping.mutable_ping()->set_nonce(kServerPingNonce);
    send_bot(ping);
    server_ping_at_ = CheckClock::now();
  }
  kit_due_ = CheckClock::now() + milliseconds(delay);
}

void Run::kit_move() {
  kit_due_.reset();
  auto& ref = match_->referee();
  const CheckTime now = CheckClock::now();
  (void)ref.tick(now);
  if (ref.finished() || !ref.can_act(kit_seat_)) return after_change(std::nullopt);
  auto choice = kit_->choose(match_->view(kit_seat_), match_->clocks(now));
  auto result = match_->submit(kit_seat_, choice ? *choice : std::string(), now);
  if (!result.accepted() && !ref.finished()) {
    const std::string other = ref.game().random_move(kit_seat_, rng_);
    if (!other.empty()) result = match_->submit(kit_seat_, other, now);
  }
  if (result.accepted()) {
    ++kit_moves_;
  } else if (!ref.finished()) {
    log_.line("the kit's player could not move: " + result.reason);
    (void)ref.abort("the conformance check's own player could not move", now);
  }
  after_change(std::nullopt);
}

void Run::note_end() {
  if (ended_at_) return;
  ended_at_ = CheckClock::now();
  const auto& ref = match_->referee();
  const Outcome& o = ref.outcome();
  seen_.outcome = o;
  seen_.actions = ref.actions();
  log_.line("match over: " + describe(o));
  // The record follows the end, as on the real server (without renderings when too big).
  if (auto record = match_->record()) {
    v1::ServerMessage m;
    *m.mutable_match_record() = *record;
    if (m.ByteSizeLong() > ScriptedServer::kMaxFrameBytes / 2)
      for (auto& move : *m.mutable_match_record()->mutable_moves()) move.clear_rendering();
    send_bot(m);
  }
  if (!o.winner || *o.winner != kit_seat_) return;
  switch (o.ending) {
    case Ending::kTimeForfeit:
      finding(Severity::kFail, "time",
              "did not move in time: it had been to move since seq " +
                  std::to_string(to_move_seq_) + " and the per-move limit is " +
                  seconds(script_.per_move_ms) +
                  " (match_started.time_control.per_move_ms), so it lost on time "
                  "(ENDING_TIME_FORFEIT; §6 Clocks)" +
                  after_trick() +
                  (lost_move_.empty() || !seen_.back
                       ? std::string()
                       : ". Its move " + quoted(lost_move_) +
                             " went out as the connection dropped and was lost; after "
                             "sync_done it was still to move and had to send a move again"));
      break;
    case Ending::kDisconnectForfeit:
      finding(Severity::kFail, "away",
              seen_.dropped && !seen_.back
                  ? "did not come back within the disconnect grace of " +
                        seconds(script_.disconnect_grace_ms) +
                        " after the server dropped its connection at seq " +
                        std::to_string(seen_.drop_seq) +
                        ": connect again, hello, sign_in and sync (§6 Disconnection and "
                        "reconnection); it lost by ENDING_DISCONNECT_FORFEIT"
                  : "was away longer than the disconnect grace of " +
                        seconds(script_.disconnect_grace_ms) +
                        " (welcome.limits.disconnect_grace_ms) and lost by "
                        "ENDING_DISCONNECT_FORFEIT (§6 Disconnection and reconnection)");
      break;
    case Ending::kIllegalMove:
      finding(Severity::kFail, "illegal loss",
              "lost the game by its third refused move (ENDING_ILLEGAL_MOVE; §6 Illegal moves "
              "and moving out of turn)");
      break;
    case Ending::kResignation: {
      const bool after_refusal = seen_.refused && !seen_.move_after_refusal;
      finding(after_refusal ? Severity::kFail : Severity::kWarn, "resigned",
              after_refusal
                  ? "resigned after its legal move " + quoted(seen_.refused_move) +
                        " was refused with attempts left: a refused move may be followed by "
                        "another (§6 Illegal moves and moving out of turn)"
                  : "resigned at ply " + std::to_string(match_->ply()) +
                        ": the game was not played to its end");
      break;
    }
    default:
      break;
  }
}

}  // namespace boyi::engine_check::run_detail
