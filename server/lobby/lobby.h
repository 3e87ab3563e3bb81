// Lobby: who is online (as the lobby shows it), subscriptions to lobby pushes, seeks, direct
// challenges (with their expiry), automatic pairing and house-bot matches. A seek accepted,
// a challenge accepted, a pair found or a house bot asked for becomes a match through the
// MatchIndex, on the server that made the agreement.
//
// Who is online and the open offers live in the database (storage/lobby_store.h), so several
// servers on one database show one lobby; this server keeps only its own subscribers. What
// the lobby pushes reaches the subscribers and users connected to other servers through
// OtherNodes (the cluster's relay), set when there are others.
//
// Thread-safe: its own mutex guards the subscribers; the store and Presence guard
// themselves, and the MatchIndex never calls back into the lobby.
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "server/core/presence.h"
#include "server/core/request.h"
#include "server/matches/match_index.h"
#include "server/storage/lobby_store.h"

namespace boyi::app {

// Every game with its presets, as ListGames and GET /api/games give them.
v1::GameList game_list();

class Lobby : public std::enable_shared_from_this<Lobby> {
 public:
  // `node`: this server's node in a cluster (0: a server alone).
  Lobby(AppContext& app, Presence& presence, MatchIndex& matches, storage::Id node);

  // How lobby messages reach other servers' clients (several servers on one database).
  struct OtherNodes {
    // A lobby update for every other live server's subscribers.
    std::function<void(const v1::LobbyUpdate&)> publish;
    // A message for a user's connections on another server.
    std::function<void(storage::Id node, storage::Id user, const v1::ServerMessage&)> send;
  };
  void set_other_nodes(OtherNodes other) { other_ = std::move(other); }  // before serving
  // Before serving: a server alone starts with an empty lobby.
  Status start();
  // An update another server published: pushed to the subscribers here.
  void deliver(const v1::LobbyUpdate& update);
  // After each heartbeat of a cluster: the users of servers that died go offline (their
  // offers close), and challenges whose sender's server died expire.
  void sweep();

  // Registers list_games (before sign-in too), list_online, subscribe_lobby, seeks,
  // challenges, automatic pairing and play_house_bot.
  void add_routes(RequestRoutes& routes);

  // Sessions' events: a user signed in (on its first connection: pushed as online), and a
  // connection left (unsubscribed; on the user's last: its offers close, pushed offline).
  void user_signed_in(const UserInfo& user, bool first);
  void connection_left(std::uint64_t connection, const UserInfo& user, bool last);

  // A setup as the server resolves it: the match configuration (without id) and its wire form.
  struct Resolved {
    std::string preset;
    referee::MatchConfig config;
    int seat = -1;  // the proposer's wish: 0, 1 or -1
    v1::MatchSetup wire;
    std::string key() const {
      return config.game + "|" + config.rules_text + "|" + config.time.to_string();
    }
  };

 private:
  struct Subscriber {
    Peer peer;
    storage::Id user = 0;
  };

  // lobby_setup.cc: a client's setup resolved, or (code, message) for the error reply.
  Result<Resolved> resolve(const v1::MatchSetup& setup) const;
  bool resolve_or_reply(const Request& r, const v1::MatchSetup& setup, Resolved& out) const;
  // lobby_online.cc
  void list_online(const Request& r);
  void subscribe(const Request& r);
  // Everyone online on any server (the house bot first, when it plays), with their matches.
  Result<std::vector<v1::OnlineUser>> everyone_online() const;
  v1::OnlineUser online_user(const UserInfo& user) const;
  // To the subscribers here and on every other server.
  void broadcast(const v1::LobbyUpdate& update);
  // To the user's connections on every server.
  void send_to_user(storage::Id user, const v1::ServerMessage& m);
  // The user is online on no server now: its offers close (the other sides are told).
  void went_offline(storage::Id user);
  // A new offer of `owner`'s, to store: the setup as the client sent it (resolved again
  // when the offer is taken) and as resolved for the wire.
  storage::LobbyOffer offer_of(const Resolved& setup, const v1::MatchSetup& sent,
                               storage::OfferKind kind, const UserInfo& owner) const;
  Result<Resolved> resolve_stored(const storage::LobbyOffer& offer) const;
  // An offer by the id the wire gives it ("k17": seek 17, "c17": challenge 17); none when
  // there is no such open offer.
  Result<std::optional<storage::LobbyOffer>> find_offer(storage::OfferKind kind,
                                                        const std::string& wire_id) const;
  static std::string wire_id(const storage::LobbyOffer& offer);
  static UserInfo user_of(const storage::LobbyUser& u) {
    return {u.id, u.username, u.display_name, static_cast<v1::Role>(u.role)};
  }
  // lobby_seeks.cc
  void create_seek(const Request& r);
  void cancel_seek(const Request& r);
  void accept_seek(const Request& r);
  v1::Seek wire_seek(const storage::LobbyOffer& e) const;
  // lobby_challenges.cc
  void send_challenge(const Request& r);
  void answer_challenge(const Request& r);
  void cancel_challenge(const Request& r);
  void expire_challenge(storage::Id id);
  void close_challenge(const storage::LobbyOffer& c, v1::ChallengeClosed::Reason reason,
                       const std::string& text);
  v1::Challenge wire_challenge(const storage::LobbyOffer& e) const;
  // lobby_pairing.cc
  void auto_pair(const Request& r);
  void cancel_auto_pair(const Request& r);
  // lobby_house_bot.cc
  void play_house_bot(const Request& r);

  // The match between `first` (who proposed the setup) and `second`; a house bot plays
  // `second` when `house` is set. Both players are told when it cannot be made.
  void start_match(const Resolved& setup, const UserInfo& first, const UserInfo& second,
                   std::optional<HouseChoice> house = std::nullopt);

  AppContext& app_;
  Presence& presence_;
  MatchIndex& matches_;
  const storage::Id node_;
  mutable storage::LobbyStore store_;
  OtherNodes other_{};
  mutable std::mutex mu_;
  std::map<std::uint64_t, Subscriber> subscribers_;  // by connection
};

}  // namespace boyi::app
