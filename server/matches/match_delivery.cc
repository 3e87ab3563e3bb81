// MatchHost: event delivery. After every change the events each viewer has not yet been
// sent go out (seats, spectators: the public view, delayed by the match's spectator delay);
// Sync replays a seat's events by sequence number; spectators join and leave; GetView; the
// end of a match (bookkeeping and the record to everyone).
#include "server/matches/match_host_internal.h"

namespace boyi::app {
namespace asio = boost::asio;
using match_detail::Clock;
using WireMatch = protocol::WireMatch;

void MatchHost::sync(Peer peer, storage::Id user, std::uint64_t request_id,
                     std::uint32_t from_seq) {
  asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), user, request_id,
                       from_seq] {
    auto& h = *self;
    const int seat = h.seat_for_request(peer, user, request_id, " (spectators use spectate)");
    if (seat < 0) return;
    const auto now = Clock::now();
    (void)h.match_->referee().tick(now);
    h.after_change();  // anything pending goes to the seat's other connections first
    const std::uint32_t last = WireMatch::wire_seq(h.match_->referee().last_seq());
    if (from_seq > last + 1)
      return h.error(peer, request_id, v1::ERROR_CODE_SEQ_UNAVAILABLE,
                     "from_seq " + std::to_string(from_seq) + " is past the last event " +
                         std::to_string(last));
    v1::ServerMessage started;
    *started.mutable_match_started() = h.started_for(seat);
    h.send(peer, std::move(started));
    const std::uint64_t after = from_seq == 0 ? 1 : from_seq;  // wire seq >= N <=> referee seq > N
    for (const auto& e : h.match_->referee().events_for(seat, after))
      if (auto m = h.match_->message(seat, e, false)) h.send(peer, std::move(*m));
    if (!h.is_seat_peer(seat, peer.conn->id())) h.add_seat_peer(seat, peer);
    if (!h.match_->referee().finished() && !h.match_->referee().connected(seat)) {
      (void)h.match_->referee().on_reconnect(seat, now);
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
    *mv->mutable_view() =
        h.match_->referee().finished() ? h.match_->final_view() : h.match_->view(seat);
    *mv->mutable_clocks() = h.match_->clocks(Clock::now());
    *mv->mutable_proposals() = h.match_->proposals();
    h.send(peer, std::move(done));
    h.send_chat_history(peer, v1::CHAT_ROOM_PLAYERS);
    h.arm_timer();
  });
}

void MatchHost::spectate(Peer peer, std::uint64_t request_id) {
  asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), request_id] {
    auto& h = *self;
    if (!h.match_)
      return h.error(peer, request_id, v1::ERROR_CODE_INTERNAL, "the match did not start");
    v1::ServerMessage started;
    started.set_request_id(request_id);
    *started.mutable_match_started() = h.started_for(kPublic);
    h.send(peer, std::move(started));
    for (const auto& e : h.match_->referee().events_for(kPublic, 1))
      if (e.seq <= h.sent_seq_[2])
        if (auto m = h.match_->message(kPublic, e, false)) h.send(peer, std::move(*m));
    bool known = false;
    for (const auto& p : h.spectators_) known = known || p.conn->id() == peer.conn->id();
    if (!known && !h.match_->referee().finished()) h.spectators_.push_back(peer);
    if (!known) h.send_chat_history(peer, v1::CHAT_ROOM_SPECTATORS);
    h.publish_snapshot();
  });
}

void MatchHost::unspectate(Peer peer, std::uint64_t request_id) {
  asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), request_id] {
    auto& h = *self;
    std::erase_if(h.spectators_, [&](const Peer& p) { return p.conn->id() == peer.conn->id(); });
    h.publish_snapshot();
    v1::ServerMessage ack;
    ack.set_request_id(request_id);
    ack.mutable_ack();
    h.send(peer, std::move(ack));
  });
}

void MatchHost::get_view(Peer peer, storage::Id user, std::uint64_t request_id) {
  asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), user, request_id] {
    auto& h = *self;
    if (!h.match_)
      return h.error(peer, request_id, v1::ERROR_CODE_INTERNAL, "the match did not start");
    const int seat = h.seat_of(user);
    v1::ServerMessage m;
    m.set_request_id(request_id);
    auto* mv = m.mutable_match_view();
    mv->set_match_id(h.id());
    *mv->mutable_clocks() = h.match_->clocks(Clock::now());
    if (h.match_->referee().finished()) {
      mv->set_last_seq(WireMatch::wire_seq(h.match_->referee().last_seq()));
      *mv->mutable_view() = h.match_->final_view();
    } else if (seat >= 0) {
      mv->set_last_seq(WireMatch::wire_seq(h.match_->referee().last_seq()));
      *mv->mutable_view() = h.match_->view(seat);
    } else {
      mv->set_last_seq(WireMatch::wire_seq(h.match_->referee().visible_seq(kPublic)));
      *mv->mutable_view() = h.match_->view(kPublic);
    }
    *mv->mutable_proposals() = h.match_->proposals();
    h.send(peer, std::move(m));
  });
}
// --- after every change ---------------------------------------------------------------------

void MatchHost::after_change(std::optional<std::pair<std::uint64_t, std::uint64_t>> reply,
                             std::uint64_t reply_conn) {
  if (!match_) return;
  // Listings (ListMatches, SignedIn.active_matches) know the change before anyone is told.
  publish_snapshot();
  flush(reply ? reply->first : 0, reply_conn, reply ? reply->second : 0);
  if (move_received_) {
    app_.metrics.relay_latency.observe(
        std::chrono::duration<double>(Clock::now() - *move_received_).count());
    move_received_.reset();
  }
  if (match_->referee().finished() && !ended_handled_) finish_bookkeeping();
  publish_snapshot();
  if (stopped_) return;
  arm_timer();
  schedule_bots();
}

void MatchHost::flush(std::uint64_t reply_seq, std::uint64_t reply_conn,
                      std::uint64_t reply_request) {
  for (int v : {0, 1, static_cast<int>(kPublic)}) {
    const std::size_t vi = viewer_index(v);
    auto events = match_->referee().events_for(v, sent_seq_[vi]);
    if (events.empty()) continue;
    auto& peers = v == kPublic ? spectators_ : seat_peers_[vi];
    for (const auto& e : events) {
      const bool with_view = app_.config.event_views && e.seq == match_->newest_change_seq() &&
                             (v != kPublic || stored_.config.spectator_delay_plies == 0);
      auto m = match_->message(v, e, with_view);
      sent_seq_[vi] = std::max(sent_seq_[vi], e.seq);
      if (m && v != kPublic) feed_house_bot(v, *m);  // a house seat gets what a person would
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
  send_proposals_if_changed();
}

void MatchHost::finish_bookkeeping() {
  ended_handled_ = true;
  stored_.ended_ms = storage::wall_clock_ms();
  finished_ = true;
  app_.metrics.matches_running.dec();
  app_.metrics.match_finished(match_->referee().outcome().ending);
  timer_.cancel();
  for (auto& t : bot_timers_)
    if (t) t->cancel();
  send_record_to_all();
  app_.log.info("match_finished",
                {{"match", id()},
                 {"ending", std::string(ending_name(match_->referee().outcome().ending))},
                 {"winner", match_->referee().outcome().winner.value_or(-1)},
                 {"detail", match_->referee().outcome().detail},
                 {"actions", match_->referee().actions()}});
  spectators_.clear();
  if (on_finished_) on_finished_(id());
}

void MatchHost::send_record_to_all() {
  auto rec = wire_record();
  if (!rec) return;
  v1::ServerMessage m;
  *m.mutable_match_record() = std::move(*rec);
  std::vector<Peer> peers = spectators_;
  for (const auto& seat : seat_peers_) peers.insert(peers.end(), seat.begin(), seat.end());
  send_record(peers, std::move(m));
}

void MatchHost::send_record(const std::vector<Peer>& peers, v1::ServerMessage m) const {
  Outgoing out(m, app_.max_frame());
  std::vector<Peer> refused;
  for (const auto& p : peers)
    if (!out.send(p)) refused.push_back(p);
  if (refused.empty()) return;
  // Too large for one frame with every rendering (a long game, in the JSON mapping): sent
  // without them; a record still too large gets the error. The record over HTTP has everything.
  for (auto& mv : *m.mutable_match_record()->mutable_moves()) mv.clear_rendering();
  for (const auto& p : refused) (void)send_to(p, m, app_.max_frame());
}
}  // namespace boyi::app
