// A self-play training method of one game (a seed paper's), as boyi-train
// drives it: the driver (tools/train) owns the loop — progress, checkpoints,
// evaluation matches, the learning curve — and a method owns the network, its
// optimizer state and the self-play that feeds it.
//
// Reproducibility: a method seeded alike and fed the same calls produces the
// same weights when it runs on one thread; with several self-play workers the
// games are still seeded per game index, only the order of updates may differ.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/result.h"

namespace boyi::bots::learned {

struct TrainConfig {
  std::uint64_t seed = 1;
  int threads = 0;  // self-play workers and torch threads; 0 = every core
  // Method hyper-parameters from --set key=value (each method documents its
  // keys and rejects unknown ones).
  std::map<std::string, std::string> params;
};

// What one call of train() did.
struct TrainStats {
  std::int64_t games = 0;      // self-play games played in this call
  std::int64_t positions = 0;  // positions (or moves) learned from in this call
  double loss = 0;             // the method's training loss, averaged over the call
  double epsilon = 0;          // exploration rate at the end of the call (0 if none)
  double step_size = 0;        // learning rate at the end of the call
  // Extra figures for the curve, e.g. {"td_error", 0.01} (same keys every call).
  std::map<std::string, double> extra;
};

// A finished game to learn from (boyi-admin export's two episodes of a match, joined, or a
// boyi-match log's record): the rules, every action in order with its seat, and the winner
// (none: a draw or aborted).
struct RecordedGame {
  std::string game;  // "gomoku", ...
  std::string rules;
  std::vector<std::pair<int, std::string>> actions;  // (seat, action text)
  std::optional<int> winner;
  // The leading actions an opening suite imposed: no player chose them, so they are no
  // example of a move (their positions still lead to the result).
  std::size_t opening_actions = 0;
};

class TrainingMethod {
 public:
  virtual ~TrainingMethod() = default;
  virtual std::string game() const = 0;    // "gomoku"
  virtual std::string method() const = 0;  // "bp-td"
  // The file name the shipped weights have (e.g. "gomoku-bptd.pt").
  virtual std::string weights_file() const = 0;

  // Plays `games` self-play games and learns from them.
  virtual Result<TrainStats> train(std::int64_t games) = 0;
  // Supervised warm start: learns from real games, `epochs` passes over them, before
  // self-play (boyi-train --warm-start). Not counted as self-play games. A method that
  // cannot learn from records says so; a game it cannot replay is an error naming it.
  virtual Result<TrainStats> learn_from_games(const std::vector<RecordedGame>& games, int epochs) {
    (void)games;
    (void)epochs;
    return fail(game() + " " + method() + " cannot learn from recorded games");
  }
  // The whole training state (network, optimizer, counters, random state).
  virtual Status save_checkpoint(const std::filesystem::path& file) const = 0;
  virtual Status load_checkpoint(const std::filesystem::path& file) = 0;
  // The network alone, in the format the game's learned player loads.
  virtual Status export_weights(const std::filesystem::path& file) const = 0;
  // Writes to `out` the parameter-wise average of weights files of this method's network
  // (boyi-train --average). A method that cannot average says so.
  virtual Status average_weights(const std::vector<std::filesystem::path>& files,
                                 const std::filesystem::path& out) const {
    (void)files;
    (void)out;
    return fail(game() + " " + method() + " cannot average weights files");
  }
  // The player spec that plays with `weights` (e.g. "td:weights=FILE") at evaluation.
  virtual std::string player_spec(const std::filesystem::path& weights) const = 0;
  // The same player without a network (its hand-made fallback), and the
  // search-only baselines the evaluation matches are played against.
  virtual std::vector<std::string> baselines() const = 0;
  virtual std::int64_t games_played() const = 0;  // over every call, restored by a checkpoint
};

// The methods by game and name: gomoku bp-td, gomoku bp-td-rich, surakarta
// sarsa, junqi dmc. Errors for an unknown pair or a bad hyper-parameter.
Result<std::unique_ptr<TrainingMethod>> make_training_method(std::string_view game,
                                                             std::string_view method,
                                                             const TrainConfig& config);
// "gomoku bp-td", ... one per line with a short description.
std::vector<std::string> training_methods();

// For a driver that does not include torch (device.h has the torch-typed
// forms): the device training runs on, "cuda" or "cpu", and torch's thread
// count (0: every core).
std::string training_device_name();
void use_threads(int threads);

}  // namespace boyi::bots::learned
