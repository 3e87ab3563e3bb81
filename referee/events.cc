#include "referee/events.h"

#include <algorithm>

#include "engine/registry.h"

namespace boyi::referee {

std::string_view event_kind_name(EventKind kind) {
  switch (kind) {
    case EventKind::kStart:
      return "start";
    case EventKind::kAction:
      return "action";
    case EventKind::kEnd:
      return "end";
    case EventKind::kTakeback:
      return "takeback";
  }
  return "unknown";
}

std::uint64_t EventLog::append(MatchEvent event) {
  event.seq = events_.size() + 1;
  if (event.kind == EventKind::kAction) {
    action_seq_.push_back(event.seq);
    event.action_number = static_cast<int>(action_seq_.size());
  } else if (event.kind == EventKind::kTakeback) {
    action_seq_.resize(std::min(action_seq_.size(),
                                static_cast<std::size_t>(std::max(event.action_number, 0))));
  }
  events_.push_back(std::move(event));
  return events_.back().seq;
}

int EventLog::public_actions() const {
  const int actions = static_cast<int>(action_seq_.size());
  if (released_) return actions;
  return std::max(0, actions - delay_);
}

std::uint64_t EventLog::visible_seq(Seat recipient) const {
  if (recipient != kPublic || released_ || delay_ == 0) return last_seq();
  const int visible = public_actions();
  if (visible > 0) return action_seq_[visible - 1];
  // Only what came before the first action (the start).
  return action_seq_.empty() ? last_seq() : action_seq_.front() - 1;
}

std::vector<RecipientEvent> EventLog::events_for(Seat recipient, std::uint64_t after_seq,
                                                 std::size_t limit) const {
  std::vector<RecipientEvent> out;
  if (recipient != 0 && recipient != 1 && recipient != kPublic) return out;
  const std::uint64_t last = visible_seq(recipient);
  const std::size_t index = viewer_index(recipient);
  for (std::uint64_t seq = after_seq + 1; seq <= last && out.size() < limit; ++seq) {
    const MatchEvent& e = events_[seq - 1];
    out.push_back({e.seq, e.kind, e.actor, e.action_number, e.renderings[index], e.elapsed_ms,
                   e.clock_ms, e.outcome, e.taken_back});
  }
  return out;
}

}  // namespace boyi::referee
