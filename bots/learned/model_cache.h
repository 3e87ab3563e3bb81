// One loaded network per weights file per process.
//
// Every learned player of a process that names the same file shares one
// loaded model (and with it one InferenceBatcher), so a server or a bot client
// running many matches holds the weights once and batches the matches'
// evaluations together. The model lives while any player holds it.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace boyi::bots::learned {

// `load` makes the model from the file (nullptr when it cannot: the caller
// falls back). A failed load is retried on the next call.
template <class Model>
std::shared_ptr<Model> shared_model(const std::filesystem::path& file,
                                    const std::function<std::shared_ptr<Model>()>& load) {
  static std::mutex mutex;
  static std::map<std::string, std::weak_ptr<Model>> loaded;
  std::lock_guard lock(mutex);
  const std::string key = std::filesystem::absolute(file).lexically_normal().string();
  if (auto live = loaded[key].lock()) return live;
  auto made = load();
  if (made) loaded[key] = made;
  return made;
}

}  // namespace boyi::bots::learned
