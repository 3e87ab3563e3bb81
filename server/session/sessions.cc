// Sessions: connections opened and closed, frame decoding, the dispatch table, held
// requests, shutdown.
#include "server/session/session.h"

#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>

#include "protocol/wire/json.h"

namespace boyi::app {
namespace {

using Clock = std::chrono::steady_clock;
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

}  // namespace

Sessions::Sessions(AppContext& app, accounts::Accounts& accounts, Presence& presence)
    : app_(app),
      accounts_(accounts),
      presence_(presence),
      guest_quota_(app.config.guests_per_address_per_hour),
      sign_up_quota_(app.config.sign_ups_per_address_per_hour),
      workers_(static_cast<std::size_t>(std::max(1, app.config.account_threads))) {}

Sessions::~Sessions() {
  workers_.join();
}

void Sessions::stop_workers() {
  workers_.join();
}

std::size_t Sessions::count() const {
  std::lock_guard lock(mu_);
  return sessions_.size();
}

bool Sessions::shutting_down() const {
  std::lock_guard lock(mu_);
  return shutting_down_;
}

void Sessions::add(v1::ClientMessage::BodyCase kind, Access access, RequestHandler handler) {
  routes_[kind] = {access, std::move(handler)};
}

void Sessions::error(const Session& s, std::uint64_t rid, v1::ErrorCode code, std::string text,
                     bool fatal) {
  send_error(app_, s.peer(), rid, code, std::move(text), fatal);
}

void Sessions::handle(const std::shared_ptr<Session>& s, const v1::ClientMessage& m,
                      Clock::time_point received) {
  using C = v1::ClientMessage;
  const auto rid = m.request_id();
  bool hello_done;
  std::optional<UserInfo> user;
  Peer peer;
  {
    std::lock_guard lock(mu_);
    hello_done = s->hello;
    user = s->user;
    peer = s->peer();
  }
  if (!hello_done) {
    if (m.body_case() == C::kHello) return hello(s, m);
    return error(*s, rid, v1::ERROR_CODE_HANDSHAKE_REQUIRED, "the first message must be hello",
                 true);
  }
  switch (m.body_case()) {
    case C::kHello:
      return error(*s, rid, v1::ERROR_CODE_INVALID_ARGUMENT, "hello was already sent");
    case C::kPing: {
      v1::ServerMessage r;
      r.set_request_id(rid);
      r.mutable_pong()->set_nonce(m.ping().nonce());
      (void)send_to(peer, r, app_.max_frame());
      return;
    }
    case C::kPong:
      return;
    case C::kSignIn:
      return sign_in(s, m);
    case C::kSignUp:
      return sign_up(s, m);
    case C::kSignOut:
      if (!user) break;
      return sign_out(s, rid);
    default:
      break;
  }
  const auto route = routes_.find(m.body_case());
  if (route != routes_.end() && route->second.access == Access::kAdmin && user &&
      user->role != v1::ROLE_ADMIN)
    return error(*s, rid, v1::ERROR_CODE_NOT_ALLOWED, "only an admin may do this");
  if (route != routes_.end() && (route->second.access == Access::kAfterHello || user))
    return route->second.handler(Request(app_, peer, user, m, received));
  if (!user) return error(*s, rid, v1::ERROR_CODE_NOT_SIGNED_IN, "sign in first");
  error(*s, rid, v1::ERROR_CODE_BAD_MESSAGE, "a message this server does not handle");
}

void Sessions::on_open(const net::ConnectionPtr& conn) {
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

std::shared_ptr<Sessions::Session> Sessions::session(std::uint64_t conn_id) {
  std::lock_guard lock(mu_);
  auto it = sessions_.find(conn_id);
  return it == sessions_.end() ? nullptr : it->second;
}

void Sessions::on_frame(const net::ConnectionPtr& conn, net::Frame frame) {
  const auto received = Clock::now();
  auto s = session(conn->id());
  if (!s) return;
  std::optional<storage::Id> switched;  // a signed-in WebSocket peer changed its encoding
  {
    std::lock_guard lock(mu_);
    if (s->kind != frame.kind && s->user) switched = s->user->id;
    s->kind = frame.kind;
  }
  if (switched) presence_.set_kind(*switched, conn->id(), frame.kind);
  v1::ClientMessage msg;
  const Status parsed = frame.kind == net::FrameKind::binary
                            ? protocol::parse_binary(frame.bytes, &msg, app_.max_frame())
                            : protocol::from_json(frame.bytes, &msg, app_.max_frame());
  if (!parsed) {
    const bool json_syntax =
        frame.kind == net::FrameKind::json && !nlohmann::json::accept(frame.bytes);
    error(*s, 0, json_syntax ? v1::ERROR_CODE_BAD_FRAME : v1::ERROR_CODE_BAD_MESSAGE,
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
    return error(*s, msg.request_id(), v1::ERROR_CODE_RATE_LIMITED,
                 "too many requests while signing in; wait for the answer");
  handle(s, msg, received);
}

void Sessions::off_thread(const std::shared_ptr<Session>& s, std::function<Continuation()> work) {
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
        self->error(*s, 0, v1::ERROR_CODE_INTERNAL, "account work failed: " + what);
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

void Sessions::drain_held(const std::shared_ptr<Session>& s) {
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

void Sessions::on_close(const net::ConnectionPtr& conn, const std::string& reason) {
  std::shared_ptr<Session> s;
  {
    std::lock_guard lock(mu_);
    auto it = sessions_.find(conn->id());
    if (it == sessions_.end()) return;
    s = it->second;
    sessions_.erase(it);
    app_.metrics.connections.dec();
  }
  leave(*s);
  app_.log.debug("connection_closed", {{"conn", conn->id()}, {"reason", reason}});
}

void Sessions::on_protocol_error(const net::ConnectionPtr& conn, const net::ProtocolError& error) {
  auto s = session(conn->id());
  if (!s) return;
  // A refused request is answered by its id, so a client waiting for it learns its fate.
  std::uint64_t request_id = 0;
  if (error.dropped) {
    v1::ClientMessage msg;
    const auto& frame = *error.dropped;
    const Status parsed = frame.kind == net::FrameKind::binary
                              ? protocol::parse_binary(frame.bytes, &msg, app_.max_frame())
                              : protocol::from_json(frame.bytes, &msg, app_.max_frame());
    if (parsed) request_id = msg.request_id();
  }
  this->error(*s, request_id, code_of(error.code), error.message, error.fatal);
}

std::optional<net::Frame> Sessions::refusal(net::FrameKind kind, const net::ProtocolError& error) {
  app_.metrics.error(code_of(error.code));
  const auto message = error_message(0, code_of(error.code), error.message, true);
  auto bytes = kind == net::FrameKind::binary ? protocol::to_binary(message, app_.max_frame())
                                              : protocol::to_json_line(message, app_.max_frame());
  if (!bytes) return std::nullopt;
  return net::Frame{std::move(bytes).value(), kind};
}

void Sessions::on_shutdown() {
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
}  // namespace boyi::app
