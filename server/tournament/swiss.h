// Swiss pairing: each round pairs entrants of equal (or the nearest) score who have not met,
// balancing seats; with an odd number of entrants one sits out with a bye.
//
// The rules, in order of priority (README.md, "Swiss pairing"):
//   1. No two entrants meet twice, and nobody gets a second bye.
//   2. Seats: when each pairing is an odd number of games, an entrant's seat-0 and seat-1
//      game counts never differ by more than 2, and nobody takes the same seat three games
//      running. Within that, whoever has had a seat less often gets it (alternating when even).
//   3. Score groups: the highest-ranked unpaired entrant (most points, then the lower seed
//      number) meets an entrant of its own score if it can, the top half of a score group
//      meeting the bottom half (1 v 5, 2 v 6, ... in a group of 8); otherwise the nearest score.
//   4. The bye goes to the lowest-ranked entrant who has not had one.
// Pairing is a complete backtracking search in that preference order, so rules 1 and 2 hold
// whenever some pairing satisfies them. Should none exist, rule 2 is dropped first, then
// repeats are allowed, least repeated first; the result says so. Rule 1 always holds for the
// first m/2 rounds, m the field rounded up to even (after r rounds every entrant may still
// meet m - 1 - r others, at least m/2 while r < m/2, and such a graph has a perfect matching
// by Dirac's theorem); later rounds of a long Swiss can run out of unmet opponents.
#pragma once

#include <array>
#include <vector>

#include "server/tournament/game.h"
#include "server/tournament/settings.h"

namespace boyi::tournament {

struct SwissRound {
  std::vector<std::array<int, 2>> pairs;  // (seat 0 in the pairing's first game, seat 1)
  int bye = -1;                           // the entrant with the bye, or -1
  bool seat_rule_relaxed = false;         // rule 2 could not be kept
  bool repeats = false;                   // rule 1 could not be kept
};

// The pairing of the next round from every game so far (all of them finished).
SwissRound pair_swiss_round(int entrants, const std::vector<Game>& games, const Points& points);

// The games of round `round` for that pairing (games_per_pairing each, seats alternating,
// the bye as a finished kBye game on the last board).
std::vector<Game> swiss_round_games(int round, const SwissRound& pairing, int games_per_pairing);

}  // namespace boyi::tournament
