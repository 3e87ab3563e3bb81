// The hub: sessions, the handshake, accounts and request dispatch.
#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>
#include <random>

#include "protocol/wire/json.h"
#include "server/app/hub_internal.h"

namespace boyi::app {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::uint32_t kProtocolVersion = 1;
constexpr const char* kServerVersion = "boyi 0.1.0";
// Requests a session may have waiting while its account work runs.
constexpr std::size_t kMaxHeldRequests = 64;

v1::ErrorCode code_of(const std::string& net_code) {
  if (net_code == "frame_too_large" || net_code == "line_too_long")
    return v1::ERROR_CODE_FRAME_TOO_LARGE;
  if (net_code == "rate_limited") return v1::ERROR_CODE_RATE_LIMITED;
  if (net_code == "idle_timeout") return v1::ERROR_CODE_IDLE_TIMEOUT;
  if (net_code == "slow_reader") return v1::ERROR_CODE_SLOW_READER;
  if (net_code == "server_full") return v1::ERROR_CODE_SERVER_FULL;
  return v1::ERROR_CODE_BAD_FRAME;
}

std::string clean_display_name(std::string_view in, const std::string& fallback) {
  std::string out;
  for (char c : in) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) continue;
    out += c;
    if (out.size() >= 48) break;
  }
  // Cut an incomplete UTF-8 sequence at the end.
  while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xC0) == 0x80) out.pop_back();
  if (!out.empty() && static_cast<unsigned char>(out.back()) >= 0xC0) out.pop_back();
  return out.empty() ? fallback : out;
}

}  // namespace

Hub::Hub(AppContext& app, accounts::Accounts& accounts)
    : app_(app),
      accounts_(accounts),
      workers_(static_cast<std::size_t>(std::max(1, app.config.account_threads))) {}

Hub::~Hub() {
  workers_.join();
}

void Hub::stop_workers() {
  workers_.join();
}

Status Hub::prepare() {
  // The house bot's account (a bot user, so its matches are stored like any other).
  constexpr std::string_view kHouseName = "house-random";
  auto u = app_.db.user_by_name(kHouseName);
  if (!u) {
    auto made = accounts_.create_bot(kHouseName);
    if (!made) return Error{"cannot create the house bot account: " + made.message()};
    u = made->user;
  }
  house_ = {u->id, u->name, "House bot (random)", v1::ROLE_HOUSE_BOT};

  if (auto purged = accounts_.purge_unused_guests(); purged)
    app_.log.info("guests_purged", {{"count", *purged}});
  else
    app_.log.warn("guest_purge_failed", {{"reason", purged.message()}});

  auto running = load_running_matches(app_.db);
  if (!running) return Error{"cannot read the running matches: " + running.message()};
  for (auto& m : running.value()) {
    std::array<UserInfo, 2> players;
    bool ok = true;
    for (int s = 0; s < 2; ++s) {
      auto info = user_info(m.seats[static_cast<std::size_t>(s)]);
      ok = ok && info.ok();
      if (info) players[static_cast<std::size_t>(s)] = *info;
    }
    const std::string id = m.config.match_id;
    const std::string game = m.config.game, rules = m.config.rules_text;
    auto host = std::make_shared<MatchHost>(app_, std::move(m), players);
    for (int s = 0; s < 2 && ok; ++s)
      if (players[static_cast<std::size_t>(s)].id == house_.id)
        host->set_house_player(s, make_house_player(0, game, rules, s, std::random_device{}()));
    Status st = ok ? host->resume() : Status(Error{"a seat's user is gone"});
    if (!st) {
      app_.log.error("match_not_resumed", {{"match", id}, {"reason", st.message()}});
      Outcome aborted{Ending::kAborted, std::nullopt, "could not be resumed: " + st.message()};
      if (auto pid = hosting::parse_match_id(id); pid)
        (void)app_.db.finish_match(pid.value(), aborted, storage::wall_clock_ms());
      continue;
    }
    std::lock_guard lock(mu_);
    matches_[id] = host;
    for (const auto& p : players) playing_[p.id].insert(id);
    ++resumed_;
    const auto snap = host->snapshot();
    app_.log.info("match_resumed", {{"match", id},
                                    {"game", snap.game},
                                    {"last_seq", snap.last_seq},
                                    {"ply", snap.ply},
                                    {"seat0", players[0].username},
                                    {"seat1", players[1].username}});
  }
  return Status::Ok();
}

Result<UserInfo> Hub::user_info(storage::Id id) {
  if (id == house_.id && id != 0) return house_;
  {
    std::lock_guard lock(mu_);
    if (auto it = users_.find(id); it != users_.end()) return it->second;
  }
  auto u = app_.db.user_by_id(id);
  if (!u) return Error{u.message()};
  return UserInfo{u->id, u->name, u->name, role_of(*u)};
}

// --- connections -------------------------------------------------------------------------

void Hub::on_open(const net::ConnectionPtr& conn) {
  auto s = std::make_shared<Session>(app_.ioc);
  s->conn = conn;
  s->kind = conn->transport() == net::Transport::tcp_binary ? net::FrameKind::binary
                                                            : net::FrameKind::json;
  std::lock_guard lock(mu_);
  char buf[32];
  std::snprintf(buf, sizeof buf, "s-%llx",
                static_cast<unsigned long long>(++next_session_ * 0x9E3779B1ULL % 0xFFFFFFFFULL));
  s->id = std::string(buf) + "-" + std::to_string(conn->id());
  sessions_[conn->id()] = s;
  app_.metrics.connections.inc();
}

std::shared_ptr<Hub::Session> Hub::session(std::uint64_t conn_id) {
  std::lock_guard lock(mu_);
  auto it = sessions_.find(conn_id);
  return it == sessions_.end() ? nullptr : it->second;
}

void Hub::on_frame(const net::ConnectionPtr& conn, net::Frame frame) {
  const auto received = Clock::now();
  auto s = session(conn->id());
  if (!s) return;
  {
    std::lock_guard lock(mu_);
    s->kind = frame.kind;
  }
  v1::ClientMessage msg;
  const Status parsed = frame.kind == net::FrameKind::binary
                            ? protocol::parse_binary(frame.bytes, &msg, app_.max_frame())
                            : protocol::from_json(frame.bytes, &msg, app_.max_frame());
  if (!parsed) {
    const bool json_syntax =
        frame.kind == net::FrameKind::json && !nlohmann::json::accept(frame.bytes);
    reply_error(*s, 0, json_syntax ? v1::ERROR_CODE_BAD_FRAME : v1::ERROR_CODE_BAD_MESSAGE,
                parsed.message());
    return;
  }
  bool held = false, overflow = false;
  {
    // While account work runs (or held requests are being handled), keep the order.
    std::lock_guard lock(mu_);
    if (s->busy || s->draining || !s->held.empty()) {
      overflow = s->held.size() >= kMaxHeldRequests;
      if (!overflow) {
        s->held.push_back({msg, received});
        held = true;
      }
    }
  }
  if (held) return;
  if (overflow)
    return reply_error(*s, msg.request_id(), v1::ERROR_CODE_RATE_LIMITED,
                       "too many requests while signing in; wait for the answer");
  handle(s, msg, received);
}

void Hub::off_thread(const std::shared_ptr<Session>& s, std::function<Continuation()> work) {
  {
    std::lock_guard lock(mu_);
    s->busy = true;
  }
  boost::asio::post(workers_, [self = shared_from_this(), s, work = std::move(work)] {
    Continuation then;
    try {
      then = work();
    } catch (const std::exception& e) {
      then = [self, s, what = std::string(e.what())] {
        self->reply_error(*s, 0, v1::ERROR_CODE_INTERNAL, "account work failed: " + what);
      };
    }
    boost::asio::post(s->strand, [self, s, then = std::move(then)] {
      if (then) then();
      {
        std::lock_guard lock(self->mu_);
        s->busy = false;
        s->draining = true;
      }
      self->drain_held(s);
    });
  });
}

void Hub::drain_held(const std::shared_ptr<Session>& s) {
  for (;;) {
    Session::Held next;
    {
      std::lock_guard lock(mu_);
      if (s->busy || s->held.empty()) {
        s->draining = false;
        return;
      }
      next = std::move(s->held.front());
      s->held.pop_front();
      s->draining = true;
    }
    handle(s, next.message, next.received);
  }
}

void Hub::on_close(const net::ConnectionPtr& conn, const std::string& reason) {
  std::vector<std::shared_ptr<MatchHost>> notify;
  {
    std::lock_guard lock(mu_);
    auto it = sessions_.find(conn->id());
    if (it == sessions_.end()) return;
    auto s = it->second;
    if (s->user) {
      for (const auto& id : playing_[s->user->id])
        if (auto m = matches_.find(id); m != matches_.end()) notify.push_back(m->second);
    }
    for (const auto& id : s->spectating)
      if (auto m = matches_.find(id); m != matches_.end()) notify.push_back(m->second);
    leave_locked(*s);
    sessions_.erase(it);
    app_.metrics.connections.dec();
  }
  for (auto& m : notify) m->connection_closed(conn->id());
  app_.log.debug("connection_closed", {{"conn", conn->id()}, {"reason", reason}});
}

void Hub::on_protocol_error(const net::ConnectionPtr& conn, const net::ProtocolError& error) {
  auto s = session(conn->id());
  if (!s) return;
  reply_error(*s, 0, code_of(error.code), error.message, error.fatal);
}

void Hub::on_shutdown() {
  std::lock_guard lock(mu_);
  shutting_down_ = true;
  for (auto& [id, s] : sessions_) {
    app_.metrics.error(v1::ERROR_CODE_SHUTTING_DOWN);
    (void)send_to(s->peer(),
                  error_message(0, v1::ERROR_CODE_SHUTTING_DOWN,
                                "the server is shutting down; every accepted move is stored and "
                                "running matches resume when it is back",
                                true),
                  app_.max_frame());
  }
}

void Hub::reply(const Session& s, v1::ServerMessage m) {
  (void)send_to(s.peer(), m, app_.max_frame());
}

void Hub::reply_error(const Session& s, std::uint64_t rid, v1::ErrorCode code, std::string text,
                      bool fatal) {
  app_.metrics.error(code);
  (void)send_to(s.peer(), error_message(rid, code, text, fatal), app_.max_frame());
  if (fatal) s.conn->close(text);
}

void Hub::ack(const Session& s, std::uint64_t rid) {
  v1::ServerMessage m;
  m.set_request_id(rid);
  m.mutable_ack();
  reply(s, std::move(m));
}

// --- dispatch ----------------------------------------------------------------------------

void Hub::handle(const std::shared_ptr<Session>& s, const v1::ClientMessage& m,
                 Clock::time_point received) {
  using C = v1::ClientMessage;
  const auto rid = m.request_id();
  bool hello_done, signed_in;
  {
    std::lock_guard lock(mu_);
    hello_done = s->hello;
    signed_in = s->user.has_value();
  }
  if (!hello_done) {
    if (m.body_case() == C::kHello) return hello(s, m);
    return reply_error(*s, rid, v1::ERROR_CODE_HANDSHAKE_REQUIRED,
                       "the first message must be hello", true);
  }
  switch (m.body_case()) {
    case C::kHello:
      return reply_error(*s, rid, v1::ERROR_CODE_INVALID_ARGUMENT, "hello was already sent");
    case C::kPing: {
      v1::ServerMessage r;
      r.set_request_id(rid);
      r.mutable_pong()->set_nonce(m.ping().nonce());
      return reply(*s, std::move(r));
    }
    case C::kPong:
      return;
    case C::kSignIn:
      return sign_in(s, m);
    case C::kSignUp:
      return sign_up(s, m);
    case C::kListGames:
      return list_games(*s, rid);
    default:
      break;
  }
  if (!signed_in) return reply_error(*s, rid, v1::ERROR_CODE_NOT_SIGNED_IN, "sign in first");
  switch (m.body_case()) {
    case C::kSignOut:
      return sign_out(s, rid);
    case C::kListOnline:
      return list_online(*s, rid);
    case C::kSubscribeLobby:
      return subscribe_lobby(s, rid);
    case C::kCreateSeek:
      return create_seek(s, m);
    case C::kCancelSeek:
      return cancel_seek(s, m);
    case C::kAcceptSeek:
      return accept_seek(s, m);
    case C::kSendChallenge:
      return send_challenge(s, m);
    case C::kAnswerChallenge:
      return answer_challenge(s, m);
    case C::kCancelChallenge:
      return cancel_challenge(s, m);
    case C::kAutoPair:
      return auto_pair(s, m);
    case C::kCancelAutoPair:
      return cancel_auto_pair(s, rid);
    case C::kPlayHouseBot:
      return play_house_bot(s, m);
    case C::kListMatches:
      return list_matches(*s, m);
    case C::kMove:
    case C::kResign:
    case C::kSync:
    case C::kSpectate:
    case C::kUnspectate:
    case C::kGetView:
    case C::kGetRecord:
      return match_request(s, m, received);
    default:
      return reply_error(*s, rid, v1::ERROR_CODE_BAD_MESSAGE,
                         "a message this server does not handle");
  }
}

// --- handshake and accounts -----------------------------------------------------------------

void Hub::hello(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  if (m.hello().protocol_version() != kProtocolVersion)
    return reply_error(*s, rid, v1::ERROR_CODE_UNSUPPORTED_VERSION,
                       "protocol version " + std::to_string(m.hello().protocol_version()) +
                           " is not spoken here; this server speaks version 1",
                       true);
  {
    std::lock_guard lock(mu_);
    s->hello = true;
  }
  v1::ServerMessage r;
  r.set_request_id(rid);
  auto* w = r.mutable_welcome();
  w->set_protocol_version(kProtocolVersion);
  w->set_server_version(kServerVersion);
  w->set_session_id(s->id);
  auto* l = w->mutable_limits();
  const auto& lim = app_.config.limits;
  l->set_max_frame_bytes(static_cast<std::uint32_t>(lim.max_frame_bytes));
  l->set_max_messages_per_second(static_cast<std::uint32_t>(lim.max_messages_per_second));
  l->set_idle_timeout_ms(static_cast<std::uint32_t>(lim.idle_timeout.count()));
  l->set_send_queue_messages(static_cast<std::uint32_t>(lim.max_send_queue_frames));
  l->set_disconnect_grace_ms(static_cast<std::uint32_t>(app_.config.disconnect_grace_ms));
  reply(*s, std::move(r));
}

void Hub::sign_in(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  {
    std::lock_guard lock(mu_);
    if (s->user)
      return reply_error(*s, rid, v1::ERROR_CODE_ALREADY_SIGNED_IN,
                         "already signed in as " + s->user->username);
  }
  const auto& in = m.sign_in();
  switch (in.method_case()) {
    case v1::SignIn::kPassword:
      // argon2 on a worker thread; the answer on the session's strand.
      return off_thread(s,
                        [this, s, rid, name = in.password().username(),
                         password = in.password().password()]() -> Continuation {
                          auto u = accounts_.verify_password(name, password);
                          return [this, s, rid, u = std::move(u)] {
                            if (!u)
                              return reply_error(*s, rid, v1::ERROR_CODE_AUTH_FAILED,
                                                 "wrong name or password");
                            become(s, {u->id, u->name, u->name, role_of(*u)}, rid);
                          };
                        });
    case v1::SignIn::kBotToken:
      return off_thread(s, [this, s, rid, token = in.bot_token().token()]() -> Continuation {
        auto u = accounts_.verify_token(token);
        return [this, s, rid, u = std::move(u)] {
          if (!u) return reply_error(*s, rid, v1::ERROR_CODE_AUTH_FAILED, "the token is not valid");
          if (u->id == house_.id)
            return reply_error(*s, rid, v1::ERROR_CODE_FORBIDDEN,
                               "the house bot plays inside the server");
          become(s, {u->id, u->name, u->name, role_of(*u)}, rid);
        };
      });
    case v1::SignIn::kGuest:
      return guest_sign_in(s, in.guest(), rid);
    default:
      return reply_error(*s, rid, v1::ERROR_CODE_INVALID_ARGUMENT,
                         "sign_in needs one of password, bot_token or guest");
  }
}

void Hub::guest_sign_in(const std::shared_ptr<Session>& s, const v1::GuestLogin& in,
                        std::uint64_t rid) {
  if (!in.resume_token().empty()) {
    // The same guest again: its token names it (its seats come with it).
    return off_thread(
        s, [this, s, rid, token = in.resume_token(), shown = in.display_name()]() -> Continuation {
          auto u = accounts_.verify_token(token);
          return [this, s, rid, token, shown, u = std::move(u)] {
            if (!u || u->kind != storage::UserKind::kGuest)
              return reply_error(
                  *s, rid, v1::ERROR_CODE_AUTH_FAILED,
                  "the resume token is not valid (sign in without one for a new guest)");
            become(s, {u->id, u->name, clean_display_name(shown, u->name), v1::ROLE_GUEST}, rid,
                   token);
          };
        });
  }
  off_thread(s, [this, s, rid, shown = in.display_name()]() -> Continuation {
    auto c = accounts_.create_guest();
    return [this, s, rid, shown, c = std::move(c)] {
      if (!c)
        return reply_error(*s, rid, v1::ERROR_CODE_INTERNAL, "no guest account: " + c.message());
      const auto& u = c->user;
      become(s, {u.id, u.name, clean_display_name(shown, u.name), v1::ROLE_GUEST}, rid, c->token);
    };
  });
}

void Hub::sign_up(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  {
    std::lock_guard lock(mu_);
    if (s->user) return reply_error(*s, rid, v1::ERROR_CODE_ALREADY_SIGNED_IN, "sign out first");
  }
  const auto& in = m.sign_up();
  off_thread(
      s,
      [this, s, rid, name = in.username(), password = in.password(),
       shown = in.display_name()]() -> Continuation {
        if (auto existing = app_.db.user_by_name(name); existing)
          return [this, s, rid, name] {
            reply_error(*s, rid, v1::ERROR_CODE_NAME_TAKEN, "the name " + name + " is taken");
          };
        auto u = accounts_.create_human(name, password);
        return [this, s, rid, shown, u = std::move(u)] {
          if (!u) {
            const bool taken = u.message().find("taken") != std::string::npos;
            return reply_error(*s, rid,
                               taken ? v1::ERROR_CODE_NAME_TAKEN : v1::ERROR_CODE_INVALID_ARGUMENT,
                               u.message());
          }
          app_.log.info("user_signed_up", {{"user", u->name}});
          become(s, {u->id, u->name, clean_display_name(shown, u->name), role_of(*u)}, rid);
        };
      });
}

void Hub::become(const std::shared_ptr<Session>& s, UserInfo user, std::uint64_t rid,
                 std::string resume_token) {
  std::vector<net::ConnectionPtr> replaced;
  v1::ServerMessage r;
  r.set_request_id(rid);
  auto* in = r.mutable_signed_in();
  {
    std::lock_guard lock(mu_);
    if (s->user) return;  // signed in meanwhile (cannot happen: requests are in order)
    // The connection closed while the account work ran: nobody to sign in.
    if (auto it = sessions_.find(s->conn->id()); it == sessions_.end() || it->second != s) return;
    s->user = user;
    auto& conns = online_[user.id];
    // A bot that connects again replaces its old connection.
    if (user.role == v1::ROLE_BOT)
      for (auto id : conns)
        if (auto it = sessions_.find(id); it != sessions_.end())
          replaced.push_back(it->second->conn);
    const bool first = conns.empty();
    conns.insert(s->conn->id());
    users_[user.id] = user;
    app_.metrics.signed_in.inc();
    if (first) {
      v1::LobbyUpdate u;
      *u.mutable_user_online() = online_user_locked(user.id);
      lobby_broadcast_locked(u);
    }
    in->set_user_id(user_id_text(user.id));
    in->set_username(user.username);
    in->set_display_name(user.display_name);
    in->set_role(user.role);
    if (user.role == v1::ROLE_GUEST) in->set_resume_token(resume_token);
    for (const auto& id : playing_[user.id]) {
      auto it = matches_.find(id);
      if (it == matches_.end() || it->second->finished()) continue;
      const auto snap = it->second->snapshot();
      auto* a = in->add_active_matches();
      a->set_match_id(id);
      a->set_game(snap.game);
      a->set_seat(it->second->seat_of(user.id));
      a->set_last_seq(snap.last_seq);
    }
  }
  reply(*s, std::move(r));
  for (auto& c : replaced) {
    (void)send_to({c, net::FrameKind::json},
                  error_message(0, v1::ERROR_CODE_CONFLICT,
                                "replaced by a new connection of the same bot", true),
                  app_.max_frame());
    c->close("replaced by a new connection of the same bot");
  }
  app_.log.info("signed_in", {{"user", user.username},
                              {"conn", s->conn->id()},
                              {"transport", std::string(net::to_string(s->conn->transport()))}});
}

void Hub::sign_out(const std::shared_ptr<Session>& s, std::uint64_t rid) {
  std::vector<std::shared_ptr<MatchHost>> notify;
  {
    std::lock_guard lock(mu_);
    if (s->user)
      for (const auto& id : playing_[s->user->id])
        if (auto m = matches_.find(id); m != matches_.end()) notify.push_back(m->second);
    for (const auto& id : s->spectating)
      if (auto m = matches_.find(id); m != matches_.end()) notify.push_back(m->second);
    s->spectating.clear();
    leave_locked(*s);
  }
  for (auto& m : notify) m->connection_closed(s->conn->id());
  v1::ServerMessage r;
  r.set_request_id(rid);
  r.mutable_signed_out();
  reply(*s, std::move(r));
}

void Hub::leave_locked(Session& s) {
  if (!s.user) return;
  const auto uid = s.user->id;
  s.user.reset();
  s.lobby = false;
  app_.metrics.signed_in.dec();
  auto it = online_.find(uid);
  if (it == online_.end()) return;
  it->second.erase(s.conn->id());
  if (!it->second.empty()) return;
  online_.erase(it);
  users_.erase(uid);
  close_user_offers_locked(uid);
  v1::LobbyUpdate u;
  u.set_user_offline(user_id_text(uid));
  lobby_broadcast_locked(u);
}

}  // namespace boyi::app
