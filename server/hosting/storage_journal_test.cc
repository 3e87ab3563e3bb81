// StorageJournal, stored match configurations, load_resumable and resume_all.
#include <gtest/gtest.h>

#include "server/hosting/resume.h"
#include "server/hosting/test_support.h"

namespace boyi::hosting {
namespace {

using namespace testing;
using referee::EntryKind;
using referee::JournalEntry;
using referee::MatchConfig;
using S = referee::SubmitResult::Status;

MatchConfig sample_config(std::string game = "gomoku", std::string rules = "") {
  MatchConfig c;
  c.game = std::move(game);
  c.rules_text = std::move(rules);
  c.time = {600'000, 20'000, 2'000, 700};
  c.illegal = referee::IllegalMovePolicy::retry(4);
  c.disconnect_grace_ms = 12'000;
  c.spectator_delay_plies = 3;
  return c;
}

TEST(HostingIds, MatchIdsRoundTrip) {
  EXPECT_EQ(match_id_text(17), "17");
  EXPECT_EQ(*parse_match_id("17"), 17);
  EXPECT_EQ(*parse_match_id(match_id_text(9'000'000'000)), 9'000'000'000);
  for (const char* bad : {"", "0", "017", "-3", "12a", " 1", "99999999999999999999"})
    EXPECT_FALSE(parse_match_id(bad).ok()) << bad;
}

TEST(HostingJournal, EntriesConvertBothWays) {
  std::vector<JournalEntry> entries(4);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    JournalEntry& e = entries[i];
    e.match_id = "5";
    e.index = i + 1;
    e.kind = static_cast<EntryKind>(i);
    e.seq = i == 2 ? 0 : i + 1;
    e.seat = i == 0 ? kPublic : static_cast<Seat>(i % 2);
    e.text = i == 1 ? "h8" : "";
    e.reason = i == 2 ? "occupied" : "";
    e.elapsed_ms = 40 * static_cast<std::int64_t>(i);
    e.clock_ms = {1000 - static_cast<std::int64_t>(i), 2000};
  }
  entries[3].outcome = {Ending::kResignation, 0, "seat 1 resigned"};
  const storage::JournalKind kinds[] = {storage::JournalKind::kStart, storage::JournalKind::kAction,
                                        storage::JournalKind::kIllegal, storage::JournalKind::kEnd};
  for (std::size_t i = 0; i < entries.size(); ++i) {
    auto row = to_row(entries[i], 5);
    ASSERT_TRUE(row.ok()) << row.message();
    EXPECT_EQ(row->kind, kinds[i]);
    EXPECT_EQ(row->match_id, 5);
    EXPECT_EQ(row->seat, entries[i].seat);
    auto back = to_entry(*row);
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(*back, entries[i]);
  }
  auto other = to_row(entries[1], 6);
  ASSERT_FALSE(other.ok());
  EXPECT_NE(other.message().find("match '5'"), std::string::npos) << other.message();
}

TEST(HostingJournal, CreateStoredMatchKeepsTheWholeConfiguration) {
  Db d;
  ASSERT_TRUE(d.db);
  auto origin = MatchOrigin::casual("renju-blitz");
  origin.rated = true;
  origin.tournament = 42;
  auto stored = create_stored_match(*d.db, sample_config(), d.seats, origin);
  ASSERT_TRUE(stored.ok()) << stored.message();
  EXPECT_EQ(stored->rules_text, find_game("gomoku")->default_rules);  // canonical
  MatchConfig expected = sample_config();
  expected.match_id = stored->match_id;
  expected.rules_text = stored->rules_text;
  EXPECT_EQ(*stored, expected);
  auto row = d.db->match_by_id(*parse_match_id(stored->match_id));
  ASSERT_TRUE(row.ok());
  EXPECT_EQ(row->status, storage::MatchStatus::kWaiting);
  EXPECT_EQ(row->preset, "renju-blitz");
  EXPECT_TRUE(row->rated);
  EXPECT_EQ(row->tournament, 42);
  EXPECT_EQ(row->seats[0], d.seats[0]);
  EXPECT_EQ(row->seats[1], d.seats[1]);
  EXPECT_EQ(config_of(*row), *stored);

  // Lose at once is stored as such, whatever max_attempts said.
  MatchConfig strict = sample_config("junqi", "no_battle_limit=31");
  strict.illegal = {referee::IllegalMovePolicy::Kind::kLoseAtOnce, 9};
  auto s2 = create_stored_match(*d.db, strict, d.seats);
  ASSERT_TRUE(s2.ok()) << s2.message();
  EXPECT_EQ(s2->illegal, referee::IllegalMovePolicy::lose_at_once());
  EXPECT_EQ(config_of(*d.db->match_by_id(*parse_match_id(s2->match_id))), *s2);

  // Nothing is stored for a bad configuration.
  MatchConfig slow = sample_config();
  slow.time.total_ms = 0;
  EXPECT_FALSE(create_stored_match(*d.db, slow, d.seats).ok());
  EXPECT_FALSE(create_stored_match(*d.db, sample_config("chess"), d.seats).ok());
  EXPECT_FALSE(create_stored_match(*d.db, sample_config("gomoku", "rule=nonsense"), d.seats).ok());
  auto ghost = create_stored_match(*d.db, sample_config(), {d.seats[0], 999});
  ASSERT_FALSE(ghost.ok());
  EXPECT_NE(ghost.message().find("does not exist"), std::string::npos) << ghost.message();
  EXPECT_EQ(d.db->list_matches(std::nullopt, 100)->size(), 2u);
}

TEST(HostingJournal, AStorageRefusalIsAnErrorAndChangesNothing) {
  Db d;
  ASSERT_TRUE(d.db);
  auto config = create_stored_match(*d.db, sample_config(), d.seats);
  ASSERT_TRUE(config.ok());
  const storage::Id id = *parse_match_id(config->match_id);
  StorageJournal journal(*d.db, id);
  TimePoint now = kT0;
  auto r = Referee::create(*config, journal, now);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(d.db->match_by_id(id)->status, storage::MatchStatus::kRunning);
  ASSERT_TRUE((*r)->submit(0, "h8", now += std::chrono::seconds(1)).accepted());
  const auto hash = (*r)->hash();
  // Someone settles the match behind the referee's back: its next append is refused.
  ASSERT_TRUE(d.db->finish_match(id, {Ending::kAborted, std::nullopt, "operator"}, 1).ok());
  const auto res = (*r)->submit(1, "h9", now += std::chrono::seconds(1));
  EXPECT_EQ(res.status, S::kError);
  EXPECT_NE(res.reason.find("the match is aborted"), std::string::npos) << res.reason;
  EXPECT_EQ((*r)->hash(), hash);
  EXPECT_EQ((*r)->actions(), 1);
  EXPECT_FALSE((*r)->finished());
  auto stored = d.db->journal_of(id);
  ASSERT_EQ(stored->size(), 3u);  // start, h8, the operator's end
  EXPECT_EQ(stored->back().outcome.detail, "operator");
  // A journal of another match refuses every entry.
  StorageJournal wrong(*d.db, id + 1);
  EXPECT_FALSE(Referee::create(*config, wrong, now).ok());
}

TEST(HostingJournal, TakebacksInCasualGamesOnlyAndTheyResumeFromStorage) {
  Db d;
  ASSERT_TRUE(d.db);
  MatchConfig casual_config = sample_config();
  casual_config.spectator_delay_plies = 0;
  auto rated_origin = MatchOrigin::casual("");
  rated_origin.rated = true;
  EXPECT_FALSE(create_stored_match(*d.db, casual_config, d.seats, rated_origin)->takebacks);
  EXPECT_FALSE(create_stored_match(*d.db, sample_config(), d.seats)->takebacks);  // a delay
  MatchConfig junqi = sample_config("junqi");
  junqi.spectator_delay_plies = 0;
  EXPECT_FALSE(create_stored_match(*d.db, junqi, d.seats)->takebacks);  // hidden pieces

  auto config = create_stored_match(*d.db, casual_config, d.seats);
  ASSERT_TRUE(config.ok()) << config.message();
  ASSERT_TRUE(config->takebacks);
  const storage::Id id = *parse_match_id(config->match_id);
  EXPECT_TRUE(config_of(*d.db->match_by_id(id)).takebacks);
  StorageJournal journal(*d.db, id);
  TimePoint now = kT0;
  auto r = Referee::create(*config, journal, now);
  ASSERT_TRUE(r.ok()) << r.message();
  ASSERT_TRUE((*r)->submit(0, "h8", now += std::chrono::seconds(1)).accepted());
  ASSERT_TRUE((*r)->submit(1, "h9", now += std::chrono::seconds(1)).accepted());
  ASSERT_TRUE((*r)->propose(1, referee::ProposalKind::kTakeback, now).ok());
  ASSERT_TRUE((*r)->answer(0, referee::ProposalKind::kTakeback, true, now).ok());
  ASSERT_TRUE((*r)->submit(1, "i9", now += std::chrono::seconds(1)).accepted());
  auto stored = d.db->journal_of(id);
  ASSERT_EQ(stored->size(), 5u);
  EXPECT_EQ((*stored)[3].kind, storage::JournalKind::kTakeback);

  auto resumed = resume_all(*d.db, now + std::chrono::minutes(1));
  ASSERT_TRUE(resumed.ok()) << resumed.message();
  ASSERT_EQ(resumed->resumed.size(), 1u);
  const auto& live = *resumed->resumed[0].referee;
  EXPECT_EQ(live.hash(), (*r)->hash());
  EXPECT_EQ(live.actions(), 2);
  EXPECT_EQ(live.last_seq(), (*r)->last_seq());
  EXPECT_TRUE(live.config().takebacks);
}

TEST(HostingResume, ResumesRunningMatchesAndSettlesOnesThatDoNotReplay) {
  Db d;
  ASSERT_TRUE(d.db);
  TimePoint now = kT0;
  std::vector<MatchConfig> configs;
  std::vector<std::unique_ptr<StorageJournal>> journals;
  std::vector<std::unique_ptr<Referee>> refs;
  for (const char* game : {"gomoku", "dots", "surakarta"}) {
    auto c = create_stored_match(*d.db, sample_config(game), d.seats);
    ASSERT_TRUE(c.ok()) << c.message();
    journals.push_back(std::make_unique<StorageJournal>(*d.db, *parse_match_id(c->match_id)));
    auto r = Referee::create(*c, *journals.back(), now);
    ASSERT_TRUE(r.ok()) << r.message();
    configs.push_back(*c);
    refs.push_back(std::move(r).value());
  }
  Rng rng(99);
  TimePoint gomoku_last = now;
  for (int i = 0; i < 6; ++i)
    for (auto& r : refs) {
      now += std::chrono::milliseconds(300);
      const Seat seat = acting_seat(*r);
      const auto moves = r->legal_moves(seat);
      ASSERT_FALSE(moves.empty());
      const auto pick = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
      ASSERT_TRUE(r->submit(seat, pick, now).accepted());
      if (r == refs[0]) gomoku_last = now;
    }
  ASSERT_TRUE(refs[2]->resign(0, now).ok());  // surakarta is over
  // dots' journal is damaged: its third action no longer replays.
  {
    auto side = storage::testing::side_connection(d.options);
    ASSERT_TRUE(side);
    const std::string sql =
        "UPDATE journal SET text = 'Z99' WHERE match_id = " + configs[1].match_id + " AND idx = 4";
    EXPECT_TRUE(side->exec(sql).ok());
  }
  const TimePoint later = now + std::chrono::hours(5);
  auto resumed = resume_all(*d.db, later);
  ASSERT_TRUE(resumed.ok()) << resumed.message();
  ResumeResult result = std::move(resumed).value();
  ASSERT_EQ(result.resumed.size(), 1u);
  ASSERT_EQ(result.aborted.size(), 1u);
  LiveMatch& live = result.resumed[0];
  EXPECT_EQ(match_id_text(live.id), configs[0].match_id);
  EXPECT_EQ(live.seats, d.seats);
  EXPECT_EQ(live.referee->hash(), refs[0]->hash());
  EXPECT_EQ(live.referee->to_move(), refs[0]->to_move());
  // The downtime is charged to nobody.
  EXPECT_EQ(live.referee->clocks(later).remaining_ms, refs[0]->clocks(gomoku_last).remaining_ms);
  EXPECT_FALSE(live.referee->connected(0));
  // It goes on through its own journal.
  const Seat seat = acting_seat(*live.referee);
  ASSERT_TRUE(live.referee->on_reconnect(seat, later).ok());
  ASSERT_TRUE(live.referee->submit(seat, live.referee->legal_moves(seat)[0], later).accepted());
  EXPECT_EQ(d.db->journal_of(live.id)->size(), 8u);

  EXPECT_EQ(match_id_text(result.aborted[0].id), configs[1].match_id);
  EXPECT_NE(result.aborted[0].reason.find("does not replay"), std::string::npos)
      << result.aborted[0].reason;
  auto settled = d.db->match_by_id(result.aborted[0].id);
  EXPECT_EQ(settled->status, storage::MatchStatus::kAborted);
  EXPECT_NE(settled->outcome.detail.find("could not be resumed"), std::string::npos);
  auto left = load_resumable(*d.db);
  ASSERT_EQ(left->size(), 1u);
  EXPECT_EQ(left->front().match.id, live.id);
}

}  // namespace
}  // namespace boyi::hosting
