// Presence: who is signed in, on which connections, and under which name. The session layer
// adds and removes users as they sign in and out; the lobby, the matches, the tournaments
// and HTTP read it to reach a user's connections and to name users. Thread-safe (its own
// mutex, never held while calling out, so any part may call it under its own lock).
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <vector>

#include "server/core/wire_out.h"
#include "server/storage/database.h"

namespace boyi::app {

class Presence {
 public:
  Presence(storage::Database& db, std::size_t max_frame) : db_(db), max_frame_(max_frame) {}

  // The server's own player (the house bots' account); set once at startup.
  void set_house(UserInfo house) { house_ = std::move(house); }
  const UserInfo& house() const { return house_; }
  bool is_house(storage::Id user) const { return user != 0 && user == house_.id; }

  // `user` signed in on `peer`'s connection; true when it is the user's first connection.
  bool add(const UserInfo& user, const Peer& peer);
  // The connection signed out or closed; true when it was the user's last.
  bool remove(storage::Id user, std::uint64_t connection);
  // The connection now speaks `kind` (a WebSocket peer may switch between text and binary).
  void set_kind(storage::Id user, std::uint64_t connection, net::FrameKind kind);

  std::vector<Peer> peers_of(storage::Id user) const;
  std::vector<net::ConnectionPtr> connections_of(storage::Id user) const;
  void send_to_user(storage::Id user, const v1::ServerMessage& m) const;
  std::optional<UserInfo> online_user(storage::Id user) const;
  std::vector<UserInfo> online() const;  // by id
  std::size_t count() const;

  // How a user is shown: the house bot, a signed-in user as they signed in (a guest's chosen
  // name), else the stored account.
  Result<UserInfo> user_info(storage::Id user) const;

 private:
  struct Online {
    UserInfo user;
    std::map<std::uint64_t, Peer> peers;  // by connection id
  };
  storage::Database& db_;
  std::size_t max_frame_;
  UserInfo house_;
  mutable std::mutex mu_;
  std::map<storage::Id, Online> online_;
};

}  // namespace boyi::app
