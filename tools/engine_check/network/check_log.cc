#include "tools/engine_check/network/check_log.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>

namespace boyi::engine_check {

CheckLog::CheckLog(const std::string& path, bool fresh) : path_(path) {
  if (path_.empty()) return;
  fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (fresh ? O_TRUNC : 0),
               0644);
}

CheckLog::~CheckLog() {
  if (fd_ >= 0) ::close(fd_);
}

void CheckLog::begin(std::string scenario) {
  scenario_ = std::move(scenario);
  began_ = std::chrono::steady_clock::now();
  line("--- scenario " + scenario_ + " ---");
}

void CheckLog::line(std::string_view text) {
  if (fd_ < 0) return;
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - began_).count();
  char stamp[64];
  std::snprintf(stamp, sizeof stamp, "[%s %+.3f] ", scenario_.c_str(), s);
  // One write per line: the bot appends to the same file, so lines never interleave.
  std::string out = stamp;
  out.append(text);
  out += '\n';
  const char* p = out.data();
  std::size_t left = out.size();
  while (left > 0) {
    const ssize_t n = ::write(fd_, p, left);
    if (n <= 0) return;
    p += n;
    left -= static_cast<std::size_t>(n);
  }
}

}  // namespace boyi::engine_check
