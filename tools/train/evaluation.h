// The evaluation matches of a training run: the current weights' player
// against the previous evaluation's weights and against each search-only
// baseline, with tools/match's run_match (seats alternate, seeds fixed).
#pragma once

#include <cstdint>
#include <string>

#include "base/result.h"
#include "server/tournament/elo.h"

namespace boyi::train {

struct Opponent {
  std::string label;   // "previous (weights-600.pt)", "threat"
  std::string spec;    // its player spec
  std::string column;  // its curve.csv column: "vs_previous", "vs_threat"
};

struct EvalSettings {
  std::string game;
  int games = 20;
  std::int64_t per_move_ms = 100;
  int concurrency = 1;
  std::uint64_t seed = 1;  // the run's --seed
};

struct EvalOutcome {
  Opponent opponent;
  int wins = 0, draws = 0, losses = 0;  // of the current weights
  tournament::EloEstimate elo;               // its score and Elo difference
};

// The match seed of the evaluation at `games` against opponent number
// `index`: fixed by the run's seed, different for every evaluation.
std::uint64_t evaluation_seed(std::uint64_t seed, std::int64_t games, int index);

// Plays settings.games games of `current` (a player spec) against `opponent`.
Result<EvalOutcome> evaluate(const EvalSettings& settings, const std::string& current,
                             const Opponent& opponent, int index, std::int64_t at_games);

// "eval @1200 games vs threat: 12-3-5 (W-D-L), score 0.675, Elo +127.3 [+12.0, +250.1]"
std::string format_evaluation(std::int64_t at_games, const EvalOutcome& outcome);

}  // namespace boyi::train
