#include "bots/learned_plugin.h"

#include <dlfcn.h>

#include <cstdlib>
#include <iostream>
#include <mutex>
#include <string>

#include "base/program_paths.h"

namespace boyi::bots {

namespace {

const LearnedPlugin& plugin() {
  static const LearnedPlugin none{};
  static const LearnedPlugin* loaded = nullptr;
  static std::once_flag once;
  std::call_once(once, [] {
    const char* env = std::getenv("BOYI_LEARNED_LIBRARY");
    // A build without the learned players ships no library: nothing to warn about.
    if (!BOYI_WITH_LEARNED && !(env && *env)) return;
    const std::string path =
        env && *env ? std::string(env) : shipped_path("lib/boyi/libboyi_learned.so").string();
    void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      const char* why = ::dlerror();
      std::cerr << "warning: the learned players are unavailable: " << (why ? why : path)
                << "\n";
      return;
    }
    auto entry = reinterpret_cast<LearnedPluginEntry>(::dlsym(handle, kLearnedPluginEntry));
    const LearnedPlugin* p = entry ? entry() : nullptr;
    if (!p || p->abi != LearnedPlugin::kAbi) {
      std::cerr << "warning: the learned players are unavailable: " << path
                << " is not a learned-player library of this build\n";
      return;
    }
    loaded = p;  // the library stays loaded for the life of the process
  });
  return loaded ? *loaded : none;
}

template <class T>
const std::vector<T>& or_empty(const std::vector<T>* table) {
  static const std::vector<T> empty;
  return table ? *table : empty;
}

}  // namespace

template <>
const std::vector<NamedEngine<gomoku::State>>& learned_players<gomoku::State>() {
  return or_empty(plugin().gomoku);
}
template <>
const std::vector<NamedEngine<dots::State>>& learned_players<dots::State>() {
  return or_empty(plugin().dots);
}
template <>
const std::vector<NamedEngine<surakarta::State>>& learned_players<surakarta::State>() {
  return or_empty(plugin().surakarta);
}
template <>
const std::vector<NamedEngine<junqi::State>>& learned_players<junqi::State>() {
  return or_empty(plugin().junqi);
}

}  // namespace boyi::bots
