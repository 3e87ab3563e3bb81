#include "server/hosting/resume.h"

#include <utility>

namespace boyi::hosting {

Result<ResumeResult> resume_all(storage::Database& db, referee::TimePoint now,
                                const referee::GameFactory& factory) {
  auto loaded = load_resumable(db);
  if (!loaded) return Error{loaded.message()};
  ResumeResult out;
  for (const ResumableMatch& m : *loaded) {
    LiveMatch live;
    live.id = m.match.id;
    live.seats = m.seats;
    live.journal = std::make_unique<StorageJournal>(db, m.match.id);
    auto referee = referee::Referee::resume(m.config, m.entries, *live.journal, now, factory);
    if (referee) {
      live.referee = std::move(referee).value();
      out.resumed.push_back(std::move(live));
      continue;
    }
    // It cannot be rebuilt: settle it, so that it does not stay running for ever.
    std::string reason = "could not be resumed: " + referee.message();
    if (auto s = db.finish_match(m.match.id, {Ending::kAborted, std::nullopt, reason},
                                 storage::wall_clock_ms());
        !s)
      return Error{"match " + match_id_text(m.match.id) + " " + reason +
                   "; settling it failed: " + s.message()};
    out.aborted.push_back({m.match.id, std::move(reason)});
  }
  return out;
}

}  // namespace boyi::hosting
