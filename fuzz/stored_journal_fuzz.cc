// A stored match read back after a restart (server/hosting/storage_journal.h, referee/resume.cc):
// the match row and its journal rows, as the database could hold them after corruption or by
// a bug, go through the storage layer's text-to-value parsers, config_of, to_entry and
// Referee::resume; a resumed match is then driven on (deadlines, a move, a resignation).
//
// Input, '|' between fields (the rows' columns as text):
//   line 1:  game|rules|total_ms|per_move_ms|increment_ms|grace_ms|illegal_policy|attempts|
//            disconnect_grace_ms|spectator_delay|ending|winner|detail
//   then:    kind|index|seq|seat|elapsed_ms|clock0_ms|clock1_ms|text|reason
// Empty winner and seat fields are SQL NULLs. Checks: what resumes has a record when
// finished, and its record replays.
#include <charconv>
#include <chrono>
#include <string>
#include <vector>

#include "engine/registry.h"
#include "fuzz/fuzz_check.h"
#include "referee/referee.h"
#include "server/hosting/storage_journal.h"
#include "server/storage/records.h"

namespace boyi::fuzz {
namespace {

std::vector<std::string_view> fields_of(std::string_view line) {
  std::vector<std::string_view> out;
  for (;;) {
    const auto bar = line.find('|');
    out.push_back(line.substr(0, bar));
    if (bar == std::string_view::npos) return out;
    line.remove_prefix(bar + 1);
  }
}

std::string_view field(const std::vector<std::string_view>& f, std::size_t i) {
  return i < f.size() ? f[i] : std::string_view();
}

// An INTEGER column; garbage reads as 0 the way a NULL would.
std::int64_t integer(std::string_view text) {
  std::int64_t v = 0;
  (void)std::from_chars(text.data(), text.data() + text.size(), v);
  return v;
}

std::optional<std::int64_t> optional_integer(std::string_view text) {
  if (text.empty()) return std::nullopt;
  return integer(text);
}

// storage/matches.cc read_match: the columns a resume uses.
std::optional<storage::Match> match_row(const std::vector<std::string_view>& f) {
  storage::Match m;
  m.id = 1;
  m.game = field(f, 0);
  m.rules = field(f, 1);
  m.time = {integer(field(f, 2)), integer(field(f, 3)), integer(field(f, 4)), integer(field(f, 5))};
  auto policy = storage::parse_illegal_move_policy(field(f, 6));
  if (!policy) return std::nullopt;
  m.illegal_policy = *policy;
  m.illegal_attempts = static_cast<int>(integer(field(f, 7)));
  m.disconnect_grace_ms = integer(field(f, 8));
  m.spectator_delay_plies = static_cast<int>(integer(field(f, 9)));
  if (!field(f, 10).empty()) {
    auto ending = parse_ending(field(f, 10));
    if (!ending) return std::nullopt;
    m.outcome.ending = *ending;
  }
  if (auto w = optional_integer(field(f, 11))) m.outcome.winner = static_cast<Seat>(*w);
  m.outcome.detail = field(f, 12);
  return m;
}

// storage/journal.cc journal_of: one row.
std::optional<storage::JournalRow> journal_row(const std::vector<std::string_view>& f,
                                               const storage::Match& m) {
  storage::JournalRow r;
  r.match_id = m.id;
  auto kind = storage::parse_journal_kind(field(f, 0));
  if (!kind) return std::nullopt;
  r.kind = *kind;
  r.index = integer(field(f, 1));
  r.seq = integer(field(f, 2));
  auto seat = optional_integer(field(f, 3));
  r.seat = seat ? static_cast<Seat>(*seat) : kPublic;
  r.elapsed_ms = integer(field(f, 4));
  r.clock_ms = {integer(field(f, 5)), integer(field(f, 6))};
  r.text = r.kind == storage::JournalKind::kStart ? m.rules : std::string(field(f, 7));
  r.reason = field(f, 8);
  return r;
}

void drive(referee::Referee& ref, referee::TimePoint now) {
  (void)ref.view_text(0);
  (void)ref.view_text(kPublic);
  (void)ref.clocks(now);
  for (Seat s : {0, 1}) (void)ref.events_for(s, 0);
  if (auto record = ref.record()) {
    BOYI_FUZZ_CHECK(ref.finished(), "a record before the end");
    // The record replays through a fresh game.
    auto game = create_game(record->config.game, record->rules_text);
    BOYI_FUZZ_CHECK(game.ok(), record->rules_text);
    for (const auto& a : record->actions) {
      auto played = game.value()->play(a.seat, a.text);
      BOYI_FUZZ_CHECK(played.ok(), a.text);
    }
    return;
  }
  BOYI_FUZZ_CHECK(!ref.finished(), "finished without a record");
  const Seat seat = ref.to_move() == kPublic ? 0 : ref.to_move();
  const auto moves = ref.legal_moves(seat);
  if (!moves.empty()) (void)ref.submit(seat, moves.front(), now + std::chrono::milliseconds(5));
  (void)ref.on_reconnect(0, now);
  if (auto deadline = ref.next_deadline()) (void)ref.tick(*deadline);
  if (!ref.finished()) (void)ref.resign(1, now + std::chrono::hours(1));
  BOYI_FUZZ_CHECK(ref.finished() == ref.record().has_value(), "record");
}

}  // namespace
}  // namespace boyi::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace boyi;
  const auto lines = fuzz::lines_of(fuzz::text_of(data, size));
  if (lines.empty() || lines.size() > 2000) return 0;
  const auto match = fuzz::match_row(fuzz::fields_of(lines[0]));
  if (!match) return 0;
  std::vector<referee::JournalEntry> entries;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto row = fuzz::journal_row(fuzz::fields_of(lines[i]), *match);
    if (!row) return 0;
    auto entry = hosting::to_entry(*row);
    if (!entry) return 0;
    entries.push_back(std::move(entry).value());
  }
  // The entry that ended the match carries the match's outcome (journal_of).
  if (!entries.empty() && match->outcome.finished()) entries.back().outcome = match->outcome;
  referee::MemoryJournal journal;
  const referee::TimePoint now{std::chrono::hours(1000)};
  auto resumed = referee::Referee::resume(hosting::config_of(*match), entries, journal, now);
  if (resumed) fuzz::drive(*resumed.value(), now);
  return 0;
}
