// One match's event log: a sequence number shared by every recipient (1, 2,
// ...) for the match start, each accepted action and the end. Each event is
// rendered once per recipient when it happens — seat 0, seat 1, spectators —
// and a recipient that may not see what happened still gets the sequence
// number with what it may know (e.g. "seat 0 deployed"). A reconnecting client
// asks for the events after the last sequence number it had.
//
// Spectators with a delay of N plies get an action's event only once N more
// actions have followed; the end of the game releases everything.
//
// A takeback (both seats agreed) is an event too: the last actions are undone and the
// actions after it are numbered from there. Only matches without a spectator delay allow
// takebacks (the referee refuses them otherwise).
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "engine/core/outcome.h"

namespace boyi::referee {

enum class EventKind : std::uint8_t { kStart, kAction, kEnd, kTakeback };
std::string_view event_kind_name(EventKind kind);  // "start", "action", "end", "takeback"

struct MatchEvent {
  std::uint64_t seq = 0;
  EventKind kind = EventKind::kStart;
  Seat actor = kPublic;  // kAction: who acted; kTakeback: who asked; otherwise kPublic
  // kAction: 1, 2, ... (accepted actions so far); kTakeback: the actions that remain
  int action_number = 0;
  std::array<std::string, 3> renderings;   // [viewer_index(v)]: seat 0, seat 1, spectators
  std::int64_t elapsed_ms = 0;             // kAction: server-measured thinking time
  std::array<std::int64_t, 2> clock_ms{};  // both clocks after the event
  Outcome outcome;                         // kEnd: how the match ended
  int taken_back = 0;                      // kTakeback: how many actions it undid
};

// One recipient's copy of an event.
struct RecipientEvent {
  std::uint64_t seq = 0;
  EventKind kind = EventKind::kStart;
  Seat actor = kPublic;
  int action_number = 0;
  std::string text;  // this recipient's rendering
  std::int64_t elapsed_ms = 0;
  std::array<std::int64_t, 2> clock_ms{};
  Outcome outcome;
  int taken_back = 0;
  bool operator==(const RecipientEvent&) const = default;
};

class EventLog {
 public:
  explicit EventLog(int spectator_delay_plies) : delay_(spectator_delay_plies) {}

  // Appends an event, giving it the next sequence number (returned).
  std::uint64_t append(MatchEvent event);
  // The match is over: spectators may see everything.
  void release_all() { released_ = true; }

  std::uint64_t last_seq() const { return events_.size(); }
  // The highest sequence number `recipient` (0, 1 or kPublic) may see now.
  std::uint64_t visible_seq(Seat recipient) const;
  // Accepted actions spectators may see now.
  int public_actions() const;
  // `recipient`'s renderings of the events after `after_seq` that it may see, in order,
  // at most `limit` of them.
  std::vector<RecipientEvent> events_for(
      Seat recipient, std::uint64_t after_seq,
      std::size_t limit = std::numeric_limits<std::size_t>::max()) const;
  const std::vector<MatchEvent>& all() const { return events_; }

 private:
  std::vector<MatchEvent> events_;
  std::vector<std::uint64_t> action_seq_;  // [k-1]: seq of action k
  int delay_;
  bool released_ = false;
};

}  // namespace boyi::referee
