#include "server/tournament/ops/report_text.h"

#include <cstdio>
#include <iomanip>
#include <sstream>

#include "server/tournament/plan.h"
#include "server/tournament/standings.h"

namespace boyi::tournament {
namespace {

std::string number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}

std::string elo_text(const tournament::EloEstimate& e, int games) {
  if (games == 0) return "-";
  return tournament::format_elo(e.elo) + " [" + tournament::format_elo(e.lower) + ", " +
         tournament::format_elo(e.upper) + "]";
}

}  // namespace

std::string standings_text(const LoadedTournament& t, bool with_games) {
  std::ostringstream out;
  const int n = static_cast<int>(t.entrants.size());
  const auto st = compute_standings(t.settings, n, t.games);
  out << "tournament " << t.row.id << " \"" << t.row.name << "\": " << t.row.game
      << (t.row.preset.empty() ? "" : " (" + t.row.preset + ")") << ", " << t.row.format << ", "
      << storage::to_string(t.row.status) << ", " << st.games_finished << "/" << st.games_total
      << " games" << (t.row.result.empty() ? "" : "; " + t.row.result) << "\n\n";
  out << std::left << std::setw(5) << "rank" << std::setw(24) << "entrant" << std::setw(7)
      << "games" << std::setw(12) << "+ = -" << std::setw(8) << "points";
  for (auto b : st.tie_breaks) out << std::setw(18) << tie_break_name(b);
  out << "elo [95%]\n";
  for (const auto& r : st.rows) {
    std::ostringstream wdl;
    wdl << r.wdl.wins << " " << r.wdl.draws << " " << r.wdl.losses;
    out << std::setw(5) << r.rank << std::setw(24)
        << t.entrants[static_cast<std::size_t>(r.entrant)].name << std::setw(7) << r.wdl.games()
        << std::setw(12) << wdl.str() << std::setw(8) << number(r.points);
    for (auto b : st.tie_breaks) out << std::setw(18) << number(r.tie_break(b));
    out << elo_text(r.elo, r.wdl.games()) << "\n";
  }
  if (t.settings.format == Format::kSprt)
    out << "\nSPRT " << describe(sprt_of(t.settings, t.games)) << "\n";
  out << "\ncrosstable (row against column: 1 win, = draw, 0 loss)\n" << std::setw(4) << "";
  for (int j = 0; j < n; ++j) out << std::setw(9) << j;
  out << "\n";
  for (int i = 0; i < n; ++i) {
    out << std::setw(4) << i;
    for (int j = 0; j < n; ++j) {
      const auto& c = st.crosstable[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
      std::string cell = i == j ? "x" : c.results.empty() ? "." : c.results;
      if (cell.size() > 8) cell = number(c.points) + "/" + std::to_string(c.wdl.games());
      out << std::setw(9) << cell;
    }
    out << " " << t.entrants[static_cast<std::size_t>(i)].name << "\n";
  }
  if (!with_games) return out.str();
  out << "\ngames\n";
  for (const auto& g : t.game_rows) {
    const auto name = [&](std::optional<int> e) {
      return e ? t.entrants[static_cast<std::size_t>(*e)].name : std::string("(bye)");
    };
    out << "  r" << g.round << " b" << g.board << " g" << g.game_no << "  " << std::setw(40)
        << (name(g.seat0) + " - " + name(g.seat1)) << std::setw(9) << g.state << std::setw(8)
        << g.result << (g.match ? "match " + std::to_string(*g.match) : std::string()) << "\n";
  }
  return out.str();
}

}  // namespace boyi::tournament
