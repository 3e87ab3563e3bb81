// The referee of one match: a deterministic, single-threaded state machine over
// the engine's type-erased game. It alone holds the true state; it validates
// every action, runs the clocks, renders every event once per recipient and
// ends the game with a named ending. It has no clock, thread or I/O of its own:
// the server runs it on the match's strand, passes `now` into every call, arms
// a timer for next_deadline(), and stores through the MatchJournal.
//
// Durability: every change (action, counted illegal attempt, ending) is
// appended to the journal before it becomes visible. If the append fails the
// change is refused and nothing changes. See README.md for the policies.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "engine/core/outcome.h"
#include "referee/clocks.h"
#include "referee/events.h"
#include "referee/journal.h"
#include "referee/match_config.h"
#include "referee/proposals.h"
#include "referee/record.h"

namespace boyi {
class AnyGame;
}

namespace boyi::referee {

// Longest action text looked at; longer is an illegal (malformed) attempt.
inline constexpr std::size_t kMaxActionText = 4096;

// Makes the match's game: the registry's create_game by default; a host passes its own
// (e.g. protocol::create_wire_game) to read structured per-viewer forms of each accepted
// action from the referee's own game object (game()). Clones of the game must keep the
// factory's concrete type (the referee applies actions to a clone, then commits it).
using GameFactory =
    std::function<Result<std::unique_ptr<AnyGame>>(std::string_view game, std::string_view rules)>;

// The game for `config` from `factory` (empty: create_game), or why not.
Result<std::unique_ptr<AnyGame>> make_game(const GameFactory& factory, const MatchConfig& config);

struct SubmitResult {
  enum class Status : std::uint8_t {
    kAccepted,
    kRejected,  // illegal, wrong turn or malformed: counted against the policy
    kGameOver,  // the match was already over (perhaps a flag fell just now)
    kPaused,    // the arbiter has paused the match: not counted, nothing changed
    kError,     // internal (the journal failed): not counted, nothing changed
  };
  Status status = Status::kRejected;
  std::string reason;           // kRejected: the engine's reason; kGameOver / kError: why
  int attempts_left = 0;        // kRejected: attempts left before the illegal-move loss
  std::uint64_t seq = 0;        // kAccepted: the action's event sequence number
  std::int64_t elapsed_ms = 0;  // kAccepted: server-measured thinking time

  bool accepted() const { return status == Status::kAccepted; }
};

class Referee {
 public:
  // Starts a match: checks the config and the rules, appends the start entry,
  // emits the start event (seq 1) and starts the clocks of the seats that may act.
  // Both seats are taken to be connected.
  // `factory` makes the game (empty: the registry's create_game).
  static Result<std::unique_ptr<Referee>> create(MatchConfig config, MatchJournal& journal,
                                                 TimePoint now, const GameFactory& factory = {});
  // Rebuilds a match from its journal entries (in order) after a restart: replays
  // every action through a fresh game (same position, hash, side to move, events and
  // sequence numbers), restores the clocks of the last entry and the illegal-attempt
  // counts. The time the server was down is charged to nobody: the turn in progress
  // restarts at `now` with the clock it had after the last entry. Both seats start
  // disconnected, their grace running from `now`. A finished match resumes finished.
  static Result<std::unique_ptr<Referee>> resume(MatchConfig config,
                                                 std::span<const JournalEntry> entries,
                                                 MatchJournal& journal, TimePoint now,
                                                 const GameFactory& factory = {});

  ~Referee();
  Referee(const Referee&) = delete;
  Referee& operator=(const Referee&) = delete;

  // One action of `seat` in the game's notation (a 点格棋 turn may be one edge or a
  // space-separated list). Applies every deadline up to `now` first.
  SubmitResult submit(Seat seat, std::string_view text, TimePoint now);
  // The seat gives up: the other wins by resignation.
  Status resign(Seat seat, TimePoint now);
  // The seat's player is gone for good (a local engine that crashed or failed): the other
  // wins by disconnect forfeit at once, with `detail` saying why.
  Status forfeit(Seat seat, std::string detail, TimePoint now);
  // The seat's connection is gone: its grace starts (its clock keeps running).
  Status on_disconnect(Seat seat, TimePoint now);
  // The seat is back within its grace: the forfeit is cancelled. The server then
  // replays events_for(seat, last seq the client had).
  Status on_reconnect(Seat seat, TimePoint now);
  // Applies the earliest deadline that has passed by `now` (flag, per-move limit,
  // disconnect grace), if any. A journal failure leaves everything as it was.
  Status tick(TimePoint now);
  // When tick() must next be called; none once the match is over.
  std::optional<TimePoint> next_deadline() const;
  // --- proposals between the seats (proposals.h, proposals.cc) ---------------------------
  // `seat` offers a draw or asks to take back its last action (and every one since); if
  // the other seat has proposed the same, this accepts it. Fails, changing nothing, when
  // the seat may not (the reason says why).
  Status propose(Seat seat, ProposalKind kind, TimePoint now);
  // `seat` answers the other seat's open proposal of `kind`: accepting a draw ends the match
  // by agreement, accepting a takeback undoes the actions (a takeback event).
  Status answer(Seat seat, ProposalKind kind, bool accept, TimePoint now);
  // Open proposals (at most one per seat and kind) and the last one that closed.
  const std::vector<Proposal>& open_proposals() const { return open_; }
  const std::optional<Proposal>& last_closed_proposal() const { return last_closed_; }
  // Changes at every change of the proposals: a host tells the seats when it moved.
  std::uint64_t proposals_version() const { return proposals_version_; }

  // --- the arbiter (arbiter.cc) -------------------------------------------------------
  // Stops both clocks where they stand: no deadline applies and no action is accepted until
  // unpause, which starts them again where they stood (the turn's per-move limit too).
  Status pause(TimePoint now);
  Status unpause(TimePoint now);
  bool paused() const { return paused_; }
  // Adds `ms` (1 ms to kMaxTotalMs) to `seat`'s clock.
  Status add_time(Seat seat, std::int64_t ms, TimePoint now);
  // Ends the match by the arbiter's decision: `winner` (none: a draw), ending adjudication,
  // the reason as its detail. A forfeit is a decision for the other seat.
  Status adjudicate(std::optional<Seat> winner, std::string reason, TimePoint now);

  // Ends the match as aborted (no winner). Applied even if the journal fails (the
  // escape hatch when storage is gone); the journal's status is returned.
  Status abort(std::string reason, TimePoint now);

  const Outcome& outcome() const { return outcome_; }
  bool finished() const { return outcome_.finished(); }
  const MatchConfig& config() const { return config_; }
  std::string_view game_name() const;
  std::string rules_text() const;

  // Events (see events.h). visible_seq(kPublic) lags by the spectator delay.
  std::uint64_t last_seq() const { return events_.last_seq(); }
  std::uint64_t visible_seq(Seat recipient) const { return events_.visible_seq(recipient); }
  std::vector<RecipientEvent> events_for(
      Seat recipient, std::uint64_t after_seq,
      std::size_t limit = std::numeric_limits<std::size_t>::max()) const {
    return events_.events_for(recipient, after_seq, limit);
  }

  // The position as `viewer` may see it; spectators see it as of their delay.
  std::string view_text(Seat viewer) const;
  Seat to_move() const;
  bool can_act(Seat seat) const;
  std::vector<std::string> legal_moves(Seat seat) const;
  std::uint64_t hash() const;
  // The committed game, read-only (made by the factory): the true state. Never show it to
  // a seat as a whole; use its per-viewer forms. Valid until the next non-const call.
  const AnyGame& game() const { return *game_; }
  // The game as `viewer` may see it now: the committed game, except for spectators of a
  // match with a spectator delay, who see it as of the last action they were told.
  const AnyGame& game_seen_by(Seat viewer) const;
  int actions() const { return static_cast<int>(actions_.size()); }
  ClockReading clocks(TimePoint now) const { return clocks_.reading(now); }
  int attempts_used(Seat seat) const { return attempts_[seat]; }
  // Actions `seat` has made (an opening's included, taken back ones too).
  int acted(Seat seat) const { return acted_[seat]; }
  int attempts_left(Seat seat) const { return config_.illegal.limit() - attempts_[seat]; }
  bool connected(Seat seat) const { return !away_since_[seat].has_value(); }

  // The full record; only once the match is over (nothing is public before).
  std::optional<MatchRecord> record() const;

 private:
  Referee(MatchConfig config, std::unique_ptr<AnyGame> game, MatchJournal& journal,
          GameFactory factory);

  struct Deadline {
    enum class Kind : std::uint8_t { kFlag, kPerMove, kDisconnect };
    TimePoint at;
    Seat seat;
    Kind kind;
  };
  std::vector<Deadline> deadlines() const;  // earliest first
  Outcome deadline_outcome(const std::vector<Deadline>& due) const;
  TimePoint monotonic(TimePoint now);
  std::array<bool, 2> may_act() const;
  JournalEntry entry(EntryKind kind, Seat seat) const;
  Status journal(JournalEntry e);
  // Ends the match: stops the clocks, emits the end event, releases spectators.
  void finish(Outcome outcome, TimePoint at);
  // The kEnd entry of an ending at `at` (the clocks stopped there).
  JournalEntry end_entry(const Outcome& outcome, Seat seat, TimePoint at) const;
  Status end_with(Outcome outcome, Seat seat, TimePoint at);  // journals a kEnd, then finish
  void emit_start();
  SubmitResult reject(Seat seat, std::string_view text, std::string reason, TimePoint now);
  void record_action(Seat seat, std::string text, std::int64_t elapsed,
                     std::array<std::int64_t, 2> clock_ms, std::array<std::string, 3> renderings);
  void advance_public_game();
  // Proposals (proposals.cc).
  Status may_propose(Seat seat, ProposalKind kind) const;
  int takeback_size(Seat seat) const;  // actions from seat's last one to the end; 0: none
  void close_proposal(std::size_t index, ProposalState state);
  void lapse_after_action(Seat actor);
  void lapse_all();
  Status accept(Proposal proposal, Seat by, TimePoint now);
  // The game after the first `keep` actions, replayed through a fresh game.
  Result<std::unique_ptr<AnyGame>> replayed(int keep) const;
  // Journals and applies a takeback of `count` actions asked for by `requester`.
  Status take_back(Seat requester, int count, TimePoint now);
  // Applies a journaled takeback (live or replayed): the game, the actions and the event;
  // the clocks as `clock_ms` says, stopped (the caller starts them).
  void apply_take_back(Seat requester, int count, std::unique_ptr<AnyGame> game,
                       const std::array<std::int64_t, 2>& clock_ms);

  MatchConfig config_;
  std::unique_ptr<AnyGame> game_;
  std::unique_ptr<AnyGame> public_game_;  // lags behind by the spectator delay
  int public_applied_ = 0;
  MatchJournal& journal_;
  MatchClocks clocks_;
  EventLog events_;
  std::vector<RecordedAction> actions_;
  std::array<int, 2> attempts_{};
  std::array<std::optional<TimePoint>, 2> away_since_;
  Outcome outcome_;
  std::uint64_t journal_index_ = 0;
  TimePoint last_now_{};
  bool paused_ = false;         // by the arbiter
  GameFactory factory_;         // makes the game again for a takeback
  std::array<int, 2> acted_{};  // actions each seat has made, taken back ones included
  std::vector<Proposal> open_;
  std::optional<Proposal> last_closed_;
  // [kind][seat]: acted_[seat] when its last proposal of that kind was declined or lapsed.
  std::array<std::array<int, 2>, 2> refused_at_{{{-1, -1}, {-1, -1}}};
  std::uint64_t proposals_version_ = 0;
};

}  // namespace boyi::referee
