// Alpha-beta finds forced wins in small hand-made positions of each game, and
// agrees with an exhaustive search in 点格棋 endgames (capture sequences and
// the extra turn after a box).
#include "bots/search/alphabeta.h"

#include <gtest/gtest.h>

#include "bots/games/heuristics.h"
#include "engine/core/playout.h"

namespace boyi::bots {
namespace {

const TimeBudget kNoClock{};

gomoku::State gomoku_position(const char* diagram, gomoku::Colour to_move) {
  auto s = gomoku::State::from_diagram(gomoku::Rules{}, diagram, to_move);
  EXPECT_TRUE(s.ok()) << s.message();
  return *s;
}

constexpr const char* kFourInARow =
    "...............\n...............\n...............\n...............\n"
    "...............\n...............\n...............\n....XXXX.......\n"
    "....OOO........\n...............\n...............\n...............\n"
    "...............\n...............\n...............\n";

TEST(AlphaBeta, GomokuCompletesFive) {
  const auto s = gomoku_position(kFourInARow, gomoku::Colour::kBlack);
  for (int depth : {1, 2, 3}) {
    AlphaBetaOptions o;
    o.max_depth = depth;
    AlphaBeta<gomoku::State> ab(default_alphabeta_hooks<gomoku::State>(), o);
    const auto r = ab.search(s, kNoClock);
    ASSERT_TRUE(r.has_move);
    gomoku::State after = s;
    after.apply(r.move);
    EXPECT_TRUE(after.is_terminal()) << s.format_move(r.move);
    EXPECT_EQ(after.outcome().winner, std::optional<Seat>(s.to_move()));
    EXPECT_GT(r.score, kWinThreshold);
  }
}

TEST(AlphaBeta, GomokuBlocksTheOpponentsFive) {
  // White to move must stop black's four, closed on the left by O: I8.
  constexpr const char* kBlock =
      "...............\n...............\n...............\n...............\n"
      "...............\n...............\n...............\n...OXXXX.......\n"
      "...............\n......O........\n.......O.......\n...............\n"
      "...............\n...............\n...............\n";
  const auto s = gomoku_position(kBlock, gomoku::Colour::kWhite);
  AlphaBetaOptions o;
  o.max_depth = 2;
  AlphaBeta<gomoku::State> ab(default_alphabeta_hooks<gomoku::State>(), o);
  const auto r = ab.search(s, kNoClock);
  ASSERT_TRUE(r.has_move);
  EXPECT_EQ(s.format_move(r.move), "I8");
}

// The exact final margin (mover's boxes minus the other's) of a 点格棋 endgame.
int solve_dots(const dots::State& s, Seat me) {
  if (s.is_terminal()) return s.score(me) - s.score(1 - me);
  dots::MoveList list;
  s.legal_moves(list);
  const bool maximize = s.to_move() == me;
  int best = maximize ? -100 : 100;
  for (const auto& m : list) {
    dots::State c = s;
    c.apply(m);
    const int v = solve_dots(c, me);
    best = maximize ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

TEST(AlphaBeta, DotsEndgamesMatchExhaustiveSearch) {
  Rng rng(42);
  int decided = 0;
  for (int game = 0; game < 40; ++game) {
    dots::State s{dots::Rules{}};
    dots::MoveList list;
    // Random play down to 7..9 undrawn edges.
    const int left = 7 + static_cast<int>(rng.below(3));
    while (!s.is_terminal() && s.undrawn_count() > left) apply_random_move(s, list, rng);
    if (s.is_terminal()) continue;
    const Seat me = s.to_move();
    const int exact = solve_dots(s, me);
    AlphaBeta<dots::State> ab(default_alphabeta_hooks<dots::State>());
    const auto r = ab.search(s, kNoClock);  // unlimited: iterates until proven
    ASSERT_TRUE(r.has_move);
    // A won endgame is proven won and the move keeps it won; a lost one is proven
    // lost (`exact` is the final margin, boxes already held included).
    if (exact > 0) {
      EXPECT_GT(r.score, kWinThreshold) << s.to_diagram();
      dots::State c = s;
      c.apply(r.move);
      EXPECT_GT(solve_dots(c, me), 0) << "chosen move throws the win away\n" << s.to_diagram();
      ++decided;
    } else {
      EXPECT_LT(r.score, -kWinThreshold) << s.to_diagram();
    }
  }
  EXPECT_GT(decided, 5);
}

TEST(AlphaBeta, DotsCaptureSequenceKeepsTheExactMargin) {
  // An endgame (6 edges left) where the side to move can claim a box now: the
  // whole sequence of its moves (it moves again after each box) loses nothing
  // against perfect play.
  dots::State s{dots::Rules{}};
  Rng rng(7);
  dots::MoveList list;
  for (int attempt = 0; attempt < 200; ++attempt) {
    s = dots::State{dots::Rules{}};
    while (!s.is_terminal() && s.undrawn_count() > 6) apply_random_move(s, list, rng);
    // A position where the side to move can claim a box now.
    s.legal_moves(list);
    bool can_claim = false;
    for (const auto& m : list) can_claim = can_claim || dots_completes_box(s, m);
    if (!s.is_terminal() && can_claim) break;
  }
  ASSERT_FALSE(s.is_terminal());
  const Seat me = s.to_move();
  const int exact = solve_dots(s, me);
  AlphaBeta<dots::State> ab(default_alphabeta_hooks<dots::State>());
  // Play the search's moves for as long as it is this seat's turn.
  dots::State line = s;
  while (!line.is_terminal() && line.to_move() == me) {
    const auto r = ab.search(line, kNoClock);
    ASSERT_TRUE(r.has_move);
    line.apply(r.move);
  }
  // The opponent then answers perfectly: the margin is the exact one.
  EXPECT_EQ(solve_dots(line, me), exact) << s.to_diagram();
}

TEST(AlphaBeta, SurakartaTakesTheLastPiece) {
  // Search positions with one white piece that black can capture: the capture wins.
  int tested = 0;
  for (int wx = 0; wx < 6 && tested < 6; ++wx)
    for (int wy = 2; wy < 6 && tested < 6; ++wy) {
      std::string diagram;
      for (int y = 0; y < 6; ++y) {
        for (int x = 0; x < 6; ++x) {
          char c = '.';
          if (x == wx && y == wy)
            c = 'W';
          else if ((y == 0 && (x == 1 || x == 4)) || (y == 1 && x == 2))
            c = 'B';
          diagram += c;
        }
        diagram += '\n';
      }
      auto st = surakarta::State::from_diagram(surakarta::Rules{}, diagram, 0);
      ASSERT_TRUE(st.ok()) << st.message();
      surakarta::MoveList list;
      st->legal_moves(list);
      bool capture = false;
      for (const auto& m : list) capture = capture || st->is_capture(m);
      if (!capture) continue;
      ++tested;
      AlphaBetaOptions o;
      o.max_depth = 3;
      AlphaBeta<surakarta::State> ab(default_alphabeta_hooks<surakarta::State>(), o);
      const auto r = ab.search(*st, kNoClock);
      ASSERT_TRUE(r.has_move);
      EXPECT_TRUE(st->is_capture(r.move)) << diagram;
      EXPECT_GT(r.score, kWinThreshold);
    }
  EXPECT_GT(tested, 0);
}

TEST(AlphaBeta, MinimaxAndAlphaBetaAgreeOnValues) {
  // Without a table or cuts the value at a fixed depth is the same.
  Rng rng(5);
  for (int game = 0; game < 10; ++game) {
    surakarta::State s{surakarta::Rules{}};
    surakarta::MoveList list;
    for (int i = 0; i < 20 + game * 3 && !s.is_terminal(); ++i) apply_random_move(s, list, rng);
    if (s.is_terminal()) continue;
    AlphaBetaOptions ab_opt, mm_opt;
    ab_opt.max_depth = mm_opt.max_depth = 2;
    ab_opt.quiescence_depth = mm_opt.quiescence_depth = 0;
    ab_opt.use_tt = false;
    mm_opt.prune = false;
    mm_opt.use_tt = false;
    AlphaBeta<surakarta::State> ab(default_alphabeta_hooks<surakarta::State>(), ab_opt);
    AlphaBeta<surakarta::State> mm(default_alphabeta_hooks<surakarta::State>(), mm_opt);
    const auto a = ab.search(s, kNoClock), m = mm.search(s, kNoClock);
    EXPECT_EQ(a.score, m.score);
    EXPECT_LE(a.nodes, m.nodes);
  }
}

}  // namespace
}  // namespace boyi::bots
