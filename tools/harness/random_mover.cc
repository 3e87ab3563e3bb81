#include "tools/harness/random_mover.h"

#include <algorithm>
#include <chrono>

#include "engine/registry.h"

namespace boyi::harness {

std::string random_opening_action(const std::string& game, const std::string& rules, int seat,
                                  std::uint64_t seed) {
  auto fresh = create_game(game, rules);
  if (!fresh || (seat != 0 && seat != 1) || !(*fresh)->can_act(static_cast<Seat>(seat))) return {};
  Rng rng(seed);
  return (*fresh)->random_move(static_cast<Seat>(seat), rng);
}

RandomMover::RandomMover(Client& client, const v1::MatchStarted& started, std::uint64_t seed)
    : client_(&client),
      match_id_(started.match_id()),
      game_(started.game()),
      seat_(started.seat()),
      rng_(seed) {
  if (started.has_view()) take_view(started.view(), 0);
  to_move_ = started.view().to_move();
  if (seat_ >= 0) layout_ = random_opening_action(game_, started.rules(), seat_, seed ^ 0x5eed);
}

void RandomMover::take_view(const v1::GameView& view, std::uint32_t seq) {
  view_ = view;
  view_seq_ = seq;
}

void RandomMover::handle(const v1::ServerMessage& m) {
  auto ours = [&](const std::string& id) { return id == match_id_; };
  if (m.has_match_started() && ours(m.match_started().match_id())) {
    // A replay (Sync) starts with match_started again: its view is the initial one. A replay
    // after events were seen (one the server started itself, as a cluster node does when a
    // match moves to it) sends them again: they must be the same, and are not kept twice.
    if (last_seq_ == 0) take_view(m.match_started().view(), 0);
    replaying_ = last_seq_ > 0;
    return;
  }
  if (replaying_ && m.has_match_event() && ours(m.match_event().match_id()) &&
      m.match_event().seq() <= last_seq_) {
    const v1::MatchEvent& e = m.match_event();
    const auto seen = std::find_if(events_.begin(), events_.end(),
                                   [&](const SeenEvent& s) { return s.seq == e.seq(); });
    if (seen == events_.end() || seen->ply != e.ply() || seen->actor != e.actor() ||
        seen->move != e.move()) {
      problems_.push_back("seat " + std::to_string(seat_) + ": event " + std::to_string(e.seq()) +
                          " replayed differently");
    }
    return;
  }
  if (replaying_ && m.has_match_ended() && ours(m.match_ended().match_id()) && ended_ &&
      m.match_ended().seq() == ended_->seq()) {
    return;
  }
  if (m.has_match_event() && ours(m.match_event().match_id())) {
    const v1::MatchEvent& e = m.match_event();
    if (e.seq() != last_seq_ + 1) {
      problems_.push_back("seat " + std::to_string(seat_) + ": event seq " +
                          std::to_string(e.seq()) + " after " + std::to_string(last_seq_));
    }
    last_seq_ = std::max(last_seq_, e.seq());
    const bool own = m.request_id() != 0 && m.request_id() == pending_move_;
    if (own) pending_move_ = 0;
    events_.push_back({e.seq(), e.ply(), e.actor(), e.move(), e.redacted(), own});
    to_move_ = e.to_move();
    if (e.has_view()) take_view(e.view(), e.seq());
    return;
  }
  if (m.has_match_ended() && ours(m.match_ended().match_id())) {
    if (m.match_ended().seq() != last_seq_ + 1) {
      problems_.push_back("match_ended seq " + std::to_string(m.match_ended().seq()) + " after " +
                          std::to_string(last_seq_));
    }
    last_seq_ = std::max(last_seq_, m.match_ended().seq());
    ended_ = m.match_ended();
    pending_move_ = 0;
    return;
  }
  if (m.has_match_record() && ours(m.match_record().match_id())) {
    record_ = m.match_record();
    return;
  }
  if (m.has_sync_done() && ours(m.sync_done().match_id())) {
    replaying_ = false;
    if (m.sync_done().has_view()) take_view(m.sync_done().view().view(), m.sync_done().last_seq());
    return;
  }
  if (m.has_match_view() && m.request_id() != 0 && m.request_id() == pending_view_) {
    pending_view_ = 0;
    take_view(m.match_view().view(), m.match_view().last_seq());
    return;
  }
  if (m.has_error() && m.request_id() != 0 &&
      (m.request_id() == pending_move_ || m.request_id() == pending_view_)) {
    if (m.request_id() == pending_move_) pending_move_ = 0;
    if (m.request_id() == pending_view_) pending_view_ = 0;
    // A move sent just as the match ended is refused as over: not the mover's fault.
    if (!(ended_ && m.error().code() == v1::ERROR_CODE_MATCH_OVER)) {
      problems_.push_back("seat " + std::to_string(seat_) + ": " + describe(m));
    }
    return;
  }
  others_.push_back(m);
}

void RandomMover::act() {
  if (seat_ < 0 || ended_ || pending_move_ != 0 || pending_view_ != 0) return;
  if (view_ && view_seq_ == last_seq_) {
    if (!view_->can_act() || moves_sent_ >= move_budget_) return;
    std::string move;
    if (view_->legal_moves_size() > 0) {
      move = view_->legal_moves(static_cast<int>(rng_.below(view_->legal_moves_size())));
    } else if (!layout_.empty() && moves_sent_ == 0) {  // a first action too varied to list
      move = layout_;
    } else {
      problems_.push_back("seat " + std::to_string(seat_) + " may act but has no legal move");
      return;
    }
    const bool first_layout = !layout_.empty() && moves_sent_ == 0 && move == layout_;
    ++moves_sent_;
    pending_move_ = client_->send_move(match_id_, move, first_layout ? layout_salt_ : "");
    view_.reset();  // a move changes the position: the next view comes with a later seq
    return;
  }
  // No current view: ask for one when this seat may be to act (its turn, or a 军棋 deployment
  // where nobody acts alone), once per seq.
  if ((to_move_ == seat_ || to_move_ == -1) && view_requested_for_ != last_seq_) {
    view_requested_for_ = last_seq_;
    v1::ClientMessage m;
    m.set_request_id(client_->next_request_id());
    m.mutable_get_view()->set_match_id(match_id_);
    pending_view_ = m.request_id();
    (void)client_->send(m);
  }
}

void RandomMover::pump(Millis wait) {
  if (auto m = client_->next(wait)) {
    handle(*m);
    while (auto more = client_->next(Millis(0))) handle(*more);
  }
  act();
}

bool play_until(const std::vector<RandomMover*>& movers, const std::function<bool()>& done,
                Millis timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (auto* m : movers) m->act();
  while (std::chrono::steady_clock::now() < deadline) {
    if (done()) return true;
    for (auto* m : movers) m->pump(Millis(2));
  }
  return done();
}

bool play(const std::vector<RandomMover*>& movers, Millis timeout) {
  return play_until(
      movers,
      [&] {
        for (auto* m : movers) {
          if (!m->ended()) return false;
        }
        return true;
      },
      timeout);
}

std::string compare_streams(const RandomMover& a, const RandomMover& b) {
  const auto& x = a.events();
  const auto& y = b.events();
  if (x.size() != y.size()) {
    return "event counts differ: " + std::to_string(x.size()) + " vs " + std::to_string(y.size());
  }
  for (std::size_t i = 0; i < x.size(); ++i) {
    const bool same = x[i].seq == y[i].seq && x[i].ply == y[i].ply && x[i].actor == y[i].actor &&
                      (x[i].redacted || y[i].redacted || x[i].move == y[i].move);
    if (!same) {
      return "event " + std::to_string(i) + " differs: seq " + std::to_string(x[i].seq) + "/" +
             std::to_string(y[i].seq) + " move '" + x[i].move + "'/'" + y[i].move + "'";
    }
  }
  if (a.match_ended().has_value() != b.match_ended().has_value()) return "only one saw the end";
  if (a.match_ended() && a.match_ended()->seq() != b.match_ended()->seq()) {
    return "match_ended seq differs";
  }
  return {};
}

Result<std::unique_ptr<RandomMover>> resync(Client& c, const std::string& match_id,
                                            std::uint64_t seed) {
  const auto sync_id = c.send_sync(match_id, 1);
  // What the match sent before the replay's match_started (the live events of a host that
  // has since stopped, still unread) is superseded by the replay; the rest is kept as others.
  std::vector<v1::ServerMessage> before;
  std::optional<v1::ServerMessage> started;
  while (!started) {
    auto m = c.next(20s);
    if (!m) return Error{"timed out waiting for match_started of the replay"};
    if (m->has_error() && m->request_id() == sync_id) return Error{"sync: " + describe(*m)};
    if (m->has_match_started() && m->match_started().match_id() == match_id) {
      started = std::move(m);
    } else if (!(m->has_match_event() && m->match_event().match_id() == match_id) &&
               !(m->has_match_ended() && m->match_ended().match_id() == match_id) &&
               !(m->has_sync_done() && m->sync_done().match_id() == match_id)) {
      before.push_back(std::move(*m));
    }
  }
  auto mover = std::make_unique<RandomMover>(c, started->match_started(), seed);
  for (const auto& m : before) mover->handle(m);
  for (int i = 0; i < 100000; ++i) {
    auto m = c.next(20s);
    if (!m) return Error{"the replay stopped before sync_done"};
    mover->handle(*m);
    if (m->has_sync_done() && m->request_id() == sync_id) return mover;
    if (m->has_error() && m->request_id() == sync_id) return Error{"sync: " + describe(*m)};
  }
  return Error{"no sync_done"};
}

}  // namespace boyi::harness
