// Seeded random games with invariant checks at every ply, and the fast renju
// forbidden test against the reference's definition-based one.
#include <gtest/gtest.h>

#include "base/rng.h"
#include "engine/gomoku/test_support.h"

namespace boyi::gomoku {
namespace {

using testing::fast_moves;
using testing::reference_texts;
using testing::sorted_texts;

#ifdef NDEBUG
constexpr int kGamesPerRules = 60;
constexpr int kForbiddenPositions = 3000;
#else
constexpr int kGamesPerRules = 10;  // the sanitizer build is much slower
constexpr int kForbiddenPositions = 300;
#endif

void check_views(const State& s) {
  const View v0 = s.view(0), v1 = s.view(1), vp = s.view(kPublic);
  for (const View* v : {&v0, &v1, &vp}) {
    for (int p = 0; p < kPoints; ++p) ASSERT_EQ(v->board[p], s.at(static_cast<Point>(p)));
    ASSERT_EQ(v->to_move, s.to_move());
    ASSERT_EQ(v->black_seat, s.black_seat());
    ASSERT_EQ(v->step, s.step());
    ASSERT_EQ(v->ply, s.ply());
    ASSERT_EQ(v->offer_count, s.offer_count());
    for (int i = 0; i < s.offer_count(); ++i) ASSERT_EQ(v->offers[i], s.offer(i));
    ASSERT_EQ(v->outcome, s.outcome());
    const bool black_places = !s.is_terminal() && s.colour_to_move() == Colour::kBlack &&
                              s.step() != Step::kSwap && s.step() != Step::kChoose;
    for (int p = 0; p < kPoints; ++p) {
      const bool marked = v->forbidden.contains(static_cast<Point>(p));
      ASSERT_EQ(marked, black_places && s.is_forbidden(static_cast<Point>(p))) << p;
    }
  }
  ASSERT_EQ(v0.viewer, 0);
  ASSERT_EQ(v1.viewer, 1);
  ASSERT_EQ(vp.viewer, kPublic);
  // Perfect information: the viewers differ only in whom the view is for.
  View w1 = v1, wp = vp;
  w1.viewer = 0;
  wp.viewer = 0;
  ASSERT_EQ(w1, v0);
  ASSERT_EQ(wp, v0);
  ASSERT_FALSE(vp.to_text().empty());
}

void check_ply(const State& s) {
  ASSERT_EQ(s.hash(), s.compute_hash());
  const std::vector<Move> moves = fast_moves(s);
  const std::vector<std::string> texts = sorted_texts(s, moves);
  ASSERT_EQ(std::adjacent_find(texts.begin(), texts.end()), texts.end()) << "duplicate move";
  ASSERT_EQ(texts, reference_texts(s)) << s.to_text();
  ASSERT_EQ(s.is_terminal(), moves.empty());
  ASSERT_EQ(s.is_terminal(), s.outcome().finished());
  const Seat seat = s.to_move();
  if (s.is_terminal()) {
    ASSERT_EQ(seat, kPublic);
  } else {
    ASSERT_TRUE(s.can_act(seat));
    ASSERT_FALSE(s.can_act(1 - seat));
  }
  for (const Move& m : moves) {
    ASSERT_TRUE(s.check(seat, m).ok()) << s.format_move(m) << ": " << s.check(seat, m).message();
    ASSERT_FALSE(s.check(1 - seat, m).ok());
    ASSERT_FALSE(s.check(kPublic, m).ok());
    auto parsed = s.parse_move(seat, s.format_move(m));
    ASSERT_TRUE(parsed.ok()) << parsed.message();
    ASSERT_EQ(parsed.value(), m);
    State copy = s;
    auto event = copy.apply_checked(seat, m);
    ASSERT_TRUE(event.ok()) << event.message();
    ASSERT_EQ(copy.hash(), copy.compute_hash());
  }
  check_views(s);
}

// Plays one seeded random game, checking every ply; returns the plies played.
int play_random_game(const Rules& rules, std::uint64_t seed) {
  Rng rng(seed);
  State s(rules), fast(rules);
  int plies = 0;
  while (true) {
    check_ply(s);
    if (::testing::Test::HasFatalFailure() || s.is_terminal()) break;
    const std::vector<Move> moves = fast_moves(s);
    const Move m = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
    // What the rules say this action does, by the reference.
    Effect expected = Effect::kNone;
    Foul expected_foul = Foul::kNone;
    if (m.action == Action::kPlace || m.action == Action::kChoose) {
      const Colour colour = m.action == Action::kChoose ? Colour::kBlack : s.colour_to_move();
      expected =
          reference::placement_effect(rules, reference::grid_of(s), m.point, colour, expected_foul);
    }
    const Seat seat = s.to_move();
    const Colour colour = s.colour_to_move();
    const Seat black_before = s.black_seat();
    auto event = s.apply_checked(seat, m);
    EXPECT_TRUE(event.ok()) << event.message();
    if (!event.ok()) break;
    fast.apply(m);
    ++plies;
    EXPECT_EQ(event->move, m);
    EXPECT_EQ(event->actor, seat);
    EXPECT_EQ(event->colour, colour);
    EXPECT_EQ(event->effect, expected) << s.to_text();
    EXPECT_EQ(event->foul, expected_foul) << s.to_text();
    EXPECT_EQ(fast.hash(), s.hash());
    EXPECT_EQ(fast.to_text(), s.to_text());
    const Outcome o = s.outcome();
    switch (expected) {
      case Effect::kNone:
        EXPECT_FALSE(s.is_terminal());
        break;
      case Effect::kFive:
        EXPECT_EQ(o.ending, Ending::kNormal);
        EXPECT_EQ(o.winner, std::optional<Seat>(seat));
        break;
      case Effect::kFoul:
        EXPECT_EQ(o.ending, Ending::kFoul);
        EXPECT_EQ(o.winner, std::optional<Seat>(s.seat_of(Colour::kWhite)));
        break;
      case Effect::kBoardFull:
        EXPECT_EQ(o.ending, Ending::kNormal);
        EXPECT_TRUE(o.is_draw());
        break;
    }
    EXPECT_EQ(s.black_seat(), m.action == Action::kSwap ? 1 - black_before : black_before);
    if (::testing::Test::HasFailure()) break;
  }
  return plies;
}

struct RandomCase {
  const char* name;
  const char* rules;
  std::uint64_t seed;
};

class RandomGames : public ::testing::TestWithParam<RandomCase> {};

TEST_P(RandomGames, InvariantsHoldAtEveryPly) {
  const Rules rules = testing::rules_of(GetParam().rules);
  int plies = 0, ended = 0;
  for (int g = 0; g < kGamesPerRules; ++g) {
    plies += play_random_game(rules, GetParam().seed * 1000 + static_cast<std::uint64_t>(g));
    ASSERT_FALSE(HasFailure()) << "game " << g;
    ++ended;
  }
  EXPECT_EQ(ended, kGamesPerRules);
  EXPECT_GT(plies, kGamesPerRules * 10);
  RecordProperty("plies", plies);
}

INSTANTIATE_TEST_SUITE_P(
    Gomoku, RandomGames,
    ::testing::Values(RandomCase{"RenjuFree", "rule=renju opening=free", 1},
                      RandomCase{"RenjuCcgc2", "rule=renju opening=ccgc fifth_n=2", 2},
                      RandomCase{"RenjuCcgc5", "rule=renju opening=ccgc fifth_n=5", 3},
                      RandomCase{"StandardCentre", "rule=standard opening=centre", 4},
                      RandomCase{"FreestyleCcgc3", "rule=freestyle opening=ccgc fifth_n=3", 5},
                      RandomCase{"StandardCcgc4", "rule=standard opening=ccgc fifth_n=4", 6}),
    [](const ::testing::TestParamInfo<RandomCase>& param_info) {
      return std::string(param_info.param.name);
    });

// The table-driven forbidden test against the definition-based one, on random
// crowded positions (black-heavy so that fours, threes and overlines abound).
TEST(RenjuForbidden, AgreesWithReferenceOnRandomPositions) {
  Rng rng(20240611);
  std::array<int, 4> seen{};
  for (int n = 0; n < kForbiddenPositions; ++n) {
    Board board;
    reference::Grid grid{};
    const std::uint32_t black = 15 + rng.below(30), white = 5 + rng.below(25);
    for (int p = 0; p < kPoints; ++p) {
      const std::uint32_t r = rng.below(100);
      const int v = r < black ? 1 : r < black + white ? 2 : 0;
      board.set(static_cast<Point>(p), static_cast<Cell>(v));
      grid[point_col(static_cast<Point>(p))][point_row(static_cast<Point>(p))] = v;
    }
    for (int p = 0; p < kPoints; ++p) {
      const auto q = static_cast<Point>(p);
      if (board.at(q) != Cell::kEmpty) continue;
      const Foul expected = reference::forbidden(grid, point_col(q), point_row(q));
      ASSERT_EQ(forbidden_foul(board, q), expected)
          << "position " << n << " point " << format_point(q);
      ++seen[static_cast<int>(expected)];
    }
  }
  // Every kind must actually have been exercised.
  EXPECT_GT(seen[static_cast<int>(Foul::kOverline)], 100);
  EXPECT_GT(seen[static_cast<int>(Foul::kDoubleFour)], 100);
  EXPECT_GT(seen[static_cast<int>(Foul::kDoubleThree)], 100);
  EXPECT_GT(seen[static_cast<int>(Foul::kNone)], 1000);
}

// Sparser, game-like positions, where threes (and their recursive completions)
// dominate: random renju games with black and white stones in the middle.
TEST(RenjuForbidden, AgreesWithReferenceInTheCentre) {
  Rng rng(77);
  int double_threes = 0;
  for (int n = 0; n < kForbiddenPositions; ++n) {
    Board board;
    reference::Grid grid{};
    const int stones = 20 + static_cast<int>(rng.below(40));
    for (int i = 0; i < stones; ++i) {
      const auto p =
          make_point(3 + static_cast<int>(rng.below(9)), 3 + static_cast<int>(rng.below(9)));
      const int v = 1 + static_cast<int>(rng.below(100) < 65 ? 0 : 1);
      board.set(p, static_cast<Cell>(v));
      grid[point_col(p)][point_row(p)] = v;
    }
    for (int p = 0; p < kPoints; ++p) {
      const auto q = static_cast<Point>(p);
      if (board.at(q) != Cell::kEmpty) continue;
      const Foul expected = reference::forbidden(grid, point_col(q), point_row(q));
      ASSERT_EQ(forbidden_foul(board, q), expected)
          << "position " << n << " point " << format_point(q);
      double_threes += expected == Foul::kDoubleThree;
    }
  }
  EXPECT_GT(double_threes, 100);
}

}  // namespace
}  // namespace boyi::gomoku
