// One client request as the server's parts see it, and the table they register their
// requests in. The session layer (server/session) owns the table: it decodes a frame, checks
// the handshake and sign-in the request needs, and calls the one handler registered for the
// message's kind. A handler answers through the request (reply, ack, error).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "server/core/app_context.h"

namespace boyi::app {

class Request {
 public:
  using Clock = std::chrono::steady_clock;

  Request(AppContext& app, Peer peer, std::optional<UserInfo> user,
          const v1::ClientMessage& message, Clock::time_point received)
      : app_(app),
        peer_(std::move(peer)),
        user_(std::move(user)),
        message_(message),
        received_(received) {}

  const Peer& peer() const { return peer_; }
  std::uint64_t connection() const { return peer_.conn->id(); }
  // The signed-in user (handlers registered as kSignedIn always have one).
  const UserInfo& user() const { return *user_; }
  bool signed_in() const { return user_.has_value(); }
  std::uint64_t id() const { return message_.request_id(); }
  const v1::ClientMessage& message() const { return message_; }
  Clock::time_point received() const { return received_; }

  // The answer (its request_id is set here).
  void reply(v1::ServerMessage m) const;
  void ack() const;
  // An error reply, counted in the metrics; `fatal` closes the connection after it.
  void error(v1::ErrorCode code, std::string text, bool fatal = false) const;

 private:
  AppContext& app_;
  Peer peer_;
  std::optional<UserInfo> user_;
  const v1::ClientMessage& message_;
  Clock::time_point received_;
};

// An error to a peer outside any request (request id 0 unless given), counted in the metrics.
void send_error(AppContext& app, const Peer& peer, std::uint64_t request_id, v1::ErrorCode code,
                std::string text, bool fatal = false);

// Who may send a kind of request: anyone who said hello, or signed-in users only.
// kAdmin: signed in with the admin role (the arbiter's console); anyone else is told
// NOT_ALLOWED.
enum class Access { kAfterHello, kSignedIn, kAdmin };
using RequestHandler = std::function<void(const Request&)>;

// Where the server's parts register the requests they answer (one handler per kind).
class RequestRoutes {
 public:
  virtual ~RequestRoutes() = default;
  virtual void add(v1::ClientMessage::BodyCase kind, Access access, RequestHandler handler) = 0;
};

}  // namespace boyi::app
