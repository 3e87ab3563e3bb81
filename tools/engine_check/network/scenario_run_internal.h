// The insides of run_scenario (scenario_run.h): one scenario's conversation with the bot,
// shared by scenario_run.cc, scenario_requests.cc and scenario_delivery.cc.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "base/rng.h"
#include "bots/wire/seat_player.h"
#include "protocol/match/wire_match.h"
#include "referee/journal.h"
#include "tools/engine_check/network/bot_process.h"
#include "tools/engine_check/network/scenario_run.h"
#include "tools/engine_check/network/scripted_server.h"

namespace boyi::engine_check::run_detail {

using namespace std::chrono_literals;
using protocol::WireMatch;
using std::chrono::milliseconds;
using C = v1::ClientMessage;

constexpr auto kTick = 50ms;         // the longest the script waits without looking around
constexpr auto kLinger = 150ms;      // after the end: what the bot still sends is read
constexpr auto kHoldLimit = 1000ms;  // a held-back event goes out at the latest then
constexpr int kSameFindings = 3;     // findings of one kind spelled out; the rest counted
constexpr std::uint32_t kServerPingNonce = 7007;
constexpr std::uint32_t kProtocolVersion = 1;
constexpr double kMessagesPerSecond = 50;  // Welcome.limits, as the real server's defaults
constexpr double kBurst = 100;

std::int64_t ms_between(CheckTime from, CheckTime to);
std::string seconds(std::int64_t ms);       // "1.5 s"
std::string quoted(std::string_view text);  // "\"H8\"", cut when long
// The name of the message's body ("move", "sync", ...): its oneof field set.
std::string body_name(const google::protobuf::Message& m, int number);
std::string body_name(const v1::ClientMessage& m);

// One scenario's conversation with the bot. Split over scenario_run.cc (its life and time),
// scenario_requests.cc (what the bot sends) and scenario_delivery.cc (what it is sent).
class Run {
 public:
  Run(const Script& script, const NetworkCheckOptions& options, CheckLog& log);

  Result<ScenarioRun> go();

 private:
  // The real server's inbound token bucket (max_messages_per_second, burst 100).
  struct RateBucket {
    double tokens = kBurst;
    CheckTime last = CheckClock::now();
    bool take(CheckTime now) {
      tokens = std::min(
          kBurst, tokens + std::chrono::duration<double>(now - last).count() * kMessagesPerSecond);
      last = now;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    }
  };
  struct LinkState {
    RateBucket rate;
    bool hello = false;
    bool signed_in = false;
    bool seat = false;  // match events go to it (it got match_started, synced or moved)
    bool closed = false;
    CheckTime ws_pinged_for{};
  };
  struct Reply {
    std::uint64_t seq = 0;  // the referee's seq of the event answering the move
    std::uint64_t request_id = 0;
  };
  struct Held {
    std::uint64_t seq = 0;  // referee seq
    std::uint64_t request_id = 0;
    CheckTime since{};
  };

  // --- the connection and the handshake ---
  void handle(Inbound in);
  void on_closed(int link, const std::string& why);
  void on_unreadable(const Inbound& in);
  void on_message(const Inbound& in);
  void hello(int link, const v1::ClientMessage& m);
  void sign_in(int link, const v1::ClientMessage& m);
  // --- the match ---
  void start_match(int link);
  void on_move(const Inbound& in);
  void on_sync(const Inbound& in);
  void on_get_view(const Inbound& in);
  void on_resign(const Inbound& in);
  bool wrong_match(int link, std::uint64_t request_id, const std::string& match_id,
                   const std::string& what);
  void judge_sync(std::uint32_t from, std::uint32_t last);
  void after_change(std::optional<Reply> reply);
  void feed_kit();
  void flush_bot(std::optional<Reply> reply);
  void to_bot(v1::ServerMessage m, std::uint64_t seq, bool answer);
  bool should_hold() const;
  void release_held();
  void send_bot(const v1::ServerMessage& m);
  void clock_update();
  void maybe_drop();
  void schedule_kit();
  void kit_move();
  void note_end();
  // --- time ---
  CheckTime wake_time() const;
  void on_clock();
  void check_idle(CheckTime now);
  // --- helpers ---
  void finding(Severity severity, const std::string& kind, std::string text);
  void send_error(int link, std::uint64_t request_id, v1::ErrorCode code, const std::string& text,
                  bool fatal = false, std::uint32_t attempts_left = 0);
  void drop_link(int link);
  bool any_seat_link() const;
  std::string where() const;        // " at seq 7 (ply 7)"
  std::string after_trick() const;  // "; this came right after ..."
  void trick(std::string what);
  std::string what_it_did() const;

  const Script& script_;
  const NetworkCheckOptions& options_;
  CheckLog& log_;
  ScriptedServer server_;
  const Seat kit_seat_;
  Rng rng_;
  std::unique_ptr<BotProcess> bot_;
  std::string token_;
  ScenarioRun out_;
  Observed& seen_ = out_.seen;
  std::map<int, LinkState> links_;
  std::set<int> dropped_links_;  // dropped by the server: their close is no finding

  referee::MemoryJournal journal_;
  std::unique_ptr<WireMatch> match_;
  std::unique_ptr<bots::SeatPlayer> kit_;
  std::uint64_t bot_told_ = 1, kit_told_ = 1;  // the referee seq each seat was told
  std::optional<CheckTime> kit_due_;
  int kit_moves_ = 0;
  std::optional<Held> held_;
  std::set<int> swapped_moves_;
  std::uint32_t last_seq_sent_ = 0;
  std::optional<CheckTime> to_move_since_;  // the bot's turn began (the event went out)
  std::uint32_t to_move_seq_ = 0;
  CheckTime last_answer_at_{};  // the answer to the bot's newest move went out
  std::string last_move_;
  std::uint64_t last_move_request_ = 0;
  std::uint32_t accepted_seq_ = 0;  // the event of its newest accepted move
  int kit_moves_at_accept_ = -1;    // the other seat's moves then
  std::string lost_move_;           // a move it sent as the server dropped the connection
  std::string trick_;               // the newest deliberate misbehaviour, for the findings after it
  int trick_move_ = -1;
  std::optional<CheckTime> server_ping_at_;
  bool pong_warned_ = false;
  bool request_id_warned_ = false;
  std::optional<CheckTime> ended_at_;
  CheckTime started_at_{}, dropped_at_{}, wall_deadline_{};
  bool stop_ = false;
  std::map<std::string, std::pair<Severity, int>> same_;
};

}  // namespace boyi::engine_check::run_detail
