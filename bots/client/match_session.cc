// One match played by the bot: events in seq order to the player (gaps and replays
// handled by Sync), the seat's latest view, thinking on the pool, moves with request
// ids, refusals, and the end.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>

#include "bots/client/bot_internal.h"
#include "bots/wire/view_moves.h"
#include "protocol/wire/move_comment.h"

namespace boyi::bots::detail {

namespace {

constexpr int kMaxReplacements = 3;
constexpr int kMaxOutOfTurn = 3;
constexpr std::chrono::seconds kMoveAnswerTimeout{10};

std::uint64_t seed_of(const std::string& id) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : id) h = (h ^ c) * 1099511628211ull;
  return h;
}

// The clocks as they stand `elapsed` after they were reported: the running seat's
// bank and per-move time shrink.
v1::Clocks aged(v1::Clocks clocks, Seat seat, std::chrono::milliseconds elapsed) {
  const auto ms = static_cast<std::uint32_t>(std::max<std::int64_t>(0, elapsed.count()));
  if (clocks.running() != seat && !clocks.running_both()) return clocks;
  if (seat >= 0 && seat < clocks.remaining_ms_size())
    clocks.set_remaining_ms(seat,
                            clocks.remaining_ms(seat) > ms ? clocks.remaining_ms(seat) - ms : 0);
  clocks.set_move_remaining_ms(clocks.move_remaining_ms() > ms ? clocks.move_remaining_ms() - ms
                                                               : 0);
  return clocks;
}

}  // namespace

MatchSession::MatchSession(BotCore& bot, std::string match_id)
    : bot_(bot), id_(std::move(match_id)), rng_(seed_of(id_)) {}

bool MatchSession::make_player(const v1::MatchStarted& started) {
  auto player = bot_.make_player(started);
  if (!player) {
    spdlog::error("match {}: no player: {}; resigning", id_, player.message());
    v1::ClientMessage m;
    m.mutable_resign()->set_match_id(id_);
    bot_.send(std::move(m), Pending::resign, id_);
    return false;
  }
  box_ = std::make_shared<PlayerBox>(std::move(player).value(), bot_.pool());
  resign_on_failure_ = box_->player->resigns_on_failure();
  ++generation_;
  return true;
}

void MatchSession::on_started(const v1::MatchStarted& started) {
  if (ended_) return;
  const bool fresh = !box_;
  if (fresh) {
    started_ = started;
    seat_ = started.seat();
    if (!make_player(started)) return;
    if (generation_ == 1) {
      bot_.game_started();
      spdlog::info("match {}: {} {} as seat {} ({}) against {}", id_, started.game(),
                   started.preset(), seat_, box_->player->name(),
                   started.players_size() == 2 ? started.players(1 - seat_).name() : "?");
    }
  }
  started_last_seq_ = std::max(started_last_seq_, started.last_seq());
  with_player([started](SeatPlayer& p) { return p.start(started); }, "start");
  if (fresh && last_seq_ == 0) {
    view_ = started.view();
    view_seq_ = 0;
    to_move_ = started.view().to_move();
    clocks_ = started.clocks();
    clocks_at_ = SteadyClock::now();
  }
  maybe_act();
}

void MatchSession::on_event(const v1::MatchEvent& event, std::uint64_t request_id) {
  if (request_id != 0 && request_id == move_request_) {
    move_request_ = 0;
    ready_move_.reset();
  }
  if (ended_ || !box_ || event.seq() <= last_seq_) return;
  if (event.seq() != last_seq_ + 1) {
    spdlog::warn("match {}: event {} after {}: synchronising", id_, event.seq(), last_seq_);
    if (!syncing_) request_sync(last_seq_ + 1);
    return;
  }
  last_seq_ = event.seq();
  to_move_ = event.to_move();
  clocks_ = event.clocks();
  clocks_at_ = SteadyClock::now();
  refused_.clear();
  out_of_turn_ = 0;
  v1::MatchEvent copy = event;
  copy.clear_view();  // the player gets the view with choose()
  with_player([copy = std::move(copy)](SeatPlayer& p) { return p.observe(copy); }, "observe");
  if (event.has_view()) {
    view_ = event.view();
    view_seq_ = last_seq_;
  }
  maybe_act();
}

void MatchSession::on_ended(const v1::MatchEnded& ended) {
  if (ended_) return;
  ended_ = true;
  // A player still thinking (or a bridge still waiting for a late answer) stops now.
  if (box_) box_->stop.raise();
  last_seq_ = std::max(last_seq_, ended.seq());
  if (retry_timer_) retry_timer_->cancel();
  if (move_timer_) move_timer_->cancel();
  const auto& o = ended.outcome();
  spdlog::info("match {}: over, {} ({}){}", id_,
               o.winner() < 0        ? std::string("draw")
               : o.winner() == seat_ ? "won"
                                     : "lost",
               v1::Ending_Name(o.ending()), o.detail().empty() ? "" : ": " + o.detail());
  if (!box_) return bot_.session_over(id_, &ended);
  // The player hears of the end after everything before it; then the session goes.
  auto box = box_;
  auto self = shared_from_this();
  asio::post(box->strand, [box, ended, self] {
    box->player->finish(ended);
    asio::post(self->bot_.io(), [self, ended] { self->bot_.session_over(self->id_, &ended); });
  });
}

void MatchSession::on_clocks(const v1::Clocks& clocks) {
  clocks_ = clocks;
  clocks_at_ = SteadyClock::now();
}

void MatchSession::on_view(const v1::MatchView& view) {
  if (ended_ || view.last_seq() != last_seq_) return;  // events are on their way
  view_ = view.view();
  view_seq_ = last_seq_;
  clocks_ = view.clocks();
  clocks_at_ = SteadyClock::now();
  maybe_act();
}

void MatchSession::on_sync_done(const v1::SyncDone& done) {
  syncing_ = false;
  if (ended_) return;
  if (done.last_seq() == last_seq_ && done.has_view()) {
    view_ = done.view().view();
    view_seq_ = last_seq_;
    to_move_ = view_->to_move();
    clocks_ = done.view().clocks();
    clocks_at_ = SteadyClock::now();
  }
  spdlog::info("match {}: synchronised at seq {}", id_, last_seq_);
  maybe_act();
}

void MatchSession::on_error(Pending kind, const v1::Error& error) {
  const std::string text = v1::ErrorCode_Name(error.code()) + ": " + error.message();
  if (kind == Pending::move) {
    move_request_ = 0;
    const std::string refused = std::move(move_in_flight_);
    move_in_flight_.clear();
    ready_move_.reset();
    switch (error.code()) {
      case v1::ERROR_CODE_ILLEGAL_MOVE:
        bot_.count([](BotStats& s) { ++s.moves_refused; });
        spdlog::warn("match {}: {} refused: {} ({} tries left)", id_, refused, error.message(),
                     error.attempts_left());
        refused_.push_back(refused);
        with_player(
            [message = error.message()](SeatPlayer& p) {
              p.rejected(message);
              return Status::Ok();
            },
            "rejected");
        return maybe_act();
      case v1::ERROR_CODE_NOT_YOUR_TURN:
        // Our picture is behind the server's: catch up (at most a few times per position).
        if (++out_of_turn_ <= kMaxOutOfTurn) request_sync(last_seq_ + 1);
        return;
      case v1::ERROR_CODE_MATCH_OVER:
        return request_sync(last_seq_ + 1);  // brings the end
      case v1::ERROR_CODE_NOT_A_PLAYER:
      case v1::ERROR_CODE_NOT_FOUND:
        spdlog::error("match {}: {}: leaving it", id_, text);
        return bot_.session_over(id_, nullptr);
      default:
        spdlog::warn("match {}: move: {}", id_, text);
        return retry_later(std::chrono::milliseconds(500), false);
    }
  }
  if (kind == Pending::sync) {
    syncing_ = false;
    if (error.code() == v1::ERROR_CODE_NOT_FOUND || error.code() == v1::ERROR_CODE_NOT_A_PLAYER) {
      spdlog::warn("match {}: {}: it is gone", id_, text);
      return bot_.session_over(id_, nullptr);
    }
    spdlog::warn("match {}: sync: {}", id_, text);
    return retry_later(std::chrono::milliseconds(1000), true);
  }
  if (kind == Pending::resign && resigning_) {
    resign_request_ = 0;
    spdlog::warn("match {}: {}: {}", id_, cannot_play_.empty() ? "resign" : "cannot play", text);
    if (!cannot_play_.empty() && error.code() == v1::ERROR_CODE_NOT_ALLOWED) {
      cannot_play_.clear();  // the server does not take it as void: the seat resigns
      return send_resign();
    }
    if (error.code() == v1::ERROR_CODE_NOT_FOUND || error.code() == v1::ERROR_CODE_NOT_A_PLAYER)
      return bot_.session_over(id_, nullptr);
    if (error.code() == v1::ERROR_CODE_MATCH_OVER) return request_sync(last_seq_ + 1);
    return retry_later(std::chrono::milliseconds(1000), false);
  }
  if (kind == Pending::view) {
    view_requested_for_ = UINT32_MAX;
    spdlog::debug("match {}: view: {}", id_, text);
    return;
  }
  spdlog::warn("match {}: {}", id_, text);
}

void MatchSession::on_connection_lost() {
  syncing_ = false;
  move_request_ = 0;
  resign_request_ = 0;
  view_requested_for_ = UINT32_MAX;
}

void MatchSession::resync() {
  if (ended_) return;
  request_sync(box_ ? last_seq_ + 1 : 1);
}

void MatchSession::on_proposals(const v1::MatchProposals& proposals) {
  for (const auto& p : proposals.open()) {
    if (p.from() == seat_ || p.state() != v1::PROPOSAL_STATE_OPEN) continue;
    spdlog::info("match {}: declining the other seat's {}", id_, v1::ProposalKind_Name(p.kind()));
    v1::ClientMessage m;
    m.mutable_answer_proposal()->set_match_id(id_);
    m.mutable_answer_proposal()->set_kind(p.kind());
    m.mutable_answer_proposal()->set_accept(false);
    bot_.send(std::move(m), Pending::proposal, id_);
    bot_.count([](BotStats& s) { ++s.proposals_declined; });
  }
}

void MatchSession::request_sync(std::uint32_t from_seq) {
  v1::ClientMessage m;
  m.mutable_sync()->set_match_id(id_);
  m.mutable_sync()->set_from_seq(from_seq);
  if (bot_.send(std::move(m), Pending::sync, id_) != 0) syncing_ = true;
}

void MatchSession::retry_later(std::chrono::milliseconds delay, bool sync) {
  if (!retry_timer_) retry_timer_ = std::make_shared<asio::steady_timer>(bot_.io());
  retry_timer_->expires_after(delay);
  retry_timer_->async_wait([weak = weak_from_this(), sync](const boost::system::error_code& ec) {
    auto self = weak.lock();
    if (ec || !self || self->ended_) return;
    if (sync)
      self->resync();
    else
      self->maybe_act();
  });
}

void MatchSession::watch_move(std::uint64_t request_id) {
  if (!move_timer_) move_timer_ = std::make_shared<asio::steady_timer>(bot_.io());
  move_timer_->expires_after(kMoveAnswerTimeout);
  move_timer_->async_wait([weak = weak_from_this(),
                           request_id](const boost::system::error_code& ec) {
    auto self = weak.lock();
    if (ec || !self || self->ended_ || self->move_request_ != request_id) return;
    spdlog::warn("match {}: no answer to move {}: synchronising", self->id_, self->move_in_flight_);
    self->move_request_ = 0;  // the chosen move stays ready for the same position
    self->request_sync(self->last_seq_ + 1);
  });
}

void MatchSession::with_player(std::function<Status(SeatPlayer&)> task, std::string what) {
  auto box = box_;
  if (!box) return;
  asio::post(box->strand, [box, task = std::move(task), what = std::move(what),
                           weak = weak_from_this(), generation = generation_, &io = bot_.io()] {
    Status st;
    try {
      st = task(*box->player);
    } catch (const std::exception& e) {
      st = fail(std::string("exception: ") + e.what());
    }
    if (st.ok()) return;
    asio::post(io, [weak, generation, what, message = st.message(),
                    cannot_play = box->player->cannot_play()] {
      if (auto self = weak.lock()) self->on_player_error(generation, what, message, cannot_play);
    });
  });
}

void MatchSession::on_player_error(int generation, const std::string& what,
                                   const std::string& message, const std::string& cannot_play) {
  if (generation != generation_ || ended_ || gave_up_ || resigning_) return;
  spdlog::error("match {}: the player's {} failed: {}", id_, what, message);
  if (resign_on_failure_)
    return resign("the player's " + what + " failed: " + message, cannot_play);
  if (!started_ || replacements_ >= kMaxReplacements) {
    spdlog::error("match {}: its moves come from the view from now on", id_);
    gave_up_ = true;
    return;
  }
  // Its picture of the game cannot be trusted: a new player learns it all again from seq 1.
  ++replacements_;
  box_.reset();
  if (!make_player(*started_)) return;
  with_player([started = *started_](SeatPlayer& p) { return p.start(started); }, "start");
  last_seq_ = 0;
  view_.reset();
  ready_move_.reset();
  request_sync(1);
}

void MatchSession::resign(const std::string& why, const std::string& cannot_play) {
  if (resigning_ || ended_) return;
  resigning_ = true;
  cannot_play_ = cannot_play;
  ready_move_.reset();
  if (cannot_play_.empty())
    spdlog::error("match {}: {}: resigning", id_, why);
  else
    spdlog::error("match {}: {}: the player cannot play this game, asking for it to be void", id_,
                  why);
  send_resign();
}

void MatchSession::send_resign() {
  if (ended_ || resign_request_ != 0) return;
  v1::ClientMessage m;
  if (cannot_play_.empty()) {
    m.mutable_resign()->set_match_id(id_);
  } else {
    m.mutable_cannot_play()->set_match_id(id_);
    m.mutable_cannot_play()->set_reason(cannot_play_);
  }
  resign_request_ = bot_.send(std::move(m), Pending::resign, id_);  // 0: after the reconnect
}

void MatchSession::maybe_act() {
  if (resigning_) return send_resign();
  if (ended_ || !box_ || syncing_ || thinking_ || move_request_ != 0 || !bot_.signed_in()) return;
  if (last_seq_ < started_last_seq_) return;  // the opening's events are on their way
  if (!view_ || view_seq_ != last_seq_) {
    // An event without the view: ask for it when the seat may be the one to act.
    if ((to_move_ == seat_ || to_move_ == -1) && view_requested_for_ != last_seq_) {
      v1::ClientMessage m;
      m.mutable_get_view()->set_match_id(id_);
      if (bot_.send(std::move(m), Pending::view, id_) != 0) view_requested_for_ = last_seq_;
    }
    return;
  }
  if (!view_->can_act() || out_of_turn_ > kMaxOutOfTurn) return;
  if (ready_move_ && ready_move_->seq == last_seq_)
    return send_move(ready_move_->text, ready_move_->comment);
  think();
}

void MatchSession::think() {
  thinking_ = true;
  auto box = box_;
  const v1::GameView view = *view_;
  asio::post(box->strand, [box, view, seq = last_seq_, clocks = clocks_, at = clocks_at_,
                           seat = seat_, generation = generation_, weak = weak_from_this(),
                           &io = bot_.io()] {
    const auto elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - at);
    Result<std::string> move = fail("no answer");
    std::string comment;
    try {
      move = box->player->choose(view, aged(clocks, seat, elapsed));
      if (move) comment = box->player->comment();
    } catch (const std::exception& e) {
      move = fail(std::string("exception: ") + e.what());
    }
    std::string cannot_play = move ? std::string() : box->player->cannot_play();
    asio::post(io, [weak, generation, seq, view, move = std::move(move),
                    comment = std::move(comment), cannot_play = std::move(cannot_play)]() mutable {
      if (auto self = weak.lock())
        self->on_chosen(generation, seq, view, std::move(move), std::move(comment),
                        std::move(cannot_play));
    });
  });
}

void MatchSession::on_chosen(int generation, std::uint32_t seq, const v1::GameView& view,
                             Result<std::string> move, std::string comment,
                             std::string cannot_play) {
  thinking_ = false;
  if (ended_ && !move)  // stopped by the end (a flag): what it was doing, for the log
    spdlog::info("match {}: the player stopped at the end: {}", id_, move.message());
  if (ended_ || generation != generation_) return maybe_act();
  std::string text;
  if (move) {
    text = *move;
  } else if (resign_on_failure_) {
    return resign("the player could not choose: " + move.message(), cannot_play);
  } else {
    spdlog::warn("match {}: the player could not choose: {}", id_, move.message());
    auto fallback =
        random_move_from_view(started_->game(), started_->rules(), view, rng_, refused_);
    if (!fallback) {
      spdlog::error("match {}: no move from the view either: {}", id_, fallback.message());
      return;
    }
    bot_.count([](BotStats& s) { ++s.fallback_moves; });
    text = *fallback;
    comment = "a random legal move: the player failed";
  }
  if (seq != last_seq_) {
    // The position moved on while it thought (the other seat's simultaneous action):
    // the move still stands if the current view allows it.
    const bool listed = view_ && view_seq_ == last_seq_ &&
                        std::find(view_->legal_moves().begin(), view_->legal_moves().end(), text) !=
                            view_->legal_moves().end();
    const bool unlisted = view_ && view_seq_ == last_seq_ && view_->legal_moves_size() == 0;
    if (!view_ || view_seq_ != last_seq_ || !view_->can_act() || !(listed || unlisted))
      return maybe_act();
  }
  ready_move_ = ReadyMove{last_seq_, text, std::move(comment)};
  maybe_act();
}

void MatchSession::send_move(const std::string& move, const std::string& comment) {
  v1::ClientMessage m;
  m.mutable_move()->set_match_id(id_);
  m.mutable_move()->set_move(move);
  // The server refuses an over-long note with the move: cut it here (at a UTF-8 boundary).
  m.mutable_move()->set_comment(protocol::fit_move_comment(comment));
  const std::uint64_t rid = bot_.send(std::move(m), Pending::move, id_);
  if (rid == 0) return;  // not connected: sent after the resync if it still stands
  move_request_ = rid;
  move_in_flight_ = move;
  watch_move(rid);
  bot_.count([](BotStats& s) { ++s.moves_sent; });
  spdlog::debug("match {}: seq {} move {}", id_, last_seq_, move);
}

}  // namespace boyi::bots::detail
