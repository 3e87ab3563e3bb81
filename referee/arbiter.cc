// Referee: what an arbiter does to a running match — pause and unpause its clocks, add time
// to a seat's clock, end it by a decision. Pauses and added time are journal entries of their
// own (kind arbiter, no event: the host tells the seats), so a restart resumes a paused match
// paused and every clock as the arbiter left it; a decision is an end entry like any ending.
#include <string>

#include "referee/clock_limit.h"
#include "referee/referee.h"
#include "referee/referee_text.h"

namespace boyi::referee {

Status Referee::pause(TimePoint now) {
  now = monotonic(now);
  if (auto s = tick(now); !s) return s;
  if (finished()) return fail("the match is already over: " + describe(outcome_));
  if (paused_) return fail("the match is paused already");
  MatchClocks next = clocks_;
  next.pause(now);
  JournalEntry e = entry(EntryKind::kArbiter, kPublic);
  e.text = "pause";
  e.clock_ms = next.remaining_at(now);
  if (auto s = journal(e); !s) return fail("the pause could not be stored: " + s.message());
  clocks_ = next;
  paused_ = true;
  return Status::Ok();
}

Status Referee::unpause(TimePoint now) {
  now = monotonic(now);
  if (finished()) return fail("the match is already over: " + describe(outcome_));
  if (!paused_) return fail("the match is not paused");
  JournalEntry e = entry(EntryKind::kArbiter, kPublic);
  e.text = "unpause";
  e.clock_ms = clocks_.remaining_at(now);
  if (auto s = journal(e); !s) return fail("the unpause could not be stored: " + s.message());
  clocks_.unpause(now);
  paused_ = false;
  // A seat still away gets its whole grace from now: the pause was nobody's time.
  for (auto& away : away_since_)
    if (away) away = now;
  return Status::Ok();
}

Status Referee::add_time(Seat seat, std::int64_t ms, TimePoint now) {
  if (seat != 0 && seat != 1) return fail("no such seat");
  if (ms < 1 || ms > kMaxTotalMs)
    return fail("added time is 1 ms to " + std::to_string(kMaxTotalMs) + " ms");
  now = monotonic(now);
  if (auto s = tick(now); !s) return s;
  if (finished()) return fail("the match is already over: " + describe(outcome_));
  MatchClocks next = clocks_;
  next.add(seat, ms, now);
  if (next.remaining_at(seat, now) > kMaxClockMs)
    return fail("the clock would show more than " + std::to_string(kMaxClockMs) +
                " ms (1000 days)");
  JournalEntry e = entry(EntryKind::kArbiter, seat);
  e.text = "add_time " + std::to_string(ms);
  e.clock_ms = next.remaining_at(now);
  if (auto s = journal(e); !s) return fail("the added time could not be stored: " + s.message());
  clocks_ = next;
  return Status::Ok();
}

Status Referee::adjudicate(std::optional<Seat> winner, std::string reason, TimePoint now) {
  if (winner && *winner != 0 && *winner != 1) return fail("no such seat");
  now = monotonic(now);
  if (auto s = tick(now); !s) return s;
  if (finished()) return fail("the match is already over: " + describe(outcome_));
  const std::string why = printable(reason, 400);
  Outcome o{Ending::kAdjudication, winner,
            "the arbiter decided " + (winner ? seat_name(*winner) + " wins" : std::string("a draw")) +
                (why.empty() ? "" : ": " + why)};
  return end_with(std::move(o), kPublic, now);
}

}  // namespace boyi::referee
