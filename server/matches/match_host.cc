// MatchHost: construction, starting and resuming, the seats' requests to act (move,
// resign), connections going away, stopping; the thread-safe snapshot.
#include "protocol/wire/move_comment.h"
#include "server/matches/match_host_internal.h"

namespace boyi::app {
namespace asio = boost::asio;
using match_detail::Clock;
using WireMatch = protocol::WireMatch;

// The part of a CannotPlay's reason kept in the outcome's detail.
constexpr std::size_t kMaxCannotPlayReason = 400;

MatchHost::MatchHost(AppContext& app, StoredMatch stored, std::array<UserInfo, 2> players,
                     Finished on_finished)
    : app_(app),
      on_finished_(std::move(on_finished)),
      strand_(asio::make_strand(app.match_executor)),
      timer_(strand_),
      stored_(std::move(stored)),
      players_(std::move(players)) {
  const auto id = hosting::parse_match_id(stored_.config.match_id);
  stored_id_ = id ? id.value() : 0;
  journal_ = std::make_unique<hosting::StorageJournal>(app_.db, stored_id_);
  snapshot_.match_id = stored_.config.match_id;
  snapshot_.game = stored_.config.game;
  snapshot_.preset = stored_.preset;
  snapshot_.players = players_;
}

MatchHost::~MatchHost() = default;

void MatchHost::set_house_player(int seat, std::unique_ptr<HousePlayer> player,
                                 HouseBotsShared* shared) {
  if (seat != 0 && seat != 1) return;
  if (!player) {
    app_.log.error("house_bot_missing", {{"match", id()}, {"seat", seat}});
    return;
  }
  app_.log.info("house_bot_seated", {{"match", id()},
                                     {"seat", seat},
                                     {"strength", player->strength},
                                     {"player", player->level.spec},
                                     {"max_move_ms", player->level.max_move_ms}});
  const auto pool = app_.house_executor ? app_.house_executor : app_.match_executor;
  house_[static_cast<std::size_t>(seat)] =
      std::make_shared<HouseBot>(std::move(player), pool, shared);
  bot_timers_[static_cast<std::size_t>(seat)] = std::make_unique<asio::steady_timer>(strand_);
}

protocol::MatchHeader MatchHost::header() const {
  protocol::MatchHeader h;
  h.preset = stored_.preset;
  for (int s = 0; s < 2; ++s)
    h.players[static_cast<std::size_t>(s)] = to_player(players_[static_cast<std::size_t>(s)], s);
  return h;
}

v1::MatchStarted MatchHost::started_for(Seat seat) const {
  return match_->started(seat, Clock::now());
}

int MatchHost::seat_of(storage::Id user) const {
  if (players_[0].id == user) return 0;
  if (players_[1].id == user) return 1;
  return -1;
}

int MatchHost::seat_for_request(const Peer& peer, storage::Id user, std::uint64_t request_id,
                                std::string_view hint) {
  if (!match_) {
    error(peer, request_id, v1::ERROR_CODE_INTERNAL, "the match did not start");
    return -1;
  }
  const int seat = seat_of(user);
  if (seat < 0)
    error(peer, request_id, v1::ERROR_CODE_NOT_A_PLAYER,
          "you have no seat in match " + id() + std::string(hint));
  return seat;
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

void MatchHost::start(std::array<std::vector<Peer>, 2> seats, std::vector<std::string> opening,
                      std::function<void(Status)> done) {
  asio::post(strand_, [self = shared_from_this(), seats = std::move(seats),
                       opening = std::move(opening), done = std::move(done)]() mutable {
    auto& h = *self;
    const auto now = Clock::now();
    auto r =
        WireMatch::create(h.stored_.config, h.header(), *h.journal_, now, {h.app_.signing_key});
    if (!r) {
      h.app_.log.error("match_start_failed", {{"match", h.id()}, {"reason", r.message()}});
      if (done) done(Status(Error{r.message()}));
      return;
    }
    h.match_ = std::move(r).value();
    h.app_.metrics.matches_started.inc();
    h.app_.metrics.matches_running.inc();
    h.sent_seq_ = {1, 1, 1};
    for (int s = 0; s < 2; ++s) {
      for (auto& p : seats[static_cast<std::size_t>(s)])
        if (p.conn && p.conn->is_open()) h.add_seat_peer(s, p);
      if (!h.house_[static_cast<std::size_t>(s)] &&
          h.seat_peers_[static_cast<std::size_t>(s)].empty())
        (void)h.match_->referee().on_disconnect(s, now);
    }
    // The opening first, so that MatchStarted says how many of its events follow
    // (MatchStarted.last_seq): no seat acts on the initial position meanwhile. Checked when
    // the suite was accepted; a refusal here ends the match (aborted).
    const Status opened =
        h.match_->play_opening(opening, now, [&](Seat seat, const referee::SubmitResult& played) {
          h.keep_comment(played.seq, seat, "from the opening suite");
          ++h.opening_acted_[static_cast<std::size_t>(seat)];
        });
    if (!opened) {
      (void)h.match_->referee().abort(opened.message(), Clock::now());
      h.app_.log.error("match_opening_refused", {{"match", h.id()}, {"reason", opened.message()}});
    }
    for (int s = 0; s < 2; ++s) {
      v1::ServerMessage m;
      *m.mutable_match_started() = h.started_for(s);
      Outgoing out(std::move(m), h.app_.max_frame());
      for (const auto& p : h.seat_peers_[static_cast<std::size_t>(s)]) out.send(p);
      if (const auto& bot = h.house_[static_cast<std::size_t>(s)]) bot->start(h.started_for(s));
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
  protocol::Sealing sealing{app_.signing_key, {}, {}};
  for (std::size_t s = 0; s < 2; ++s) {
    sealing.client_commitments[s] = stored_.commitments[s].commitment;
    sealing.client_salts[s] = stored_.commitments[s].salt;
  }
  auto r = WireMatch::resume(stored_.config, header(), stored_.entries, *journal_, now, sealing);
  if (!r) return Error{r.message()};
  match_ = std::move(r).value();
  const auto last = match_->referee().last_seq();
  sent_seq_ = {last, last, match_->referee().visible_seq(kPublic)};
  if (match_->referee().finished()) {
    ended_handled_ = true;
    finished_ = true;
  } else {
    app_.metrics.matches_running.inc();
    for (int s = 0; s < 2; ++s) {
      const auto& bot = house_[static_cast<std::size_t>(s)];
      if (!bot) continue;
      (void)match_->referee().on_reconnect(s, now);
      // The house seat is told the match again, as a person's Sync would tell it.
      bot->start(started_for(s));
      for (const auto& m : match_->messages(s, 1, false)) feed_house_bot(s, m);
    }
  }
  publish_snapshot();
  if (!match_->referee().finished())
    asio::post(strand_, [self = shared_from_this()] { self->after_change(); });
  return Status::Ok();
}

// --- requests --------------------------------------------------------------------------------

void MatchHost::move(Peer peer, storage::Id user, std::uint64_t request_id, std::string text,
                     std::string commitment_salt, std::string comment,
                     RequestClock::time_point received) {
  asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), user, request_id,
                       text = std::move(text), salt = std::move(commitment_salt),
                       comment = std::move(comment), received] {
    auto& h = *self;
    const int seat = h.seat_for_request(peer, user, request_id);
    if (seat < 0) return;
    if (auto s = protocol::check_move_comment(comment); !s)
      return h.error(peer, request_id, v1::ERROR_CODE_INVALID_ARGUMENT, s.message());
    const auto now = Clock::now();
    if (!h.is_seat_peer(seat, peer.conn->id())) {
      h.add_seat_peer(seat, peer);
      if (!h.match_->referee().connected(seat)) (void)h.match_->referee().on_reconnect(seat, now);
    }
    (void)h.match_->referee().tick(now);
    if (h.match_->referee().finished()) {
      h.after_change();
      return h.error(peer, request_id, v1::ERROR_CODE_MATCH_OVER,
                     "match " + h.id() + " is over: " + describe(h.match_->referee().outcome()));
    }
    if (!h.match_->referee().can_act(seat)) {
      h.after_change();
      return h.error(peer, request_id, v1::ERROR_CODE_NOT_YOUR_TURN, "it is not your turn");
    }
    // A seat that committed its deployment must send what it committed to (never counted as
    // an illegal move: the layout may be fine, the salt or the commitment is at fault). The
    // salt is stored first, so the record can always disclose what was revealed.
    if (auto s = h.match_->check_commitment(seat, text, salt); !s)
      return h.error(peer, request_id, v1::ERROR_CODE_INVALID_ARGUMENT, s.message());
    if (!salt.empty()) {
      if (auto s = h.app_.db.save_commitment_salt(h.stored_id(), seat, salt); !s)
        return h.error(peer, request_id, v1::ERROR_CODE_INTERNAL, s.message());
    }
    const auto result = h.match_->submit(seat, text, now);
    if (result.accepted() && !salt.empty()) h.match_->note_commitment_salt(seat, salt);
    using S = referee::SubmitResult::Status;
    switch (result.status) {
      case S::kAccepted:
        h.app_.metrics.moves_accepted.inc();
        if (!comment.empty()) h.keep_comment(result.seq, seat, std::move(comment));
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
      case S::kPaused:
        return h.error(peer, request_id, v1::ERROR_CODE_NOT_ALLOWED, result.reason);
      case S::kError:
        h.app_.log.error("journal_failed", {{"match", h.id()}, {"reason", result.reason}});
        return h.error(peer, request_id, v1::ERROR_CODE_INTERNAL, result.reason);
    }
  });
}

void MatchHost::end_for_seat(const Peer& peer, storage::Id user, std::uint64_t request_id,
                             const SeatEnding& end) {
  const int seat = seat_for_request(peer, user, request_id);
  if (seat < 0) return;
  const auto now = Clock::now();
  (void)match_->referee().tick(now);
  if (match_->referee().finished()) {
    after_change();
    return error(peer, request_id, v1::ERROR_CODE_MATCH_OVER, "match " + id() + " is over");
  }
  if (auto refused = end(seat, now))
    return error(peer, request_id, refused->code, refused->message);
  v1::ServerMessage ack;
  ack.set_request_id(request_id);
  ack.mutable_ack();
  send(peer, std::move(ack));
  after_change();
}

void MatchHost::resign(Peer peer, storage::Id user, std::uint64_t request_id) {
  asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), user, request_id] {
    self->end_for_seat(peer, user, request_id,
                       [&](int seat, Clock::time_point now) -> std::optional<Refusal> {
                         if (auto s = self->match_->referee().resign(seat, now); !s)
                           return Refusal{v1::ERROR_CODE_INTERNAL, s.message()};
                         return std::nullopt;
                       });
  });
}

void MatchHost::cannot_play(Peer peer, storage::Id user, std::uint64_t request_id,
                            std::string reason) {
  asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), user, request_id,
                       reason = std::move(reason)] {
    auto& h = *self;
    h.end_for_seat(
        peer, user, request_id, [&](int seat, Clock::time_point now) -> std::optional<Refusal> {
          auto& referee = h.match_->referee();
          // A seat that has played cannot take its game back as void: it may resign.
          if (referee.acted(seat) > h.opening_acted_[static_cast<std::size_t>(seat)])
            return Refusal{v1::ERROR_CODE_NOT_ALLOWED,
                           "seat " + std::to_string(seat) +
                               " has played in this match: it can resign, not make it void"};
          std::string why = protocol::fit_text_line(reason, kMaxCannotPlayReason);
          if (why.empty()) why = "no reason given";
          h.app_.log.warn("match_void_cannot_play",
                          {{"match", h.id()}, {"seat", seat}, {"reason", why}});
          if (auto s = referee.abort(
                  "void: seat " + std::to_string(seat) + "'s player could not play: " + why, now);
              !s)
            return Refusal{v1::ERROR_CODE_INTERNAL, s.message()};
          return std::nullopt;
        });
  });
}

void MatchHost::connection_closed(std::uint64_t connection_id) {
  asio::post(strand_, [self = shared_from_this(), connection_id] {
    auto& h = *self;
    const auto watching = h.spectators_.size();
    std::erase_if(h.spectators_, [&](const Peer& p) { return p.conn->id() == connection_id; });
    if (h.spectators_.size() != watching) h.publish_snapshot();
    bool left = false;
    for (int s = 0; s < 2; ++s) {
      auto& peers = h.seat_peers_[static_cast<std::size_t>(s)];
      const auto before = peers.size();
      std::erase_if(peers, [&](const Peer& p) { return p.conn->id() == connection_id; });
      if (before > 0 && peers.empty() && h.match_ && !h.match_->referee().finished() &&
          !h.house_[static_cast<std::size_t>(s)]) {
        (void)h.match_->referee().on_disconnect(s, Clock::now());
        h.app_.log.info("seat_disconnected", {{"match", h.id()}, {"seat", s}});
        left = true;
      }
    }
    // on_disconnect ticks first: a deadline that had just passed may have ended the match,
    // which must be told and settled now (the timer does nothing for a finished match).
    if (left) h.after_change();
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

void MatchHost::hand_over() {
  stop();
  asio::post(strand_, [self = shared_from_this()] {
    const std::string text =
        "match " + self->id() + " is hosted by another server now: Sync it again to go on";
    std::vector<Peer> told;
    for (const auto& peers : self->seat_peers_) told.insert(told.end(), peers.begin(), peers.end());
    told.insert(told.end(), self->spectators_.begin(), self->spectators_.end());
    for (const auto& peer : told)
      send_to(peer, error_message(0, v1::ERROR_CODE_SHUTTING_DOWN, text, false, self->id()),
              self->app_.max_frame());
  });
}
// --- snapshot and seats ------------------------------------------------------------------

void MatchHost::publish_snapshot() {
  std::lock_guard lock(snapshot_mu_);
  if (!match_) return;
  snapshot_.ply = match_->ply();
  snapshot_.finished = match_->referee().finished();
  snapshot_.outcome = match_->referee().outcome();
  snapshot_.last_seq = WireMatch::wire_seq(match_->referee().last_seq());
  snapshot_.spectators = static_cast<int>(spectators_.size());
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
}  // namespace boyi::app
