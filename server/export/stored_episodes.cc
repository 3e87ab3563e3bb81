#include "server/export/stored_episodes.h"

#include <algorithm>

#include "referee/referee.h"
#include "server/hosting/storage_journal.h"

namespace boyi::data_export {
namespace {

// A finished match's record, rebuilt by the referee from its stored journal.
Result<referee::MatchRecord> record_of(storage::Database& db, const storage::Match& m) {
  auto rows = db.journal_of(m.id);
  if (!rows) return Error{rows.message()};
  std::vector<referee::JournalEntry> entries;
  for (const auto& r : *rows) {
    auto e = hosting::to_entry(r);
    if (!e) return Error{e.message()};
    entries.push_back(std::move(e).value());
  }
  referee::MemoryJournal scratch;  // a finished match appends nothing
  auto ref = referee::Referee::resume(hosting::config_of(m), entries, scratch, {});
  if (!ref) return Error{ref.message()};
  auto record = (*ref)->record();
  if (!record) return fail("the journal does not end the match");
  return std::move(*record);
}

}  // namespace

Result<StoredEpisodes> stored_episodes(storage::Database& db, const std::string& game, int limit) {
  auto finished = db.list_matches(storage::MatchStatus::kFinished, 1'000'000);
  if (!finished) return Error{finished.message()};
  std::vector<storage::Match> chosen;
  for (auto& m : *finished)
    if (m.game == game && static_cast<int>(chosen.size()) < limit) chosen.push_back(std::move(m));
  std::sort(chosen.begin(), chosen.end(),
            [](const storage::Match& a, const storage::Match& b) { return a.id < b.id; });
  StoredEpisodes out;
  for (const auto& m : chosen) {
    const std::string id = hosting::match_id_text(m.id);
    auto record = record_of(db, m);
    if (!record) {
      out.skipped.push_back(id + ": " + record.message());
      continue;
    }
    auto episodes = episodes_of(id, *record);
    if (!episodes) {
      out.skipped.push_back(id + ": " + episodes.message());
      continue;
    }
    for (auto& e : *episodes) out.episodes.push_back(std::move(e));
    ++out.matches;
  }
  return out;
}

}  // namespace boyi::data_export
