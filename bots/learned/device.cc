#include "bots/learned/device.h"

#include "bots/learned/training_method.h"

#include <torch/cuda.h>
#include <torch/utils.h>

#include <cstdlib>
#include <string>
#include <string_view>
#include <thread>

namespace boyi::bots::learned {

torch::Device training_device() {
  return torch::cuda::is_available() ? torch::Device(torch::kCUDA) : torch::Device(torch::kCPU);
}

torch::Device inference_device() {
  const char* env = std::getenv("BOYI_INFERENCE_DEVICE");
  if (env && std::string_view(env) == "cuda" && torch::cuda::is_available())
    return torch::Device(torch::kCUDA);
  return torch::Device(torch::kCPU);
}

std::string training_device_name() {
  return training_device().is_cuda() ? "cuda" : "cpu";
}

void use_threads(int threads) {
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  torch::set_num_threads(threads);
}

}  // namespace boyi::bots::learned
