// WireMatch: the one referee of a match, speaking boyi.v1. It owns the match's
// referee::Referee (whose game is a WireGame) and is the only place where a match's
// messages are built: MatchStarted per seat, MatchEvent and MatchEnded per recipient,
// clocks, views and the record's wire form. The server's MatchHost, the local arena
// (boyi-match, boyi-tourney's local mode) and the test drivers all host a WireMatch:
// the server with a durable journal on a strand, the others with a MemoryJournal.
//
// Sequence numbers: the referee's start event is seq 1 and is sent as MatchStarted; its
// first action is wire seq 1 (wire_seq() = the referee's minus one).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <functional>
#include <vector>

#include "boyi/v1/boyi.pb.h"
#include "base/result.h"
#include "protocol/fairness/disclosure.h"
#include "protocol/wire/wire_game.h"
#include "referee/referee.h"

namespace boyi::crypto {
class SigningKey;
}
namespace boyi::fairness {
class Transcript;
}

namespace boyi::protocol {

// Who plays, as MatchStarted and the record show it.
struct MatchHeader {
  std::string preset;                   // "" when the match was not made from a preset
  std::array<v1::Player, 2> players;    // [seat]
};

// How a hidden-information match (军棋) is sealed (protocol/fairness): each deployment is
// committed, every event carries the signed transcript chain, and the record discloses the
// secrets after the end. No key: no seals (games without hidden information never have any).
struct Sealing {
  const crypto::SigningKey* key = nullptr;  // must outlive the match
  // The seats' own commitments (CommitDeployment) and the salts their deployments revealed,
  // as stored: a resumed match discloses them as the live one would.
  std::array<std::string, 2> client_commitments{};
  std::array<std::string, 2> client_salts{};
};

class WireMatch {
 public:
  using TimePoint = referee::TimePoint;

  // Starts a match: the referee journals its start (see referee::Referee::create).
  static Result<std::unique_ptr<WireMatch>> create(referee::MatchConfig config,
                                                   MatchHeader header,
                                                   referee::MatchJournal& journal, TimePoint now,
                                                   const Sealing& sealing = {});
  // Rebuilds a match from its journal (see referee::Referee::resume) and the wire forms
  // of every action it holds, so past events render exactly as they first did.
  static Result<std::unique_ptr<WireMatch>> resume(referee::MatchConfig config,
                                                   MatchHeader header,
                                                   std::span<const referee::JournalEntry> entries,
                                                   referee::MatchJournal& journal, TimePoint now,
                                                   const Sealing& sealing = {});

  ~WireMatch();
  WireMatch(const WireMatch&) = delete;
  WireMatch& operator=(const WireMatch&) = delete;

  // The referee: every call that is not an action or a proposal (tick, resign, forfeit,
  // on_disconnect, on_reconnect, abort) and every read go to it directly.
  referee::Referee& referee() { return *referee_; }
  const referee::Referee& referee() const { return *referee_; }
  // One action of `seat`: the referee decides; an accepted action's wire forms are kept.
  referee::SubmitResult submit(Seat seat, std::string_view text, TimePoint now);
  // An opening from a suite: each action by the first seat that may act, as if it had played
  // it at once (at `now`); `played(seat, result)` after each. Stops at the first action the
  // referee refuses (the error names it) or when the game is over.
  Status play_opening(const std::vector<std::string>& actions, TimePoint now,
                      const std::function<void(Seat, const referee::SubmitResult&)>& played);
  // A draw offer or takeback request, and the answer to one (referee::Referee::propose,
  // answer); an accepted takeback's position is kept for its event.
  Status propose(Seat seat, referee::ProposalKind kind, TimePoint now);
  Status answer(Seat seat, referee::ProposalKind kind, bool accept, TimePoint now);

  // A seat commits its own 军棋 deployment before sending it (protocol/fairness): sealed
  // matches only, once, before the seat deploys; the commitment is 64 hex digits.
  Status commit(Seat seat, std::string_view commitment);
  Status check_commit(Seat seat, std::string_view commitment) const;  // commit's checks alone
  // Before submitting `text` for `seat`: a seat that committed must deploy what it committed
  // to, revealing the salt; a salt without a commitment is refused too.
  Status check_commitment(Seat seat, std::string_view text, std::string_view salt) const;
  // After the deployment was accepted: the salt the record will disclose.
  void note_commitment_salt(Seat seat, std::string salt);

  const std::string& id() const { return referee_->config().match_id; }
  const MatchHeader& header() const { return header_; }
  // Accepted actions that stand (taken back ones not), and the game's ply after the last one.
  int actions() const { return static_cast<int>(action_seqs_.size()); }
  int ply() const;
  // The referee seq of the newest action or takeback: its event carries the view after it.
  std::uint64_t newest_change_seq() const { return last_change_seq_; }
  // An accepted action's moves in full notation (several for a 点格棋 turn); 1-based.
  const std::vector<std::string>& action_moves(int action_number) const;
  // The same as one text (a 点格棋 turn space-separated), as the journal stores it.
  std::string action_text(int action_number) const;

  // --- messages ---------------------------------------------------------------------
  // MatchStarted for `recipient` (a seat, or kPublic for spectators): the position at the
  // start (a client replays the events from there) and the clocks at `now`.
  v1::MatchStarted started(Seat recipient, TimePoint now) const;
  // The message telling `recipient` one of its events (MatchEvent or MatchEnded); none for
  // the start event (MatchStarted is sent on its own). `with_view` adds the recipient's
  // view after the action; only for the newest action (the view is the current one).
  std::optional<v1::ServerMessage> message(Seat recipient, const referee::RecipientEvent& event,
                                           bool with_view) const;
  // The messages of every event of `recipient` after referee seq `after_seq`, in order.
  std::vector<v1::ServerMessage> messages(Seat recipient, std::uint64_t after_seq,
                                          bool view_with_newest) const;
  v1::Clocks clocks(TimePoint now) const;
  // The open proposals and the last closed one (pushed when they change, and in MatchView).
  v1::MatchProposals proposals() const;
  // What `recipient` may see now: a seat its live view; spectators the position as of the
  // last action they were told (the spectator delay); everyone the final view once over.
  v1::GameView view(Seat recipient) const;
  // The full position after the end with the match's outcome (which may be a
  // resignation, a flag or a forfeit the game itself knows nothing of).
  v1::GameView final_view() const;
  // Every identity now, while the match runs too: only for the arbiter (admins, audited).
  v1::GameView full_view() const { return game_seen_by(0).full_view(); }
  // The record's wire form (none while the match runs); the host adds the wall-clock
  // times and the text record.
  std::optional<v1::MatchRecord> record() const;
  // A sealed match after its end: what verifies it offline (none otherwise).
  std::optional<fairness::Disclosure> disclosure() const;
  bool sealed() const { return transcript_ != nullptr; }

  static std::uint32_t wire_seq(std::uint64_t referee_seq);
  static v1::TimeControl wire_time(const referee::TimeControl& time);

 private:
  // What the wire says of one accepted action (or of the position after a takeback) beyond
  // the referee's record.
  struct ActionForms {
    WireAction wire;
    int ply = 0;
    int to_move = -1;
    std::array<bool, 2> running{};
    std::int64_t move_limit_ms = 0;  // what the per-move limit showed right after it
    v1::FairnessSeal seal;           // sealed matches only
  };

  WireMatch(MatchHeader header, std::unique_ptr<referee::Referee> referee);
  // The referee's game: made by create_wire_game, and clones keep their type.
  const WireGame& game_seen_by(Seat recipient) const;
  static ActionForms forms_after(const WireGame& game, WireAction wire,
                                 std::int64_t move_limit_ms);
  v1::Clocks clocks_of(const std::array<std::int64_t, 2>& ms, const std::array<bool, 2>& running,
                       std::int64_t move_limit_ms) const;
  const ActionForms* forms_of(std::uint64_t seq) const;
  // After a call that may have taken actions back: the position's forms for its event.
  void note_takeback(TimePoint now);
  // Sealing: starts the transcript (hidden-information games with a key only), seals one
  // accepted action into its forms, and the end event's seal once the match is over.
  void start_sealing(const Sealing& sealing);
  void seal(std::uint64_t seq, Seat seat, std::int64_t elapsed_ms,
            const std::array<std::int64_t, 2>& clock_ms);
  const v1::FairnessSeal* end_seal() const;

  MatchHeader header_;
  std::unique_ptr<referee::Referee> referee_;
  // By the referee seq of their event: every action ever accepted (taken back ones too, so
  // a replay renders their events as they were) and every takeback.
  std::map<std::uint64_t, ActionForms> forms_;
  std::vector<std::uint64_t> action_seqs_;  // [k-1]: the event seq of the k-th standing action
  std::uint64_t last_change_seq_ = 0;       // the newest action or takeback event
  std::array<v1::GameView, 3> initial_views_;  // [viewer_index]: the position at the start
  const crypto::SigningKey* key_ = nullptr;
  std::unique_ptr<fairness::Transcript> transcript_;
  mutable std::optional<v1::FairnessSeal> end_seal_;  // made once, when first asked for
  std::array<std::string, 2> client_commitments_;
  std::array<std::string, 2> client_salts_;
};

}  // namespace boyi::protocol
