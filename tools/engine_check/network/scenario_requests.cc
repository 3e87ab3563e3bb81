// What the bot sends, answered as the real server answers it: the handshake and sign-in,
// moves (one legal move of the bot refused on purpose in 'refused'), sync, get_view and
// resign; every deviation written down where it happens.
#include <algorithm>

#include "tools/engine_check/network/scenario_run_internal.h"

namespace boyi::engine_check::run_detail {

namespace {

// Requests whose reply must be told apart by its request_id (a ping's pong hardly matters).
bool needs_request_id(const v1::ClientMessage& m) {
  switch (m.body_case()) {
    case C::kHello:
    case C::kSignIn:
    case C::kMove:
    case C::kSync:
    case C::kGetView:
    case C::kResign:
      return true;
    default:
      return false;
  }
}

}  // namespace

void Run::handle(Inbound in) {
  switch (in.kind) {
    case Inbound::Kind::kOpened:
      links_[in.link];
      seen_.connected = true;
      return;
    case Inbound::Kind::kClosed:
      return on_closed(in.link, in.text);
    case Inbound::Kind::kUnreadable:
      return on_unreadable(in);
    case Inbound::Kind::kMessage:
      if (in.after_drop) {
        if (in.message.has_move()) lost_move_ = in.message.move().move();
        return;
      }
      return on_message(in);
  }
}

void Run::on_closed(int link, const std::string& why) {
  auto it = links_.find(link);
  if (it == links_.end() || it->second.closed) return;
  it->second.closed = true;
  const bool was_seat = it->second.seat;
  it->second.seat = false;
  if (!was_seat || !match_ || match_->referee().finished() || any_seat_link()) return;
  (void)match_->referee().on_disconnect(script_.bot_seat, CheckClock::now());
  if (!dropped_links_.contains(link))
    finding(Severity::kWarn, "closed",
            "closed its connection" + where() + " in the middle of the game (" + why +
                "); its seat waits for it only for the disconnect grace (§6 Disconnection and "
                "reconnection)");
}

void Run::on_unreadable(const Inbound& in) {
  finding(Severity::kFail, "unreadable",
          "sent something the server cannot read" + where() + ": " + in.text +
              ". The server answers " + v1::ErrorCode_Name(in.code) +
              (in.fatal ? " and closes the connection" : "") +
              " (§1 Transports and Limits: one protobuf message per length-prefixed frame, or "
              "one JSON object per line or WebSocket text frame, at most 65,536 bytes)");
  send_error(in.link, 0, in.code, in.text, in.fatal);
  if (in.fatal) drop_link(in.link);
}

void Run::on_message(const Inbound& in) {
  LinkState& st = links_[in.link];
  const auto& m = in.message;
  const std::uint64_t rid = m.request_id();
  const std::string name = body_name(m);
  if (!st.rate.take(in.at)) {
    finding(Severity::kWarn, "rate",
            "sent more than " + std::to_string(static_cast<int>(kMessagesPerSecond)) +
                " messages a second (welcome.limits.max_messages_per_second, bursts of " +
                std::to_string(static_cast<int>(kBurst)) +
                "): the real server drops the excess, answering RATE_LIMITED (§7 Errors); " + name +
                " was dropped");
    return send_error(in.link, rid, v1::ERROR_CODE_RATE_LIMITED,
                      "over " + std::to_string(static_cast<int>(kMessagesPerSecond)) +
                          " messages per second: dropped");
  }
  if (rid == 0 && needs_request_id(m) && !request_id_warned_) {
    request_id_warned_ = true;
    finding(Severity::kWarn, "request id",
            "sent " + name +
                " with request_id 0: give every request its own request_id (1, 2, 3, ...) so "
                "that its reply can be told apart from pushes (§2 Requests, replies and pushes)");
  }
  if (!st.hello) {
    if (m.has_hello()) return hello(in.link, m);
    finding(Severity::kFail, "handshake",
            "sent " + name +
                " before hello: the first message on a connection must be hello (§3 "
                "Handshake); the server answers HANDSHAKE_REQUIRED and closes the connection");
    send_error(in.link, rid, v1::ERROR_CODE_HANDSHAKE_REQUIRED, "say hello first", true);
    return drop_link(in.link);
  }
  switch (m.body_case()) {
    case C::kHello:
      return send_error(in.link, rid, v1::ERROR_CODE_INVALID_ARGUMENT,
                        "hello was already said on this connection");
    case C::kPing: {
      ++seen_.pings;
      v1::ServerMessage pong;
      pong.set_request_id(rid);
      pong.mutable_pong()->set_nonce(m.ping().nonce());
      return server_.send(in.link, pong);
    }
    case C::kPong:
      if (m.pong().nonce() == kServerPingNonce) seen_.server_ping_answered = true;
      return;
    case C::kSignIn:
      return sign_in(in.link, m);
    default:
      break;
  }
  if (!st.signed_in) {
    finding(Severity::kWarn, "not signed in",
            "sent " + name +
                " before signing in: sign in with the bot token first (§4 Signing in); the "
                "server answers NOT_SIGNED_IN");
    return send_error(in.link, rid, v1::ERROR_CODE_NOT_SIGNED_IN, "sign in first");
  }
  switch (m.body_case()) {
    case C::kMove:
      return on_move(in);
    case C::kSync:
      return on_sync(in);
    case C::kGetView:
      return on_get_view(in);
    case C::kResign:
      return on_resign(in);
    default:
      return send_error(in.link, rid, v1::ERROR_CODE_NOT_ALLOWED,
                        "the conformance server does not offer " + name +
                            ": it plays one match with the bot under test");
  }
}

void Run::hello(int link, const v1::ClientMessage& m) {
  const std::uint64_t rid = m.request_id();
  const std::uint32_t version = m.hello().protocol_version();
  if (version != kProtocolVersion) {
    finding(Severity::kFail, "version",
            "said hello with protocol_version " + std::to_string(version) +
                ": this protocol is version 1 (§3 Handshake); the server answers "
                "UNSUPPORTED_VERSION and closes the connection");
    send_error(link, rid, v1::ERROR_CODE_UNSUPPORTED_VERSION,
               "protocol version " + std::to_string(version) +
                   " is not spoken here; this server speaks version 1",
               true);
    return drop_link(link);
  }
  links_[link].hello = true;
  seen_.said_hello = true;
  v1::ServerMessage r;
  r.set_request_id(rid);
  auto* w = r.mutable_welcome();
  w->set_protocol_version(kProtocolVersion);
  w->set_server_version("boyi-engine-check (scripted server)");
  w->set_session_id("check-" + std::to_string(link));
  auto* limits = w->mutable_limits();
  limits->set_max_frame_bytes(static_cast<std::uint32_t>(ScriptedServer::kMaxFrameBytes));
  limits->set_max_messages_per_second(static_cast<std::uint32_t>(kMessagesPerSecond));
  limits->set_idle_timeout_ms(script_.idle_timeout_ms);
  limits->set_send_queue_messages(1024);
  limits->set_disconnect_grace_ms(static_cast<std::uint32_t>(script_.disconnect_grace_ms));
  server_.send(link, r);
}

void Run::sign_in(int link, const v1::ClientMessage& m) {
  const std::uint64_t rid = m.request_id();
  LinkState& st = links_[link];
  if (st.signed_in)
    return send_error(link, rid, v1::ERROR_CODE_ALREADY_SIGNED_IN, "already signed in");
  const auto& in = m.sign_in();
  if (!in.has_bot_token() || in.bot_token().token() != token_) {
    finding(Severity::kFail, "sign in",
            in.has_bot_token()
                ? "signed in with the token " + quoted(in.bot_token().token()) +
                      ", not the one it was given ({token} in its command line): the server "
                      "answers AUTH_FAILED (§4 Signing in)"
                : "signed in with " + body_name(in, static_cast<int>(in.method_case())) +
                      " instead of its bot token: a bot signs in with {\"sign_in\": "
                      "{\"bot_token\": {\"token\": \"...\"}}} (§4 Signing in)");
    send_error(link, rid, v1::ERROR_CODE_AUTH_FAILED, "the token is not valid", true);
    return drop_link(link);
  }
  const CheckTime now = CheckClock::now();
  st.signed_in = true;
  ++seen_.sign_ins;
  if (!seen_.signed_in) {
    seen_.signed_in = true;
    seen_.wire = server_.wire(link);
    log_.line("signed in over " + wire_name(seen_.wire) + " after " +
              seconds(ms_between(started_at_, now)));
  }
  if (seen_.dropped && !seen_.back) {
    seen_.back = true;
    seen_.back_ms = ms_between(dropped_at_, now);
  }
  v1::ServerMessage r;
  r.set_request_id(rid);
  auto* s = r.mutable_signed_in();
  s->set_user_id("u-check");
  s->set_username("check-bot");
  s->set_display_name("check-bot");
  s->set_role(v1::ROLE_BOT);
  if (match_ && !match_->referee().finished()) {
    auto* active = s->add_active_matches();
    active->set_match_id(match_->id());
    active->set_game(options_.game);
    active->set_seat(script_.bot_seat);
    active->set_last_seq(WireMatch::wire_seq(match_->referee().last_seq()));
  }
  server_.send(link, r);
  if (!match_) start_match(link);
}

bool Run::wrong_match(int link, std::uint64_t request_id, const std::string& match_id,
                      const std::string& what) {
  if (match_ && match_id == match_->id()) return false;
  finding(Severity::kFail, "match id",
          "sent " + what + " for match " + quoted(match_id) + ", but its match is " +
              quoted(match_ ? match_->id() : std::string()) +
              " (match_started.match_id, §6 The match flow); the server answers NOT_FOUND");
  send_error(link, request_id, v1::ERROR_CODE_NOT_FOUND, "no match " + match_id);
  return true;
}

void Run::on_move(const Inbound& in) {
  const int link = in.link;
  const auto& mv = in.message.move();
  const std::uint64_t rid = in.message.request_id();
  if (wrong_match(link, rid, mv.match_id(), "a move")) return;
  auto& ref = match_->referee();
  const CheckTime now = CheckClock::now();
  LinkState& st = links_[link];
  if (!st.seat) {
    st.seat = true;
    if (!ref.finished() && !ref.connected(script_.bot_seat))
      (void)ref.on_reconnect(script_.bot_seat, now);
  }
  if (seen_.back) ++seen_.moves_after_drop;
  (void)ref.tick(now);
  if (ref.finished()) {
    after_change(std::nullopt);
    return send_error(link, rid, v1::ERROR_CODE_MATCH_OVER,
                      "match " + match_->id() + " is over: " + describe(ref.outcome()));
  }
  const bool early = in.at < last_answer_at_;
  const std::string move = quoted(mv.move());
  const std::string request = " (request " + std::to_string(rid) + ")";
  if (!ref.can_act(script_.bot_seat)) {
    std::string text = "sent move " + move + request + where() +
                       " while the other seat was to move: the server answers NOT_YOUR_TURN. "
                       "Move only when view.can_act is true or the newest event's to_move is "
                       "your seat (§6 The match flow; Illegal moves and moving out of turn)";
    if (kit_moves_at_accept_ == kit_moves_)
      text += "; its move " + quoted(last_move_) + " (request " +
              std::to_string(last_move_request_) + ") had already been accepted as seq " +
              std::to_string(accepted_seq_) + ": one move per turn";
    if (early)
      text += "; it was sent before the answer to its previous move " + quoted(last_move_) +
              " (request " + std::to_string(last_move_request_) +
              ") had gone out: wait for the match_event or error answering a move before "
              "sending another (§2)";
    finding(Severity::kFail, "out of turn", text + after_trick());
    send_error(link, rid, v1::ERROR_CODE_NOT_YOUR_TURN, "it is not your turn");
    last_answer_at_ = CheckClock::now();
    return;
  }
  if (early)
    finding(Severity::kFail, "unanswered move",
            "sent move " + move + request + where() + " before the answer to its previous move " +
                quoted(last_move_) + " (request " + std::to_string(last_move_request_) +
                ") had gone out: wait for the match_event or error answering a move before "
                "sending the next one (§2 Requests, replies and pushes)" +
                after_trick());
  if (to_move_since_) {
    const std::int64_t ms = ms_between(*to_move_since_, in.at);
    if (ms > script_.per_move_ms)
      finding(Severity::kWarn, "slow",
              "took " + seconds(ms) + " for its move " + move + where() +
                  ", over the per-move limit of " + seconds(script_.per_move_ms) +
                  ": only the server's small network grace kept it from losing on time "
                  "(§6 Clocks)");
    if (ms > seen_.slowest_ms) {
      seen_.slowest_ms = ms;
      seen_.slowest_seq = to_move_seq_;
    }
  }
  if (seen_.refused && !seen_.move_after_refusal) seen_.move_after_refusal = mv.move();
  last_move_ = mv.move();
  last_move_request_ = rid;
  if (script_.refuse_move > 0 && !seen_.refused && seen_.bot_moves + 1 >= script_.refuse_move) {
    const auto view = match_->view(script_.bot_seat);
    const auto& legal = view.legal_moves();
    if (std::find(legal.begin(), legal.end(), mv.move()) != legal.end()) {
      seen_.refused = true;
      seen_.refused_move = mv.move();
      const int left = ref.attempts_left(script_.bot_seat) - 1;
      send_error(link, rid, v1::ERROR_CODE_ILLEGAL_MOVE,
                 "refused on purpose by the conformance check (the move is legal): send a "
                 "move again",
                 false, static_cast<std::uint32_t>(std::max(left, 0)));
      last_answer_at_ = CheckClock::now();
      trick("its legal move " + move + " was refused on purpose with ILLEGAL_MOVE (" +
            std::to_string(left) + " tries left)");
      return;
    }
  }
  const auto result = match_->submit(script_.bot_seat, mv.move(), now);
  using S = referee::SubmitResult::Status;
  switch (result.status) {
    case S::kAccepted:
      ++seen_.bot_moves;
      accepted_seq_ = WireMatch::wire_seq(result.seq);
      kit_moves_at_accept_ = kit_moves_;
      to_move_since_.reset();
      after_change(Reply{result.seq, rid});
      break;
    case S::kRejected:
      finding(Severity::kFail, "illegal move",
              "sent move " + move + request + where() + ", which the rules refuse: " +
                  result.reason + " (" + std::to_string(result.attempts_left) +
                  " tries left; the third refused move loses). §9 gives each game's notation; "
                  "view.legal_moves lists the legal moves" +
                  after_trick());
      send_error(link, rid, v1::ERROR_CODE_ILLEGAL_MOVE, result.reason, false,
                 static_cast<std::uint32_t>(std::max(result.attempts_left, 0)));
      after_change(std::nullopt);
      break;
    case S::kGameOver:
      send_error(link, rid, v1::ERROR_CODE_MATCH_OVER, result.reason);
      after_change(std::nullopt);
      break;
    case S::kPaused:
    case S::kError:
      send_error(link, rid, v1::ERROR_CODE_INTERNAL, result.reason);
      break;
  }
  last_answer_at_ = CheckClock::now();
}

void Run::on_sync(const Inbound& in) {
  const int link = in.link;
  const auto& sync = in.message.sync();
  const std::uint64_t rid = in.message.request_id();
  if (wrong_match(link, rid, sync.match_id(), "sync")) return;
  auto& ref = match_->referee();
  const CheckTime now = CheckClock::now();
  (void)ref.tick(now);
  if (held_) release_held();
  after_change(std::nullopt);  // anything pending goes out first, as on the real server
  const std::uint32_t last = WireMatch::wire_seq(ref.last_seq());
  const std::uint32_t from = sync.from_seq();
  seen_.syncs.push_back(from);
  judge_sync(from, last);
  if (from > last + 1)
    return send_error(
        link, rid, v1::ERROR_CODE_SEQ_UNAVAILABLE,
        "from_seq " + std::to_string(from) + " is past the last event " + std::to_string(last));
  v1::ServerMessage started;
  *started.mutable_match_started() = match_->started(script_.bot_seat, now);
  server_.send(link, started);
  const std::uint64_t after = from == 0 ? 1 : from;  // wire seq >= N <=> referee seq > N
  for (const auto& e : ref.events_for(script_.bot_seat, after))
    if (auto m = match_->message(script_.bot_seat, e, false)) server_.send(link, *m);
  links_[link].seat = true;
  if (!ref.finished() && !ref.connected(script_.bot_seat))
    (void)ref.on_reconnect(script_.bot_seat, now);
  v1::ServerMessage done;
  done.set_request_id(rid);
  auto* d = done.mutable_sync_done();
  d->set_match_id(match_->id());
  d->set_last_seq(last);
  auto* view = d->mutable_view();
  view->set_match_id(match_->id());
  view->set_last_seq(last);
  *view->mutable_view() = ref.finished() ? match_->final_view() : match_->view(script_.bot_seat);
  *view->mutable_clocks() = match_->clocks(now);
  *view->mutable_proposals() = match_->proposals();
  server_.send(link, done);
  last_seq_sent_ = std::max(last_seq_sent_, last);
  if (!ref.finished() && ref.can_act(script_.bot_seat)) {
    to_move_since_ = CheckClock::now();  // its thinking time runs from what sync told it
    to_move_seq_ = last;
  }
}

void Run::judge_sync(std::uint32_t from, std::uint32_t last) {
  const std::string asked = "sent sync from_seq " + std::to_string(from);
  if (seen_.back && !seen_.resync_from) {
    seen_.resync_from = from;
    const std::uint32_t expected = seen_.drop_seq + 1;
    const std::string had = ", but it had been sent every event up to seq " +
                            std::to_string(seen_.drop_seq) +
                            " before the connection dropped: from_seq is 1 + the last seq it "
                            "processed, " +
                            std::to_string(expected) + " (§6 Disconnection and reconnection)";
    if (from < expected)
      finding(Severity::kWarn, "sync from",
              "after reconnecting it " + asked + had +
                  ". The events it already had come again; harmless only if it ignores "
                  "repeated seqs");
    else if (from > expected)
      finding(Severity::kFail, "sync from",
              "after reconnecting it " + asked + had + "; asking from " + std::to_string(from) +
                  " skips events" +
                  (from > last + 1 ? " (the server answers SEQ_UNAVAILABLE)" : ""));
    return;
  }
  if (from > last + 1)
    finding(Severity::kFail, "sync from",
            asked + where() + ", past the match's last event " + std::to_string(last) +
                ": from_seq is 1 + the last seq it processed (§6 Disconnection and "
                "reconnection); the server answers SEQ_UNAVAILABLE");
}

void Run::on_get_view(const Inbound& in) {
  const std::uint64_t rid = in.message.request_id();
  if (wrong_match(in.link, rid, in.message.get_view().match_id(), "get_view")) return;
  auto& ref = match_->referee();
  v1::ServerMessage r;
  r.set_request_id(rid);
  auto* mv = r.mutable_match_view();
  mv->set_match_id(match_->id());
  mv->set_last_seq(WireMatch::wire_seq(ref.last_seq()));
  *mv->mutable_view() = ref.finished() ? match_->final_view() : match_->view(script_.bot_seat);
  *mv->mutable_clocks() = match_->clocks(CheckClock::now());
  *mv->mutable_proposals() = match_->proposals();
  server_.send(in.link, r);
}

void Run::on_resign(const Inbound& in) {
  const std::uint64_t rid = in.message.request_id();
  if (wrong_match(in.link, rid, in.message.resign().match_id(), "resign")) return;
  auto& ref = match_->referee();
  const CheckTime now = CheckClock::now();
  (void)ref.tick(now);
  if (ref.finished()) {
    after_change(std::nullopt);
    return send_error(in.link, rid, v1::ERROR_CODE_MATCH_OVER,
                      "match " + match_->id() + " is over");
  }
  (void)ref.resign(script_.bot_seat, now);
  v1::ServerMessage ack;
  ack.set_request_id(rid);
  ack.mutable_ack();
  server_.send(in.link, ack);
  after_change(std::nullopt);
}

}  // namespace boyi::engine_check::run_detail
