// What the server and boyi-admin both do with stored tournaments: create one from a spec
// (validated: the game or preset, the settings, the entrants), load one into the pairing
// logic's types, and the admin commands (start, pause, resume, cancel) with their rules.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "server/accounts/accounts.h"
#include "server/storage/tournament_store.h"
#include "server/tournament/game.h"
#include "server/tournament/settings.h"

namespace boyi::tournament {

// What an admin asks for (README.md, "Creating a tournament").
struct TournamentSpec {
  std::string name;
  std::string preset;  // a competition preset ("renju-ccgc"); or game (+ rules, time)
  std::string game;
  std::string rules;
  std::optional<storage::TimeControl> time;  // total, per move, increment (ms); grace from
                                             // the preset or 1 s
  Settings settings;
  // Account names in seed order; "house" or "house:N" is a house bot of strength N (0..10),
  // played by the server itself under the account "house-N" ("house-random" for 0).
  std::vector<std::string> entrants;
};

// {"name", "preset", "game", "rules", "time": {"total_ms", "per_move_ms", "increment_ms"},
//  "settings": {...}, "entrants": [...]}; unknown keys are errors.
Result<TournamentSpec> spec_from_json(const nlohmann::json& j);

// Validates and stores the tournament (status created). House accounts are made on first
// use; every other entrant must be an existing enabled account.
Result<storage::Tournament> create_tournament(storage::Database& db, accounts::Accounts& accounts,
                                              const TournamentSpec& spec,
                                              std::optional<storage::Id> actor);

// A stored tournament in the logic's terms.
struct LoadedTournament {
  storage::Tournament row;
  Settings settings;
  std::vector<storage::Entrant> entrants;
  std::vector<storage::TournamentGame> game_rows;  // in the order added
  std::vector<Game> games;                         // the same, as the pairing logic sees them
};
Result<LoadedTournament> load_tournament(storage::TournamentStore& store, storage::Id id);

Game to_game(const storage::TournamentGame& row);
storage::NewGame to_new_game(const Game& game);

// The admin commands: "start" (created), "pause" (running), "resume" (paused), "cancel"
// (created, running or paused). Each is one stored change of status with its event; games
// being played when a tournament is paused or cancelled finish and count.
Status tournament_command(storage::TournamentStore& store, storage::Id id, std::string_view verb,
                          std::optional<storage::Id> actor);

// The account name of a house bot of this strength and house engine ("house-7",
// "house-td-7"; "house-td" for the engine at the default strength).
std::string house_account_name(int strength, const std::string& engine = "");

}  // namespace boyi::tournament
