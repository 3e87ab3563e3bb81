// Draw offers and takeback requests between the seats (proposals.h): who may propose
// what, accepting, declining, lapsing, the journal, and a resume that replays them.
#include <gtest/gtest.h>

#include "referee/referee.h"
#include "referee/test_support.h"

namespace boyi::referee {
namespace {

using namespace testing;
using K = ProposalKind;
using PS = ProposalState;

MatchConfig freestyle(bool takebacks = false) {
  MatchConfig c = config("gomoku", "rule=freestyle opening=free");
  c.takebacks = takebacks;
  return c;
}

// Plays the seat to move's first legal move.
void play(Referee& r, std::int64_t ms) {
  const Seat s = r.to_move();
  ASSERT_TRUE(s == 0 || s == 1);
  const auto moves = r.legal_moves(s);
  ASSERT_FALSE(moves.empty());
  ASSERT_TRUE(r.submit(s, moves.front(), at_ms(ms)).accepted());
}

TEST(RefereeProposals, AnAcceptedDrawOfferEndsTheMatchByAgreementAndResumesSo) {
  MemoryJournal journal;
  auto r = make(freestyle(), journal);
  play(*r, 100);
  ASSERT_TRUE(r->propose(0, K::kDraw, at_ms(200)).ok());
  ASSERT_EQ(r->open_proposals().size(), 1u);
  EXPECT_EQ(r->open_proposals()[0].from, 0);
  EXPECT_FALSE(r->answer(0, K::kDraw, true, at_ms(250)).ok());  // not one's own
  ASSERT_TRUE(r->answer(1, K::kDraw, true, at_ms(300)).ok());
  EXPECT_EQ(r->outcome().ending, Ending::kAgreement);
  EXPECT_FALSE(r->outcome().winner.has_value());
  EXPECT_EQ(r->outcome().detail, "drawn by agreement");
  EXPECT_TRUE(r->open_proposals().empty());
  ASSERT_TRUE(r->last_closed_proposal());
  EXPECT_EQ(r->last_closed_proposal()->state, PS::kAccepted);
  EXPECT_EQ(journal.entries().back().kind, EntryKind::kEnd);
  EXPECT_EQ(journal.entries().back().outcome, r->outcome());
  EXPECT_EQ(ending_name(Ending::kAgreement), "agreement");

  auto resumed = Referee::resume(freestyle(), journal.entries(), journal, at_ms(400));
  ASSERT_TRUE(resumed.ok()) << resumed.message();
  EXPECT_EQ((*resumed)->outcome(), r->outcome());
}

TEST(RefereeProposals, OfferingWhatTheOtherSeatOfferedAcceptsIt) {
  MemoryJournal journal;
  auto r = make(freestyle(), journal);
  ASSERT_TRUE(r->propose(1, K::kDraw, at_ms(10)).ok());
  ASSERT_TRUE(r->propose(0, K::kDraw, at_ms(20)).ok());
  EXPECT_EQ(r->outcome().ending, Ending::kAgreement);
}

TEST(RefereeProposals, ADeclinedOrLapsedOfferMayBeRepeatedOnlyAfterPlaying) {
  MemoryJournal journal;
  auto r = make(freestyle(), journal);
  const auto version = r->proposals_version();
  ASSERT_TRUE(r->propose(0, K::kDraw, at_ms(10)).ok());
  EXPECT_NE(r->proposals_version(), version);
  EXPECT_FALSE(r->propose(0, K::kDraw, at_ms(11)).ok());  // already open
  ASSERT_TRUE(r->answer(1, K::kDraw, false, at_ms(20)).ok());
  EXPECT_EQ(r->last_closed_proposal()->state, PS::kDeclined);
  EXPECT_FALSE(r->finished());
  const auto again = r->propose(0, K::kDraw, at_ms(30));
  ASSERT_FALSE(again.ok());
  EXPECT_NE(again.message().find("after seat 0 has played"), std::string::npos) << again.message();
  play(*r, 40);  // seat 0 plays
  ASSERT_TRUE(r->propose(0, K::kDraw, at_ms(50)).ok());

  // Seat 1 plays on instead of answering: the offer lapses.
  play(*r, 60);
  EXPECT_TRUE(r->open_proposals().empty());
  EXPECT_EQ(r->last_closed_proposal()->state, PS::kLapsed);
  EXPECT_FALSE(r->answer(1, K::kDraw, true, at_ms(70)).ok());
  EXPECT_FALSE(r->finished());
  // The offer of the seat that just played stands while the other thinks.
  ASSERT_TRUE(r->propose(1, K::kDraw, at_ms(80)).ok());
  play(*r, 90);  // seat 0 plays on: seat 1's offer lapses
  EXPECT_TRUE(r->open_proposals().empty());
}

TEST(RefereeProposals, AGameThatCannotBeDrawnTakesNoDrawOffer) {
  MemoryJournal journal;
  auto r = make(config("dots"), journal);
  const auto s = r->propose(0, K::kDraw, at_ms(10));
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("cannot end in a draw"), std::string::npos) << s.message();

  MatchConfig no_offers = freestyle();
  no_offers.draw_offers = false;
  MemoryJournal j2;
  auto g = make(no_offers, j2);
  EXPECT_FALSE(g->propose(0, K::kDraw, at_ms(10)).ok());
}

TEST(RefereeProposals, AnAcceptedTakebackUndoesTheRequestersLastActionAndWhatFollowed) {
  MemoryJournal journal;
  auto r = make(freestyle(true), journal);
  play(*r, 100);  // seat 0
  const auto after_first = r->hash();
  play(*r, 200);  // seat 1
  const auto after_second = r->hash();
  play(*r, 300);  // seat 0
  // Seat 1 asks: its last action and seat 0's reply go.
  ASSERT_TRUE(r->propose(1, K::kTakeback, at_ms(400)).ok());
  EXPECT_EQ(r->open_proposals()[0].actions, 2);
  ASSERT_TRUE(r->answer(0, K::kTakeback, true, at_ms(500)).ok());
  EXPECT_EQ(r->actions(), 1);
  EXPECT_EQ(r->hash(), after_first);
  EXPECT_EQ(r->to_move(), 1);
  EXPECT_EQ(r->last_closed_proposal()->state, PS::kAccepted);
  const auto events = r->events_for(0, 0);
  EXPECT_EQ(events.back().kind, EventKind::kTakeback);
  EXPECT_EQ(events.back().actor, 1);
  EXPECT_EQ(events.back().action_number, 1);
  EXPECT_EQ(events.back().taken_back, 2);
  EXPECT_EQ(events.back().text, "seat 1 took back 2 actions, agreed by seat 0");
  EXPECT_EQ(journal.entries().back().kind, EntryKind::kTakeback);
  EXPECT_EQ(journal.entries().back().text, "2");

  // Play goes on from there: the next action is action 2 again.
  play(*r, 600);
  EXPECT_EQ(r->events_for(0, 0).back().action_number, 2);
  EXPECT_EQ(r->hash(), after_second);  // the same first legal move again
  // The record holds the game as it stands.
  ASSERT_TRUE(r->resign(0, at_ms(700)).ok());
  ASSERT_TRUE(r->record());
  EXPECT_EQ(r->record()->actions.size(), 2u);

  auto resumed = Referee::resume(freestyle(true), journal.entries(), journal, at_ms(800));
  ASSERT_TRUE(resumed.ok()) << resumed.message();
  EXPECT_EQ((*resumed)->hash(), r->hash());
  EXPECT_EQ((*resumed)->last_seq(), r->last_seq());
  EXPECT_EQ((*resumed)->record()->actions, r->record()->actions);
  EXPECT_EQ((*resumed)->events_for(kPublic, 0), r->events_for(kPublic, 0));
}

TEST(RefereeProposals, ARunningMatchResumesAfterATakebackWithTheSameClocks) {
  MemoryJournal journal;
  auto r = make(freestyle(true), journal);
  play(*r, 1'000);
  ASSERT_TRUE(r->propose(0, K::kTakeback, at_ms(3'000)).ok());
  ASSERT_TRUE(r->propose(1, K::kTakeback, at_ms(4'000)).ok());  // the same: accepts
  EXPECT_EQ(r->actions(), 0);
  EXPECT_EQ(r->to_move(), 0);
  // Seat 0 thought 1 s, seat 1 3 s; nobody is charged for the takeback itself.
  EXPECT_EQ(journal.entries().back().clock_ms, (std::array<std::int64_t, 2>{59'000, 57'000}));
  auto resumed = Referee::resume(freestyle(true), journal.entries(), journal, at_ms(9'000));
  ASSERT_TRUE(resumed.ok()) << resumed.message();
  EXPECT_EQ((*resumed)->clocks(at_ms(9'000)).remaining_ms,
            (std::array<std::int64_t, 2>{59'000, 57'000}));
  EXPECT_EQ((*resumed)->actions(), 0);
  EXPECT_EQ((*resumed)->to_move(), 0);
}

TEST(RefereeProposals, TakebacksOnlyWhereAllowedAndWhileTheyStillFit) {
  MemoryJournal j1;
  auto rated = make(freestyle(false), j1);
  play(*rated, 10);
  EXPECT_FALSE(rated->propose(0, K::kTakeback, at_ms(20)).ok());

  MemoryJournal j2;
  MatchConfig junqi = config("junqi");
  junqi.takebacks = true;
  auto hidden = make(junqi, j2);
  const auto s = hidden->propose(0, K::kTakeback, at_ms(20));
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("cannot be hidden again"), std::string::npos) << s.message();

  MatchConfig delayed = freestyle(true);
  delayed.spectator_delay_plies = 2;
  EXPECT_FALSE(delayed.validate().ok());

  MemoryJournal j3;
  auto r = make(freestyle(true), j3);
  EXPECT_FALSE(r->propose(0, K::kTakeback, at_ms(5)).ok());  // nothing of its own yet
  play(*r, 10);
  ASSERT_TRUE(r->propose(0, K::kTakeback, at_ms(20)).ok());
  play(*r, 30);  // seat 1 plays on: the request lapses
  EXPECT_TRUE(r->open_proposals().empty());
  EXPECT_FALSE(r->answer(1, K::kTakeback, true, at_ms(40)).ok());
  EXPECT_EQ(r->actions(), 2);
}

TEST(RefereeProposals, AJournalFailureOnAcceptingChangesNothing) {
  MemoryJournal journal;
  auto r = make(freestyle(true), journal);
  play(*r, 10);
  ASSERT_TRUE(r->propose(0, K::kTakeback, at_ms(20)).ok());
  ASSERT_TRUE(r->propose(0, K::kDraw, at_ms(21)).ok());
  const auto seq = r->last_seq();
  journal.fail_next(2);
  EXPECT_FALSE(r->answer(1, K::kTakeback, true, at_ms(30)).ok());
  EXPECT_FALSE(r->answer(1, K::kDraw, true, at_ms(31)).ok());
  EXPECT_EQ(r->actions(), 1);
  EXPECT_FALSE(r->finished());
  EXPECT_EQ(r->last_seq(), seq);
  EXPECT_EQ(r->open_proposals().size(), 2u);
  ASSERT_TRUE(r->answer(1, K::kDraw, true, at_ms(40)).ok());
  EXPECT_TRUE(r->open_proposals().empty());  // the takeback lapsed with the end
}

}  // namespace
}  // namespace boyi::referee
