// Knockout: a single-elimination bracket by seed (1 v 16, 8 v 9, ... so that the top seeds
// meet last), byes for the top seeds when the field is not a power of two. Each pairing plays
// `games_per_pairing` games with alternating seats (the higher seed in seat 0 first); a
// pairing still level adds `tiebreak_games` games, at most `max_tiebreaks` times, and is then
// decided for the higher seed. A round starts when the previous one is decided.
#pragma once

#include <vector>

#include "server/tournament/game.h"
#include "server/tournament/settings.h"

namespace boyi::tournament {

// Seeds 1..size in bracket order (size a power of two): 1, 8, 4, 5, 2, 7, 3, 6 for 8.
std::vector<int> bracket_order(int size);

struct KnockoutPairing {
  int round = 1;
  int board = 0;
  int top = -1;          // the higher seed (the lower entrant index)
  int bottom = -1;       // -1: a bye for `top`
  int winner = -1;       // -1 while undecided
  bool by_seed = false;  // still level after every tie-break: the higher seed went through
  bool in_progress() const { return winner < 0; }
};

struct KnockoutState {
  int rounds = 0;                                     // rounds of the whole bracket
  std::vector<std::vector<KnockoutPairing>> bracket;  // [round - 1][board], as far as known
  int champion = -1;
  // Each entrant's place: 1 champion, 2 the losing finalist, 3 the semi-final losers, 5 the
  // quarter-final losers, ...; 0 while still in.
  std::vector<int> places;
  // Games to add now: tie-breaks of level pairings, or the next round once this one is done.
  std::vector<Game> next_games;
};

KnockoutState knockout_state(int entrants, const Settings& settings,
                             const std::vector<Game>& games);

}  // namespace boyi::tournament
