// What a tournament does next, decided from its settings and its games alone: the server
// stores the games this returns and plays them; after a restart the same stored games give
// the same answer, so nothing is paired twice or differently.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "server/tournament/game.h"
#include "server/tournament/settings.h"
#include "server/tournament/sprt.h"

namespace boyi::tournament {

struct Plan {
  // Games to add (after those given), each with a new (round, board, game_no); byes come
  // finished.
  std::vector<Game> new_games;
  // Nothing more will be added: the tournament is over once every game is finished.
  bool no_more_games = false;
  // No more games and every game finished.
  bool complete = false;
  // The games not started yet are not needed any more (an SPRT has decided): void them
  // rather than play them. Games already under way are played to the end and counted.
  bool void_unstarted = false;
  std::string note;  // e.g. "round 3 paired", "SPRT: H1 accepted ..."
  std::optional<SprtStatus> sprt;
};

// `games` are every game so far, in the order they were added. Deterministic.
Plan plan_next(const Settings& settings, int entrants, const std::vector<Game>& games);

// SPRT counts of the first entrant from finished games.
SprtStatus sprt_of(const Settings& settings, const std::vector<Game>& games);

}  // namespace boyi::tournament
