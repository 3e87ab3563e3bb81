// The training loop of boyi-train around one TrainingMethod: chunks of
// self-play games, a progress line and a curve.csv row per chunk, the
// checkpoint after every chunk, evaluations (weights exported, matches
// played) every --eval-every games and at the end, the PNG, and the final
// export. The out dir's layout is in run_dir.h.
//
// A fresh run refuses an out dir that already holds a run (latest.ckpt);
// --resume continues one. Stopping: the target reached, the --minutes budget
// spent (both end with an evaluation and the final export), or a stop request
// (Ctrl-C) seen between chunks, which ends after the checkpoint.
#pragma once

#include <functional>

#include "bots/learned/training_method.h"
#include "base/result.h"
#include "tools/train/progress.h"
#include "tools/train/train_options.h"

namespace boyi::train {

enum class RunEnd { kFinished, kStopped };

struct TrainerIo {
  ProgressPrinter* progress = nullptr;   // progress lines and notes
  std::function<bool()> stop_requested;  // polled between chunks (may be empty)
};

// Runs (or resumes) the training that `options` describe with `method`
// (made with the same seed, threads and settings).
Result<RunEnd> run_training(const TrainOptions& options, bots::learned::TrainingMethod& method,
                            const TrainerIo& io);

}  // namespace boyi::train
