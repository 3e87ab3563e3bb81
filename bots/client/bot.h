// The bot client: connects a player to a Boyi server and keeps it playing.
//
//   BotOptions options;                 // server, transport, token, what to accept ...
//   options.token = "boyi_...";
//   Bot bot(options);
//   Status done = bot.run(factory);     // blocks until stopped (or a fatal error)
//
// run() connects (TCP protobuf frames, TCP JSON lines or WebSocket), says hello, signs
// in with the bot token, then answers challenges (all, or from the listed accounts),
// keeps a seek open for each listed preset, and plays every match it gets — any number
// at once, one SeatPlayer per match from `factory`. Players think on worker threads, so
// pings, clocks and the other matches go on meanwhile; calls to one player never
// overlap. Moves go out with request ids; a refused move is told to the player
// (SeatPlayer::rejected) and chosen again. After a dropped connection or a server
// restart it reconnects with backoff, signs in again and re-synchronises every match
// (Sync from the last seq it saw), until stopped. stop() — from any thread, e.g. a
// signal handler's — ends it after the current games (StopMode::after_games: no new
// games are taken) or at once (StopMode::now).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "base/result.h"
#include "bots/client/transport.h"
#include "bots/wire/seat_player.h"
#include "boyi/v1/boyi.pb.h"

namespace boyi::bots {

struct BotOptions {
  std::string host = "127.0.0.1";
  std::uint16_t port = 7700;
  Transport transport = Transport::tcp_binary;
  std::string token;  // the bot account's secret (boyi-admin bot add NAME)
  std::string client_name = "boyi-bot";

  bool accept_challenges = true;
  // Ask for the chat of the bot's matches (Hello.receive_chat) and log each line; off: the
  // server sends the bot none.
  bool receive_chat = false;
  std::vector<std::string> accept_from;   // usernames; empty: challenges from anyone
  std::vector<std::string> seek_presets;  // keep one open seek per preset ("renju-ccgc", ...)
  // Register for these tournaments (ids) at every sign-in; the server then starts the
  // tournament's games, which the bot plays like any other match.
  std::vector<std::string> join_tournaments;
  // The protocol of the competition engine the bot bridges ("" for none), told with each
  // JoinTournament: a tournament whose openings that protocol cannot say refuses the entry.
  std::string engine_protocol;
  int max_games = 0;       // stop after this many games (0: no limit)
  int max_concurrent = 0;  // matches at once (0: no limit)
  int think_threads = 0;   // 0: the hardware's threads

  std::chrono::milliseconds connect_timeout{10000};
  std::chrono::milliseconds reconnect_min{250};  // first retry; doubles up to reconnect_max
  std::chrono::milliseconds reconnect_max{8000};
  // Keep-alive: ping when nothing was sent for this long (0: a third of the server's idle
  // timeout); a connection silent for 3 intervals is taken for dead and reopened.
  std::chrono::milliseconds ping_interval{0};
};

// One SeatPlayer per match, made when the match starts (or is first seen after a restart).
using SeatPlayerFactory =
    std::function<Result<std::unique_ptr<SeatPlayer>>(const v1::MatchStarted& started)>;

enum class StopMode { after_games, now };

struct BotStats {
  int games_started = 0;
  int games_finished = 0;
  int wins = 0, losses = 0, draws = 0;
  int connections = 0;  // successful sign-ins (the first and every reconnect)
  int moves_sent = 0;
  int moves_refused = 0;
  int fallback_moves = 0;      // moves from the view because the player failed
  int chat_lines = 0;          // chat lines received (receive_chat)
  int proposals_declined = 0;  // the other seat's draw offers and takeback requests
};

class Bot {
 public:
  explicit Bot(BotOptions options);
  ~Bot();
  Bot(const Bot&) = delete;
  Bot& operator=(const Bot&) = delete;

  // Plays until stopped (ok), or a fatal error: a refused token or protocol version.
  // Call once.
  Status run(SeatPlayerFactory factory);
  // Thread-safe; before run() it makes run() return at once.
  void stop(StopMode mode);
  BotStats stats() const;  // thread-safe

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

// The simplest bot: a function from the match and the seat's current view to a move
// (e.g. one of view.legal_moves). Each match gets a SeatPlayer calling it.
using MoveFunction =
    std::function<Result<std::string>(const v1::MatchStarted& match, const v1::GameView& view)>;
SeatPlayerFactory callback_players(MoveFunction choose);

}  // namespace boyi::bots
