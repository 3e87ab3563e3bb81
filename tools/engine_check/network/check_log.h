// The check's log (NetworkCheckOptions::log_path): every message both ways as JSON, one
// line each, with the scenario and the time since it began, and notes on what the
// scripted server did on purpose. The bots' own output is appended to the same file.
#pragma once

#include <chrono>
#include <string>
#include <string_view>

namespace boyi::engine_check {

class CheckLog {
 public:
  // Empty path: logs nothing. `fresh`: the file starts empty.
  CheckLog(const std::string& path, bool fresh);
  ~CheckLog();
  CheckLog(const CheckLog&) = delete;
  CheckLog& operator=(const CheckLog&) = delete;

  const std::string& path() const { return path_; }
  bool enabled() const { return fd_ >= 0; }
  // Lines after this carry `scenario` and the time from now.
  void begin(std::string scenario);
  void line(std::string_view text);

 private:
  std::string path_;
  int fd_ = -1;
  std::string scenario_;
  std::chrono::steady_clock::time_point began_ = std::chrono::steady_clock::now();
};

}  // namespace boyi::engine_check
