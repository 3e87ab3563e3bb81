// The hub's private records (sessions, seeks, challenges, the pairing pool) and helpers.
// Included only by the hub's own .cc files (hub*.cc, lobby_*.cc, http_api.cc).
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "server/app/hub.h"

namespace boyi::app {

struct Hub::Session {
  explicit Session(boost::asio::io_context& ioc) : strand(boost::asio::make_strand(ioc)) {}
  net::ConnectionPtr conn;
  net::FrameKind kind = net::FrameKind::json;
  bool hello = false;
  std::optional<UserInfo> user;
  bool lobby = false;
  std::string id;
  std::set<std::string> spectating;
  Peer peer() const { return {conn, kind}; }

  // Where account work's answers are made (off_thread).
  boost::asio::strand<boost::asio::io_context::executor_type> strand;
  // Requests held while account work is in flight (busy) or being handled from `held`
  // (draining); every field guarded by the hub's mutex.
  struct Held {
    v1::ClientMessage message;
    std::chrono::steady_clock::time_point received;
  };
  bool busy = false;
  bool draining = false;
  std::deque<Held> held;
};

// A setup as the server resolved it: the match configuration (without id) and its wire form.
struct Hub::Resolved {
  std::string preset;
  referee::MatchConfig config;
  int seat = -1;  // the proposer's wish: 0, 1 or -1
  v1::MatchSetup wire;
  std::string key() const {
    return config.game + "|" + config.rules_text + "|" + config.time.to_string();
  }
};

struct Hub::SeekEntry {
  std::string id;
  UserInfo owner;
  Resolved setup;
};

struct Hub::ChallengeEntry {
  std::string id;
  UserInfo from, to;
  Resolved setup;
  std::shared_ptr<boost::asio::steady_timer> expiry;
};

struct Hub::PoolEntry {
  UserInfo user;
  Resolved setup;
};

namespace hub_detail {
// "CODE:message" from resolve() into an error reply (lobby_setup.cc).
std::pair<v1::ErrorCode, std::string> split_error(const std::string& e);
}  // namespace hub_detail

}  // namespace boyi::app
