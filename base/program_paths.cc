#include "base/program_paths.h"

#include <system_error>

namespace boyi {

std::filesystem::path program_dir() {
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec || exe.empty()) return {};
  return exe.parent_path();
}

std::filesystem::path shipped_path(std::string_view relative) {
  const auto dir = program_dir();
  if (dir.empty()) return {};
  return (dir.parent_path() / std::filesystem::path(relative)).lexically_normal();
}

}  // namespace boyi
