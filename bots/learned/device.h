// The torch device and thread count learned code runs with: a CUDA GPU when
// this libtorch has one (Debian's is CPU-only, so never required), else the CPU
// with every core.
#pragma once

#include <torch/types.h>

namespace boyi::bots::learned {

// The device training uses: CUDA when available, else CPU. Inference in a
// server always runs on the CPU unless BOYI_INFERENCE_DEVICE=cuda.
torch::Device training_device();
torch::Device inference_device();

// Sets torch's intra-op threads (0: every core) once for the process.
void use_threads(int threads);

}  // namespace boyi::bots::learned
