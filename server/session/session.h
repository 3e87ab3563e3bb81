// One connection's session: what the session layer keeps of it. Internal to server/session.
#pragma once

#include <boost/asio/strand.hpp>
#include <chrono>
#include <deque>
#include <optional>
#include <string>

#include "server/session/sessions.h"

namespace boyi::app {

struct Sessions::Session {
  explicit Session(boost::asio::io_context& ioc) : strand(boost::asio::make_strand(ioc)) {}
  net::ConnectionPtr conn;
  net::FrameKind kind = net::FrameKind::json;
  bool hello = false;
  bool chat = false;  // Hello.receive_chat
  std::optional<UserInfo> user;
  std::string token_id;  // the public id of the token it signed in with, if any
  std::string id;
  Peer peer() const { return {conn, kind, chat}; }

  // Where account work's answers are made (off_thread).
  boost::asio::strand<boost::asio::io_context::executor_type> strand;
  // Requests held while account work is in flight (busy) or being handled from `held`
  // (draining); every field guarded by the sessions' mutex.
  struct Held {
    v1::ClientMessage message;
    std::chrono::steady_clock::time_point received;
  };
  bool busy = false;
  bool draining = false;
  std::deque<Held> held;
};

}  // namespace boyi::app
