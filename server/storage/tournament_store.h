// Tournaments in storage: the tournament (its match setup, format and settings as JSON, its
// status), the entrants in seed order, the games with their state and result, and an event
// log with every change of state. Plain rows: the pairing logic is server/tournament, and
// the server and boyi-admin convert (server/tournament/ops).
//
// Statuses: created -> running <-> paused; created, running or paused -> cancelled;
// running -> finished. Game states: pending -> starting -> playing -> done, where 'starting'
// -> 'playing' happens in the transaction that creates the game's match
// (NewMatch::tournament_game), and a game whose match was aborted goes back to pending to be
// replayed.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/outcome.h"
#include "server/storage/database.h"
#include "server/storage/rating_store.h"

namespace boyi::storage {

enum class TournamentStatus { kCreated, kRunning, kPaused, kFinished, kCancelled };
std::string_view to_string(TournamentStatus status);
std::optional<TournamentStatus> parse_tournament_status(std::string_view text);

struct NewEntrant {
  Id user = 0;
  std::optional<int> house_strength;  // set: a house bot of this strength plays this seat
  std::string house_engine{};         // with it, the house engine in place of the level's ("")
};

struct NewTournament {
  std::string name;
  std::string game;
  std::string preset;
  std::string rules;
  TimeControl time;
  std::string format;    // "rr", "swiss", ... (server/tournament/settings.h)
  std::string settings;  // JSON (server/tournament/ops/settings_json.h)
  std::optional<Id> created_by;
  std::vector<NewEntrant> entrants;  // in seed order
};

struct Tournament : NewTournament {
  Id id = 0;
  TournamentStatus status = TournamentStatus::kCreated;
  std::int64_t created_ms = 0;
  std::optional<std::int64_t> started_ms;
  std::optional<std::int64_t> ended_ms;
  std::string result;  // a line at the end: the winner, the SPRT decision, ...
};

struct Entrant {
  int index = 0;  // seed order, 0 = top
  Id user = 0;
  std::string name;
  UserKind kind = UserKind::kBot;
  std::optional<int> house_strength;
  std::string house_engine;
};

// A house entrant's account and how it plays (the house engine "" for the level's player).
struct HouseEntrant {
  Id user = 0;
  int strength = 0;
  std::string engine;
};

struct TournamentGame {
  Id id = 0;
  Id tournament = 0;
  int round = 1;
  int board = 0;
  int game_no = 0;
  int seat0 = 0;             // entrant index
  std::optional<int> seat1;  // none: a bye
  std::string state;         // pending, starting, playing, done
  std::string result;        // pending, 1-0, 0-1, draw, bye, void
  std::optional<Id> match;   // the match playing (or that played) it
  int attempts = 0;          // matches started for it
  std::string ending;        // the match's ending name when done
  std::string detail;
  std::optional<std::int64_t> finished_ms;
};

// A game to add: result "pending", or "bye" (added done).
struct NewGame {
  int round = 1, board = 0, game_no = 0;
  int seat0 = 0;
  std::optional<int> seat1;
  std::string result = "pending";
};

struct TournamentEvent {
  Id id = 0;
  Id tournament = 0;
  std::int64_t wall_ms = 0;
  std::string kind;  // created, joined, started, paused, resumed, cancelled, games_added,
                     // games_voided, game_started, game_finished, game_aborted, finished, ...
  std::string detail;
  std::optional<Id> actor;  // who asked; none: the server
};

// What settling a game did.
enum class Settled {
  kNothing,  // not playing, or its match is not over
  kDone,     // finished: the result is recorded (and rated)
  kReplay,   // the match was aborted: the game is pending again
  kVoid,     // aborted too often: recorded as void
};

// A tournament game whose match is over, as settling reads it.
struct PlayedGame {
  Id tournament = 0;
  Id game = 0;
  Id match = 0;
  int attempts = 0;   // matches started for the game, this one included
  std::string where;  // "game 12 (round 1, board 0, game 0)"
  bool aborted = false;
  std::string ending;  // the match's ending name ("resignation", ...; "aborted")
  std::optional<int> winner;
  std::string detail;
  bool rated = false;
};

// What to record for a played game: the tournament's decision (the policy is the tournament
// code's, server/tournament/ops/settle_policy.h; storage only writes what it says).
struct Settlement {
  Settled kind = Settled::kNothing;  // kDone and kVoid record `result`; kReplay: pending again
  std::string result;                // "1-0", "0-1", "draw", "void"
  std::string event_kind;            // the tournament event written with it
  std::string event_detail;
  bool rate = false;  // the game counts for the ratings (with the RateGame given)
};
using SettlePolicy = std::function<Settlement(const PlayedGame&)>;

// Rates one game inside the settling transaction: both players' ratings before (the stored
// ones, or none yet) and the seat-0 player's score; returns both ratings after.
using RateGame = std::function<std::pair<RatingValue, RatingValue>(
    const std::optional<RatingRow>& seat0, const std::optional<RatingRow>& seat1, double score0,
    std::int64_t now_ms)>;

class TournamentStore {
 public:
  explicit TournamentStore(Database& db) : db_(db) {}

  // Stores the tournament (status created) with its entrants and a 'created' event.
  Result<Tournament> create(const NewTournament& t);
  Result<Tournament> get(Id id);
  // Newest first; `include_ended` false: created, running and paused only.
  Result<std::vector<Tournament>> list(bool include_ended, int limit);
  // Ended tournaments (cancelled while games were being played) with a game still starting or
  // playing: its match goes on and, when it ends, must still be settled. Oldest first.
  Result<std::vector<Id>> ended_with_games_in_play(int limit);
  Result<std::vector<Entrant>> entrants(Id tournament);
  // Adds an entrant at the end of the seed order (created tournaments only), with an event.
  Status add_entrant(Id tournament, const NewEntrant& entrant, std::optional<Id> actor);

  // Moves the status from one of `from` to `to` with an event of `kind`; an error naming the
  // current status when it is not one of `from`. Running sets started_ms once; finished and
  // cancelled set ended_ms (and `result` when given).
  Status transition(Id tournament, std::vector<TournamentStatus> from, TournamentStatus to,
                    std::string_view kind, std::optional<Id> actor, std::string_view detail = {},
                    std::optional<std::string> result = std::nullopt);

  Result<std::vector<TournamentGame>> games(Id tournament);  // in the order they were added
  // Adds games (one already there with the same round, board and game number is kept as
  // it is), with a 'games_added' event, in one transaction.
  Status add_games(Id tournament, const std::vector<NewGame>& games, std::string_view note);
  // pending -> starting (an error when the game is not pending).
  Status mark_starting(Id game);
  // starting -> pending, with an event: the match could not be created.
  Status start_failed(Id game, std::string_view reason);
  // Every 'starting' game with no match back to pending (after a restart); how many.
  Result<int> reset_starting(Id tournament);
  // Every pending game (not started) -> done, void, with `reason` as its detail and one event;
  // how many. For games the tournament no longer needs (an SPRT that has decided).
  Result<int> void_unstarted(Id tournament, std::string_view reason);
  // The game's match ended (or was aborted): records what `policy` decides, once, in one
  // transaction with its event and (when the settlement says so and `rate` is set) the
  // ratings. Idempotent: a game not playing, or whose match runs, is left alone (kNothing).
  Result<Settled> settle(Id game, const SettlePolicy& policy, const RateGame& rate);

  Status add_event(Id tournament, std::string_view kind, std::string_view detail,
                   std::optional<Id> actor = std::nullopt);
  Result<std::vector<TournamentEvent>> events(Id tournament, int limit);
  // The tournament and game a match plays for, if any.
  Result<std::optional<std::pair<Id, Id>>> game_of_match(Id match);
  // The house strength of a user that is a house entrant somewhere (the latest), if any.
  Result<std::vector<HouseEntrant>> house_entrants();

 private:
  Database& db_;
};

}  // namespace boyi::storage
