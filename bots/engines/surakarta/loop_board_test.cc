// The loop geometry and exchange analysis of the 苏拉卡尔塔 engines, checked against the rules
// engine on seeded random games, and on small diagrams (row y=0 on top, x=0 on the left).
#include <gtest/gtest.h>

#include <bit>

#include "bots/engines/surakarta/exchange.h"
#include "bots/engines/surakarta/loop_board.h"
#include "base/rng.h"
#include "engine/surakarta/surakarta.h"

namespace boyi::bots::surakarta_engine {
namespace {

using surakarta::Move;
using surakarta::MoveList;
using surakarta::Rules;
using surakarta::State;

State diagram(std::string_view text, Seat to_move = 0) {
  auto s = State::from_diagram(Rules{}, text, to_move);
  EXPECT_TRUE(s.ok()) << s.message();
  return s.ok() ? s.value() : State();
}

int sq(int x, int y) {
  return surakarta::square_of(x, y);
}

// Positions of seeded random games (uniform moves, captures taken half the time they exist so
// the boards thin out).
std::vector<State> random_positions(int games, std::uint64_t seed) {
  std::vector<State> out;
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    State s;
    MoveList list;
    while (!s.is_terminal()) {
      out.push_back(s);
      s.legal_moves(list);
      Move m = list[rng.below(static_cast<std::uint32_t>(list.size()))];
      for (const Move& c : list)
        if (s.is_capture(c) && rng.below(2) == 0) m = c;
      s.apply(m);
    }
  }
  return out;
}

TEST(LoopBoard, LoopOccurrencesByPoint) {
  int total = 0;
  for (int s = 0; s < surakarta::kSquares; ++s) {
    const int x = surakarta::x_of(s), y = surakarta::y_of(s);
    const bool edge_x = x == 0 || x == 5, edge_y = y == 0 || y == 5;
    EXPECT_EQ(loop_occurrences(s), edge_x && edge_y ? 0 : edge_x || edge_y ? 1 : 2) << s;
    EXPECT_EQ((kCorners >> s) & 1, edge_x && edge_y ? 1u : 0u);
    total += loop_occurrences(s);
  }
  EXPECT_EQ(total, 48);  // two loops of 24 positions
}

TEST(LoopBoard, HitsOnEnemiesAreExactlyTheEngineCaptures) {
  int captures_seen = 0;
  for (const State& s : random_positions(40, 7)) {
    const LoopBoard board(s);
    const Seat me = s.side();
    MoveList list;
    s.legal_moves(list);
    std::array<std::uint64_t, surakarta::kSquares> engine{};
    for (const Move& m : list)
      if (s.is_capture(m)) engine[m.from] |= square_bit(m.to), ++captures_seen;
    for (std::uint64_t p = s.pieces_mask(me); p; p &= p - 1) {
      const int from = std::countr_zero(p);
      ASSERT_EQ(board.hits_from(from) & s.pieces_mask(me ^ 1), engine[from]) << s.to_text();
    }
  }
  EXPECT_GT(captures_seen, 1000);
}

TEST(LoopBoard, HittersAreTheReverseOfHits) {
  for (const State& s : random_positions(25, 11)) {
    const LoopBoard board(s);
    const std::uint64_t occ = board.occupied();
    for (std::uint64_t q = occ; q; q &= q - 1) {
      const int target = std::countr_zero(q);
      std::uint64_t expected = 0;
      for (std::uint64_t p = occ & ~square_bit(target); p; p &= p - 1) {
        const int from = std::countr_zero(p);
        if (board.hits_from(from) & square_bit(target)) expected |= square_bit(from);
      }
      ASSERT_EQ(board.hitters_of(target), expected) << s.to_text() << " target " << target;
    }
  }
}

TEST(LoopBoard, MoveMatchesTheEnginesBoardAfterTheMove) {
  Rng rng(5);
  for (const State& s : random_positions(10, 3)) {
    MoveList list;
    s.legal_moves(list);
    const Move m = list[rng.below(static_cast<std::uint32_t>(list.size()))];
    LoopBoard moved(s);
    moved.move(m.from, m.to);
    State child = s;
    child.apply(m);
    const LoopBoard fresh(child);
    ASSERT_EQ(moved.pieces(0), fresh.pieces(0));
    ASSERT_EQ(moved.pieces(1), fresh.pieces(1));
    for (int sq_ = 0; sq_ < surakarta::kSquares; ++sq_)
      ASSERT_EQ(moved.view_from(sq_).hits, fresh.view_from(sq_).hits);
  }
}

TEST(LoopBoard, AlonePieceSeesEveryArc) {
  // One black piece on the inner crossing BB, white only in a corner: both of BB's occurrences
  // run unblocked both ways round the inner loop, and the outer loop does not pass BB.
  const State s = diagram(R"(
    ......
    .B....
    ......
    ......
    ......
    .....W)");
  const LoopView v = LoopBoard(s).view_from(sq(1, 1));
  EXPECT_EQ(v.hits, 0u);
  EXPECT_EQ(v.arc_rays, 4);
}

TEST(Exchange, UndefendedTargetIsWonDefendedOneIsATrade) {
  // Black AB captures white BD through the top-left arc (AB, BA, BB, BC, BD).
  const State lone = diagram(R"(
    B.....
    B.....
    ......
    .W....
    ......
    .....W)");
  const LoopBoard board(lone);
  EXPECT_EQ(capture_gain(board, sq(0, 1), sq(1, 3)), 1);
  EXPECT_EQ(exchange_on(board, sq(1, 3), 0), 1);
  EXPECT_TRUE(en_prise(board, sq(1, 3), 1));
  // White on AE covers BD: from AE over the bottom-left arc to BF, then up column x=1 to BD.
  const State covered = diagram(R"(
    B.....
    B.....
    ......
    .W....
    W.....
    .....W)");
  const LoopBoard board2(covered);
  EXPECT_TRUE(board2.hitters_of(sq(1, 3)) & square_bit(sq(0, 4)));
  EXPECT_EQ(capture_gain(board2, sq(0, 1), sq(1, 3)), 0);
  EXPECT_FALSE(en_prise(board2, sq(1, 3), 1));
}

}  // namespace
}  // namespace boyi::bots::surakarta_engine
