// Referee::resume: rebuilding a match from its journal after a restart.
#include <charconv>

#include "engine/registry.h"
#include "referee/clock_limit.h"
#include "referee/referee.h"

namespace boyi::referee {

Result<std::unique_ptr<Referee>> Referee::resume(MatchConfig config,
                                                 std::span<const JournalEntry> entries,
                                                 MatchJournal& journal, TimePoint now,
                                                 const GameFactory& factory) {
  if (auto s = config.validate(); !s) return Error{s.message()};
  auto game = make_game(factory, config);
  if (!game) return Error{game.message()};
  if (entries.empty()) return Error{"match " + config.match_id + ": no journal entries"};
  std::unique_ptr<Referee> r(
      new Referee(std::move(config), std::move(game).value(), journal, factory));
  r->last_now_ = now;
  Referee& ref = *r;

  for (std::size_t i = 0; i < entries.size(); ++i) {
    const JournalEntry& e = entries[i];
    const std::string where = "match " + ref.config_.match_id + ", journal entry " +
                              std::to_string(i + 1) + " (" + std::string(entry_kind_name(e.kind)) +
                              "): ";
    if (e.match_id != ref.config_.match_id) return Error{where + "belongs to match " + e.match_id};
    if (e.index != i + 1)
      return Error{where + "index " + std::to_string(e.index) + ", expected " +
                   std::to_string(i + 1)};
    if (ref.finished()) return Error{where + "follows the end of the match"};
    if ((i == 0) != (e.kind == EntryKind::kStart))
      return Error{where + "the journal must start with one start entry"};
    // A clock no match can reach (a damaged row) would overflow the deadline arithmetic.
    for (const std::int64_t ms : e.clock_ms)
      if (ms < -kMaxClockMs || ms > kMaxClockMs)
        return Error{where + "clock " + std::to_string(ms) + " ms is out of range"};
    const bool seat_ok = e.seat == 0 || e.seat == 1;
    const bool makes_event = e.kind != EntryKind::kArbiter &&
                             (e.kind != EntryKind::kIllegalAttempt || e.outcome.finished());
    if (makes_event && e.seq != ref.last_seq() + 1)
      return Error{where + "sequence number " + std::to_string(e.seq) + ", expected " +
                   std::to_string(ref.last_seq() + 1)};

    switch (e.kind) {
      case EntryKind::kStart:
        if (e.text != ref.game_->rules_text())
          return Error{where + "rules '" + e.text + "' differ from the configured '" +
                       ref.game_->rules_text() + "'"};
        ref.emit_start();
        break;
      case EntryKind::kAction: {
        if (!seat_ok) return Error{where + "no such seat"};
        auto applied = ref.game_->play(e.seat, e.text);
        if (!applied)
          return Error{where + "'" + e.text + "' does not replay: " + applied.message()};
        ref.record_action(e.seat, e.text, e.elapsed_ms, e.clock_ms, applied->renderings);
        if (ref.game_->is_terminal()) {
          if (ref.game_->outcome() != e.outcome)
            return Error{where +
                         "the replayed game ended differently: " + describe(ref.game_->outcome())};
          ref.clocks_.restore(e.clock_ms);
          ref.finish(ref.game_->outcome(), now);
        }
        break;
      }
      case EntryKind::kIllegalAttempt:
        if (!seat_ok) return Error{where + "no such seat"};
        ++ref.attempts_[e.seat];
        if (e.outcome.finished()) {
          ref.clocks_.restore(e.clock_ms);
          ref.finish(e.outcome, now);
        }
        break;
      case EntryKind::kTakeback: {
        if (!seat_ok) return Error{where + "no such seat"};
        int count = 0;
        const auto [end, ec] = std::from_chars(e.text.data(), e.text.data() + e.text.size(), count);
        if (ec != std::errc{} || end != e.text.data() + e.text.size() || count < 1 ||
            count > ref.actions())
          return Error{where + "'" + e.text + "' is not a number of actions from 1 to " +
                       std::to_string(ref.actions())};
        auto before = ref.replayed(ref.actions() - count);
        if (!before) return Error{where + before.message()};
        ref.apply_take_back(e.seat, count, std::move(before).value(), e.clock_ms);
        break;
      }
      case EntryKind::kArbiter:
        // The clocks after it are restored below; a pause holds until its unpause.
        if (e.text == "pause") {
          ref.paused_ = true;
        } else if (e.text == "unpause") {
          ref.paused_ = false;
        } else if (e.text.rfind("add_time ", 0) != 0 || !seat_ok) {
          return Error{where + "'" + e.text + "' is not something an arbiter does"};
        }
        break;
      case EntryKind::kEnd:
        if (!e.outcome.finished()) return Error{where + "an end entry without an ending"};
        ref.clocks_.restore(e.clock_ms);
        ref.finish(e.outcome, now);
        break;
    }
    ref.clocks_.restore(e.clock_ms);
  }
  ref.journal_index_ = entries.size();
  if (!ref.finished()) {
    // The downtime is charged to nobody: the turn in progress restarts now (when the
    // arbiter unpauses, for a paused match).
    ref.clocks_.start(ref.may_act(), now);
    if (ref.paused_) ref.clocks_.pause(now);
    ref.away_since_ = {now, now};
  }
  return r;
}

}  // namespace boyi::referee
