// The referee's storage interface. Every change of a match's state is appended
// here before anything about it becomes visible (events, state, replies): the
// referee applies an action to a clone of the game, appends, and commits the
// clone only when the append succeeded. A server restarted after a crash
// rebuilds each match from its entries (Referee::resume).
//
// The storage module implements MatchJournal over SQLite with a small adapter;
// MemoryJournal is the in-memory implementation for tests and tools.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/outcome.h"
#include "base/result.h"

namespace boyi::referee {

enum class EntryKind : std::uint8_t {
  kStart,           // the match began; text = the canonical rules text
  kAction,          // an accepted action; text = the action exactly as applied
  kIllegalAttempt,  // a rejected attempt (it counts against the policy); text = what was sent
  kEnd,             // an ending not caused by an action: resignation, time, disconnect, abort,
                    // a draw by agreement
  kTakeback,        // agreed: the last actions are undone; text = how many (decimal)
  kArbiter,         // the arbiter (no event): text = "pause", "unpause" or "add_time <ms>"
                    // (seat: whose clock)
};

// "start", "action", "illegal", "end", "takeback", "arbiter"
std::string_view entry_kind_name(EntryKind kind);
std::optional<EntryKind> parse_entry_kind(std::string_view name);

struct JournalEntry {
  std::string match_id;
  std::uint64_t index = 0;  // 1, 2, ... : position in this match's journal (a unique key)
  EntryKind kind = EntryKind::kStart;
  std::uint64_t seq = 0;  // the event sequence number this entry produced (0: no event)
  Seat seat = kPublic;    // who acted (kPublic for start and for endings with no actor; for a
                          // takeback the seat that asked for it)
  // kStart: canonical rules text; kAction: the action in canonical notation, exactly as
  // applied (a 点格棋 turn of several edges is space-separated); kIllegalAttempt: the text
  // sent (at most kMaxStoredAttemptText bytes); kEnd: empty; kTakeback: the number of
  // actions undone, in decimal.
  std::string text;
  std::string reason;                      // kIllegalAttempt: why it was refused
  std::int64_t elapsed_ms = 0;             // kAction: server-measured thinking time of this action
  std::array<std::int64_t, 2> clock_ms{};  // both seats' remaining time after this entry
  // The ending this entry caused, if any: an action that ends the game by the rules
  // (normal, foul, no-battle limit, adjudication), a last illegal attempt, or a kEnd.
  Outcome outcome;

  bool operator==(const JournalEntry&) const = default;
};

inline constexpr std::size_t kMaxStoredAttemptText = 256;

class MatchJournal {
 public:
  virtual ~MatchJournal() = default;
  // Durably stores one entry, or says why not (the referee then refuses the change).
  virtual Status append(const JournalEntry& entry) = 0;
};

// In memory; fail_next(n) makes the next n appends fail (for tests of failures).
class MemoryJournal final : public MatchJournal {
 public:
  Status append(const JournalEntry& entry) override {
    if (failures_ > 0) {
      --failures_;
      return fail("journal unavailable (simulated)");
    }
    entries_.push_back(entry);
    return Status::Ok();
  }
  void fail_next(int n) { failures_ = n; }
  const std::vector<JournalEntry>& entries() const { return entries_; }

 private:
  std::vector<JournalEntry> entries_;
  int failures_ = 0;
};

}  // namespace boyi::referee
