// Seeded random games with every invariant checked at every ply, against the
// reference board played in lockstep.
#include <algorithm>

#include <gtest/gtest.h>

#include "base/rng.h"
#include "engine/dots/reference.h"
#include "engine/dots/test_support.h"

namespace boyi::dots {
namespace {

using testing::sorted_texts;

#ifdef NDEBUG
constexpr int kGames = 400;
#else
constexpr int kGames = 200;  // sanitizer / debug builds: same checks, fewer games
#endif

void check_views(const State& s) {
  const std::string board = s.to_text();
  for (Seat v : {0, 1, kPublic}) {
    const View view = s.view(v);
    EXPECT_EQ(view.viewer, v);
    EXPECT_EQ(view.edges, s.drawn_edges());
    for (int b = 0; b < kBoxes; ++b) EXPECT_EQ(view.owners[b], s.box_owner(b));
    EXPECT_EQ(view.score[0], s.score(0));
    EXPECT_EQ(view.score[1], s.score(1));
    EXPECT_EQ(view.to_move, s.to_move());
    EXPECT_EQ(view.ply, s.ply());
    EXPECT_EQ(view.outcome, s.outcome());
    // Perfect information: the text is the full board plus who the viewer is.
    const std::string text = view.to_text();
    EXPECT_EQ(text.substr(0, board.size()), board);
    EXPECT_EQ(std::count(text.begin() + static_cast<long>(board.size()), text.end(), '\n'), 1);
  }
}

void check_position(const State& s, const reference::Board& ref) {
  ASSERT_EQ(s.hash(), s.compute_hash());
  // The engine's board agrees with the reference board played alongside it.
  EXPECT_EQ(s.is_terminal(), ref.over);
  EXPECT_EQ(s.to_move(), ref.to_move);
  int score[2] = {0, 0};
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c) {
      EXPECT_EQ(s.box_owner(r * 5 + c), ref.owner[r][c]);
      if (ref.owner[r][c] >= 0) ++score[ref.owner[r][c]];
      const int sides =
          ref.drawn[0][r][c] + ref.drawn[0][r + 1][c] + ref.drawn[1][c][r] + ref.drawn[1][c + 1][r];
      EXPECT_EQ(s.sides_drawn(r * 5 + c), sides);
    }
  EXPECT_EQ(s.score(0), score[0]);
  EXPECT_EQ(s.score(1), score[1]);
  int undrawn = 0;
  for (const auto& lines : ref.drawn)
    for (const auto& line : lines)
      for (bool d : line) undrawn += !d;
  EXPECT_EQ(s.undrawn_count(), undrawn);

  // The legal set equals the reference's.
  std::vector<std::string> expected;
  for (const Move m : reference::legal_moves(s)) expected.push_back(s.format_move(m));
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(sorted_texts(s), expected);

  // Outcome follows the rules: over exactly when all boxes are claimed, more boxes wins.
  const Outcome o = s.outcome();
  EXPECT_EQ(s.is_terminal(), score[0] + score[1] == kBoxes);
  EXPECT_EQ(o.finished(), s.is_terminal());
  if (s.is_terminal()) {
    EXPECT_EQ(o.ending, Ending::kNormal);
    ASSERT_TRUE(o.winner.has_value());
    EXPECT_EQ(*o.winner, score[0] > score[1] ? 0 : 1);
    EXPECT_EQ(o.detail, std::to_string(score[0]) + "-" + std::to_string(score[1]));
    EXPECT_FALSE(s.can_act(0));
    EXPECT_FALSE(s.can_act(1));
  } else {
    EXPECT_TRUE(s.can_act(s.to_move()));
    EXPECT_FALSE(s.can_act(1 - s.to_move()));
  }

  MoveList list;
  s.legal_moves(list);
  for (const Move m : list) {
    auto parsed = s.parse_move(s.to_move(), s.format_move(m));
    ASSERT_TRUE(parsed.ok()) << parsed.message();
    EXPECT_EQ(*parsed, m);
    EXPECT_TRUE(s.check(s.to_move(), m).ok());
    // The wrong seat is refused and nothing changes.
    State wrong = s;
    EXPECT_FALSE(wrong.check(1 - s.to_move(), m).ok());
    EXPECT_FALSE(wrong.apply_checked(1 - s.to_move(), m).ok());
    EXPECT_EQ(wrong, s);
    // Checked and fast paths agree.
    State checked = s, fast = s;
    auto event = checked.apply_checked(s.to_move(), m);
    ASSERT_TRUE(event.ok()) << event.message();
    const std::uint32_t claimed = fast.apply(m);
    EXPECT_EQ(checked, fast);
    EXPECT_EQ(event->claimed, std::popcount(claimed));
    EXPECT_EQ(event->again, claimed != 0 && !fast.is_terminal());
    EXPECT_EQ(fast.hash(), fast.compute_hash());
  }
  // Drawn edges are refused.
  for (std::uint64_t d = s.drawn_edges(); d; d &= d - 1) {
    const Move m{static_cast<std::uint8_t>(std::countr_zero(d))};
    EXPECT_FALSE(s.check(s.to_move() == kPublic ? 0 : s.to_move(), m).ok());
  }
  check_views(s);
  // The diagram round-trips.
  if (!s.is_terminal()) {
    auto back = State::from_diagram(s.rules(), s.to_diagram(), s.to_move());
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(*back, s);
  }
}

TEST(DotsRandom, InvariantsHoldAtEveryPly) {
  Rng rng(20240611);
  int plies = 0, turns = 0, doubles = 0;
  for (int game = 0; game < kGames; ++game) {
    State s(Rules{});
    reference::Board ref = reference::Board::from(s);
    State turn_start = s;
    Turn turn;
    std::vector<Event> turn_events;
    while (true) {
      check_position(s, ref);
      if (::testing::Test::HasFatalFailure() || s.is_terminal()) break;
      MoveList list;
      s.legal_moves(list);
      const Move m = list[rng.below(static_cast<std::uint32_t>(list.size()))];
      const Seat mover = s.to_move();
      auto event = s.apply_checked(mover, m);
      ASSERT_TRUE(event.ok()) << event.message();
      ref.play(s.format_move(m));
      ++plies;
      doubles += event->claimed == 2;
      turn.push_back(m);
      turn_events.push_back(*event);
      if (!event->again) {
        // The same turn sent whole gives the same record and the same state.
        State whole = turn_start;
        auto events = whole.apply_turn_checked(mover, turn);
        ASSERT_TRUE(events.ok()) << events.message() << " for " << State::format_turn(turn);
        EXPECT_EQ(*events, turn_events);
        EXPECT_EQ(whole, s);
        auto reparsed = State::parse_turn(State::format_platform_turn(turn));
        ASSERT_TRUE(reparsed.ok()) << reparsed.message();
        EXPECT_EQ(*reparsed, turn);
        turn_start = s;
        turn.clear();
        turn_events.clear();
        ++turns;
      }
    }
    ASSERT_TRUE(s.is_terminal());
    EXPECT_EQ(s.ply(), kEdges);
    EXPECT_EQ(s.score(0) + s.score(1), kBoxes);
  }
  EXPECT_EQ(plies, kGames * kEdges);
  EXPECT_GT(doubles, 0);  // the games did exercise double claims
  EXPECT_LT(turns, plies);
}

}  // namespace
}  // namespace boyi::dots
