#include "server/accounts/sign_in_throttle.h"

#include <gtest/gtest.h>

namespace boyi::accounts {
namespace {

using namespace std::chrono_literals;
using By = SignInThrottle::By;

SignInThrottle::Limits limits() {
  SignInThrottle::Limits l;
  l.free_failures = 3;
  l.first_delay = 1s;
  l.max_account_delay = 8s;
  l.max_address_delay = 60s;
  l.forget_after = 10min;
  l.max_records = 4;
  return l;
}

TEST(SignInThrottle, DelaysDoubleAfterTheFreeFailuresUpToTheCap) {
  SignInThrottle t(limits());
  auto now = SignInThrottle::Clock::time_point{} + 1h;
  for (int i = 0; i < 3; ++i) {
    EXPECT_FALSE(t.wait("alice", "10.0.0.1", now));
    t.failed("alice", "10.0.0.1", now);
  }
  // The fourth failure waits 1 s, then 2 s, 4 s, 8 s, and the account's cap holds...
  for (auto expected : {1s, 2s, 4s, 8s, 8s}) {
    t.failed("ALICE", "10.0.0.9", now);  // names without regard to case; other addresses
    const auto w = t.wait("alice", "10.0.0.2", now);
    EXPECT_EQ(w.delay, expected);
    EXPECT_EQ(w.by, By::account);
    now += w.delay;
    EXPECT_FALSE(t.wait("alice", "10.0.0.2", now));
  }
  // ...while one address guessing at many names waits longer (its own, larger cap).
  for (int i = 0; i < 10; ++i) t.failed("name" + std::to_string(i), "10.0.0.7", now);
  const auto w = t.wait("bob", "10.0.0.7", now);
  EXPECT_EQ(w.by, By::address);
  EXPECT_EQ(w.delay, 60s);
  EXPECT_FALSE(t.wait("bob", "10.0.0.8", now));
}

TEST(SignInThrottle, ASuccessClearsTheNameAndQuietTimeClearsEverything) {
  SignInThrottle t(limits());
  auto now = SignInThrottle::Clock::time_point{} + 1h;
  for (int i = 0; i < 5; ++i) t.failed("carol", "10.0.0.3", now);
  EXPECT_TRUE(t.wait("carol", "", now));
  t.succeeded("carol");
  EXPECT_FALSE(t.wait("carol", "", now));
  EXPECT_TRUE(t.wait("dave", "10.0.0.3", now));  // the address still waits
  now += 10min;
  EXPECT_FALSE(t.wait("dave", "10.0.0.3", now));
}

TEST(SignInThrottle, RecordsStayBoundedUnderAFloodOfNames) {
  SignInThrottle t(limits());
  auto now = SignInThrottle::Clock::time_point{} + 1h;
  for (int i = 0; i < 5; ++i) t.failed("victim", "", now);
  EXPECT_TRUE(t.wait("victim", "", now));
  // Four more names fill the table; the stalest record (the victim's) makes room.
  for (int i = 0; i < 4; ++i) t.failed("n" + std::to_string(i), "", now + 1s);
  EXPECT_FALSE(t.wait("victim", "", now + 1s));
}

}  // namespace
}  // namespace boyi::accounts
