// Hub: the server's ConnectionHandler. One session per connection (Hello, sign-in,
// sign-up, sign-out), the lobby (online users, seeks, challenges, automatic pairing, house
// bots) and the index of live matches, each a MatchHost on its own strand.
//
// Threading: handler calls come on each connection's strand. The hub's own state (sessions,
// users online, seeks, challenges, the pairing pool, the match index) is guarded by one
// mutex held briefly; match work is posted to the match's strand, never run under it.
// Slow account work (argon2 hashing and verification, account storage) runs on a small
// worker pool; its answer is made on the session's own strand, and the session's later
// requests wait (in order, bounded) until it is done.
#pragma once

#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "server/accounts/accounts.h"
#include "server/app/app_context.h"
#include "server/app/match_host.h"
#include "server/net/connection.h"
#include "server/net/http_routes.h"

namespace boyi::app {

class TournamentManager;
struct TournamentMatchRequest;

class Hub final : public net::ConnectionHandler, public std::enable_shared_from_this<Hub> {
 public:
  Hub(AppContext& app, accounts::Accounts& accounts);
  ~Hub() override;

  // Startup: the house bot account, then every running match resumed. Before serving.
  Status prepare();

  void on_open(const net::ConnectionPtr& conn) override;
  void on_frame(const net::ConnectionPtr& conn, net::Frame frame) override;
  void on_close(const net::ConnectionPtr& conn, const std::string& reason) override;
  void on_protocol_error(const net::ConnectionPtr& conn, const net::ProtocolError& error) override;
  void on_shutdown() override;

  // The HTTP JSON API (/api/games, /api/matches, /api/records, /healthz).
  void add_routes(net::HttpRoutes& routes);
  // The web client's extra routes (/api/live, /api/replay, /api/players): http_web_api.cc.
  void add_web_routes(net::HttpRoutes& routes);

  // Stops every match's timers (the server is going down).
  void stop_matches();
  // Waits for the account workers' queued work and stops them (the server is going down).
  void stop_workers();
  std::size_t live_matches() const;
  std::size_t resumed_matches() const { return resumed_; }

 private:
  struct Session;
  struct SeekEntry;
  struct ChallengeEntry;
  struct PoolEntry;
  struct Resolved;

  std::shared_ptr<Session> session(std::uint64_t conn_id);
  void handle(const std::shared_ptr<Session>& s, const v1::ClientMessage& msg,
              std::chrono::steady_clock::time_point received);
  void reply(const Session& s, v1::ServerMessage m);
  void reply_error(const Session& s, std::uint64_t rid, v1::ErrorCode code, std::string text,
                   bool fatal = false);
  void ack(const Session& s, std::uint64_t rid);

  // Accounts (hub_accounts.cc; off_thread and drain_held: hub_sessions.cc).
  void hello(const std::shared_ptr<Session>& s, const v1::ClientMessage& m);
  void sign_in(const std::shared_ptr<Session>& s, const v1::ClientMessage& m);
  void sign_up(const std::shared_ptr<Session>& s, const v1::ClientMessage& m);
  void sign_out(const std::shared_ptr<Session>& s, std::uint64_t rid);
  void become(const std::shared_ptr<Session>& s, UserInfo user, std::uint64_t rid,
              std::string resume_token = {});
  void guest_sign_in(const std::shared_ptr<Session>& s, const v1::GuestLogin& in,
                     std::uint64_t rid);
  // Runs `work` on the account workers; the continuation it returns runs on the session's
  // strand. The session's requests arriving meanwhile are held and handled afterwards.
  using Continuation = std::function<void()>;
  void off_thread(const std::shared_ptr<Session>& s, std::function<Continuation()> work);
  void drain_held(const std::shared_ptr<Session>& s);
  void leave_locked(Session& s);  // sign-out bookkeeping, mu_ held

  // Lobby (lobby_*.cc; list_matches and match_list: hub_match_requests.cc).
  Result<Resolved> resolve(const v1::MatchSetup& setup) const;
  void list_games(const Session& s, std::uint64_t rid);
  void list_online(const Session& s, std::uint64_t rid);
  void subscribe_lobby(const std::shared_ptr<Session>& s, std::uint64_t rid);
  void create_seek(const std::shared_ptr<Session>& s, const v1::ClientMessage& m);
  void cancel_seek(const std::shared_ptr<Session>& s, const v1::ClientMessage& m);
  void accept_seek(const std::shared_ptr<Session>& s, const v1::ClientMessage& m);
  void send_challenge(const std::shared_ptr<Session>& s, const v1::ClientMessage& m);
  void answer_challenge(const std::shared_ptr<Session>& s, const v1::ClientMessage& m);
  void cancel_challenge(const std::shared_ptr<Session>& s, const v1::ClientMessage& m);
  void auto_pair(const std::shared_ptr<Session>& s, const v1::ClientMessage& m);
  void cancel_auto_pair(const std::shared_ptr<Session>& s, std::uint64_t rid);
  void play_house_bot(const std::shared_ptr<Session>& s, const v1::ClientMessage& m);
  void list_matches(const Session& s, const v1::ClientMessage& m);
  v1::MatchList match_list(const std::string& game, bool include_finished, int limit);
  void close_user_offers_locked(storage::Id user);
  v1::OnlineUser online_user_locked(storage::Id user) const;
  v1::Seek wire_seek(const SeekEntry& e) const;
  v1::Challenge wire_challenge(const ChallengeEntry& e) const;
  void lobby_broadcast_locked(const v1::LobbyUpdate& update);
  void send_user_locked(storage::Id user, const v1::ServerMessage& m);

  // Matches (hub_matches.cc; match_request: hub_match_requests.cc): store, register, start.
  // `first` proposed the setup.
  void start_match(const Resolved& setup, UserInfo first, std::vector<Peer> first_peers,
                   UserInfo second, std::vector<Peer> second_peers, bool second_is_house,
                   std::uint32_t house_strength);
  std::shared_ptr<MatchHost> find_match(const std::string& match_id, bool load_finished);

 public:
  void match_finished(const std::string& match_id);

 private:
  void match_request(const std::shared_ptr<Session>& s, const v1::ClientMessage& m,
                     std::chrono::steady_clock::time_point received);
  // Tournaments (tournament_hub.cc): the manager, its matches, protocol requests.
  void make_tournaments();
  Result<std::string> start_tournament_match(const TournamentMatchRequest& r);
  void tournament_request(const std::shared_ptr<Session>& s, const v1::ClientMessage& m);
  std::optional<std::uint32_t> house_strength_of(storage::Id user) const;
  std::vector<Peer> peers_of_locked(storage::Id user) const;
  void match_summary_json(const std::string& match_id, net::HttpResponder done);
  Result<UserInfo> user_info(storage::Id id);

  AppContext& app_;
  accounts::Accounts& accounts_;
  mutable std::mutex mu_;
  std::map<std::uint64_t, std::shared_ptr<Session>> sessions_;
  std::map<storage::Id, std::set<std::uint64_t>> online_;  // user -> connections
  std::map<storage::Id, UserInfo> users_;                  // signed-in users
  std::map<std::string, std::unique_ptr<SeekEntry>> seeks_;
  std::map<std::string, std::unique_ptr<ChallengeEntry>> challenges_;
  std::vector<std::unique_ptr<PoolEntry>> pool_;
  std::map<std::string, std::shared_ptr<MatchHost>> matches_;  // live (and recently finished)
  std::map<storage::Id, std::set<std::string>> playing_;       // user -> running match ids
  std::uint64_t next_offer_ = 0;
  std::uint64_t next_session_ = 0;
  std::size_t resumed_ = 0;
  UserInfo house_;
  std::shared_ptr<TournamentManager> tournaments_;
  bool shutting_down_ = false;
  boost::asio::thread_pool workers_;
};

}  // namespace boyi::app
