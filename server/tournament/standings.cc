#include "server/tournament/standings.h"

#include <algorithm>

#include "server/tournament/knockout.h"

namespace boyi::tournament {

double StandingRow::tie_break(TieBreak t) const {
  switch (t) {
    case TieBreak::kDirectEncounter:
      return direct_encounter;
    case TieBreak::kSonnebornBerger:
      return sonneborn_berger;
    case TieBreak::kBuchholz:
      return buchholz;
    case TieBreak::kWins:
      return wdl.wins;
  }
  return 0;
}

double game_points(const Settings& settings, const Game& game, int entrant) {
  if (game.is_bye())
    return game.seats[0] == entrant && settings.format == Format::kSwiss ? settings.points.bye : 0;
  const double s = game.score_of(entrant);
  if (s < 0) return 0;
  if (s >= 1) return settings.points.win;
  return s > 0 ? settings.points.draw : settings.points.loss;
}

Standings compute_standings(const Settings& settings, int entrants,
                            const std::vector<Game>& games) {
  Standings out;
  out.tie_breaks = settings.effective_tie_breaks();
  const auto n = static_cast<std::size_t>(std::max(entrants, 0));
  std::vector<StandingRow> rows(n);
  out.crosstable.assign(n, std::vector<CrossCell>(n));
  for (std::size_t e = 0; e < n; ++e) rows[e].entrant = static_cast<int>(e);
  const auto valid = [&](int e) { return e >= 0 && static_cast<std::size_t>(e) < n; };

  for (const auto& g : games) {
    if (!g.is_bye()) ++out.games_total;
    if (!valid(g.seats[0])) continue;
    if (g.is_bye()) {
      ++rows[static_cast<std::size_t>(g.seats[0])].byes;
      rows[static_cast<std::size_t>(g.seats[0])].points += game_points(settings, g, g.seats[0]);
      continue;
    }
    if (!valid(g.seats[1]) || !g.finished()) continue;
    ++out.games_finished;
    for (int side = 0; side < 2; ++side) {
      const int me = g.seats[static_cast<std::size_t>(side)];
      const int opp = g.seats[static_cast<std::size_t>(1 - side)];
      auto& row = rows[static_cast<std::size_t>(me)];
      if (g.result == GameResult::kVoid) {
        ++row.voids;
        continue;
      }
      const double s = g.score_of(me);
      row.wdl.add(s);
      row.points += game_points(settings, g, me);
      auto& cell = out.crosstable[static_cast<std::size_t>(me)][static_cast<std::size_t>(opp)];
      cell.wdl.add(s);
      cell.results += s >= 1 ? "1" : s > 0 ? "=" : "0";
      cell.points += game_points(settings, g, me);
    }
  }
  // Tie-breaks need everyone's points first.
  for (const auto& g : games) {
    if (g.is_bye() || !g.finished() || g.result == GameResult::kVoid) continue;
    if (!valid(g.seats[0]) || !valid(g.seats[1])) continue;
    for (int side = 0; side < 2; ++side) {
      const int me = g.seats[static_cast<std::size_t>(side)];
      const int opp = g.seats[static_cast<std::size_t>(1 - side)];
      auto& row = rows[static_cast<std::size_t>(me)];
      const double opp_points = rows[static_cast<std::size_t>(opp)].points;
      row.buchholz += opp_points;
      row.sonneborn_berger += g.score_of(me) * opp_points;
      if (opp_points == row.points) row.direct_encounter += game_points(settings, g, me);
    }
  }
  for (auto& row : rows) {
    row.elo = tournament::elo_estimate(row.wdl.wins, row.wdl.draws, row.wdl.losses);
    for (std::size_t o = 0; o < n; ++o) {
      auto& cell = out.crosstable[static_cast<std::size_t>(row.entrant)][o];
      cell.elo = tournament::elo_estimate(cell.wdl.wins, cell.wdl.draws, cell.wdl.losses);
    }
  }
  if (settings.format == Format::kKnockout) {
    const auto ko = knockout_state(entrants, settings, games);
    for (std::size_t e = 0; e < n; ++e) rows[e].place = ko.places[e];
  }

  const auto key_less = [&](const StandingRow& a, const StandingRow& b) {
    // A smaller place is better; 0 (still in, or not a knockout) is best of all.
    if (a.place != b.place) return a.place < b.place;
    if (a.points != b.points) return a.points > b.points;
    for (TieBreak t : out.tie_breaks)
      if (a.tie_break(t) != b.tie_break(t)) return a.tie_break(t) > b.tie_break(t);
    return false;
  };
  std::stable_sort(rows.begin(), rows.end(), key_less);
  for (std::size_t i = 0; i < rows.size(); ++i)
    rows[i].rank =
        i > 0 && !key_less(rows[i - 1], rows[i]) ? rows[i - 1].rank : static_cast<int>(i) + 1;
  out.rows = std::move(rows);
  return out;
}

}  // namespace boyi::tournament
