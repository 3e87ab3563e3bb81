// WireMatch: the messages of a match per recipient (hidden 军棋 deployments, the spectator
// delay, the end and the record), and a resumed match rendering its past exactly as the
// live one did.
#include "protocol/match/wire_match.h"

#include <gtest/gtest.h>

#include <chrono>

#include "base/rng.h"
#include "referee/journal.h"

namespace boyi::protocol {
namespace {

using referee::TimePoint;
using std::chrono::milliseconds;

TimePoint at(int ms) {
  return TimePoint{} + milliseconds(ms);
}

referee::MatchConfig config(std::string game, int delay = 0) {
  referee::MatchConfig c;
  c.match_id = "m7";
  c.game = std::move(game);
  c.time.total_ms = 60'000;
  c.spectator_delay_plies = delay;
  return c;
}

MatchHeader header() {
  MatchHeader h;
  h.preset = "test";
  h.players[0].set_name("alice");
  h.players[1].set_name("bob");
  return h;
}

// Plays random legal actions until the game ends or `limit` actions, a millisecond apart.
void play_random(WireMatch& m, std::uint64_t seed, int limit) {
  Rng rng(seed);
  int t = 1;
  while (!m.referee().finished() && m.actions() < limit) {
    for (Seat s = 0; s < 2 && !m.referee().finished(); ++s) {
      if (!m.referee().can_act(s)) continue;
      const std::string move = m.referee().game().random_move(s, rng);
      ASSERT_TRUE(m.submit(s, move, at(t++)).accepted()) << move;
    }
  }
}

TEST(WireMatch, EachSeatIsToldOnlyItsOwnDeployment) {
  referee::MemoryJournal journal;
  auto m = WireMatch::create(config("junqi"), header(), journal, at(0));
  ASSERT_TRUE(m.ok()) << m.message();
  WireMatch& match = **m;
  for (Seat s : {Seat{0}, Seat{1}, kPublic}) {
    const v1::MatchStarted st = match.started(s, at(0));
    EXPECT_EQ(st.seat(), s);
    EXPECT_EQ(st.view().viewer(), s);
    EXPECT_EQ(st.players(1).name(), "bob");
    EXPECT_EQ(st.players(1).seat(), 1);
    EXPECT_EQ(st.preset(), "test");
    EXPECT_TRUE(st.clocks().running_both());
  }
  play_random(match, 3, 2);  // both deployments
  ASSERT_EQ(match.actions(), 2);
  for (Seat v : {Seat{0}, Seat{1}, kPublic}) {
    const auto messages = match.messages(v, 1, true);
    ASSERT_EQ(messages.size(), 2u);
    for (const auto& msg : messages) {
      ASSERT_TRUE(msg.has_match_event());
      const auto& e = msg.match_event();
      EXPECT_EQ(e.redacted(), e.actor() != v) << "viewer " << v << " seq " << e.seq();
      EXPECT_EQ(e.move().empty(), e.actor() != v);
    }
    EXPECT_EQ(messages[0].match_event().seq(), 1u);
    EXPECT_FALSE(messages[0].match_event().has_view());  // only the newest carries one
    EXPECT_EQ(messages[1].match_event().view().viewer(), v);
  }
}

TEST(WireMatch, SpectatorsSeeThePositionAsOfTheirDelay) {
  referee::MemoryJournal journal;
  auto m = WireMatch::create(config("gomoku", 2), header(), journal, at(0));
  ASSERT_TRUE(m.ok());
  WireMatch& match = **m;
  ASSERT_TRUE(match.submit(0, "H8", at(1)).accepted());
  ASSERT_TRUE(match.submit(1, "H9", at(2)).accepted());
  ASSERT_TRUE(match.submit(0, "J8", at(3)).accepted());
  // Spectators were told one action: the view shows H8 only.
  const auto told = match.messages(kPublic, 1, false);
  ASSERT_EQ(told.size(), 1u);
  EXPECT_EQ(told[0].match_event().move(), "H8");
  auto one = create_wire_game("gomoku", "");
  ASSERT_TRUE(one.ok());
  ASSERT_TRUE((*one)->play(0, "H8").ok());
  EXPECT_EQ(match.view(kPublic).SerializeAsString(), (*one)->wire_view(kPublic).SerializeAsString());
  EXPECT_NE(match.view(0).text(), match.view(kPublic).text());
  // The end releases everything.
  ASSERT_TRUE(match.referee().resign(1, at(4)).ok());
  const auto all = match.messages(kPublic, 1, false);
  ASSERT_EQ(all.size(), 4u);
  EXPECT_TRUE(all.back().has_match_ended());
  EXPECT_EQ(all.back().match_ended().outcome().ending(), v1::ENDING_RESIGNATION);
  EXPECT_FALSE(match.view(kPublic).can_act());
}

TEST(WireMatch, TheRecordIsPublicOnlyAtTheEnd) {
  referee::MemoryJournal journal;
  auto m = WireMatch::create(config("dots"), header(), journal, at(0));
  ASSERT_TRUE(m.ok());
  WireMatch& match = **m;
  play_random(match, 5, 6);
  EXPECT_FALSE(match.record().has_value());
  play_random(match, 6, 100000);
  auto rec = match.record();
  ASSERT_TRUE(rec.has_value());
  EXPECT_EQ(rec->moves_size(), match.actions());
  EXPECT_EQ(rec->players(0).name(), "alice");
  EXPECT_EQ(rec->rules(), match.referee().rules_text());
  EXPECT_FALSE(rec->moves(0).rendering().empty());
  EXPECT_EQ(rec->outcome().ending(), v1::ENDING_NORMAL);
}

TEST(WireMatch, AResumedMatchTellsThePastAsTheLiveOneDid) {
  for (const char* game : {"junqi", "gomoku", "dots", "surakarta"}) {
    referee::MemoryJournal journal;
    auto live = WireMatch::create(config(game), header(), journal, at(0));
    ASSERT_TRUE(live.ok());
    play_random(**live, 11, 12);
    auto resumed = WireMatch::resume(config(game), header(), journal.entries(), journal, at(500));
    ASSERT_TRUE(resumed.ok()) << resumed.message();
    EXPECT_EQ((*resumed)->actions(), (*live)->actions());
    for (Seat v : {Seat{0}, Seat{1}, kPublic}) {
      const auto before = (*live)->messages(v, 1, false);
      const auto after = (*resumed)->messages(v, 1, false);
      ASSERT_EQ(before.size(), after.size()) << game;
      for (std::size_t i = 0; i < before.size(); ++i)
        EXPECT_EQ(before[i].SerializeAsString(), after[i].SerializeAsString()) << game << " #" << i;
      EXPECT_EQ((*live)->view(v).SerializeAsString(), (*resumed)->view(v).SerializeAsString());
      EXPECT_EQ((*live)->started(v, at(0)).view().SerializeAsString(),
                (*resumed)->started(v, at(0)).view().SerializeAsString());
    }
  }
}

TEST(WireMatch, BadConfigsAndJournalsAreErrors) {
  referee::MemoryJournal journal;
  EXPECT_FALSE(WireMatch::create(config("chess"), header(), journal, at(0)).ok());
  auto c = config("dots");
  c.rules_text = "size=99";
  EXPECT_FALSE(WireMatch::create(c, header(), journal, at(0)).ok());
  std::vector<referee::JournalEntry> none;
  EXPECT_FALSE(WireMatch::resume(config("dots"), header(), none, journal, at(0)).ok());
}

}  // namespace
}  // namespace boyi::protocol

namespace boyi::protocol {
namespace {

TEST(WireMatch, ATakebackIsAnEventAndReplaysWithTheActionsItUndid) {
  referee::MemoryJournal journal;
  referee::MatchConfig c = config("surakarta");
  c.takebacks = true;
  auto m = WireMatch::create(c, header(), journal, at(0));
  ASSERT_TRUE(m.ok()) << m.message();
  WireMatch& match = **m;
  EXPECT_TRUE(match.started(0, at(0)).takebacks());
  EXPECT_TRUE(match.started(kPublic, at(0)).draw_offers());
  Rng rng(5);
  for (int t = 1; t <= 3; ++t) {
    const Seat s = match.referee().to_move();
    ASSERT_TRUE(match.submit(s, match.referee().game().random_move(s, rng), at(t)).accepted());
  }
  ASSERT_EQ(match.actions(), 3);
  const auto before = match.messages(kPublic, 1, false);  // the three actions
  ASSERT_TRUE(match.propose(1, referee::ProposalKind::kTakeback, at(100)).ok());
  EXPECT_EQ(match.proposals().open_size(), 1);
  EXPECT_EQ(match.proposals().open(0).actions(), 2u);
  ASSERT_TRUE(match.answer(0, referee::ProposalKind::kTakeback, true, at(200)).ok());
  EXPECT_EQ(match.actions(), 1);
  const auto proposals = match.proposals();
  EXPECT_EQ(proposals.open_size(), 0);
  EXPECT_EQ(proposals.last_closed().state(), v1::PROPOSAL_STATE_ACCEPTED);

  const auto all = match.messages(0, 1, true);
  ASSERT_EQ(all.size(), 4u);
  const v1::MatchEvent& back = all.back().match_event();
  EXPECT_EQ(back.takes_back(), 2u);
  EXPECT_EQ(back.actor(), 1);
  EXPECT_TRUE(back.move().empty());
  EXPECT_EQ(back.ply(), 1);
  EXPECT_EQ(back.to_move(), 1);
  EXPECT_TRUE(back.has_view());  // the newest: the position after it
  EXPECT_EQ(back.view().ply(), 1);
  // The undone actions' events still read as they did.
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(all[static_cast<std::size_t>(i)].match_event().move(),
              before[static_cast<std::size_t>(i)].match_event().move());

  // Play on, finish, and resume from the journal: the same messages and record.
  play_random(match, 6, 4);
  ASSERT_TRUE(match.referee().resign(0, at(900)).ok());
  auto resumed = WireMatch::resume(c, header(), journal.entries(), journal, at(1000));
  ASSERT_TRUE(resumed.ok()) << resumed.message();
  for (Seat v : {Seat{0}, Seat{1}, kPublic}) {
    const auto live = match.messages(v, 1, true);
    const auto again = (*resumed)->messages(v, 1, true);
    ASSERT_EQ(live.size(), again.size());
    for (std::size_t i = 0; i < live.size(); ++i)
      EXPECT_EQ(live[i].SerializeAsString(), again[i].SerializeAsString()) << i;
  }
  EXPECT_EQ(match.record()->SerializeAsString(), (*resumed)->record()->SerializeAsString());
  EXPECT_EQ(match.record()->moves_size(), match.actions());
  EXPECT_GE(match.actions(), 4);
}

TEST(WireMatch, AnAgreedDrawEndsWithTheAgreementEnding) {
  referee::MemoryJournal journal;
  auto m = WireMatch::create(config("gomoku"), header(), journal, at(0));
  ASSERT_TRUE(m.ok()) << m.message();
  WireMatch& match = **m;
  EXPECT_FALSE(match.started(0, at(0)).takebacks());
  ASSERT_TRUE(match.propose(0, referee::ProposalKind::kDraw, at(10)).ok());
  ASSERT_TRUE(match.propose(1, referee::ProposalKind::kDraw, at(20)).ok());
  const auto all = match.messages(1, 0, true);
  ASSERT_FALSE(all.empty());
  ASSERT_TRUE(all.back().has_match_ended());
  EXPECT_EQ(all.back().match_ended().outcome().ending(), v1::ENDING_AGREEMENT);
  EXPECT_EQ(all.back().match_ended().outcome().winner(), -1);
  auto dots = WireMatch::create(config("dots"), header(), journal, at(0));
  ASSERT_TRUE(dots.ok());
  EXPECT_FALSE((*dots)->started(0, at(0)).draw_offers());
}

}  // namespace
}  // namespace boyi::protocol
