// What boyi-train is asked to do: the command line as one value, checked
// before anything is trained (errors name the flag at fault).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "base/result.h"

namespace boyi::train {

struct TrainOptions {
  std::string game;              // "gomoku"
  std::string method;            // "bp-td"
  std::int64_t games = 1000;     // total self-play games to reach (over resumed runs too)
  std::string out_dir;           // "" = train-<game>-<method>
  std::uint64_t seed = 1;        // the method's seed; evaluation seeds derive from it
  int threads = 0;               // 0 = every core
  std::int64_t chunk = 10;       // games per train() call (one progress line and CSV row each)
  std::int64_t eval_every = 0;   // evaluate every N games; 0 = only at the end
  int eval_games = 20;           // games per evaluation match
  std::int64_t eval_ms = 100;    // per-move limit in evaluation matches
  std::vector<std::string> set;  // --set key=value, as given
  bool resume = false;
  double minutes = 0;       // wall budget; 0 = none
  std::string export_file;  // also copy the final weights here
  std::string warm_start;   // boyi-admin export's JSON lines to learn from before self-play
  int warm_epochs = 1;      // passes over them
  // Weights files of the method's network to average into export_file instead of training.
  std::vector<std::string> average;
};

// Checks the numbers and the --set entries (not the game or method: the
// method factory knows those).
Status validate(const TrainOptions& options);

// "key=value" entries into a map; an entry without '=', with an empty key or a
// key given twice is an error.
Result<std::map<std::string, std::string>> parse_settings(const std::vector<std::string>& entries);

// The out dir to use: options.out_dir, or "train-<game>-<method>".
std::string out_dir_of(const TrainOptions& options);

// Threads to use: options.threads, or every core when 0.
int threads_of(const TrainOptions& options);

}  // namespace boyi::train
