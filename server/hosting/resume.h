// Resuming every match a stopped server held: each running match is rebuilt by
// Referee::resume from its stored journal (position, clocks, who is to move,
// illegal-attempt counts, events); the downtime is charged to nobody and both
// seats get their disconnect grace from `now` to come back. A match whose journal
// no longer replays is settled as aborted, with the reason, so that nothing stays
// running for ever.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "server/hosting/storage_journal.h"
#include "referee/referee.h"

namespace boyi::hosting {

struct LiveMatch {
  storage::Id id = 0;
  std::array<storage::Id, 2> seats{};
  // The journal outlives the referee that appends to it (members die in reverse order).
  std::unique_ptr<StorageJournal> journal;
  std::unique_ptr<referee::Referee> referee;
};

struct SettledMatch {
  storage::Id id = 0;
  std::string reason;  // why it could not be resumed
};

struct ResumeResult {
  std::vector<LiveMatch> resumed;
  std::vector<SettledMatch> aborted;
};

// A storage failure (reading, or settling a match that does not replay) is an error.
// `factory` makes each game as in Referee::resume (empty: the registry's create_game).
Result<ResumeResult> resume_all(storage::Database& db, referee::TimePoint now,
                                const referee::GameFactory& factory = {});

}  // namespace boyi::hosting
