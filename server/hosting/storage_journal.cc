#include "server/hosting/storage_journal.h"

#include <charconv>
#include <utility>

#include "engine/registry.h"

namespace boyi::hosting {

namespace {

storage::JournalKind kind_of(referee::EntryKind k) {
  switch (k) {
    case referee::EntryKind::kStart:
      return storage::JournalKind::kStart;
    case referee::EntryKind::kAction:
      return storage::JournalKind::kAction;
    case referee::EntryKind::kIllegalAttempt:
      return storage::JournalKind::kIllegal;
    case referee::EntryKind::kTakeback:
      return storage::JournalKind::kTakeback;
    case referee::EntryKind::kArbiter:
      return storage::JournalKind::kArbiter;
    case referee::EntryKind::kEnd:
      break;
  }
  return storage::JournalKind::kEnd;
}

referee::EntryKind kind_of(storage::JournalKind k) {
  switch (k) {
    case storage::JournalKind::kStart:
      return referee::EntryKind::kStart;
    case storage::JournalKind::kAction:
      return referee::EntryKind::kAction;
    case storage::JournalKind::kIllegal:
      return referee::EntryKind::kIllegalAttempt;
    case storage::JournalKind::kTakeback:
      return referee::EntryKind::kTakeback;
    case storage::JournalKind::kArbiter:
      return referee::EntryKind::kArbiter;
    case storage::JournalKind::kEnd:
      break;
  }
  return referee::EntryKind::kEnd;
}

constexpr std::uint64_t kMaxStoredNumber = std::uint64_t{1} << 62;

}  // namespace

std::string match_id_text(storage::Id id) {
  return std::to_string(id);
}

Result<storage::Id> parse_match_id(std::string_view text) {
  storage::Id id = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (ec != std::errc() || end != text.data() + text.size() || id <= 0 || text.front() == '0')
    return fail("'" + std::string(text.substr(0, 64)) + "' is not a stored match id");
  return id;
}

Result<storage::JournalRow> to_row(const referee::JournalEntry& e, storage::Id match) {
  if (e.match_id != match_id_text(match))
    return fail("entry of match '" + e.match_id + "' given to the journal of match " +
                match_id_text(match));
  if (e.index > kMaxStoredNumber || e.seq > kMaxStoredNumber)
    return fail("entry index or seq out of range");
  storage::JournalRow r;
  r.match_id = match;
  r.index = static_cast<std::int64_t>(e.index);
  r.kind = kind_of(e.kind);
  r.seq = static_cast<std::int64_t>(e.seq);
  r.seat = e.seat;
  r.text = e.text;
  r.reason = e.reason;
  r.elapsed_ms = e.elapsed_ms;
  r.clock_ms = e.clock_ms;
  r.outcome = e.outcome;
  return r;
}

Result<referee::JournalEntry> to_entry(const storage::JournalRow& r) {
  if (r.index < 1 || r.seq < 0) return fail("journal row with a negative index or seq");
  referee::JournalEntry e;
  e.match_id = match_id_text(r.match_id);
  e.index = static_cast<std::uint64_t>(r.index);
  e.kind = kind_of(r.kind);
  e.seq = static_cast<std::uint64_t>(r.seq);
  e.seat = r.seat;
  e.text = r.text;
  e.reason = r.reason;
  e.elapsed_ms = r.elapsed_ms;
  e.clock_ms = r.clock_ms;
  e.outcome = r.outcome;
  return e;
}

Status StorageJournal::append(const referee::JournalEntry& entry) {
  auto row = to_row(entry, match_);
  if (!row) return row.status();
  return db_.append_journal(*row, storage::wall_clock_ms());
}

bool takebacks_allowed(std::string_view game, bool rated, bool tournament,
                        int spectator_delay_plies) {
  const GameInfo* info = find_game(game);
  return !rated && !tournament && spectator_delay_plies == 0 && info && !info->hidden_information;
}

Result<referee::MatchConfig> create_stored_match(storage::Database& db, referee::MatchConfig config,
                                                 const std::array<storage::Id, 2>& seats,
                                                 const MatchOrigin& origin) {
  config.match_id = "new";  // only to validate the other values; replaced by the id
  config.takebacks = takebacks_allowed(config.game, origin.rated, origin.tournament.has_value(),
                                       config.spectator_delay_plies);
  if (auto s = config.validate(); !s) return Error{s.message()};
  auto game = create_game(config.game, config.rules_text);
  if (!game) return Error{game.message()};
  config.rules_text = game.value()->rules_text();  // canonical: what the start entry says
  if (config.illegal.kind == referee::IllegalMovePolicy::Kind::kLoseAtOnce)
    config.illegal = referee::IllegalMovePolicy::lose_at_once();

  storage::NewMatch m;
  m.game = config.game;
  m.preset = origin.preset;
  m.rules = config.rules_text;
  m.time = {config.time.total_ms, config.time.per_move_ms, config.time.increment_ms,
            config.time.grace_ms};
  m.seats = {seats[0], seats[1]};
  m.rated = origin.rated;
  m.tournament = origin.tournament;
  m.tournament_game = origin.tournament_game;
  m.illegal_policy = config.illegal.kind == referee::IllegalMovePolicy::Kind::kLoseAtOnce
                         ? storage::IllegalMovePolicy::kLoseAtOnce
                         : storage::IllegalMovePolicy::kRetry;
  m.illegal_attempts = config.illegal.limit();
  m.disconnect_grace_ms = config.disconnect_grace_ms;
  m.spectator_delay_plies = config.spectator_delay_plies;
  auto created = db.create_match(m);
  if (!created) return Error{created.message()};
  config.match_id = match_id_text(created->id);
  return config;
}

referee::MatchConfig config_of(const storage::Match& m) {
  referee::MatchConfig c;
  c.match_id = match_id_text(m.id);
  c.game = m.game;
  c.rules_text = m.rules;
  c.time = {m.time.total_ms, m.time.per_move_ms, m.time.increment_ms, m.time.grace_ms};
  c.illegal = m.illegal_policy == storage::IllegalMovePolicy::kLoseAtOnce
                  ? referee::IllegalMovePolicy::lose_at_once()
                  : referee::IllegalMovePolicy::retry(m.illegal_attempts);
  c.disconnect_grace_ms = m.disconnect_grace_ms;
  c.spectator_delay_plies = m.spectator_delay_plies;
  c.takebacks = takebacks_allowed(m.game, m.rated, m.tournament.has_value(), c.spectator_delay_plies);
  return c;
}

Result<std::vector<ResumableMatch>> load_resumable(storage::Database& db) {
  auto running = db.running_matches();
  if (!running) return Error{running.message()};
  std::vector<storage::Match> matches = std::move(running).value();
  std::vector<ResumableMatch> out;
  out.reserve(matches.size());
  for (storage::Match& m : matches) {
    auto rows = db.journal_of(m.id);
    if (!rows) return Error{rows.message()};
    ResumableMatch r;
    r.config = config_of(m);
    r.seats = {m.seats[0].value_or(0), m.seats[1].value_or(0)};
    r.entries.reserve(rows->size());
    for (const storage::JournalRow& row : *rows) {
      auto e = to_entry(row);
      if (!e) return Error{"match " + match_id_text(m.id) + ": " + e.message()};
      r.entries.push_back(std::move(e).value());
    }
    r.match = std::move(m);
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace boyi::hosting
