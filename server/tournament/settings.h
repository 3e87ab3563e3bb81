// A tournament's settings: the format and its parameters, the scoring, the tie-break order,
// how many matches run at once and what an absent entrant costs. Plain values, validated
// before a tournament is created (a bad value is an error naming the field, never a crash).
// The JSON form is in ops/settings_json.h; every field is described in README.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"

namespace boyi::tournament {

enum class Format {
  kRoundRobin,  // every pair meets `cycles` times; seats alternate
  kSwiss,       // `rounds` rounds, each entrant paired with one of a similar score
  kKnockout,    // single elimination, bracket by seed, tie-break games
  kGauntlet,    // entrant 0 against each of the others
  kSprt,        // two entrants until the sequential test decides
};

std::string_view format_name(Format format);  // "rr", "swiss", "ko", "gauntlet", "sprt"
// Accepts the short names and "round_robin", "knockout".
std::optional<Format> parse_format(std::string_view name);

enum class TieBreak {
  kDirectEncounter,  // points in the games among the entrants tied on points
  kSonnebornBerger,  // each game's score fraction times that opponent's points
  kBuchholz,         // the sum of the opponents' points, once per game
  kWins,             // games won
};

std::string_view tie_break_name(TieBreak t);  // "direct_encounter", "sonneborn_berger", ...
std::optional<TieBreak> parse_tie_break(std::string_view name);

// Points per game. A bye (Swiss with an odd number of entrants) scores `bye`.
struct Points {
  double win = 1;
  double draw = 0.5;
  double loss = 0;
  double bye = 1;
  bool operator==(const Points&) const = default;
};

// The sequential probability ratio test of the first entrant against the second: H0 "the
// Elo difference is elo0", H1 "it is elo1", with false-positive rate alpha and
// false-negative rate beta (sprt.h).
struct SprtSettings {
  double elo0 = 0;
  double elo1 = 5;
  double alpha = 0.05;
  double beta = 0.05;
  int max_games = 20000;  // stop undecided after this many games
  bool operator==(const SprtSettings&) const = default;
};

struct Settings {
  Format format = Format::kRoundRobin;
  int cycles = 1;             // round robin: 1 single, 2 double (each pair with both seats)
  int rounds = 0;             // swiss: rounds; 0: ceil(log2(n)) + 1, at most n/2 (swiss_rounds)
  int games_per_pairing = 1;  // swiss, knockout, gauntlet: games per pairing, seats alternating
  int tiebreak_games = 2;     // knockout: games added when a pairing is level
  int max_tiebreaks = 2;      // knockout: at most this many additions, then the higher seed
  SprtSettings sprt;
  Points points;
  std::vector<TieBreak> tie_breaks;  // empty: the format's default order (default_tie_breaks)

  int concurrency = 1;            // matches of this tournament running at once
  int entrant_games_at_once = 1;  // games one entrant may play at the same time
  // An entrant not connected when its game starts, or gone during it, has this long to come
  // (back) before it forfeits that game; the tournament goes on.
  std::int64_t forfeit_wait_ms = 60'000;
  int max_game_attempts = 3;  // an aborted game is replayed; after this many it is void
  bool rated = true;          // games update the players' Glicko-2 ratings
  bool open = false;          // accounts may join (JoinTournament) until it starts
  // An opening suite: each line the actions (in the game's notation) played for the seats
  // before the players take over. The k-th game of two entrants starts from line (k / 2)
  // mod the suite's size, so with seats alternating each opening is played from both sides.
  // Empty: every game from the start. Checked against the game at creation.
  std::vector<std::vector<std::string>> openings;

  // Checks every value against the number of entrants (0: not known yet).
  Status validate(int entrants = 0) const;
  // The tie-breaks in force: `tie_breaks`, or the format's default.
  std::vector<TieBreak> effective_tie_breaks() const;
  // Swiss: the number of rounds in force for this many entrants.
  int swiss_rounds(int entrants) const;
  bool operator==(const Settings&) const = default;
};

// Round robin: direct encounter, Sonneborn-Berger, wins. Swiss: Buchholz, Sonneborn-Berger,
// direct encounter. Others: Sonneborn-Berger, Buchholz.
std::vector<TieBreak> default_tie_breaks(Format format);

// Bounds enforced by validate().
inline constexpr int kMaxEntrants = 256;
inline constexpr int kMaxCycles = 10;
inline constexpr int kMaxGamesPerPairing = 100;
inline constexpr int kMaxConcurrency = 256;
inline constexpr std::size_t kMaxOpenings = 10'000;
inline constexpr std::size_t kMaxOpeningActions = 64;

}  // namespace boyi::tournament
