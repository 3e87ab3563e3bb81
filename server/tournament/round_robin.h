// Round robin (Berger tables) and gauntlet schedules: every game known before the first
// one starts.
#pragma once

#include <vector>

#include "server/tournament/game.h"

namespace boyi::tournament {

// Every game of a round robin of `entrants`, `cycles` times. One cycle is entrants - 1
// rounds (entrants rounds when odd: each round one entrant sits out, with no game and no
// points). Built by the circle method with Berger's colours: over a cycle every entrant has
// seat 0 and seat 1 equally often (one more of one when the count is odd) and never the same
// seat three times running. Each later cycle repeats the first with the seats swapped, so a
// double round robin plays every pair once from each seat; a cycle followed by another plays
// its last two rounds in reverse order (with three or four entrants, the odd-numbered cycles do),
// which keeps "never three running" across the junctions for any number of cycles.
std::vector<Game> round_robin_games(int entrants, int cycles);

// Entrant 0 against each other entrant in turn (round k: entrant k), `games_per_pairing`
// games each, entrant 0 in seat 0 in the even-numbered games.
std::vector<Game> gauntlet_games(int entrants, int games_per_pairing);

// The games of one pairing: `games` games of `first` and `second`, seats alternating with
// `first` in seat 0 in game `first_game_no` when that number is even.
std::vector<Game> pairing_games(int round, int board, int first, int second, int first_game_no,
                                int games);

}  // namespace boyi::tournament
