// The search watchdog: an answer in time is passed on; a search that answers on its stop is
// stopped at the watchdog's instant; one that does not is given up (and its player stays busy
// until it ends); an exception is an answer with its error.
#include "bots/search/search_watchdog.h"

#include <gtest/gtest.h>

#include <chrono>
#include <stdexcept>
#include <thread>

namespace boyi::bots {
namespace {

using namespace std::chrono_literals;
using Steady = std::chrono::steady_clock;

TEST(SearchWatchdog, AnAnswerInTimeIsPassedOn) {
  SearchWatchdog w;
  auto a = w.run([](const StopSignal&) { return std::string("H8"); }, nullptr,
                 Steady::now() + 10s, 1s);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->move, "H8");
  EXPECT_FALSE(w.busy());
  // Without an instant it waits as long as the search takes.
  a = w.run(
      [](const StopSignal&) {
        std::this_thread::sleep_for(50ms);
        return std::string("H9");
      },
      nullptr, std::nullopt, 0s);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->move, "H9");
}

TEST(SearchWatchdog, ASearchIsStoppedAtTheWatchdogsInstant) {
  SearchWatchdog w;
  StopSignal match;
  auto a = w.run(
      [](const StopSignal& stop) {
        while (!stop.raised()) std::this_thread::sleep_for(1ms);
        return std::string("best so far");
      },
      &match, Steady::now() + 50ms, 10s);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->move, "best so far");
  EXPECT_FALSE(match.raised());  // the search's own signal, under the match's
  // The match's signal reaches the search too.
  std::thread raiser([&] {
    std::this_thread::sleep_for(50ms);
    match.raise();
  });
  a = w.run(
      [](const StopSignal& stop) {
        while (!stop.raised()) std::this_thread::sleep_for(1ms);
        return std::string("stopped");
      },
      &match, std::nullopt, 0s);
  raiser.join();
  ASSERT_TRUE(a);
  EXPECT_EQ(a->move, "stopped");
}

TEST(SearchWatchdog, ASearchThatIgnoresItsStopIsGivenUp) {
  SearchWatchdog w;
  const auto asked = Steady::now();
  auto a = w.run(
      [](const StopSignal&) {
        std::this_thread::sleep_for(1500ms);
        return std::string("too late");
      },
      nullptr, Steady::now() + 50ms, 20ms);
  EXPECT_FALSE(a);
  EXPECT_LT(Steady::now() - asked, 1000ms) << "the caller waited for the search";
  EXPECT_TRUE(w.busy());  // its player may not search again yet
  while (w.busy()) std::this_thread::sleep_for(10ms);
  a = w.run([](const StopSignal&) { return std::string("again"); }, nullptr, std::nullopt, 0s);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->move, "again");
}

TEST(SearchWatchdog, AnExceptionIsAnAnswerWithItsError) {
  SearchWatchdog w;
  auto a = w.run([](const StopSignal&) -> std::string { throw std::runtime_error("no tables"); },
                 nullptr, std::nullopt, 0s);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->move, "");
  EXPECT_EQ(a->error, "no tables");
}

TEST(SearchWatchdog, GivingUpEndsWithTheWatchdog) {
  // The destructor stops a search that answers on its stop and waits for it.
  auto w = std::make_unique<SearchWatchdog>();
  bool ended = false;
  auto a = w->run(
      [&ended](const StopSignal& stop) {
        while (!stop.raised()) std::this_thread::sleep_for(1ms);
        std::this_thread::sleep_for(100ms);  // slower than the grace
        ended = true;
        return std::string("late");
      },
      nullptr, Steady::now() + 10ms, 1ms);
  EXPECT_FALSE(a);
  w.reset();
  EXPECT_TRUE(ended);
}

}  // namespace
}  // namespace boyi::bots
