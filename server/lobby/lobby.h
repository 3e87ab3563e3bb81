// Lobby: who is online (as the lobby shows it), subscriptions to lobby pushes, seeks, direct
// challenges (with their expiry), automatic pairing and house-bot matches. A seek accepted,
// a challenge accepted, a pair found or a house bot asked for becomes a match through the
// MatchIndex.
//
// Thread-safe: its own mutex guards the lobby's state; it may call Presence and the
// MatchIndex under it (neither calls back into the lobby).
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "server/core/presence.h"
#include "server/core/request.h"
#include "server/matches/match_index.h"

namespace boyi::app {

// Every game with its presets, as ListGames and GET /api/games give them.
v1::GameList game_list();

class Lobby : public std::enable_shared_from_this<Lobby> {
 public:
  Lobby(AppContext& app, Presence& presence, MatchIndex& matches);

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
  struct SeekEntry {
    std::string id;
    UserInfo owner;
    Resolved setup;
  };
  struct ChallengeEntry {
    std::string id;
    UserInfo from, to;
    Resolved setup;
    std::shared_ptr<boost::asio::steady_timer> expiry;
  };
  struct PoolEntry {
    UserInfo user;
    Resolved setup;
  };
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
  v1::OnlineUser online_user(const UserInfo& user) const;
  void broadcast_locked(const v1::LobbyUpdate& update);
  void close_offers_locked(storage::Id user);
  // lobby_seeks.cc
  void create_seek(const Request& r);
  void cancel_seek(const Request& r);
  void accept_seek(const Request& r);
  v1::Seek wire_seek(const SeekEntry& e) const;
  // lobby_challenges.cc
  void send_challenge(const Request& r);
  void answer_challenge(const Request& r);
  void cancel_challenge(const Request& r);
  void expire_challenge(const std::string& id);
  v1::Challenge wire_challenge(const ChallengeEntry& e) const;
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
  mutable std::mutex mu_;
  std::map<std::uint64_t, Subscriber> subscribers_;  // by connection
  std::map<std::string, std::unique_ptr<SeekEntry>> seeks_;
  std::map<std::string, std::unique_ptr<ChallengeEntry>> challenges_;
  std::vector<std::unique_ptr<PoolEntry>> pool_;
  std::uint64_t next_offer_ = 0;
};

}  // namespace boyi::app
