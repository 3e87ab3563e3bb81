// Latency samples and the process-memory probe of the load generator.
#pragma once

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <mutex>
#include <string>
#include <vector>

namespace boyi::load {

// Thread-safe latency samples in microseconds.
class Latencies {
 public:
  void add(std::int64_t micros) {
    std::lock_guard lock(mu_);
    samples_.push_back(micros);
  }
  struct Summary {
    std::size_t count = 0;
    double p50_ms = 0, p90_ms = 0, p99_ms = 0, max_ms = 0;
  };
  Summary summary() {
    std::lock_guard lock(mu_);
    Summary s;
    s.count = samples_.size();
    if (samples_.empty()) return s;
    std::sort(samples_.begin(), samples_.end());
    auto at = [&](double q) {
      std::size_t i = static_cast<std::size_t>(q * static_cast<double>(samples_.size() - 1));
      return static_cast<double>(samples_[i]) / 1000.0;
    };
    s.p50_ms = at(0.50);
    s.p90_ms = at(0.90);
    s.p99_ms = at(0.99);
    s.max_ms = static_cast<double>(samples_.back()) / 1000.0;
    return s;
  }

 private:
  std::mutex mu_;
  std::vector<std::int64_t> samples_;
};

// "VmRSS" / "VmHWM" of a process in KiB from /proc/<pid>/status; -1 when unreadable.
inline long proc_status_kib(long pid, const std::string& field) {
  std::ifstream in("/proc/" + (pid > 0 ? std::to_string(pid) : std::string("self")) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(field + ":", 0) == 0) {
      try {
        return std::stol(line.substr(field.size() + 1));
      } catch (...) {
        return -1;
      }
    }
  }
  return -1;
}

}  // namespace boyi::load
