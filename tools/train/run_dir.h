// The out dir of a training run and what the driver remembers between runs.
//
//   curve.csv            the learning curve (curve_csv.h), one row per chunk
//   curve.gp, curve.png  the gnuplot script and its plot (plot.h)
//   latest.ckpt          the method's whole training state after the last chunk
//   run-state.txt        the driver's own counters, saved with latest.ckpt
//   checkpoint-G.ckpt    the training state at each evaluation (G games)
//   weights-G.pt         the network alone at each evaluation and at the end;
//                        weights-0.pt is the untrained network
//   weights-warm.pt      the network right after --warm-start's games (the final weights of
//                        a run of 0 games)
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "base/result.h"

namespace boyi::train {

struct RunDir {
  std::filesystem::path dir;

  std::filesystem::path curve_csv() const { return dir / "curve.csv"; }
  std::filesystem::path plot_script() const { return dir / "curve.gp"; }
  std::filesystem::path curve_png() const { return dir / "curve.png"; }
  std::filesystem::path plot_log() const { return dir / "plot.log"; }
  std::filesystem::path latest_checkpoint() const { return dir / "latest.ckpt"; }
  std::filesystem::path state_file() const { return dir / "run-state.txt"; }
  std::filesystem::path checkpoint(std::int64_t games) const;  // checkpoint-G.ckpt
  static std::string weights_name(std::int64_t games);         // weights-G.pt
  std::filesystem::path weights(std::int64_t games) const { return dir / weights_name(games); }
  std::filesystem::path warm_weights() const { return dir / "weights-warm.pt"; }

  // Creates the folder and checks that a file can be written in it.
  Status prepare() const;
};

// The driver's counters, beside the method's own checkpoint.
struct RunState {
  std::int64_t games = 0;            // games played when saved
  std::int64_t positions = 0;        // positions learned from, over every run
  double seconds = 0;                // wall seconds, over every run
  std::int64_t last_eval_games = 0;  // games at the last evaluation (0: none yet)
  std::string previous_weights = RunDir::weights_name(0);  // file in the dir evaluated last
};

// "key=value" lines; parsing rejects a missing key, a bad number or a weights
// name with a path in it.
std::string format_state(const RunState& state);
Result<RunState> parse_state(const std::string& text);
Status save_state(const std::filesystem::path& file, const RunState& state);
Result<RunState> load_state(const std::filesystem::path& file);

// Writes through a temporary file then renames, so a run killed in the middle
// never leaves a half-written file under the final name.
Status write_file_atomically(const std::filesystem::path& file, const std::string& text);

}  // namespace boyi::train
