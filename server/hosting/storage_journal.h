// The referee's journal in the server's database: every entry a Referee appends
// becomes one row of the match's journal in one durable SQLite transaction (see
// ../storage/README.md), and a stored match carries everything its referee needs
// to be rebuilt after a restart: the configuration (clocks, illegal-move policy,
// rules, grace, spectator delay: stored with the match, so a restart does not
// depend on presets being unchanged), the seats and the journal.
//
// A stored match's MatchConfig::match_id is its database id in decimal ("17").
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "referee/journal.h"
#include "referee/match_config.h"
#include "server/storage/database.h"

namespace boyi::hosting {

// "17" for match 17, and back (an error for anything that is not a positive id).
std::string match_id_text(storage::Id id);
Result<storage::Id> parse_match_id(std::string_view text);

// The two representations of one entry. to_row refuses an entry of another match.
Result<storage::JournalRow> to_row(const referee::JournalEntry& entry, storage::Id match);
Result<referee::JournalEntry> to_entry(const storage::JournalRow& row);

// MatchJournal over storage::Database for one match. append = one durable
// transaction; a refusal or an SQLite failure comes back as a Status with the
// reason (the referee then refuses the change and nothing changes).
class StorageJournal final : public referee::MatchJournal {
 public:
  StorageJournal(storage::Database& db, storage::Id match) : db_(db), match_(match) {}
  Status append(const referee::JournalEntry& entry) override;
  storage::Id match() const { return match_; }

 private:
  storage::Database& db_;
  storage::Id match_;
};

// Stores a new match (waiting for its referee) and returns its configuration as
// stored: match_id set to the new id, the rules text canonical, a lose-at-once
// policy normalised, takebacks as takebacks_allowed says. The config is checked first (values, game, rules): nothing
// is stored for a bad one. Referee::create(returned config, StorageJournal) then
// appends the start entry, which makes the match running.
// `seats` are the users in seat 0 and seat 1.
struct MatchOrigin {
  std::string preset;  // may be empty
  bool rated = false;
  // A tournament's game: the match is linked to the game (which must be 'starting') in the
  // transaction that stores it.
  std::optional<storage::Id> tournament;
  std::optional<storage::Id> tournament_game;

  static MatchOrigin casual(std::string preset) {
    MatchOrigin o;
    o.preset = std::move(preset);
    return o;
  }
};
Result<referee::MatchConfig> create_stored_match(storage::Database& db, referee::MatchConfig config,
                                                 const std::array<storage::Id, 2>& seats,
                                                 const MatchOrigin& origin = {});

// Whether the seats of a match may agree to take moves back: in casual games only (not
// rated, not a tournament's), without a spectator delay, of a game without hidden
// information. The one place this is decided; stored matches get it from their row.
bool takebacks_allowed(std::string_view game, bool rated, bool tournament,
                       int spectator_delay_plies);

// A stored match's configuration, from its row (takebacks as takebacks_allowed says).
referee::MatchConfig config_of(const storage::Match& match);

// What a restart needs for one match that was running.
struct ResumableMatch {
  storage::Match match;  // the row (seats, preset, rated, tournament, times)
  referee::MatchConfig config;
  std::vector<referee::JournalEntry> entries;  // in order
  std::array<storage::Id, 2> seats{};
};

// Every running match with its configuration, journal and seat users, by id.
Result<std::vector<ResumableMatch>> load_resumable(storage::Database& db);

}  // namespace boyi::hosting
