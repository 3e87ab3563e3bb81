// Torch archive files (weights and checkpoints) with every failure as an
// error value: a missing, truncated or foreign file, or a disk that refuses
// the write, becomes a Status naming the file, never an exception in a player
// or the trainer.
#pragma once

#include <torch/serialize/archive.h>

#include <filesystem>
#include <functional>

#include "base/result.h"

namespace boyi::bots::learned {

// Fills an archive with `write` and saves it to `file`.
Status save_archive(const std::filesystem::path& file,
                    const std::function<void(torch::serialize::OutputArchive&)>& write);

// Loads `file` (tensors on the CPU) and hands it to `read`, whose error is
// returned prefixed with the file's name.
Status load_archive(const std::filesystem::path& file,
                    const std::function<Status(torch::serialize::InputArchive&)>& read);

}  // namespace boyi::bots::learned
