// Sessions: the server's net::ConnectionHandler. One session per connection: frames decoded,
// the handshake (hello), signing in (password, bot token, guest), signing up and out, and
// the dispatch table every other part registers its requests in (RequestRoutes).
//
// Threading: handler calls come on each connection's strand. The sessions' own state is
// guarded by one mutex held briefly, never while a handler or an event runs. Slow account
// work (argon2 hashing and verification, account storage) runs on a small worker pool; its
// answer is made on the session's own strand, and the session's later requests wait (in
// order, bounded) until it is done.
#pragma once

#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/accounts/accounts.h"
#include "server/core/presence.h"
#include "server/core/request.h"
#include "server/net/connection.h"
#include "server/session/address_quota.h"

namespace boyi::app {

class Sessions final : public net::ConnectionHandler,
                       public RequestRoutes,
                       public std::enable_shared_from_this<Sessions> {
 public:
  // What the rest of the server hears of sessions. Called on the session's strand, with no
  // lock held.
  struct Events {
    // A user signed in on a connection (`first`: the user's first connection); fills in
    // what SignedIn says of the user's running matches.
    std::function<void(const UserInfo& user, bool first, v1::SignedIn& reply)> signed_in;
    // A signed-in connection signed out or closed (`last`: the user's last connection).
    std::function<void(std::uint64_t connection, const UserInfo& user, bool last)> left;
  };

  Sessions(AppContext& app, accounts::Accounts& accounts, Presence& presence);
  ~Sessions() override;

  // Set before serving.
  void set_events(Events events) { events_ = std::move(events); }
  void add(v1::ClientMessage::BodyCase kind, Access access, RequestHandler handler) override;

  void on_open(const net::ConnectionPtr& conn) override;
  void on_frame(const net::ConnectionPtr& conn, net::Frame frame) override;
  void on_close(const net::ConnectionPtr& conn, const std::string& reason) override;
  void on_protocol_error(const net::ConnectionPtr& conn, const net::ProtocolError& error) override;
  std::optional<net::Frame> refusal(net::FrameKind kind, const net::ProtocolError& error) override;
  void on_shutdown() override;

  // Ends the sessions a revocation concerns (the user's, or those signed in with the
  // revoked token): each is told why (AUTH_FAILED, fatal) and closed. Returns how many.
  int revoke(const storage::Revocation& revocation);

  // Waits for the account workers' queued work and stops them (the server is going down).
  void stop_workers();
  std::size_t count() const;
  bool shutting_down() const;

 private:
  struct Session;
  using Clock = std::chrono::steady_clock;
  using Continuation = std::function<void()>;

  std::shared_ptr<Session> session(std::uint64_t conn_id);
  void handle(const std::shared_ptr<Session>& s, const v1::ClientMessage& msg,
              Clock::time_point received);
  void error(const Session& s, std::uint64_t rid, v1::ErrorCode code, std::string text,
             bool fatal = false);

  // The handshake and accounts (sign_in.cc).
  void hello(const std::shared_ptr<Session>& s, const v1::ClientMessage& m);
  void sign_in(const std::shared_ptr<Session>& s, const v1::ClientMessage& m);
  void sign_up(const std::shared_ptr<Session>& s, const v1::ClientMessage& m);
  void sign_out(const std::shared_ptr<Session>& s, std::uint64_t rid);
  void guest_sign_in(const std::shared_ptr<Session>& s, const v1::GuestLogin& in,
                     std::uint64_t rid);
  Result<accounts::Accounts::SignInSession> remember_if(const Result<storage::User>& user,
                                                        bool remember);
  // Signs the session in as `user`. A guest's resume token, the public id of the token it
  // signed in with, and a new remembered sign-in to hand over, where there are.
  void become(const std::shared_ptr<Session>& s, UserInfo user, std::uint64_t rid,
              std::string resume_token = {}, std::string token_id = {},
              const accounts::Accounts::SignInSession& remembered = {});
  // The session's user leaves (sign-out or close): presence and the events.
  void leave(Session& s);
  // Runs `work` on the account workers; the continuation it returns runs on the session's
  // strand. The session's requests arriving meanwhile are held and handled afterwards.
  void off_thread(const std::shared_ptr<Session>& s, std::function<Continuation()> work);
  void drain_held(const std::shared_ptr<Session>& s);

  struct Route {
    Access access = Access::kSignedIn;
    RequestHandler handler;
  };

  AppContext& app_;
  accounts::Accounts& accounts_;
  Presence& presence_;
  Events events_;
  std::map<v1::ClientMessage::BodyCase, Route> routes_;  // filled before serving
  mutable std::mutex mu_;
  std::map<std::uint64_t, std::shared_ptr<Session>> sessions_;
  std::uint64_t next_session_ = 0;
  bool shutting_down_ = false;
  AddressQuota guest_quota_;    // new guests per address
  AddressQuota sign_up_quota_;  // new accounts per address
  boost::asio::thread_pool workers_;
};

}  // namespace boyi::app
