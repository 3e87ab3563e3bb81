// Loop attack geometry for the 苏拉卡尔塔 engines: which pieces a piece meets along the loops
// (the targets it could capture, the friends it covers) and which pieces would capture onto a
// square. The engine's State answers only "what may the side to move capture"; evaluation and
// exchange analysis need both colours and hypothetical boards, so this keeps its own occupancy
// (bitboards plus each loop's 24-position occupancy, as in engine/surakarta/loops.h).
#pragma once

#include <array>
#include <cstdint>

#include "engine/surakarta/surakarta.h"

namespace boyi::bots::surakarta_engine {

inline std::uint64_t square_bit(int square) {
  return std::uint64_t{1} << square;
}

// The 4 corners lie on no loop: a piece there can never be captured (nor capture).
inline constexpr std::uint64_t kCorners = (std::uint64_t{1} << 0) | (std::uint64_t{1} << 5) |
                                          (std::uint64_t{1} << 30) | (std::uint64_t{1} << 35);

// How many times a square lies on the loops: 0 (corners), 1 (the rest of the edge), 2 (inside).
int loop_occurrences(int square);

// What a piece sees along the loops from its point.
struct LoopView {
  std::uint64_t hits = 0;  // first pieces met (either colour) after at least one arc
  int arc_rays = 0;        // rays (start occurrence x direction) that cross an arc unblocked
};

class LoopBoard {
 public:
  explicit LoopBoard(const surakarta::State& s);
  LoopBoard(std::uint64_t black, std::uint64_t white);

  std::uint64_t pieces(Seat side) const { return bb_[side]; }
  std::uint64_t occupied() const { return bb_[0] | bb_[1]; }

  // From a piece on `from`: the pieces it meets along either loop, either direction, from either
  // occurrence, through at least one arc, every point passed empty (its own point counts as
  // empty). hits & enemy are exactly its legal captures.
  LoopView view_from(int from) const;
  std::uint64_t hits_from(int from) const { return view_from(from).hits; }

  // The pieces (either colour) that meet the occupied `square` the way view_from() does: the
  // enemies of the piece there that could capture it, and its friends that cover it.
  std::uint64_t hitters_of(int square) const;

  // Moves the piece on `from` to `to`, removing whatever stood there.
  void move(int from, int to);

 private:
  void rebuild_loops();

  std::array<std::uint64_t, 2> bb_{};
  std::array<std::uint32_t, 2> loop_occ_{};  // inner, outer
};

}  // namespace boyi::bots::surakarta_engine
