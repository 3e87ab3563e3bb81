// The local match runner: N games between two players of one game, no server.
// Game i gives the first engine (A) seat 0 when i is even and seat 1 when odd,
// so each plays first equally often. Every game is played in the arena
// (arena_game.h): the one referee with an in-memory journal, the same clocks, grace
// and illegal-move rule for both seats, and each seat told only what it may know.
//
// A player spec "cmd:PROTOCOL:COMMAND LINE" is an external engine program
// (external_engine.h); any other spec is a built-in player (bots/player.h). An engine
// that fails loses that game by disconnect forfeit.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "base/result.h"
#include "engine/core/outcome.h"

namespace boyi::match {

struct MatchConfig {
  std::string game;
  std::string first;   // player spec of engine A
  std::string second;  // player spec of engine B
  int games = 10;
  std::string rules;              // rules text ("" = the game's defaults)
  std::int64_t per_move_ms = -1;  // < 0: none
  std::int64_t bank_ms = -1;      // per side per game; < 0: none
  std::int64_t increment_ms = 0;
  std::int64_t safety_margin_ms = 30;
  std::int64_t grace_ms = 50;  // the referee's grace: a limit falls only this far past it
  std::uint64_t seed = 1;
  int concurrency = 1;
  int max_plies = 5000;        // a game still running after this many actions is aborted (a draw)
  std::string engine_log_dir;  // external engines: a transcript per game and engine here
  int startup_ms = 10000;      // external engines: to start and greet (off the clock)
  // piskvork brains under the ccgc opening: who decides what the protocol cannot ask
  // (BridgeOptions::opening_decider: "brain", "engine:SPEC"; "" = the strong engine).
  std::string opening_decider;
  // An opening suite: game i starts from opening (i / 2) mod the suite's size, so each
  // opening is played once with each engine on each side.
  std::vector<std::vector<std::string>> openings;
  // Without a suite: this many random legal actions open each pair of games (seeded by the
  // pair, so both games of a pair start alike); 0: none.
  int random_opening_plies = 0;
};

// The random opening of game `index` (random_opening_plies actions; fewer if the game ends).
Result<std::vector<std::string>> random_opening(const MatchConfig& config, int index);

// Whether either player is an external engine program.
bool uses_external_engine(const MatchConfig& config);

struct GameRecord {
  int index = 0;
  Seat a_seat = 0;                 // the seat engine A played
  std::string rules;               // the canonical rules text the game was played under
  Outcome outcome;                 // the game's end
  std::vector<std::string> moves;  // every action in notation, in order
  std::vector<Seat> movers;
  std::vector<std::string> comments;  // the movers' notes ("" for none), one per action
  std::int64_t a_ms = 0, b_ms = 0;    // thinking time used
  std::string note;                   // the reason for an illegal move or a failed engine
  // Void: a bridge could not play the game (it could not tell its engine what happened); no
  // result, left out of the score.
  bool void_game = false;
  // From A's point of view: 1 win, 0.5 draw, 0 loss.
  double a_score() const;
};

struct MatchResult {
  int wins = 0, draws = 0, losses = 0;  // for engine A
  int a_time_forfeits = 0, b_time_forfeits = 0;
  int a_illegal = 0, b_illegal = 0;
  int a_failures = 0, b_failures = 0;  // games lost by disconnect forfeit (the engine failed)
  int voids = 0;  // games a bridge could not play (GameRecord::void_game): not scored
  std::vector<GameRecord> games;  // by index
};

// Checks the config (game, external engine specs and programs, and that every game's opening
// can be told to each external engine in the seat it plays) before anything is played.
Status validate(const MatchConfig& config);
// Plays the match; `on_game` (optional) is called once per finished game, in
// completion order, from one thread at a time.
Result<MatchResult> run_match(const MatchConfig& config,
                              const std::function<void(const GameRecord&)>& on_game = {});

// A PGN-like text record of one game.
std::string game_log(const MatchConfig& config, const GameRecord& record);

}  // namespace boyi::match
