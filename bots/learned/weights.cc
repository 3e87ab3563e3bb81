#include "bots/learned/weights.h"

#include <cstdlib>
#include <iostream>
#include <mutex>
#include <set>

#include "base/program_paths.h"

namespace boyi::bots::learned {

std::filesystem::path weights_dir() {
  if (const char* env = std::getenv("BOYI_WEIGHTS_DIR"); env && *env) return env;
  return shipped_path("share/boyi/weights");
}

std::filesystem::path weights_path(std::string_view model, std::string_view explicit_path) {
  if (!explicit_path.empty()) return std::filesystem::path(explicit_path);
  return weights_dir() / std::filesystem::path(model);
}

void warn_once(std::string_view model, std::string_view what) {
  static std::mutex mutex;
  static std::set<std::string, std::less<>> warned;
  std::lock_guard lock(mutex);
  if (!warned.emplace(model).second) return;
  std::cerr << "warning: " << model << ": " << what << "\n";
}

}  // namespace boyi::bots::learned
