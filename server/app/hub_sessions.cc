// The hub's sessions: connections opened and closed, frame decoding, held requests, shutdown.
#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>

#include "protocol/wire/json.h"
#include "server/app/hub_internal.h"

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
}  // namespace boyi::app
