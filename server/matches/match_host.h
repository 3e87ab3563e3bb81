// MatchHost: one match as an actor on its own strand. It hosts the match's
// protocol::WireMatch (the referee, and every message the match sends), a timer armed at
// the referee's next deadline (clocks, per-move limits, disconnect grace), the seats'
// connections, the spectators and any house bots.
//
// Every public method posts to the strand and returns at once; replies and pushes go out
// through the connections (thread-safe sends). Every accepted action is journaled by the
// referee before anything about it is sent.
#pragma once

#include <array>
#include <atomic>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
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

#include "protocol/match/wire_match.h"
#include "server/core/app_context.h"
#include "server/hosting/storage_journal.h"
#include "server/matches/house_bot.h"
#include "server/matches/stored_match.h"

namespace boyi::app {

// A thread-safe snapshot for listings.
struct MatchSnapshot {
  std::string match_id;
  std::string game;
  std::string preset;
  std::array<UserInfo, 2> players;
  int ply = 0;
  bool finished = false;
  Outcome outcome;
  std::uint32_t last_seq = 0;  // wire seq of the last event
  int spectators = 0;          // connections watching now
};

class MatchHost : public std::enable_shared_from_this<MatchHost> {
 public:
  using Strand = boost::asio::strand<boost::asio::any_io_executor>;
  using RequestClock = std::chrono::steady_clock;

  // Called on the match's strand once, when the match ends.
  using Finished = std::function<void(const std::string& match_id)>;

  // A new match (already stored, waiting) or one loaded from storage. Call start() or
  // resume() next. Made only by the MatchIndex (match_index.h).
  MatchHost(AppContext& app, StoredMatch stored, std::array<UserInfo, 2> players,
            Finished on_finished);
  ~MatchHost();

  // Makes a house bot play `seat` (before start/resume). It is fed the seat's own messages
  // and thinks on the house-bot pool (house_bot.h), sharing it as `shared` says; raising
  // its stop_all (shutdown) stops its searches.
  void set_house_player(int seat, std::unique_ptr<HousePlayer> player, HouseBotsShared* shared);

  // Starts the match (journals its start) and sends MatchStarted to the seats' peers, then
  // plays `opening` (actions from an opening suite, each noted as such in the record).
  // `done` runs on the strand with the outcome (ok or why the match could not start).
  void start(std::array<std::vector<Peer>, 2> seats, std::vector<std::string> opening,
             std::function<void(Status)> done);
  // Rebuilds the referee from the stored journal (both seats away, their grace running).
  // Runs synchronously: call before anyone else can reach the host.
  Status resume();

  // `comment`: the mover's note, kept with the move in the record (MakeMove.comment).
  void move(Peer peer, storage::Id user, std::uint64_t request_id, std::string text,
            std::string commitment_salt, std::string comment, RequestClock::time_point received);
  // A seat commits its own 军棋 deployment before sending it (protocol/fairness).
  void commit_deployment(Peer peer, storage::Id user, std::uint64_t request_id,
                         std::string commitment);
  void resign(Peer peer, storage::Id user, std::uint64_t request_id);
  // The seat's player cannot play the match at all (CannotPlay: a bridge that cannot tell its
  // engine the opening): void, while the seat has made no action of its own.
  void cannot_play(Peer peer, storage::Id user, std::uint64_t request_id, std::string reason);
  // A draw offer or takeback request, and the answer to one (match_proposals.cc).
  void propose(Peer peer, storage::Id user, std::uint64_t request_id, v1::ProposalKind kind);
  void answer_proposal(Peer peer, storage::Id user, std::uint64_t request_id, v1::ProposalKind kind,
                       bool accept);
  // A chat line to a room of the match (match_chat.cc).
  void chat(Peer peer, UserInfo user, std::uint64_t request_id, v1::ChatRoom room,
            std::string text);
  void sync(Peer peer, storage::Id user, std::uint64_t request_id, std::uint32_t from_seq);
  void spectate(Peer peer, std::uint64_t request_id);
  void unspectate(Peer peer, std::uint64_t request_id);
  void get_view(Peer peer, storage::Id user, std::uint64_t request_id);
  void get_record(Peer peer, std::uint64_t request_id);
  // The arbiter's console (match_arbiter.cc; the route lets admins only).
  void arbitrate(Peer peer, UserInfo admin, std::uint64_t request_id, v1::Arbitrate request);
  // The same asked for through storage (boyi-admin, arbiter_desk.h): `actor` is who asked;
  // `done` runs on the strand with what came of it.
  void arbitrate_queued(v1::Arbitrate request, std::string actor, std::function<void(Status)> done);
  void watch_full(Peer peer, UserInfo admin, std::uint64_t request_id);
  // The connection is gone: a seat whose last connection it was starts its grace.
  void connection_closed(std::uint64_t connection_id);
  // The server is stopping: timers stop; nothing is lost (everything is journaled).
  void stop();
  // Another server took the match over: timers stop, and every seat and spectator
  // connection is told SHUTTING_DOWN for the match (to Sync it again: the new host answers).
  void hand_over();

  // The full record as a wire message (finished matches only); calls back on the strand.
  void record_async(std::function<void(std::optional<v1::MatchRecord>)> done);
  // The record as JSON (records::to_json) or the competition's text record, for HTTP;
  // nullopt while the match runs. Calls back on the strand.
  void records_async(
      std::function<void(std::optional<std::string> json, std::optional<std::string> text)> done);

  MatchSnapshot snapshot() const;
  const std::string& id() const { return stored_.config.match_id; }
  storage::Id stored_id() const { return stored_id_; }
  int seat_of(storage::Id user) const;  // 0, 1 or -1
  // The requesting player's seat; -1 after telling the requester why it has none (the match
  // did not start, or it holds no seat here; `hint` is added to that reason).
  int seat_for_request(const Peer& peer, storage::Id user, std::uint64_t request_id,
                       std::string_view hint = {});
  const std::array<UserInfo, 2>& players() const { return players_; }
  bool finished() const { return finished_.load(); }

 private:
  protocol::MatchHeader header() const;
  v1::MatchStarted started_for(Seat seat) const;
  void after_change(std::optional<std::pair<std::uint64_t, std::uint64_t>> reply = std::nullopt,
                    std::uint64_t reply_conn = 0);
  void flush(std::uint64_t reply_seq, std::uint64_t reply_conn, std::uint64_t reply_request);
  void arm_timer();
  void on_timer();
  // House bots (match_timers.cc): asking, the answer back on the strand, submitting it.
  void schedule_bots();
  void house_answer(int seat, std::uint64_t ticket, RequestClock::time_point earliest,
                    HouseBot::Answer answer);
  void submit_house_move(int seat, std::uint64_t ticket, const std::string& move);
  bool house_turn(int seat, std::uint64_t ticket) const;
  void count_house_refusal(int seat, std::uint64_t ticket);
  void feed_house_bot(int seat, const v1::ServerMessage& m);
  // Proposals (match_proposals.cc): the push when they changed, and a house seat's answer.
  void send_proposals_if_changed();
  void answer_for_house_seats();
  void on_proposal(const Peer& peer, std::uint64_t request_id, Status status);
  // Chat (match_chat.cc): a room's recent lines to a (re)joining peer.
  void send_chat_history(const Peer& peer, v1::ChatRoom room) const;
  void send_record_to_all();
  // A match record to `peers`, without the renderings to those it does not fit in one frame.
  void send_record(const std::vector<Peer>& peers, v1::ServerMessage m) const;
  void finish_bookkeeping();
  // One arbiter action on the strand: `actor` for the audit log, `by` for the seats.
  struct ArbiterResult {
    v1::ErrorCode code = v1::ERROR_CODE_UNSPECIFIED;  // unspecified: done
    std::string message;
  };
  ArbiterResult apply_arbiter(const v1::Arbitrate& request, const std::string& actor,
                              const std::string& by);
  // One entry in the audit log about this match (a failure is logged).
  void audit(const std::string& actor, const std::string& action, const std::string& detail,
             const std::string& reason);
  void publish_snapshot();

  // A seat's request that ends the match (resign, cannot_play), run on the strand: the seat
  // is found and the deadlines applied (MATCH_OVER when it is over by then); `end` ends the
  // match or says why not (its error code and text), then the requester gets its Ack.
  struct Refusal {
    v1::ErrorCode code;
    std::string message;
  };
  using SeatEnding = std::function<std::optional<Refusal>(int seat, RequestClock::time_point now)>;
  void end_for_seat(const Peer& peer, storage::Id user, std::uint64_t request_id,
                    const SeatEnding& end);

  std::optional<v1::MatchRecord> wire_record() const;
  // Stores the mover's note on the accepted action `seq` (referee numbering) for the record.
  void keep_comment(std::uint64_t seq, int seat, std::string comment);
  records::RecordMeta meta() const;
  std::optional<std::string> json_record() const;
  std::optional<std::string> text_record() const;
  bool is_seat_peer(int seat, std::uint64_t conn_id) const;
  void add_seat_peer(int seat, const Peer& peer);
  void send(const Peer& peer, v1::ServerMessage message) const;
  void error(const Peer& peer, std::uint64_t request_id, v1::ErrorCode code, std::string text,
             std::uint32_t attempts_left = 0) const;

  AppContext& app_;
  Finished on_finished_;
  Strand strand_;
  boost::asio::steady_timer timer_;
  std::array<std::unique_ptr<boost::asio::steady_timer>, 2> bot_timers_;
  StoredMatch stored_;
  storage::Id stored_id_ = 0;            // the match's row in storage
  std::set<std::string> full_watchers_;  // admins who looked at the full position (audited)
  std::array<UserInfo, 2> players_;
  std::unique_ptr<hosting::StorageJournal> journal_;
  std::unique_ptr<protocol::WireMatch> match_;
  std::array<std::shared_ptr<HouseBot>, 2> house_;
  std::array<bool, 2> bot_pending_{};  // asked to choose (thinking, or pausing before sending)
  // Actions the opening suite played for each seat (CannotPlay is allowed until the seat acts
  // beyond them). Not kept over a restart: a resumed match counts them as the seat's own.
  std::array<int, 2> opening_acted_{};
  // Refused answers of each house seat in the position of referee seq `first`.
  std::array<std::pair<std::uint64_t, int>, 2> house_refusals_{};
  std::array<std::vector<Peer>, 2> seat_peers_;
  std::vector<Peer> spectators_;
  std::array<std::uint64_t, 3> sent_seq_{};   // referee seq sent to seat 0, 1, spectators
  std::uint64_t sent_proposals_version_ = 0;  // the referee's proposals_version() last pushed
  // Chat: each room's newest lines, and each sender's allowance (a token bucket).
  std::array<std::deque<v1::ChatMessage>, 2> chat_recent_;  // [players, spectators]
  struct ChatAllowance {
    double tokens = 0;
    RequestClock::time_point at{};
  };
  std::map<storage::Id, ChatAllowance> chat_allowance_;
  bool stopped_ = false;
  bool ended_handled_ = false;
  std::atomic<bool> finished_{false};
  std::optional<RequestClock::time_point> move_received_;
  std::int64_t last_clock_update_ms_ = 0;

  mutable std::mutex snapshot_mu_;
  MatchSnapshot snapshot_;
};

}  // namespace boyi::app
