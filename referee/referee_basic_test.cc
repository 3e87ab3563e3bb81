// The referee's basics: configs and presets, starting a match, accepted
// actions and their events, wrong seats, the engine's own endings.
#include <gtest/gtest.h>

#include "referee/presets.h"
#include "referee/referee.h"
#include "referee/test_support.h"

namespace boyi::referee {
namespace {

using namespace testing;
using S = SubmitResult::Status;

TEST(RefereePresets, CompetitionDefaultsFromTheRules) {
  const Preset* junqi = find_preset("junqi-ccgc");
  ASSERT_NE(junqi, nullptr);
  EXPECT_EQ(junqi->game, "junqi");
  EXPECT_EQ(junqi->time.total_ms, 1'800'000);
  EXPECT_NE(junqi->rules_text.find("no_battle_limit=31"), std::string_view::npos);
  const Preset* renju = find_preset("renju-ccgc");
  ASSERT_NE(renju, nullptr);
  EXPECT_EQ(renju->time.total_ms, 900'000);
  EXPECT_NE(renju->rules_text.find("rule=renju"), std::string_view::npos);
  EXPECT_NE(renju->rules_text.find("opening=ccgc"), std::string_view::npos);
  EXPECT_EQ(find_preset("dots-ccgc")->time.total_ms, 900'000);
  EXPECT_EQ(find_preset("surakarta-ccgc")->time.total_ms, 900'000);
  EXPECT_EQ(find_preset("surakarta-course")->time.per_move_ms, 10'000);
  EXPECT_EQ(find_preset("junqi-blitz")->time.increment_ms, 2'000);
  EXPECT_EQ(find_preset("chess-ccgc"), nullptr);
}

TEST(RefereePresets, EveryPresetMakesAMatch) {
  for (const Preset& p : presets()) {
    MemoryJournal journal;
    auto r = Referee::create(config_from_preset(p, "p-" + std::string(p.name)), journal, kT0);
    ASSERT_TRUE(r.ok()) << p.name << ": " << r.message();
    EXPECT_EQ((*r)->game_name(), p.game);
    ASSERT_EQ(journal.entries().size(), 1u);
    EXPECT_EQ(journal.entries()[0].kind, EntryKind::kStart);
    EXPECT_EQ(journal.entries()[0].text, (*r)->rules_text());
  }
}

TEST(RefereeMatchConfig, BadValuesAreErrorsNotCrashes) {
  MemoryJournal journal;
  auto bad = [&](auto change) {
    MatchConfig c = config("gomoku");
    change(c);
    auto r = Referee::create(c, journal, kT0);
    return r.ok() ? std::string() : r.message();
  };
  EXPECT_EQ(bad([](MatchConfig&) {}), "");
  EXPECT_NE(bad([](MatchConfig& c) { c.match_id.clear(); }), "");
  EXPECT_NE(bad([](MatchConfig& c) { c.game = "chess"; }).find("unknown game"), std::string::npos);
  EXPECT_NE(bad([](MatchConfig& c) { c.rules_text = "rule=go"; }), "");
  EXPECT_NE(bad([](MatchConfig& c) { c.time.total_ms = -1; }).find("total time"), std::string::npos);
  EXPECT_NE(bad([](MatchConfig& c) {
              c.time.total_ms = 0;
              c.time.increment_ms = 1'000;
            }).find("needs a bank"),
            std::string::npos);
  EXPECT_NE(bad([](MatchConfig& c) { c.time.per_move_ms = -1; }), "");
  EXPECT_NE(bad([](MatchConfig& c) { c.time.grace_ms = -5; }), "");
  EXPECT_NE(bad([](MatchConfig& c) { c.illegal.max_attempts = 0; }), "");
  EXPECT_NE(bad([](MatchConfig& c) { c.disconnect_grace_ms = -1; }), "");
  EXPECT_NE(bad([](MatchConfig& c) { c.spectator_delay_plies = -1; }), "");
  EXPECT_EQ(TimeControl({180'000, 0, 2'000, 1'000}).to_string(), "180s+2s grace 1s");
  EXPECT_EQ(TimeControl({900'000, 10'000, 0, 500}).to_string(), "900s+0s 10s/move grace 500ms");
  EXPECT_EQ(TimeControl({0, 200, 0, 50}).to_string(), "no bank 200ms/move grace 50ms");
}

TEST(Referee, WithoutABankOnlyThePerMoveLimitCanFall) {
  MemoryJournal journal;
  MatchConfig c = config("gomoku", "rule=freestyle opening=free");
  c.time = {0, 0, 0, 0};
  auto r = make(c, journal);
  EXPECT_FALSE(r->next_deadline().has_value());  // no limit at all: nothing can fall
  ASSERT_TRUE(r->submit(0, "H8", kT0 + std::chrono::hours(20)).accepted());
  c.match_id = "m2";
  c.time.per_move_ms = 100;
  auto limited = make(c, journal);
  ASSERT_TRUE(limited->next_deadline().has_value());
  ASSERT_TRUE(limited->tick(kT0 + std::chrono::milliseconds(101)).ok());
  EXPECT_EQ(limited->outcome().ending, Ending::kTimeForfeit);
  EXPECT_EQ(limited->outcome().winner, 1);
}

TEST(Referee, StartsWithAStartEventForEveryone) {
  MemoryJournal journal;
  auto r = make(config("gomoku", "rule=freestyle opening=free"), journal);
  EXPECT_EQ(r->last_seq(), 1u);
  for (Seat v : {0, 1, kPublic}) {
    auto events = r->events_for(v, 0);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].seq, 1u);
    EXPECT_EQ(events[0].kind, EventKind::kStart);
    EXPECT_NE(events[0].text.find("seat 0 to move"), std::string::npos) << events[0].text;
    EXPECT_EQ(events[0].clock_ms, (std::array<std::int64_t, 2>{60'000, 60'000}));
  }
  EXPECT_EQ(r->to_move(), 0);
  EXPECT_TRUE(r->can_act(0));
  EXPECT_FALSE(r->can_act(1));
  EXPECT_FALSE(r->record().has_value());  // nothing is public before the end
  ASSERT_TRUE(r->next_deadline().has_value());
  EXPECT_EQ(*r->next_deadline(), at_ms(60'501));
}

TEST(Referee, AcceptedActionsAreJournaledThenEmittedWithServerTime) {
  MemoryJournal journal;
  auto r = make(config("gomoku", "rule=freestyle opening=free"), journal);
  auto a = r->submit(0, "H8", at_ms(1'250));
  ASSERT_EQ(a.status, S::kAccepted) << a.reason;
  EXPECT_EQ(a.seq, 2u);
  EXPECT_EQ(a.elapsed_ms, 1'250);
  ASSERT_EQ(journal.entries().size(), 2u);
  const JournalEntry& e = journal.entries()[1];
  EXPECT_EQ(e.kind, EntryKind::kAction);
  EXPECT_EQ(e.index, 2u);
  EXPECT_EQ(e.seq, 2u);
  EXPECT_EQ(e.seat, 0);
  EXPECT_EQ(e.text, "H8");
  EXPECT_EQ(e.elapsed_ms, 1'250);
  EXPECT_EQ(e.clock_ms, (std::array<std::int64_t, 2>{58'750, 60'000}));
  EXPECT_EQ(e.match_id, "m-gomoku");
  auto events = r->events_for(1, 1);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, EventKind::kAction);
  EXPECT_EQ(events[0].actor, 0);
  EXPECT_EQ(events[0].action_number, 1);
  EXPECT_NE(events[0].text.find("H8"), std::string::npos);
  EXPECT_EQ(events[0].elapsed_ms, 1'250);
  EXPECT_EQ(r->to_move(), 1);
  EXPECT_EQ(r->clocks(at_ms(2'250)).remaining_ms, (std::array<std::int64_t, 2>{58'750, 59'000}));
}

TEST(Referee, WrongSeatIsAnIllegalAttemptAndChangesNothing) {
  MemoryJournal journal;
  auto r = make(config("gomoku", "rule=freestyle opening=free"), journal);
  const auto hash = r->hash();
  auto wrong = r->submit(1, "H8", at_ms(100));
  EXPECT_EQ(wrong.status, S::kRejected);
  EXPECT_FALSE(wrong.reason.empty());
  EXPECT_EQ(wrong.attempts_left, 2);
  EXPECT_EQ(r->hash(), hash);
  EXPECT_EQ(r->last_seq(), 1u);  // no event for a rejected attempt
  EXPECT_EQ(r->attempts_used(1), 1);
  EXPECT_EQ(r->attempts_used(0), 0);
  ASSERT_EQ(journal.entries().size(), 2u);
  EXPECT_EQ(journal.entries()[1].kind, EntryKind::kIllegalAttempt);
  EXPECT_EQ(journal.entries()[1].seq, 0u);
  EXPECT_EQ(journal.entries()[1].reason, wrong.reason);
  // Not a seat at all: the caller's mistake, not counted, not journaled.
  EXPECT_EQ(r->submit(7, "H8", at_ms(100)).status, S::kRejected);
  EXPECT_EQ(r->submit(kPublic, "H8", at_ms(100)).status, S::kRejected);
  EXPECT_EQ(journal.entries().size(), 2u);
  EXPECT_TRUE(r->submit(0, "H8", at_ms(200)).accepted());
}

TEST(Referee, NormalEndingByTheRulesWithFullRecordAfterwards) {
  MemoryJournal journal;
  auto r = make(config("gomoku", "rule=freestyle opening=free"), journal);
  const char* moves[] = {"A1", "O15", "B1", "O14", "C1", "O13", "D1", "O12", "E1"};
  std::int64_t t = 0;
  Seat seat = 0;
  for (const char* m : moves) {
    t += 100;
    ASSERT_TRUE(r->submit(seat, m, at_ms(t)).accepted()) << m;
    seat = 1 - seat;
  }
  ASSERT_TRUE(r->finished());
  EXPECT_EQ(r->outcome().ending, Ending::kNormal);
  EXPECT_EQ(r->outcome().winner, 0);
  EXPECT_EQ(r->to_move(), kPublic);
  EXPECT_FALSE(r->next_deadline().has_value());
  // The winning action carries the ending in the journal; the end event follows it.
  EXPECT_EQ(journal.entries().back().outcome, r->outcome());
  const auto end = r->events_for(kPublic, r->last_seq() - 1);
  ASSERT_EQ(end.size(), 1u);
  EXPECT_EQ(end[0].kind, EventKind::kEnd);
  EXPECT_EQ(end[0].outcome, r->outcome());
  EXPECT_NE(end[0].text.find("game over"), std::string::npos);
  auto rec = r->record();
  ASSERT_TRUE(rec.has_value());
  ASSERT_EQ(rec->actions.size(), 9u);
  EXPECT_EQ(rec->actions[8].text, "E1");
  EXPECT_EQ(rec->actions[8].seat, 0);
  EXPECT_FALSE(rec->final_text.empty());
  EXPECT_EQ(rec->outcome, r->outcome());
  auto late = r->submit(1, "O11", at_ms(t + 100));
  EXPECT_EQ(late.status, S::kGameOver);
  EXPECT_FALSE(r->resign(1, at_ms(t + 100)).ok());
  EXPECT_FALSE(r->abort("late", at_ms(t + 100)).ok());
}

TEST(Referee, OverlongTextIsAnIllegalAttemptStoredShortened) {
  MemoryJournal journal;
  auto r = make(config("surakarta"), journal);
  auto res = r->submit(0, std::string(100'000, 'x'), at_ms(10));
  EXPECT_EQ(res.status, S::kRejected);
  EXPECT_NE(res.reason.find("too long"), std::string::npos);
  EXPECT_LE(journal.entries().back().text.size(), kMaxStoredAttemptText);
  auto bytes = r->submit(0, std::string("\xff\xfe\x01 AB\n", 7), at_ms(20));
  EXPECT_EQ(bytes.status, S::kRejected);
  EXPECT_EQ(journal.entries().back().text, "??? AB?");
}

}  // namespace
}  // namespace boyi::referee

namespace boyi::referee {
namespace {

TEST(RefereeFactory, MakesTheGameThroughTheFactoryAndExposesTheCommittedGame) {
  using namespace testing;
  MemoryJournal journal;
  int calls = 0;
  GameFactory factory = [&](std::string_view game, std::string_view rules) {
    ++calls;
    return create_game(game, rules);
  };
  auto r = Referee::create(config("gomoku", "rule=freestyle opening=free"), journal, kT0, factory);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(calls, 1);
  Referee& ref = *r.value();
  EXPECT_EQ(ref.game().ply(), 0);
  ASSERT_TRUE(ref.submit(0, "H8", at_ms(10)).accepted());
  EXPECT_EQ(ref.game().ply(), 1);
  EXPECT_EQ(ref.game().hash(), ref.hash());
  EXPECT_EQ(ref.game().to_move(), 1);

  auto resumed = Referee::resume(ref.config(), journal.entries(), journal, at_ms(20), factory);
  ASSERT_TRUE(resumed.ok()) << resumed.message();
  EXPECT_EQ(calls, 2);
  EXPECT_EQ(resumed.value()->game().hash(), ref.hash());

  GameFactory failing = [](std::string_view, std::string_view) -> Result<std::unique_ptr<AnyGame>> {
    return Error{"no games today"};
  };
  MemoryJournal other;
  auto refused = Referee::create(config("gomoku"), other, kT0, failing);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.message().find("no games today"), std::string::npos);
  EXPECT_TRUE(other.entries().empty());
}

}  // namespace
}  // namespace boyi::referee
