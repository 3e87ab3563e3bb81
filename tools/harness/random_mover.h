// A seat (or a spectator) in one match, driven by the messages its Client receives: it keeps
// the match's event stream (checking that seq numbers run 1, 2, 3, ... without gaps or
// repeats), the latest view of its own seat, and — when it may act — sends a uniformly random
// move chosen from its own view's legal moves (军棋 deployments: a random legal layout, or one
// the test chose). Several movers are driven together, single-threaded, by play().
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/rng.h"
#include "tools/harness/test_client.h"

namespace boyi::harness {

// One match event as one recipient saw it.
struct SeenEvent {
  std::uint32_t seq = 0;
  int ply = 0;
  int actor = -1;
  std::string move;
  bool redacted = false;
  bool own_reply = false;  // answered this recipient's own move request
};

// A random legal first action of `seat` in a fresh game: what to send when a view lists no
// legal moves because the choices are too many to list (a 军棋 deployment: any legal layout
// of 25 letters); "" when the seat has no action at the start.
std::string random_opening_action(const std::string& game, const std::string& rules, int seat,
                                  std::uint64_t seed);

class RandomMover {
 public:
  // `started` is the match_started this client received; seat -1 makes a passive spectator.
  RandomMover(Client& client, const v1::MatchStarted& started, std::uint64_t seed);

  // Moves sent after this many are withheld (the mover goes on reading).
  void set_move_budget(int moves) { move_budget_ = moves; }
  // The first action to send (a 军棋 layout), with the salt of the seat's own commitment to
  // it when it made one (CommitDeployment).
  void set_first_action(std::string layout, std::string commitment_salt = "") {
    layout_ = std::move(layout);
    layout_salt_ = std::move(commitment_salt);
  }
  // Switches to a new connection (after a reconnect). Keeps last_seq and the events seen.
  void rebind(Client& client) {
    client_ = &client;
    pending_move_ = pending_view_ = 0;
  }

  // Processes one message of its client (those of other matches and lobby pushes go to others()).
  void handle(const v1::ServerMessage& message);
  // Sends a move or a view request when the seat may act and nothing is in flight.
  void act();
  // Reads what the client has (waiting up to `wait`), handles it, then acts.
  void pump(Millis wait);

  bool ended() const { return ended_.has_value(); }
  const std::optional<v1::MatchEnded>& match_ended() const { return ended_; }
  const std::optional<v1::MatchRecord>& record() const { return record_; }
  const std::vector<SeenEvent>& events() const { return events_; }
  std::uint32_t last_seq() const { return last_seq_; }
  int seat() const { return seat_; }
  const std::string& match_id() const { return match_id_; }
  int moves_sent() const { return moves_sent_; }
  bool move_in_flight() const { return pending_move_ != 0; }
  // This seat's turn, with a fresh view that says it may act.
  bool may_act() const {
    return !ended_ && to_move_ == seat_ && view_ && view_seq_ == last_seq_ && view_->can_act();
  }
  // Waiting with nothing to do: no request in flight, and either not this seat's turn or it
  // may act but has used its move budget.
  bool idle() const {
    if (ended_ || pending_move_ != 0 || pending_view_ != 0) return false;
    if (to_move_ != seat_ && to_move_ != -1) return true;
    return view_ && view_seq_ == last_seq_ && (!view_->can_act() || moves_sent_ >= move_budget_);
  }
  // Everything unexpected: sequence gaps, refused moves, errors. Empty when all went well.
  const std::vector<std::string>& problems() const { return problems_; }
  const std::vector<v1::ServerMessage>& others() const { return others_; }

 private:
  void take_view(const v1::GameView& view, std::uint32_t seq);

  Client* client_;
  std::string match_id_;
  std::string game_;
  int seat_;
  Rng rng_;
  std::string layout_;
  std::string layout_salt_;
  int move_budget_ = 1 << 30;
  int moves_sent_ = 0;
  std::uint32_t last_seq_ = 0;
  bool replaying_ = false;  // between a replay's match_started and its sync_done
  int to_move_ = -1;
  std::optional<v1::GameView> view_;
  std::uint32_t view_seq_ = 0;
  std::uint32_t view_requested_for_ = UINT32_MAX;
  std::uint64_t pending_move_ = 0;
  std::uint64_t pending_view_ = 0;
  std::optional<v1::MatchEnded> ended_;
  std::optional<v1::MatchRecord> record_;
  std::vector<SeenEvent> events_;
  std::vector<std::string> problems_;
  std::vector<v1::ServerMessage> others_;
};

// Sends Sync{from 1} and reads the answer into a fresh mover (after a reconnect); the
// replayed events are checked by the mover (gapless from 1) and kept in it. Events of the
// match read before the replay starts are dropped: the replay has them.
Result<std::unique_ptr<RandomMover>> resync(Client& c, const std::string& match_id,
                                            std::uint64_t seed);

// Drives the movers until each has seen its match end (true) or `timeout` passes (false).
bool play(const std::vector<RandomMover*>& movers, Millis timeout);

// Drives the movers until `done()` holds (true) or `timeout` passes (false).
bool play_until(const std::vector<RandomMover*>& movers, const std::function<bool()>& done,
                Millis timeout);

// "seq 1..N": the events two recipients saw agree on seq, ply and actor (and on the move text
// where neither copy is redacted). An empty string when they agree, else the first difference.
std::string compare_streams(const RandomMover& a, const RandomMover& b);

}  // namespace boyi::harness
