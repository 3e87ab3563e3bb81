// Helpers for the referee's tests: a fake clock, match configs, and a driver
// that picks random legal actions through the type-erased game.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "base/rng.h"
#include "engine/registry.h"
#include "referee/referee.h"

namespace boyi::referee::testing {

// An arbitrary fixed origin: the referee must not care where time starts.
inline const TimePoint kT0 = TimePoint(std::chrono::hours(1000));
inline TimePoint at_ms(std::int64_t ms) {
  return kT0 + std::chrono::milliseconds(ms);
}

struct FakeClock {
  TimePoint now = kT0;
  TimePoint advance(std::int64_t ms) { return now += std::chrono::milliseconds(ms); }
};

inline MatchConfig config(std::string game, std::string rules = "",
                          std::int64_t total_ms = 60'000) {
  MatchConfig c;
  c.match_id = "m-" + game;
  c.game = std::move(game);
  c.rules_text = std::move(rules);
  c.time.total_ms = total_ms;
  c.time.grace_ms = 500;
  return c;
}

inline std::unique_ptr<Referee> make(const MatchConfig& c, MatchJournal& journal,
                                     TimePoint now = kT0) {
  auto r = Referee::create(c, journal, now);
  EXPECT_TRUE(r.ok()) << r.message();
  return r.ok() ? std::move(r).value() : nullptr;
}

// A seat that may act now (seat 0 first when both may), or kPublic.
inline Seat acting_seat(const Referee& r) {
  if (r.to_move() != kPublic) return r.to_move();
  if (r.can_act(0)) return 0;
  if (r.can_act(1)) return 1;
  return kPublic;
}

// A random legal action for `seat`, from a copy of the referee's position
// rebuilt by replaying its record-to-be (the referee hides its game).
class Shadow {
 public:
  explicit Shadow(const MatchConfig& c)
      : game_(std::move(create_game(c.game, c.rules_text).value())) {}
  std::string random_move(Seat seat, Rng& rng) const { return game_->random_move(seat, rng); }
  Result<AppliedAction> play(Seat seat, const std::string& text) { return game_->play(seat, text); }
  AnyGame& game() { return *game_; }

 private:
  std::unique_ptr<AnyGame> game_;
};

}  // namespace boyi::referee::testing
