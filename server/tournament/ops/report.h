// The tournament report as JSON (documented field by field in ../README.md, "The report"):
// the tournament and its settings, entrants, standings with tie-breaks, Elo with 95%
// intervals and ratings, the crosstable, every game with links to its records, the SPRT or
// knockout state, and the event log. The web client shows it as a page.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/storage/rating_store.h"
#include "server/tournament/ops/tournament_ops.h"
#include "server/tournament/standings.h"

namespace boyi::tournament {

// RFC 3339 UTC from wall-clock milliseconds ("" for none).
std::string rfc3339(std::optional<std::int64_t> ms);

// One line per tournament, for lists.
nlohmann::json tournament_summary(const LoadedTournament& t);

nlohmann::json tournament_report(const LoadedTournament& t, const Standings& standings,
                                 const std::map<storage::Id, storage::RatingRow>& ratings,
                                 const std::vector<storage::TournamentEvent>& events);

// Loads the tournament with its standings, the entrants' ratings and its events and builds
// the report.
Result<nlohmann::json> load_report(storage::Database& db, storage::Id id);

// The URL paths of one game's records and views (under /api).
nlohmann::json game_links(storage::Id tournament, storage::Id match);

}  // namespace boyi::tournament
