// Full seeded random matches of all four games through Referee + StorageJournal:
// at random points (and at the end) the match is reloaded from the database and
// compared with the live one (the same entries; Referee::resume gives the same
// position, side to move, clocks, attempt counts and events), once per match the
// live referee is replaced by the reloaded one (a restart) and play goes on.
#include <gtest/gtest.h>

#include <cstdio>

#include "referee/presets.h"
#include "server/hosting/resume.h"
#include "server/hosting/test_support.h"

namespace boyi::hosting {
namespace {

using namespace testing;
using referee::MatchConfig;
using referee::MemoryJournal;

const char* preset_for(std::string_view game) {
  if (game == "junqi") return "junqi-ccgc";
  if (game == "gomoku") return "renju-ccgc";
  if (game == "dots") return "dots-ccgc";
  return "surakarta-ccgc";
}

struct Tally {
  int matches = 0, checkpoints = 0, restarts = 0, illegal = 0, resigned = 0, actions = 0;
};

// The stored match as a restart sees it, compared with the live referee at `now`.
void checkpoint(storage::Database& db, const MatchConfig& config, const Referee& live,
                TeeJournal& tee, const std::array<storage::Id, 2>& seats, TimePoint now) {
  const storage::Id id = *parse_match_id(config.match_id);
  std::vector<referee::JournalEntry> entries;
  if (!live.finished()) {
    auto loaded = load_resumable(db);
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    const ResumableMatch* mine = nullptr;
    for (const auto& m : *loaded)
      if (m.match.id == id) mine = &m;
    ASSERT_NE(mine, nullptr) << "a running match is not resumable";
    EXPECT_EQ(mine->config, config);
    EXPECT_EQ(mine->seats, seats);
    entries = mine->entries;
  } else {
    auto rows = db.journal_of(id);
    ASSERT_TRUE(rows.ok()) << rows.message();
    for (const auto& row : *rows) entries.push_back(*to_entry(row));
    auto match = db.match_by_id(id);
    EXPECT_EQ(match->outcome, live.outcome());
    EXPECT_EQ(match->status, live.outcome().ending == Ending::kAborted
                                 ? storage::MatchStatus::kAborted
                                 : storage::MatchStatus::kFinished);
    EXPECT_TRUE(match->ended_ms.has_value());
  }
  ASSERT_EQ(entries, tee.entries());
  MemoryJournal scratch;
  auto resumed = Referee::resume(config, entries, scratch, now);
  ASSERT_TRUE(resumed.ok()) << resumed.message();
  expect_same_match(live, **resumed, now);
}

void play_one(storage::Database& db, const std::array<storage::Id, 2>& seats,
              const std::string& game, std::uint64_t seed, Tally& tally) {
  Rng rng(seed);
  const referee::Preset* preset = referee::find_preset(preset_for(game));
  ASSERT_NE(preset, nullptr);
  MatchConfig c = referee::config_from_preset(*preset, "");
  c.time.increment_ms = rng.below(3) * 1000;
  c.time.per_move_ms = rng.below(2) ? 0 : 60'000;
  c.illegal = rng.below(8) == 0 ? referee::IllegalMovePolicy::lose_at_once()
                                : referee::IllegalMovePolicy::retry(4 + rng.below(8));
  c.disconnect_grace_ms = 1000 * (1 + rng.below(60));
  c.spectator_delay_plies = static_cast<int>(rng.below(4));
  auto origin = MatchOrigin::casual(std::string(preset->name));
  origin.rated = seed % 2 == 0;
  if (seed % 3 == 0) origin.tournament = 7;
  auto stored = create_stored_match(db, c, seats, origin);
  ASSERT_TRUE(stored.ok()) << stored.message();
  const MatchConfig config = *stored;
  StorageJournal journal(db, *parse_match_id(config.match_id));
  TeeJournal tee(journal);
  TimePoint now = kT0 + std::chrono::seconds(seed);
  auto created = Referee::create(config, tee, now);
  ASSERT_TRUE(created.ok()) << created.message();
  std::unique_ptr<Referee> r = std::move(created).value();
  auto shadow = shadow_of(config, tee.entries());
  ASSERT_NE(shadow, nullptr);
  const int restart_at = 5 + static_cast<int>(rng.below(80));
  const bool may_resign = seed % 4 == 1;
  for (int step = 0; step < 3000 && !r->finished(); ++step) {
    now += std::chrono::milliseconds(rng.below(2500));
    const std::size_t before = tee.entries().size();
    const Step s = random_step(*r, *shadow, rng, now, may_resign && r->actions() > 12);
    if (::testing::Test::HasFailure()) return;
    tally.illegal += s == Step::kIllegal;
    tally.resigned += s == Step::kResigned;
    const bool appended = tee.entries().size() > before;
    if (appended && (rng.below(10) == 0 || r->finished())) {
      checkpoint(db, config, *r, tee, seats, now);
      ++tally.checkpoints;
      if (::testing::Test::HasFailure()) return;
    }
    if (step == restart_at && !r->finished()) {
      // A restart: the stored match replaces the live one and play goes on.
      auto loaded = load_resumable(db);
      ASSERT_TRUE(loaded.ok()) << loaded.message();
      bool found = false;
      for (auto& m : *loaded) {
        if (m.config.match_id != config.match_id) continue;
        found = true;
        auto resumed = Referee::resume(m.config, m.entries, tee, now);
        ASSERT_TRUE(resumed.ok()) << resumed.message();
        r = std::move(resumed).value();
        for (Seat seat : {0, 1}) ASSERT_TRUE(r->on_reconnect(seat, now).ok());
        shadow = shadow_of(config, tee.entries());
        ASSERT_EQ(shadow->hash(), r->hash());
        ++tally.restarts;
      }
      ASSERT_TRUE(found);
    }
  }
  if (!r->finished()) {
    ASSERT_TRUE(r->abort("test step limit", now).ok());
    checkpoint(db, config, *r, tee, seats, now);
  }
  tally.actions += r->actions();
  ++tally.matches;
}

TEST(StoredGames, RandomMatchesOfEveryGameReloadAsTheSameMatch) {
  // synchronous=NORMAL: durability against power loss is not what this test is about.
  Db d(/*synchronous_full=*/false);
  ASSERT_TRUE(d.db);
  Tally tally;
  for (const auto& g : games())
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      SCOPED_TRACE(std::string(g.name) + " seed " + std::to_string(seed));
      play_one(*d.db, d.seats, std::string(g.name), seed * 104729 + g.name.size(), tally);
      if (::testing::Test::HasFailure()) return;
    }
  EXPECT_EQ(tally.matches, static_cast<int>(games().size()) * 4);
  EXPECT_GT(tally.restarts, 8);
  EXPECT_GT(tally.checkpoints, 16);
  EXPECT_GT(tally.illegal, 0);
  EXPECT_GT(tally.resigned, 0);
  // Every match ended: nothing is left to resume.
  auto left = load_resumable(*d.db);
  ASSERT_TRUE(left.ok());
  EXPECT_TRUE(left->empty());
  EXPECT_TRUE(d.db->integrity_check().ok());
  std::printf(
      "%d matches, %d actions, %d checkpoints, %d restarts, %d illegal attempts, %d "
      "resignations\n",
      tally.matches, tally.actions, tally.checkpoints, tally.restarts, tally.illegal,
      tally.resigned);
}

}  // namespace
}  // namespace boyi::hosting
