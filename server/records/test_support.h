// Helpers for the records' tests: finished matches played by random movers
// through a real Referee (with a MemoryJournal), and metadata to go with them.
#pragma once

#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "base/rng.h"
#include "referee/referee.h"
#include "referee/test_support.h"
#include "server/records/record_meta.h"

namespace boyi::records::testing {

using referee::MatchRecord;

enum class Finish { kRules, kResign, kTime, kAbort };

// Plays one seeded match to its end. With Finish::kRules random legal actions
// are played until the rules end the game; the other finishes stop after a
// random number of actions and end it by resignation, a fallen flag or an abort.
inline std::optional<MatchRecord> play_match(const std::string& game, const std::string& rules,
                                             std::uint64_t seed, Finish finish) {
  using namespace referee::testing;
  Rng rng(seed);
  referee::MatchConfig c = config(game, rules, 3'600'000);
  c.match_id = "rec-" + game + "-" + std::to_string(seed);
  c.time.increment_ms = 1'000;
  referee::MemoryJournal journal;
  auto r = make(c, journal);
  if (!r) return std::nullopt;
  Shadow shadow(c);
  const int stop_after = finish == Finish::kRules ? 1'000'000 : 3 + static_cast<int>(rng.below(40));
  referee::TimePoint now = kT0;
  for (int step = 0; step < 20'000 && !r->finished(); ++step) {
    now += std::chrono::milliseconds(1 + rng.below(3'000));
    const Seat seat = acting_seat(*r);
    if (seat == kPublic) break;
    if (r->actions() >= stop_after) {
      if (finish == Finish::kResign) {
        EXPECT_TRUE(r->resign(seat, now).ok());
      } else if (finish == Finish::kTime) {
        now += std::chrono::milliseconds(c.time.total_ms + c.time.grace_ms + 10'000);
        EXPECT_TRUE(r->tick(now).ok());
      } else {
        EXPECT_TRUE(r->abort("test abort", now).ok());
      }
      break;
    }
    const std::string move = shadow.random_move(seat, rng);
    const auto res = r->submit(seat, move, now);
    EXPECT_TRUE(res.accepted()) << game << " '" << move << "': " << res.reason;
    if (!res.accepted()) return std::nullopt;
    EXPECT_TRUE(shadow.play(seat, move).ok());
  }
  if (!r->finished()) {
    EXPECT_TRUE(r->abort("test step limit", now).ok());
  }
  return r->record();
}

inline RecordMeta meta_for(const MatchRecord& rec, std::uint64_t seed) {
  RecordMeta m;
  m.match_id = rec.config.match_id;
  m.game = rec.config.game;
  m.preset = rec.config.game + "-test";
  m.players = {"清华大学 一队", "Bot[" + std::to_string(seed) + "]"};
  m.start_ms =
      1'501'308'000'000 + static_cast<std::int64_t>(seed) * 60'000;  // 2017-07-29 06:00 UTC
  m.end_ms = *m.start_ms + 3'600'000;
  m.utc_offset_minutes = seed % 3 == 0 ? -330 : kChinaStandardTime;
  m.event = "2017 CCGC";
  m.place = seed % 2 ? "重庆" : "";
  m.rated = seed % 2 == 0;
  return m;
}

}  // namespace boyi::records::testing
