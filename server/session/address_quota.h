// New accounts (guests, or sign-ups) per client address: a token bucket each
// (net::RateLimiter), holding `per_hour` and refilling evenly over an hour, so a burst from
// one address is allowed once and then only a steady trickle. Addresses quiet for an hour
// (their bucket full again) are forgotten once the map grows, so it holds only recent
// creators.
#pragma once

#include <chrono>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/net/rate_limiter.h"

namespace boyi::app {

class AddressQuota {
 public:
  using Clock = std::chrono::steady_clock;

  explicit AddressQuota(int per_hour) : per_hour_(per_hour) {}

  // Whether `address` may create one more account now (always, when per_hour is 0).
  bool try_take(const std::string& address, Clock::time_point now = Clock::now()) {
    if (per_hour_ <= 0) return true;
    std::lock_guard lock(mu_);
    if (buckets_.size() >= kForgetAbove)
      std::erase_if(buckets_, [&](const auto& kv) { return now - kv.second.last >= kRefill; });
    auto it = buckets_.find(address);
    if (it == buckets_.end())
      it = buckets_
               .emplace(address, Bucket{net::RateLimiter(per_hour_ / 3600.0, per_hour_, now), now})
               .first;
    it->second.last = now;
    return it->second.limiter.try_take(now);
  }

 private:
  static constexpr std::size_t kForgetAbove = 10'000;
  static constexpr std::chrono::hours kRefill{1};
  struct Bucket {
    net::RateLimiter limiter;
    Clock::time_point last;
  };
  int per_hour_;
  std::mutex mu_;
  std::unordered_map<std::string, Bucket> buckets_;
};

}  // namespace boyi::app
