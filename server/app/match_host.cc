#include "server/app/match_host.h"

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>

#include "server/records/json_record.h"
#include "server/records/text_record.h"

namespace boyi::app {
namespace asio = boost::asio;

namespace {

using Clock = std::chrono::steady_clock;

Result<std::unique_ptr<AnyGame>> wire_factory(std::string_view game, std::string_view rules) {
  auto w = protocol::create_wire_game(game, rules);
  if (!w) return Error{w.message()};
  return std::unique_ptr<AnyGame>(std::move(w).value());
}

v1::TimeControl wire_time(const referee::TimeControl& t) {
  v1::TimeControl w;
  w.set_total_ms(static_cast<std::uint32_t>(t.total_ms));
  w.set_per_move_ms(static_cast<std::uint32_t>(t.per_move_ms));
  w.set_increment_ms(static_cast<std::uint32_t>(t.increment_ms));
  return w;
}

std::uint32_t wire_seq(std::uint64_t referee_seq) {
  return referee_seq == 0 ? 0 : static_cast<std::uint32_t>(referee_seq - 1);
}

}  // namespace

MatchHost::MatchHost(AppContext& app, StoredMatch stored, std::array<UserInfo, 2> players)
    : app_(app),
      strand_(asio::make_strand(app.ioc)),
      timer_(strand_),
      stored_(std::move(stored)),
      players_(std::move(players)) {
  const auto id = hosting::parse_match_id(stored_.config.match_id);
  journal_ = std::make_unique<hosting::StorageJournal>(app_.db, id ? id.value() : 0);
  auto fresh = protocol::create_wire_game(stored_.config.game, stored_.config.rules_text);
  if (fresh) {
    initial_views_[0] = fresh.value()->wire_view(0);
    initial_views_[1] = fresh.value()->wire_view(1);
    initial_views_[2] = fresh.value()->wire_view(kPublic);
  }
  snapshot_.match_id = stored_.config.match_id;
  snapshot_.game = stored_.config.game;
  snapshot_.preset = stored_.preset;
  snapshot_.players = players_;
}

MatchHost::~MatchHost() = default;

void MatchHost::set_house_player(int seat, std::unique_ptr<HousePlayer> player) {
  if (seat == 0 || seat == 1) {
    house_[static_cast<std::size_t>(seat)] = std::move(player);
    bot_timers_[static_cast<std::size_t>(seat)] = std::make_unique<asio::steady_timer>(strand_);
  }
}

const protocol::WireGame& MatchHost::game() const {
  // The referee's game is made by wire_factory and clones keep their type.
  return static_cast<const protocol::WireGame&>(referee_->game());
}

int MatchHost::seat_of(storage::Id user) const {
  if (players_[0].id == user) return 0;
  if (players_[1].id == user) return 1;
  return -1;
}

void MatchHost::send(const Peer& peer, v1::ServerMessage message) const {
  (void)send_to(peer, message, app_.max_frame());
}

void MatchHost::error(const Peer& peer, std::uint64_t request_id, v1::ErrorCode code,
                      std::string text, std::uint32_t attempts_left) const {
  app_.metrics.error(code);
  send(peer, error_message(request_id, code, std::move(text), false, id(), attempts_left));
}

// --- starting and resuming ---------------------------------------------------------------

void MatchHost::start(std::array<std::vector<Peer>, 2> seats, std::function<void(Status)> done) {
  asio::post(strand_, [self = shared_from_this(), seats = std::move(seats),
                       done = std::move(done)]() mutable {
    auto& h = *self;
    const auto now = Clock::now();
    auto r = referee::Referee::create(h.stored_.config, *h.journal_, now, wire_factory);
    if (!r) {
      h.app_.log.error("match_start_failed", {{"match", h.id()}, {"reason", r.message()}});
      if (done) done(Status(Error{r.message()}));
      return;
    }
    h.referee_ = std::move(r).value();
    h.app_.metrics.matches_started.inc();
    h.app_.metrics.matches_running.inc();
    h.sent_seq_ = {1, 1, 1};
    for (int s = 0; s < 2; ++s) {
      for (auto& p : seats[static_cast<std::size_t>(s)])
        if (p.conn && p.conn->is_open()) h.add_seat_peer(s, p);
      if (!h.house_[static_cast<std::size_t>(s)] &&
          h.seat_peers_[static_cast<std::size_t>(s)].empty())
        (void)h.referee_->on_disconnect(s, now);
    }
    for (int s = 0; s < 2; ++s) {
      v1::ServerMessage m;
      *m.mutable_match_started() = h.match_started(s);
      Outgoing out(std::move(m), h.app_.max_frame());
      for (const auto& p : h.seat_peers_[static_cast<std::size_t>(s)]) out.send(p);
    }
    h.app_.log.info("match_started", {{"match", h.id()},
                                      {"game", h.stored_.config.game},
                                      {"preset", h.stored_.preset},
                                      {"seat0", h.players_[0].username},
                                      {"seat1", h.players_[1].username}});
    if (done) done(Status::Ok());
    h.after_change();
  });
}

Status MatchHost::resume() {
  const auto now = Clock::now();
  auto r = referee::Referee::resume(stored_.config, stored_.entries, *journal_, now, wire_factory);
  if (!r) return Error{r.message()};
  referee_ = std::move(r).value();
  // Rebuild each action's wire forms by replaying the journal through a fresh game: only
  // to re-render past events for Sync; the referee's game stays the one true state.
  auto replay = protocol::create_wire_game(stored_.config.game, stored_.config.rules_text);
  if (!replay) return Error{replay.message()};
  for (const auto& e : stored_.entries) {
    if (e.kind != referee::EntryKind::kAction) continue;
    auto w = replay.value()->play_wire(e.seat, e.text);
    if (!w) return Error{"action " + e.text + " does not replay: " + w.message()};
    ActionInfo info;
    info.wire = std::move(w).value();
    info.ply = replay.value()->ply();
    info.to_move = replay.value()->is_terminal() ? -1 : replay.value()->to_move();
    for (int s = 0; s < 2; ++s)
      info.running[static_cast<std::size_t>(s)] =
          !replay.value()->is_terminal() && replay.value()->can_act(s);
    info.move_limit_ms = stored_.config.time.per_move_ms;
    actions_.push_back(std::move(info));
  }
  const auto last = referee_->last_seq();
  sent_seq_ = {last, last, referee_->visible_seq(kPublic)};
  if (referee_->finished()) {
    ended_handled_ = true;
    finished_ = true;
  } else {
    app_.metrics.matches_running.inc();
    for (int s = 0; s < 2; ++s)
      if (house_[static_cast<std::size_t>(s)]) (void)referee_->on_reconnect(s, now);
  }
  publish_snapshot();
  if (!referee_->finished())
    asio::post(strand_, [self = shared_from_this()] { self->after_change(); });
  return Status::Ok();
}

// --- requests --------------------------------------------------------------------------------

void MatchHost::move(Peer peer, storage::Id user, std::uint64_t request_id, std::string text,
                     RequestClock::time_point received) {
  asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), user, request_id,
                       text = std::move(text), received] {
    auto& h = *self;
    if (!h.referee_)
      return h.error(peer, request_id, v1::ERROR_CODE_INTERNAL, "the match did not start");
    const int seat = h.seat_of(user);
    if (seat < 0)
      return h.error(peer, request_id, v1::ERROR_CODE_NOT_A_PLAYER,
                     "you have no seat in match " + h.id());
    const auto now = Clock::now();
    if (!h.is_seat_peer(seat, peer.conn->id())) {
      h.add_seat_peer(seat, peer);
      if (!h.referee_->connected(seat)) (void)h.referee_->on_reconnect(seat, now);
    }
    (void)h.referee_->tick(now);
    if (h.referee_->finished()) {
      h.after_change();
      return h.error(peer, request_id, v1::ERROR_CODE_MATCH_OVER,
                     "match " + h.id() + " is over: " + describe(h.referee_->outcome()));
    }
    if (!h.referee_->can_act(seat)) {
      h.after_change();
      return h.error(peer, request_id, v1::ERROR_CODE_NOT_YOUR_TURN, "it is not your turn");
    }
    const auto result = h.referee_->submit(seat, text, now);
    using S = referee::SubmitResult::Status;
    switch (result.status) {
      case S::kAccepted:
        h.app_.metrics.moves_accepted.inc();
        h.note_action();
        h.move_received_ = received;
        h.after_change(std::make_pair(result.seq, request_id), peer.conn->id());
        return;
      case S::kRejected:
        h.app_.metrics.moves_rejected.inc();
        h.error(peer, request_id, v1::ERROR_CODE_ILLEGAL_MOVE, result.reason,
                static_cast<std::uint32_t>(result.attempts_left));
        h.after_change();
        return;
      case S::kGameOver:
        h.after_change();
        return h.error(peer, request_id, v1::ERROR_CODE_MATCH_OVER, result.reason);
      case S::kError:
        h.app_.log.error("journal_failed", {{"match", h.id()}, {"reason", result.reason}});
        return h.error(peer, request_id, v1::ERROR_CODE_INTERNAL, result.reason);
    }
  });
}

void MatchHost::resign(Peer peer, storage::Id user, std::uint64_t request_id) {
  asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), user, request_id] {
    auto& h = *self;
    if (!h.referee_)
      return h.error(peer, request_id, v1::ERROR_CODE_INTERNAL, "the match did not start");
    const int seat = h.seat_of(user);
    if (seat < 0)
      return h.error(peer, request_id, v1::ERROR_CODE_NOT_A_PLAYER,
                     "you have no seat in match " + h.id());
    const auto now = Clock::now();
    (void)h.referee_->tick(now);
    if (h.referee_->finished()) {
      h.after_change();
      return h.error(peer, request_id, v1::ERROR_CODE_MATCH_OVER, "match " + h.id() + " is over");
    }
    if (auto s = h.referee_->resign(seat, now); !s)
      return h.error(peer, request_id, v1::ERROR_CODE_INTERNAL, s.message());
    v1::ServerMessage ack;
    ack.set_request_id(request_id);
    ack.mutable_ack();
    h.send(peer, std::move(ack));
    h.after_change();
  });
}

void MatchHost::sync(Peer peer, storage::Id user, std::uint64_t request_id,
                     std::uint32_t from_seq) {
  asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), user, request_id,
                       from_seq] {
    auto& h = *self;
    if (!h.referee_)
      return h.error(peer, request_id, v1::ERROR_CODE_INTERNAL, "the match did not start");
    const int seat = h.seat_of(user);
    if (seat < 0)
      return h.error(peer, request_id, v1::ERROR_CODE_NOT_A_PLAYER,
                     "you have no seat in match " + h.id() + " (spectators use spectate)");
    const auto now = Clock::now();
    (void)h.referee_->tick(now);
    h.after_change();  // anything pending goes to the seat's other connections first
    const std::uint32_t last = wire_seq(h.referee_->last_seq());
    if (from_seq > last + 1)
      return h.error(peer, request_id, v1::ERROR_CODE_SEQ_UNAVAILABLE,
                     "from_seq " + std::to_string(from_seq) + " is past the last event " +
                         std::to_string(last));
    v1::ServerMessage started;
    *started.mutable_match_started() = h.match_started(seat);
    h.send(peer, std::move(started));
    const std::uint64_t after = from_seq == 0 ? 1 : from_seq;  // wire seq >= N <=> referee seq > N
    for (const auto& e : h.referee_->events_for(seat, after))
      if (auto m = h.event_message(seat, e, false)) h.send(peer, std::move(*m));
    if (!h.is_seat_peer(seat, peer.conn->id())) h.add_seat_peer(seat, peer);
    if (!h.referee_->finished() && !h.referee_->connected(seat)) {
      (void)h.referee_->on_reconnect(seat, now);
      h.app_.log.info("seat_reconnected", {{"match", h.id()}, {"seat", seat}});
    }
    v1::ServerMessage done;
    done.set_request_id(request_id);
    auto* d = done.mutable_sync_done();
    d->set_match_id(h.id());
    d->set_last_seq(last);
    auto* mv = d->mutable_view();
    mv->set_match_id(h.id());
    mv->set_last_seq(last);
    *mv->mutable_view() = h.referee_->finished() ? h.game().full_view() : h.game().wire_view(seat);
    *mv->mutable_clocks() = h.clocks_now();
    h.send(peer, std::move(done));
    h.arm_timer();
  });
}

void MatchHost::spectate(Peer peer, std::uint64_t request_id) {
  asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), request_id] {
    auto& h = *self;
    if (!h.referee_)
      return h.error(peer, request_id, v1::ERROR_CODE_INTERNAL, "the match did not start");
    v1::ServerMessage started;
    started.set_request_id(request_id);
    *started.mutable_match_started() = h.match_started(kPublic);
    h.send(peer, std::move(started));
    for (const auto& e : h.referee_->events_for(kPublic, 1))
      if (e.seq <= h.sent_seq_[2])
        if (auto m = h.event_message(kPublic, e, false)) h.send(peer, std::move(*m));
    bool known = false;
    for (const auto& p : h.spectators_) known = known || p.conn->id() == peer.conn->id();
    if (!known && !h.referee_->finished()) h.spectators_.push_back(peer);
  });
}

void MatchHost::unspectate(Peer peer, std::uint64_t request_id) {
  asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), request_id] {
    auto& h = *self;
    std::erase_if(h.spectators_, [&](const Peer& p) { return p.conn->id() == peer.conn->id(); });
    v1::ServerMessage ack;
    ack.set_request_id(request_id);
    ack.mutable_ack();
    h.send(peer, std::move(ack));
  });
}

void MatchHost::get_view(Peer peer, storage::Id user, std::uint64_t request_id) {
  asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), user, request_id] {
    auto& h = *self;
    if (!h.referee_)
      return h.error(peer, request_id, v1::ERROR_CODE_INTERNAL, "the match did not start");
    const int seat = h.seat_of(user);
    v1::ServerMessage m;
    m.set_request_id(request_id);
    auto* mv = m.mutable_match_view();
    mv->set_match_id(h.id());
    *mv->mutable_clocks() = h.clocks_now();
    if (h.referee_->finished()) {
      mv->set_last_seq(wire_seq(h.referee_->last_seq()));
      *mv->mutable_view() = h.game().full_view();
    } else if (seat >= 0) {
      mv->set_last_seq(wire_seq(h.referee_->last_seq()));
      *mv->mutable_view() = h.game().wire_view(seat);
    } else {
      const std::uint64_t visible = h.referee_->visible_seq(kPublic);
      mv->set_last_seq(wire_seq(visible));
      if (h.stored_.config.spectator_delay_plies == 0) {
        *mv->mutable_view() = h.game().wire_view(kPublic);
      } else {
        // The public position as of the last action spectators were told: replay those
        // actions through a fresh game (the live game is further on).
        auto g = protocol::create_wire_game(h.stored_.config.game, h.stored_.config.rules_text);
        if (!g) return h.error(peer, request_id, v1::ERROR_CODE_INTERNAL, g.message());
        for (const auto& e : h.referee_->events_for(kPublic, 1))
          if (e.kind == referee::EventKind::kAction && e.action_number >= 1)
            (void)g.value()->play(
                e.actor, h.action_text(h.actions_[static_cast<std::size_t>(e.action_number - 1)]));
        *mv->mutable_view() = g.value()->wire_view(kPublic);
      }
    }
    h.send(peer, std::move(m));
  });
}

void MatchHost::get_record(Peer peer, std::uint64_t request_id) {
  asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), request_id] {
    auto& h = *self;
    if (!h.referee_ || !h.referee_->finished())
      return h.error(peer, request_id, v1::ERROR_CODE_INVALID_ARGUMENT,
                     "match " + h.id() + " is still running: its record is public at the end");
    auto rec = h.wire_record();
    if (!rec) return h.error(peer, request_id, v1::ERROR_CODE_INTERNAL, "no record");
    v1::ServerMessage m;
    m.set_request_id(request_id);
    *m.mutable_match_record() = std::move(*rec);
    h.send(peer, std::move(m));
  });
}

void MatchHost::record_async(std::function<void(std::optional<v1::MatchRecord>)> done) {
  asio::post(strand_, [self = shared_from_this(), done = std::move(done)] {
    if (!self->referee_ || !self->referee_->finished()) return done(std::nullopt);
    done(self->wire_record());
  });
}

void MatchHost::records_async(
    std::function<void(std::optional<std::string>, std::optional<std::string>)> done) {
  asio::post(strand_, [self = shared_from_this(), done = std::move(done)] {
    if (!self->referee_ || !self->referee_->finished()) return done(std::nullopt, std::nullopt);
    done(self->json_record(), self->text_record());
  });
}

void MatchHost::connection_closed(std::uint64_t connection_id) {
  asio::post(strand_, [self = shared_from_this(), connection_id] {
    auto& h = *self;
    std::erase_if(h.spectators_, [&](const Peer& p) { return p.conn->id() == connection_id; });
    for (int s = 0; s < 2; ++s) {
      auto& peers = h.seat_peers_[static_cast<std::size_t>(s)];
      const auto before = peers.size();
      std::erase_if(peers, [&](const Peer& p) { return p.conn->id() == connection_id; });
      if (before > 0 && peers.empty() && h.referee_ && !h.referee_->finished() &&
          !h.house_[static_cast<std::size_t>(s)]) {
        (void)h.referee_->on_disconnect(s, Clock::now());
        h.app_.log.info("seat_disconnected", {{"match", h.id()}, {"seat", s}});
        h.arm_timer();
      }
    }
  });
}

void MatchHost::stop() {
  asio::post(strand_, [self = shared_from_this()] {
    self->stopped_ = true;
    self->timer_.cancel();
    for (auto& t : self->bot_timers_)
      if (t) t->cancel();
  });
}

// --- after every change ---------------------------------------------------------------------

void MatchHost::note_action() {
  ActionInfo info;
  const auto& g = game();
  info.wire = g.last_action();
  info.ply = g.ply();
  info.to_move = g.is_terminal() ? -1 : g.to_move();
  for (int s = 0; s < 2; ++s)
    info.running[static_cast<std::size_t>(s)] = !g.is_terminal() && g.can_act(s);
  const auto reading = referee_->clocks(Clock::now());
  info.move_limit_ms = 0;
  for (int s = 0; s < 2; ++s)
    if (reading.running[static_cast<std::size_t>(s)] &&
        reading.move_remaining_ms[static_cast<std::size_t>(s)] >= 0)
      info.move_limit_ms = reading.move_remaining_ms[static_cast<std::size_t>(s)];
  actions_.push_back(std::move(info));
}

void MatchHost::after_change(std::optional<std::pair<std::uint64_t, std::uint64_t>> reply,
                             std::uint64_t reply_conn) {
  if (!referee_) return;
  flush(reply ? reply->first : 0, reply_conn, reply ? reply->second : 0);
  if (move_received_) {
    app_.metrics.relay_latency.observe(
        std::chrono::duration<double>(Clock::now() - *move_received_).count());
    move_received_.reset();
  }
  if (referee_->finished() && !ended_handled_) finish_bookkeeping();
  publish_snapshot();
  if (stopped_) return;
  arm_timer();
  schedule_bots();
}

void MatchHost::flush(std::uint64_t reply_seq, std::uint64_t reply_conn,
                      std::uint64_t reply_request) {
  const std::size_t newest = actions_.size();
  for (int v : {0, 1, static_cast<int>(kPublic)}) {
    const std::size_t vi = viewer_index(v);
    auto events = referee_->events_for(v, sent_seq_[vi]);
    if (events.empty()) continue;
    auto& peers = v == kPublic ? spectators_ : seat_peers_[vi];
    for (const auto& e : events) {
      const bool with_view = app_.config.event_views && e.kind == referee::EventKind::kAction &&
                             static_cast<std::size_t>(e.action_number) == newest &&
                             (v != kPublic || stored_.config.spectator_delay_plies == 0);
      auto m = event_message(v, e, with_view);
      sent_seq_[vi] = std::max(sent_seq_[vi], e.seq);
      if (!m || peers.empty()) continue;
      Outgoing out(std::move(*m), app_.max_frame());
      for (const auto& p : peers) {
        if (e.seq == reply_seq && p.conn->id() == reply_conn) {
          v1::ServerMessage mine = out.message();
          mine.set_request_id(reply_request);
          send(p, std::move(mine));
        } else {
          out.send(p);
        }
      }
    }
  }
}

std::string MatchHost::action_text(const ActionInfo& a) const {
  std::string t;
  for (const auto& m : a.wire.applied.moves) t += (t.empty() ? "" : " ") + m;
  return t;
}

void MatchHost::finish_bookkeeping() {
  ended_handled_ = true;
  stored_.ended_ms = storage::wall_clock_ms();
  finished_ = true;
  app_.metrics.matches_running.dec();
  app_.metrics.match_finished(referee_->outcome().ending);
  timer_.cancel();
  for (auto& t : bot_timers_)
    if (t) t->cancel();
  send_record_to_all();
  app_.log.info("match_finished", {{"match", id()},
                                   {"ending", std::string(ending_name(referee_->outcome().ending))},
                                   {"winner", referee_->outcome().winner.value_or(-1)},
                                   {"detail", referee_->outcome().detail},
                                   {"actions", referee_->actions()}});
  spectators_.clear();
  if (app_.on_match_finished) app_.on_match_finished(id());
}

void MatchHost::send_record_to_all() {
  auto rec = wire_record();
  if (!rec) return;
  v1::ServerMessage m;
  *m.mutable_match_record() = *rec;
  Outgoing out(m, app_.max_frame());
  bool all = true;
  for (const auto& peers : seat_peers_)
    for (const auto& p : peers) all = out.send(p) && all;
  for (const auto& p : spectators_) all = out.send(p) && all;
  if (!all) {
    // Too large for one frame with every rendering: send it without them (the record over
    // HTTP has everything).
    for (auto& mv : *m.mutable_match_record()->mutable_moves()) mv.clear_rendering();
    Outgoing smaller(std::move(m), app_.max_frame());
    for (const auto& peers : seat_peers_)
      for (const auto& p : peers) smaller.send(p);
    for (const auto& p : spectators_) smaller.send(p);
  }
}

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

void MatchHost::publish_snapshot() {
  std::lock_guard lock(snapshot_mu_);
  if (!referee_) return;
  snapshot_.ply = referee_->game().ply();
  snapshot_.finished = referee_->finished();
  snapshot_.outcome = referee_->outcome();
  snapshot_.last_seq = wire_seq(referee_->last_seq());
}

MatchSnapshot MatchHost::snapshot() const {
  std::lock_guard lock(snapshot_mu_);
  return snapshot_;
}

// --- building messages ------------------------------------------------------------------------

bool MatchHost::is_seat_peer(int seat, std::uint64_t conn_id) const {
  for (const auto& p : seat_peers_[static_cast<std::size_t>(seat)])
    if (p.conn->id() == conn_id) return true;
  return false;
}

void MatchHost::add_seat_peer(int seat, const Peer& peer) {
  if (!is_seat_peer(seat, peer.conn->id()))
    seat_peers_[static_cast<std::size_t>(seat)].push_back(peer);
}

v1::Clocks MatchHost::clocks_of(const std::array<std::int64_t, 2>& ms,
                                const std::array<bool, 2>& running,
                                std::int64_t move_limit_ms) const {
  v1::Clocks c;
  for (auto v : ms) c.add_remaining_ms(static_cast<std::uint32_t>(std::max<std::int64_t>(0, v)));
  if (running[0] && running[1]) {
    c.set_running(-1);
    c.set_running_both(true);
  } else {
    c.set_running(running[0] ? 0 : running[1] ? 1 : -1);
  }
  c.set_move_remaining_ms(running[0] || running[1]
                              ? static_cast<std::uint32_t>(std::max<std::int64_t>(0, move_limit_ms))
                              : 0);
  return c;
}

v1::Clocks MatchHost::clocks_now() const {
  if (!referee_)
    return clocks_of({stored_.config.time.total_ms, stored_.config.time.total_ms}, {}, 0);
  const auto r = referee_->clocks(Clock::now());
  std::int64_t move_ms = 0;
  for (int s = 0; s < 2; ++s)
    if (r.running[static_cast<std::size_t>(s)] &&
        r.move_remaining_ms[static_cast<std::size_t>(s)] >= 0)
      move_ms = r.move_remaining_ms[static_cast<std::size_t>(s)];
  return clocks_of(r.remaining_ms, r.running, move_ms);
}

v1::MatchStarted MatchHost::match_started(int seat) const {
  const auto& c = stored_.config;
  v1::MatchStarted m;
  m.set_match_id(id());
  m.set_game(c.game);
  m.set_preset(stored_.preset);
  m.set_rules(referee_ ? referee_->rules_text() : c.rules_text);
  *m.mutable_time_control() = wire_time(c.time);
  m.set_seat(seat);
  for (int s = 0; s < 2; ++s)
    *m.add_players() = to_player(players_[static_cast<std::size_t>(s)], s);
  *m.mutable_clocks() = clocks_now();
  *m.mutable_view() = initial_views_[viewer_index(seat)];
  m.set_spectator_delay_plies(static_cast<std::uint32_t>(c.spectator_delay_plies));
  m.set_illegal_move_attempts(static_cast<std::uint32_t>(c.illegal.limit()));
  return m;
}

std::optional<v1::ServerMessage> MatchHost::event_message(int viewer,
                                                          const referee::RecipientEvent& e,
                                                          bool with_view) const {
  const std::size_t vi = viewer_index(viewer);
  v1::ServerMessage m;
  if (e.kind == referee::EventKind::kStart) return std::nullopt;
  if (e.kind == referee::EventKind::kEnd) {
    auto* me = m.mutable_match_ended();
    me->set_match_id(id());
    me->set_seq(wire_seq(e.seq));
    *me->mutable_outcome() = protocol::to_wire(e.outcome);
    *me->mutable_clocks() = clocks_of(e.clock_ms, {}, 0);
    *me->mutable_final_view() = game().full_view();
    return m;
  }
  if (e.action_number < 1 || static_cast<std::size_t>(e.action_number) > actions_.size())
    return std::nullopt;
  const ActionInfo& a = actions_[static_cast<std::size_t>(e.action_number - 1)];
  auto* ev = m.mutable_match_event();
  ev->set_match_id(id());
  ev->set_seq(wire_seq(e.seq));
  ev->set_ply(a.ply);
  ev->set_actor(e.actor);
  ev->set_move(a.wire.move[vi]);
  ev->set_redacted(a.wire.redacted[vi]);
  ev->set_rendering(e.text);
  for (const auto& ge : a.wire.events[vi]) *ev->add_events() = ge;
  ev->set_move_time_ms(static_cast<std::uint32_t>(std::max<std::int64_t>(0, e.elapsed_ms)));
  *ev->mutable_clocks() = clocks_of(e.clock_ms, a.running, a.move_limit_ms);
  ev->set_to_move(a.to_move);
  if (with_view) *ev->mutable_view() = game().wire_view(viewer);
  return m;
}

std::optional<v1::MatchRecord> MatchHost::wire_record() const {
  if (!referee_) return std::nullopt;
  auto rec = referee_->record();
  if (!rec) return std::nullopt;
  v1::MatchRecord r;
  r.set_match_id(id());
  r.set_game(stored_.config.game);
  r.set_preset(stored_.preset);
  r.set_rules(rec->rules_text);
  *r.mutable_time_control() = wire_time(stored_.config.time);
  for (int s = 0; s < 2; ++s)
    *r.add_players() = to_player(players_[static_cast<std::size_t>(s)], s);
  for (std::size_t i = 0; i < rec->actions.size(); ++i) {
    const auto& a = rec->actions[i];
    auto* mv = r.add_moves();
    mv->set_seq(wire_seq(a.seq));
    mv->set_ply(i < actions_.size() ? actions_[i].ply : static_cast<int>(i + 1));
    mv->set_actor(a.seat);
    mv->set_move(a.text);
    mv->set_move_time_ms(static_cast<std::uint32_t>(std::max<std::int64_t>(0, a.elapsed_ms)));
    *mv->mutable_clocks() =
        clocks_of(a.clock_ms, i < actions_.size() ? actions_[i].running : std::array<bool, 2>{}, 0);
    if (i < actions_.size()) mv->set_rendering(actions_[i].wire.applied.renderings[2]);
  }
  *r.mutable_outcome() = protocol::to_wire(rec->outcome);
  r.set_started_at(records::format_utc(stored_.started_ms));
  if (stored_.ended_ms) r.set_finished_at(records::format_utc(*stored_.ended_ms));
  r.set_final_text(rec->final_text);
  auto text = records::to_text_record(*rec, meta());
  if (text) r.set_record_text(std::move(text).value());
  return r;
}

records::RecordMeta MatchHost::meta() const {
  return record_meta(
      stored_,
      {players_[0].display_name.empty() ? players_[0].username : players_[0].display_name,
       players_[1].display_name.empty() ? players_[1].username : players_[1].display_name});
}

std::optional<std::string> MatchHost::json_record() const {
  if (!referee_) return std::nullopt;
  auto rec = referee_->record();
  if (!rec) return std::nullopt;
  return records::to_json(*rec, meta());
}

std::optional<std::string> MatchHost::text_record() const {
  if (!referee_) return std::nullopt;
  auto rec = referee_->record();
  if (!rec) return std::nullopt;
  auto text = records::to_text_record(*rec, meta());
  if (!text) return std::nullopt;
  return std::move(text).value();
}

}  // namespace boyi::app
