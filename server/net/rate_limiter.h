// A token bucket: `rate` tokens per second up to `burst`; each message takes one.
#pragma once

#include <algorithm>
#include <chrono>

namespace boyi::net {

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  RateLimiter(double rate, double burst, Clock::time_point now = Clock::now())
      : rate_(rate), burst_(std::max(1.0, burst)), tokens_(burst_), last_(now) {}

  // Takes a token if there is one.
  bool try_take(Clock::time_point now = Clock::now()) {
    if (rate_ <= 0) return true;  // unlimited
    const double elapsed = std::chrono::duration<double>(now - last_).count();
    if (elapsed > 0) {
      tokens_ = std::min(burst_, tokens_ + elapsed * rate_);
      last_ = now;
    }
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
  }

 private:
  double rate_;
  double burst_;
  double tokens_;
  Clock::time_point last_;
};

}  // namespace boyi::net
