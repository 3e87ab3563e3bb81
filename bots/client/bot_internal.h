// Inside the bot client (bot.h): the core that owns the connection, the lobby work and
// the matches (BotCore = Bot::Impl), and one MatchSession per match. Everything here
// runs on the bot's one io thread, except the SeatPlayer calls, which run on the think
// pool, serialised per match by a strand, and post their results back.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "base/rng.h"
#include "bots/client/bot.h"
#include "bots/search/stop_signal.h"
#include "engine/core/outcome.h"
#include "protocol/client/wire_connection.h"

namespace boyi::bots::detail {

namespace asio = boost::asio;
using SteadyClock = std::chrono::steady_clock;

// What a request in flight was, to route its reply or error.
enum class Pending {
  hello,
  sign_in,
  subscribe,
  seek,
  cancel_seek,
  answer,
  sync,
  move,
  view,
  resign,
  ping,
  join,
  proposal
};
struct PendingRequest {
  Pending kind;
  std::string key;  // the match id, the preset, the challenge id
};

class BotCore;

class MatchSession : public std::enable_shared_from_this<MatchSession> {
 public:
  MatchSession(BotCore& bot, std::string match_id);

  const std::string& id() const { return id_; }
  bool ended() const { return ended_; }
  bool has_player() const { return box_ != nullptr; }
  Seat seat() const { return seat_; }
  std::uint32_t last_seq() const { return last_seq_; }

  void on_started(const v1::MatchStarted& started);
  void on_event(const v1::MatchEvent& event, std::uint64_t request_id);
  void on_ended(const v1::MatchEnded& ended);
  void on_clocks(const v1::Clocks& clocks);
  void on_view(const v1::MatchView& view);
  void on_sync_done(const v1::SyncDone& done);
  // The other seat offered a draw or asked for a takeback: the bot declines at once (an
  // engine plays on; the person is not left waiting for an answer that never comes).
  void on_proposals(const v1::MatchProposals& proposals);
  void on_error(Pending kind, const v1::Error& error);
  // The connection dropped: requests in flight are lost.
  void on_connection_lost();
  // Signed in (again): Sync from the first event not seen.
  void resync();

 private:
  struct PlayerBox {
    PlayerBox(std::unique_ptr<SeatPlayer> p, asio::thread_pool& pool)
        : player(std::move(p)), strand(asio::make_strand(pool)) {
      player->set_stop(&stop);
    }
    std::unique_ptr<SeatPlayer> player;
    asio::strand<asio::thread_pool::executor_type> strand;
    StopSignal stop;  // raised when the match is over: the player stops thinking or waiting
  };

  bool make_player(const v1::MatchStarted& started);
  // Runs `task` on the player's strand; a failing Status is reported back here.
  void with_player(std::function<Status(SeatPlayer&)> task, std::string what);
  // `cannot_play`: the player's SeatPlayer::cannot_play() after the failure.
  void on_player_error(int generation, const std::string& what, const std::string& message,
                       const std::string& cannot_play);
  // The player failed and its failure is the seat's loss (SeatPlayer::resigns_on_failure):
  // resign the match, once (again after a reconnect if the request was lost). A player that
  // could not play the game at all (`cannot_play`) asks for it to be void instead
  // (CannotPlay), and resigns only if the server refuses that.
  void resign(const std::string& why, const std::string& cannot_play = "");
  void send_resign();
  void maybe_act();
  void think();
  void on_chosen(int generation, std::uint32_t seq, const v1::GameView& view,
                 Result<std::string> move, std::string comment, std::string cannot_play);
  void send_move(const std::string& move, const std::string& comment);
  void request_sync(std::uint32_t from_seq);
  void retry_later(std::chrono::milliseconds delay, bool sync);
  // No answer to a move in a while (a dropped message): synchronise to learn its fate.
  void watch_move(std::uint64_t request_id);

  BotCore& bot_;
  std::string id_;
  std::optional<v1::MatchStarted> started_;
  std::shared_ptr<PlayerBox> box_;
  int generation_ = 0;  // bumps when the player is replaced after a desync
  int replacements_ = 0;
  bool gave_up_ = false;            // the player failed too often: moves from the view only
  bool resign_on_failure_ = false;  // the player's failure loses the match (a bridged engine)
  bool resigning_ = false;          // it failed: the match is resigned, nothing more is played
  std::string cannot_play_;         // resigning_ as void: the CannotPlay reason
  std::uint64_t resign_request_ = 0;
  Seat seat_ = kPublic;
  std::uint32_t last_seq_ = 0;
  // MatchStarted.last_seq: the events already played when the match was announced (an
  // opening); nothing is chosen on the initial view before they are heard.
  std::uint32_t started_last_seq_ = 0;
  int to_move_ = -1;
  std::optional<v1::GameView> view_;
  std::uint32_t view_seq_ = 0;
  std::uint32_t view_requested_for_ = UINT32_MAX;
  v1::Clocks clocks_;
  SteadyClock::time_point clocks_at_ = SteadyClock::now();
  bool syncing_ = false;
  bool thinking_ = false;
  bool ended_ = false;
  std::uint64_t move_request_ = 0;
  std::string move_in_flight_;
  struct ReadyMove {
    std::uint32_t seq = 0;  // the position it was chosen in
    std::string text;
    std::string comment;  // the player's note on it (SeatPlayer::comment)
  };
  std::optional<ReadyMove> ready_move_;  // chosen, not yet sent
  std::vector<std::string> refused_;     // refused at last_seq_
  int out_of_turn_ = 0;                  // NOT_YOUR_TURN replies at last_seq_
  Rng rng_;
  std::shared_ptr<asio::steady_timer> retry_timer_;
  std::shared_ptr<asio::steady_timer> move_timer_;
};

class BotCore {
 public:
  explicit BotCore(BotOptions options);
  ~BotCore();

  Status run(SeatPlayerFactory factory);
  void stop(StopMode mode);  // any thread
  BotStats stats() const;

  // --- for the match sessions (io thread) ---
  asio::io_context& io() { return ioc_; }
  asio::thread_pool& pool() { return pool_; }
  // Sends with a fresh request id, remembered as `kind` for `key`; 0 when not signed in.
  std::uint64_t send(v1::ClientMessage message, Pending kind, const std::string& key);
  bool signed_in() const { return signed_in_; }
  Result<std::unique_ptr<SeatPlayer>> make_player(const v1::MatchStarted& started);
  void count(const std::function<void(BotStats&)>& change);
  void game_started();
  // The session is over (ended, or lost for good): drop it and see whether to stop.
  void session_over(const std::string& match_id, const v1::MatchEnded* ended);

 private:
  // Connection and session (bot.cc).
  void connect();
  void on_open(Status status);
  void on_message(v1::ServerMessage&& message);
  void on_closed(const std::string& reason);
  void on_reply_error(const PendingRequest& request, const v1::Error& error);
  void on_signed_in(const v1::SignedIn& signed_in);
  void schedule_reconnect();
  void arm_ping();
  // Paced writes: at most a little under the server's message rate (bursts queue up).
  void transmit(v1::ClientMessage message);
  void write_now(const v1::ClientMessage& message);
  void refill_tokens();
  void arm_pacer();
  void finish(Status status);
  void check_done();
  bool taking_new_games() const;
  std::shared_ptr<MatchSession> session(const std::string& match_id, bool create);
  // Lobby (bot_lobby.cc).
  void on_lobby_update(const v1::LobbyUpdate& update);
  void on_lobby_snapshot(const v1::LobbySnapshot& snapshot);
  void on_challenge(const v1::Challenge& challenge);
  void keep_seeks();
  void on_seek_created(const std::string& preset, const v1::Seek& seek);
  void on_seek_failed(const std::string& preset, const v1::Error& error);
  bool has_room() const;

  BotOptions opt_;
  SeatPlayerFactory factory_;
  // The pool before the io_context: handlers still queued when the io_context goes may hold
  // a player's strand, which must not outlive its pool.
  asio::thread_pool pool_;
  asio::io_context ioc_;
  std::unique_ptr<protocol::WireConnection> conn_;
  asio::steady_timer reconnect_timer_;
  asio::steady_timer ping_timer_;
  asio::steady_timer seek_timer_;
  asio::steady_timer reseek_timer_;
  asio::steady_timer pace_timer_;
  std::deque<v1::ClientMessage> outbox_;
  double rate_ = 20;    // messages per second we allow ourselves
  double tokens_ = 20;  // the burst left
  SteadyClock::time_point refilled_at_ = SteadyClock::now();
  bool pacer_armed_ = false;
  bool signed_in_ = false;
  std::string user_id_;
  std::uint64_t last_request_ = 0;
  std::map<std::uint64_t, PendingRequest> pending_;
  std::map<std::string, std::shared_ptr<MatchSession>> matches_;
  std::set<std::string> seen_matches_;        // every match that got a player
  std::map<std::string, std::string> seeks_;  // preset -> open seek id
  std::set<std::string> seeks_asked_;         // presets with a create_seek in flight
  std::set<std::string> seeks_failed_;        // refused: asked again after a while
  bool seek_retry_armed_ = false;
  std::set<std::string> answered_;  // challenges answered on this connection
  int accepts_pending_ = 0;         // accepted challenges whose match has not started
  int reconnect_attempts_ = 0;
  std::chrono::milliseconds ping_interval_{30000};
  SteadyClock::time_point last_sent_ = SteadyClock::now();
  SteadyClock::time_point last_received_ = SteadyClock::now();
  std::optional<StopMode> stopping_;
  bool done_ = false;
  Status result_;
  Rng jitter_;
  mutable std::mutex stats_mu_;
  BotStats stats_;
};

}  // namespace boyi::bots::detail
