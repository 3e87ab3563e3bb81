// Helpers for the hosting tests: a database in a temporary directory with two
// users, a fake clock origin, a random mover over a shadow copy of the game, and
// the comparison of two referees that should be the same match.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>

#include "base/rng.h"
#include "engine/registry.h"
#include "referee/referee.h"
#include "server/hosting/storage_journal.h"
#include "server/storage/test_database.h"
#include "server/storage/test_support.h"

namespace boyi::hosting::testing {

using referee::Referee;
using referee::TimePoint;

inline const TimePoint kT0 = TimePoint(std::chrono::hours(2000));

struct Db {
  storage::testing::TempDir tmp;
  std::unique_ptr<storage::Database> db;
  std::array<storage::Id, 2> seats{};

  storage::DatabaseOptions options;

  explicit Db(bool synchronous_full = true)
      : options(storage::testing::test_database_options(tmp.path())) {
    options.synchronous_full = synchronous_full;
    auto opened = storage::Database::open(options);
    EXPECT_TRUE(opened.ok()) << opened.message();
    if (!opened) return;
    db = std::move(opened).value();
    seats = {db->create_user(storage::new_human("red"))->id,
             db->create_user(storage::new_bot("blue"))->id};
  }
};

// Journals to the database and keeps, in memory, what was durably appended.
class TeeJournal final : public referee::MatchJournal {
 public:
  explicit TeeJournal(StorageJournal& inner) : inner_(inner) {}
  Status append(const referee::JournalEntry& e) override {
    Status s = inner_.append(e);
    if (s) entries_.push_back(e);
    return s;
  }
  std::vector<referee::JournalEntry>& entries() { return entries_; }

 private:
  StorageJournal& inner_;
  std::vector<referee::JournalEntry> entries_;
};

// A copy of the game replayed from the accepted actions (the referee hides its own).
inline std::unique_ptr<AnyGame> shadow_of(const referee::MatchConfig& c,
                                          const std::vector<referee::JournalEntry>& entries) {
  auto game = create_game(c.game, c.rules_text);
  EXPECT_TRUE(game.ok()) << game.message();
  if (!game) return nullptr;
  for (const auto& e : entries)
    if (e.kind == referee::EntryKind::kAction) {
      auto played = game.value()->play(e.seat, e.text);
      EXPECT_TRUE(played.ok()) << e.text << ": " << played.message();
    }
  return std::move(game).value();
}

// A seat that may act now (seat 0 first when both may), or kPublic.
inline Seat acting_seat(const Referee& r) {
  if (r.to_move() != kPublic) return r.to_move();
  if (r.can_act(0)) return 0;
  if (r.can_act(1)) return 1;
  return kPublic;
}

// What a random player does in one step.
enum class Step { kMoved, kIllegal, kResigned, kOther };

// One random step at `now`: usually a legal move of the seat that may act (kept in
// the shadow), sometimes an illegal attempt (garbage, or a move out of turn), and a
// resignation when `may_resign`.
inline Step random_step(Referee& r, AnyGame& shadow, Rng& rng, TimePoint now, bool may_resign) {
  const Seat seat = acting_seat(r);
  if (seat == kPublic) return Step::kOther;
  const std::uint32_t roll = rng.below(30);
  if (roll == 0) {
    const auto res = r.submit(static_cast<Seat>(rng.below(2)), "zz-not-a-move", now);
    EXPECT_NE(res.status, referee::SubmitResult::Status::kAccepted);
    return Step::kIllegal;
  }
  if (roll == 1 && may_resign) {
    EXPECT_TRUE(r.resign(seat, now).ok());
    return Step::kResigned;
  }
  const std::string move = shadow.random_move(seat, rng);
  const auto res = r.submit(seat, move, now);
  if (res.status == referee::SubmitResult::Status::kGameOver) return Step::kOther;  // a flag fell
  if (res.status != referee::SubmitResult::Status::kAccepted) {
    ADD_FAILURE() << "move " << move << " refused: " << res.reason;
    return Step::kOther;
  }
  auto played = shadow.play(seat, move);
  EXPECT_TRUE(played.ok()) << played.message();
  return Step::kMoved;
}

// A finished match of `game` in `db` between `seats`: random legal moves a few milliseconds
// apart until the rules end it, or seat 0 resigns after `max_actions`. Its id.
inline storage::Id play_stored_match(storage::Database& db, const std::string& game,
                                     std::uint64_t seed, const std::array<storage::Id, 2>& seats,
                                     int max_actions = 400) {
  referee::MatchConfig c;
  c.game = game;
  c.time.total_ms = 3'600'000;
  auto stored = create_stored_match(db, c, seats);
  EXPECT_TRUE(stored.ok()) << stored.message();
  if (!stored) return 0;
  const auto id = *parse_match_id(stored->match_id);
  StorageJournal journal(db, id);
  auto r = Referee::create(*stored, journal, kT0);
  EXPECT_TRUE(r.ok()) << r.message();
  if (!r) return id;
  auto shadow = create_game(game, stored->rules_text);
  Rng rng(seed);
  auto now = kT0;
  while (!(*r)->finished() && (*r)->actions() < max_actions) {
    const Seat seat = acting_seat(**r);
    if (seat == kPublic) break;
    const std::string move = (*shadow)->random_move(seat, rng);
    now += std::chrono::milliseconds(3);
    EXPECT_TRUE((*r)->submit(seat, move, now).accepted()) << move;
    EXPECT_TRUE((*shadow)->play(seat, move).ok());
  }
  if (!(*r)->finished()) {
    EXPECT_TRUE((*r)->resign(0, now + std::chrono::milliseconds(1)).ok());
  }
  return id;
}

// `b` (rebuilt from storage at `now`) is the same match as `a` at `now`, the time
// of `a`'s last journal entry: position, side to move, clocks, attempts, events.
inline void expect_same_match(const Referee& a, const Referee& b, TimePoint now) {
  EXPECT_EQ(a.hash(), b.hash());
  EXPECT_EQ(a.to_move(), b.to_move());
  for (Seat s : {0, 1}) {
    EXPECT_EQ(a.can_act(s), b.can_act(s));
    EXPECT_EQ(a.attempts_used(s), b.attempts_used(s));
  }
  const auto ca = a.clocks(now), cb = b.clocks(now);
  EXPECT_EQ(ca.remaining_ms, cb.remaining_ms);
  EXPECT_EQ(ca.running, cb.running);
  EXPECT_EQ(a.finished(), b.finished());
  EXPECT_EQ(a.outcome(), b.outcome());
  EXPECT_EQ(a.last_seq(), b.last_seq());
  EXPECT_EQ(a.actions(), b.actions());
  for (Seat v : {0, 1, kPublic}) EXPECT_EQ(a.events_for(v, 0), b.events_for(v, 0));
}

}  // namespace boyi::hosting::testing
