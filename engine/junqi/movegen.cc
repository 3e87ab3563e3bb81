// The fast legal-move generator: road steps from the precomputed link masks,
// straight rail runs by repeated shifts, and the engineer's rail flood fill,
// all on 64-bit masks so nothing allocates and each target appears once.
#include <bit>

#include "engine/junqi/junqi.h"

namespace boyi::junqi {

// Every post the piece on `from` may step to (empty or attackable enemy).
std::uint64_t State::targets(int from) const {
  const int v = cell_[from] - 1;
  const int owner = v / kPieceKinds, piece = v % kPieceKinds;
  const std::uint64_t enemy = occ_[owner ^ 1];
  const std::uint64_t empty = board::kAll & ~(occ_[0] | occ_[1]);
  // An occupied camp is never entered; camps are not on the railway.
  std::uint64_t t = board::kRoad[from] & (empty | (enemy & ~board::kCamps));
  if (!((board::kRail >> from) & 1)) return t;
  if (piece == kEngineer) {
    std::uint64_t visited = bit(from), frontier = visited;
    while (frontier) {
      const std::uint64_t next = board::rail_expand(frontier) & ~visited;
      visited |= next;
      t |= next & (empty | enemy);
      frontier = next & empty;  // only empty posts are passed through
    }
    return t;
  }
  for (int dir = 0; dir < 4; ++dir) {
    std::uint64_t s = bit(from);
    while ((s = board::rail_step(s, dir)) != 0) {
      if (s & empty) {
        t |= s;
        continue;
      }
      if (s & enemy) t |= s;
      break;
    }
  }
  return t;
}

namespace {
// Pieces of `side` that may move at all: not a mine or the flag, not in a headquarters.
template <class CellFn>
std::uint64_t movable(std::uint64_t own, CellFn piece_of) {
  std::uint64_t m = own & ~board::kHeadquarters;
  for (std::uint64_t b = m; b; b &= b - 1) {
    const int p = std::countr_zero(b);
    const int piece = piece_of(p);
    if (piece == kMine || piece == kFlag) m &= ~bit(p);
  }
  return m;
}
}  // namespace

void State::legal_moves(MoveList& list) const {
  list.clear();
  if (is_terminal() || !in_play()) return;
  const auto piece_of = [this](int p) { return (cell_[p] - 1) % kPieceKinds; };
  for (std::uint64_t b = movable(occ_[side_], piece_of); b; b &= b - 1) {
    const int from = std::countr_zero(b);
    for (std::uint64_t t = targets(from); t; t &= t - 1)
      list.push_back(Move::step(from, std::countr_zero(t)));
  }
}

bool State::has_legal_move(Seat side) const {
  const auto piece_of = [this](int p) { return (cell_[p] - 1) % kPieceKinds; };
  for (std::uint64_t b = movable(occ_[side], piece_of); b; b &= b - 1)
    if (targets(std::countr_zero(b)) != 0) return true;
  return false;
}

}  // namespace boyi::junqi
