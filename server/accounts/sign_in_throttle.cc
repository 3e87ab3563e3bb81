#include "server/accounts/sign_in_throttle.h"

#include <algorithm>

namespace boyi::accounts {
namespace {

// Names are unique without regard to ASCII case (names.h): so are their records.
std::string account_key(std::string_view name) {
  std::string key(name);
  for (char& c : key)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return key;
}

}  // namespace

SignInThrottle::Millis SignInThrottle::delay_of(const Record& r, Millis cap) const {
  const int over = r.failures - limits_.free_failures;
  if (over <= 0) return Millis{0};
  Millis delay = limits_.first_delay;
  for (int i = 1; i < over && delay < cap; ++i) delay *= 2;
  return std::min(delay, cap);
}

SignInThrottle::Millis SignInThrottle::remaining(Records& records, const std::string& key,
                                                 Millis cap, Clock::time_point now) {
  const auto it = records.find(key);
  if (it == records.end()) return Millis{0};
  if (now - it->second.last >= limits_.forget_after) {
    records.erase(it);
    return Millis{0};
  }
  const auto until = it->second.last + delay_of(it->second, cap);
  return until > now ? std::chrono::ceil<Millis>(until - now) : Millis{0};
}

void SignInThrottle::count(Records& records, std::string key, Clock::time_point now) {
  if (records.size() >= limits_.max_records && !records.contains(key)) {
    // Full (a flood of names or addresses): forget the faded records, else the stalest.
    std::erase_if(records,
                  [&](const auto& kv) { return now - kv.second.last >= limits_.forget_after; });
    if (records.size() >= limits_.max_records) {
      const auto stalest = std::min_element(
          records.begin(), records.end(),
          [](const auto& a, const auto& b) { return a.second.last < b.second.last; });
      records.erase(stalest);
    }
  }
  auto& r = records[std::move(key)];
  if (r.failures > 0 && now - r.last >= limits_.forget_after) r.failures = 0;
  ++r.failures;
  r.last = now;
}

SignInThrottle::Wait SignInThrottle::wait(std::string_view account, std::string_view address,
                                          Clock::time_point now) {
  std::lock_guard lock(mu_);
  const Millis by_account =
      remaining(accounts_, account_key(account), limits_.max_account_delay, now);
  const Millis by_address =
      address.empty() ? Millis{0}
                      : remaining(addresses_, std::string(address), limits_.max_address_delay, now);
  if (by_account.count() == 0 && by_address.count() == 0) return {};
  return by_address >= by_account ? Wait{by_address, By::address} : Wait{by_account, By::account};
}

void SignInThrottle::failed(std::string_view account, std::string_view address,
                            Clock::time_point now) {
  std::lock_guard lock(mu_);
  count(accounts_, account_key(account), now);
  if (!address.empty()) count(addresses_, std::string(address), now);
}

void SignInThrottle::succeeded(std::string_view account) {
  std::lock_guard lock(mu_);
  accounts_.erase(account_key(account));
}

}  // namespace boyi::accounts
