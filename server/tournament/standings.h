// Standings: points, tie-breaks, a crosstable and Elo differences with 95% intervals, all
// computed from the games (so they are the same whenever and wherever they are computed).
//
// Ranking: a knockout ranks by how far each entrant went first; then points; then the
// settings' tie-breaks in order; entrants equal on all of these share a rank (listed by seed).
// Tie-breaks (README.md, "Standings"):
//   Buchholz          the sum of the opponents' points, once per game played against them;
//   Sonneborn-Berger  the sum over games of (the game's score 1, 1/2 or 0) x (the opponent's
//                     points);
//   direct encounter  the points scored in games against the entrants tied on points;
//   wins              games won.
// Byes and void games count for no tie-break; a bye scores Points::bye in a Swiss only.
#pragma once

#include <string>
#include <vector>

#include "server/tournament/game.h"
#include "server/tournament/settings.h"
#include "server/tournament/elo.h"

namespace boyi::tournament {

struct StandingRow {
  int entrant = -1;
  int rank = 0;  // 1-based; equal entrants share one
  Wdl wdl;
  int byes = 0;
  int voids = 0;
  double points = 0;
  double buchholz = 0;
  double sonneborn_berger = 0;
  double direct_encounter = 0;
  int place = 0;           // knockout: 1 champion, 2 finalist, 3, 5, ...; 0 still in (or
                           // another format)
  tournament::EloEstimate elo;  // from its results against the whole field
  double tie_break(TieBreak t) const;
};

// One cell per ordered pair: the row entrant's results against the column entrant.
struct CrossCell {
  Wdl wdl;
  std::string results;  // in game order: "1" win, "=" draw, "0" loss ("" if they never met)
  double points = 0;
  tournament::EloEstimate elo;  // the row entrant minus the column entrant
};

struct Standings {
  std::vector<StandingRow> rows;  // in rank order
  std::vector<TieBreak> tie_breaks;
  std::vector<std::vector<CrossCell>> crosstable;  // [row entrant][column entrant]
  int games_finished = 0;
  int games_total = 0;  // byes not counted
};

Standings compute_standings(const Settings& settings, int entrants, const std::vector<Game>& games);

// The points of one finished game for an entrant (0 for void games and others' games).
double game_points(const Settings& settings, const Game& game, int entrant);

}  // namespace boyi::tournament
