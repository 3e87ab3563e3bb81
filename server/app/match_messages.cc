// MatchHost: building messages (MatchStarted, MatchEvent/MatchEnded per viewer, clocks)
// and records (the wire MatchRecord, JSON and the competition's text record).
#include "server/app/match_host_internal.h"

#include "server/records/json_record.h"
#include "server/records/text_record.h"

namespace boyi::app {
namespace asio = boost::asio;
using match_detail::Clock;
using match_detail::wire_seq;
using match_detail::wire_time;

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
// --- building messages ------------------------------------------------------------------------

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
    *me->mutable_final_view() = final_view();
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

v1::GameView MatchHost::final_view() const {
  v1::GameView v = game().full_view();
  if (referee_ && referee_->finished()) {
    *v.mutable_outcome() = protocol::to_wire(referee_->outcome());
    v.set_to_move(-1);
    v.set_can_act(false);
    v.clear_legal_moves();
  }
  return v;
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
