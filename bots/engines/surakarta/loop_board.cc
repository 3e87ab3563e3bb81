#include "bots/engines/surakarta/loop_board.h"

#include <array>
#include <bit>

#include "engine/surakarta/loops.h"

namespace boyi::bots::surakarta_engine {

namespace {

using surakarta::detail::kCircuit;
using surakarta::detail::kLoopBits;
using surakarta::detail::kLoopLength;
using surakarta::detail::kLoops;

// An arc joins positions 6k-1 and 6k: a walk between two positions of the doubled (48-bit)
// circuit crosses one exactly when they lie in different sextants.
inline bool crosses_arc(int low, int high) {
  return high / 6 > low / 6;
}

// The next occupied position above `pos` in the doubled circuit `twice`.
inline int next_above(std::uint64_t twice, int pos) {
  return pos + 1 + std::countr_zero(twice >> (pos + 1));
}
// The next occupied position below `pos` (pos <= 48).
inline int next_below(std::uint64_t twice, int pos) {
  return 63 - std::countl_zero(twice & ((std::uint64_t{1} << pos) - 1));
}

// Loop occupancy by board row: kRowLoops[l][y][bits of row y] = the positions of loop l taken.
constexpr auto make_row_loops() {
  std::array<std::array<std::array<std::uint32_t, 64>, surakarta::kSize>, kLoops> t{};
  for (int l = 0; l < kLoops; ++l)
    for (int y = 0; y < surakarta::kSize; ++y)
      for (int bits = 0; bits < 64; ++bits)
        for (int x = 0; x < surakarta::kSize; ++x)
          if ((bits >> x) & 1) t[l][y][bits] |= kLoopBits[l][surakarta::square_of(x, y)];
  return t;
}
constexpr auto kRowLoops = make_row_loops();

constexpr auto make_occurrences() {
  std::array<std::uint8_t, surakarta::kSquares> n{};
  for (int s = 0; s < surakarta::kSquares; ++s)
    n[s] =
        static_cast<std::uint8_t>(std::popcount(kLoopBits[0][s]) + std::popcount(kLoopBits[1][s]));
  return n;
}
constexpr auto kOccurrences = make_occurrences();

// Whether a square lies on loop l twice (a crossing of that loop).
inline bool crossing(int loop, int square) {
  const std::uint32_t b = kLoopBits[loop][square];
  return (b & (b - 1)) != 0;
}

// The square at a position of the doubled circuit (pos >= 0 wherever the scans call it).
inline int square_at(int loop, int pos) {
  return kCircuit[loop][static_cast<unsigned>(pos) % kLoopLength];
}

}  // namespace

int loop_occurrences(int square) {
  return kOccurrences[square];
}

LoopBoard::LoopBoard(const surakarta::State& s) : LoopBoard(s.pieces_mask(0), s.pieces_mask(1)) {}

LoopBoard::LoopBoard(std::uint64_t black, std::uint64_t white) : bb_{black, white} {
  rebuild_loops();
}

void LoopBoard::rebuild_loops() {
  const std::uint64_t occ = occupied();
  for (int l = 0; l < kLoops; ++l) {
    std::uint32_t m = 0;
    for (int y = 0; y < surakarta::kSize; ++y) m |= kRowLoops[l][y][(occ >> (6 * y)) & 63];
    loop_occ_[l] = m;
  }
}

void LoopBoard::move(int from, int to) {
  const int side = (bb_[0] >> from) & 1 ? 0 : 1;
  bb_[side ^ 1] &= ~square_bit(to);
  bb_[side] ^= square_bit(from) | square_bit(to);
  for (int l = 0; l < kLoops; ++l) {
    loop_occ_[l] &= ~kLoopBits[l][from];
    loop_occ_[l] |= kLoopBits[l][to];
  }
}

// The engine's capture scan (state.cc) without the colour filter: on each loop the other
// occupied positions, doubled, give the first piece each way in one bit scan.
LoopView LoopBoard::view_from(int from) const {
  LoopView v;
  for (int l = 0; l < kLoops; ++l) {
    const std::uint32_t own = kLoopBits[l][from];
    if (!own) continue;
    const std::uint32_t occ = loop_occ_[l] & ~own;
    if (!occ) {  // alone on this loop: every ray runs through all four arcs
      v.arc_rays += crossing(l, from) ? 4 : 2;
      continue;
    }
    const std::uint64_t twice = occ | (std::uint64_t{occ} << kLoopLength);
    for (std::uint32_t starts = own; starts; starts &= starts - 1) {
      const int s = std::countr_zero(starts);
      const int ahead = next_above(twice, s);
      if (crosses_arc(s, ahead)) {
        v.hits |= square_bit(square_at(l, ahead));
        ++v.arc_rays;
      }
      const int back = next_below(twice, s + kLoopLength);
      if (crosses_arc(back, s + kLoopLength)) {
        v.hits |= square_bit(square_at(l, back));
        ++v.arc_rays;
      }
    }
  }
  return v;
}

// The capture path read backwards from the target. A piece q met first is a hitter when an arc
// lies between; when none does and q sits on a crossing of this loop, q's point counts as empty
// for q itself, so the walk goes on: q hits the square when the next piece met is q again and
// an arc has been crossed by then.
std::uint64_t LoopBoard::hitters_of(int square) const {
  std::uint64_t out = 0;
  for (int l = 0; l < kLoops; ++l) {
    const std::uint32_t mine = kLoopBits[l][square];
    if (!mine) continue;
    const std::uint32_t occ = loop_occ_[l] | mine;
    const std::uint64_t twice = occ | (std::uint64_t{occ} << kLoopLength);
    for (std::uint32_t starts = mine; starts; starts &= starts - 1) {
      const int j = std::countr_zero(starts);
      // Upwards from j; the copy of j at j + 24 stops the walk at the latest.
      const int up = next_above(twice, j);
      const int q_up = square_at(l, up);
      if (q_up != square) {
        if (crosses_arc(j, up)) {
          out |= square_bit(q_up);
        } else if (crossing(l, q_up)) {
          const int again = next_above(twice, up);
          if (square_at(l, again) == q_up && crosses_arc(j, again)) out |= square_bit(q_up);
        }
      }
      // Downwards from j + 24; j itself stops the walk at the latest.
      const int top = j + kLoopLength;
      const int down = next_below(twice, top);
      const int q_down = square_at(l, down);
      if (q_down != square) {
        if (crosses_arc(down, top)) {
          out |= square_bit(q_down);
        } else if (crossing(l, q_down)) {
          const int again = next_below(twice, down);
          if (square_at(l, again) == q_down && crosses_arc(again, top)) out |= square_bit(q_down);
        }
      }
    }
  }
  return out;
}

}  // namespace boyi::bots::surakarta_engine
