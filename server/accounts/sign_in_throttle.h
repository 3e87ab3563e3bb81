// Slows down password guessing without locking anyone out.
//
// Failed password checks are counted per account name and per client address. After a few
// free failures, the next attempt for that name, or from that address, must wait a delay
// that doubles with each further failure, up to a cap; an attempt inside the delay is
// refused without checking the password (so it costs no argon2 either). A success clears
// the name's record (not the address's: a guesser could clear it with an account of their
// own); a record nobody touched for `forget_after` is dropped. The cap on an account's delay is
// short on purpose: anyone can fail for a victim's name, and the worst they can do is make the
// victim wait that long.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace boyi::accounts {

class SignInThrottle {
 public:
  using Clock = std::chrono::steady_clock;
  using Millis = std::chrono::milliseconds;

  struct Limits {
    int free_failures = 5;
    Millis first_delay{1000};
    Millis max_account_delay{30'000};
    Millis max_address_delay{300'000};
    std::chrono::minutes forget_after{15};
    std::size_t max_records = 100'000;  // per kind; the stalest are dropped past it
  };

  // Which record made an attempt wait.
  enum class By { nobody, account, address };
  struct Wait {
    Millis delay{0};
    By by = By::nobody;
    explicit operator bool() const { return delay.count() > 0; }
  };

  SignInThrottle() = default;
  explicit SignInThrottle(Limits limits) : limits_(limits) {}

  // How long an attempt for `account` from `address` must still wait (none: go ahead).
  Wait wait(std::string_view account, std::string_view address, Clock::time_point now);
  void failed(std::string_view account, std::string_view address, Clock::time_point now);
  void succeeded(std::string_view account);

 private:
  struct Record {
    int failures = 0;
    Clock::time_point last{};
  };
  using Records = std::unordered_map<std::string, Record>;

  Millis delay_of(const Record& r, Millis cap) const;
  Millis remaining(Records& records, const std::string& key, Millis cap, Clock::time_point now);
  void count(Records& records, std::string key, Clock::time_point now);

  Limits limits_;
  std::mutex mu_;
  Records accounts_;
  Records addresses_;
};

}  // namespace boyi::accounts
