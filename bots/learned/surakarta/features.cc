#include "bots/learned/surakarta/features.h"

#include <algorithm>

namespace boyi::bots::learned::surakarta_net {

void encode(const surakarta::State& s, const std::optional<surakarta::Move>& last, Planes& out) {
  out.fill(0.0f);
  const Seat me = s.side();
  const auto plane = [&out](int p, int square) -> float& {
    return out[static_cast<std::size_t>(p * kBoardPoints + square)];
  };
  for (int sq = 0; sq < kBoardPoints; ++sq) {
    const surakarta::Cell c = s.cell_at(sq);
    if (c == surakarta::Cell::kEmpty) continue;
    const bool own = (c == surakarta::Cell::kBlack) == (me == 0);
    plane(own ? 0 : 1, oriented_square(sq, me)) = 1.0f;
  }
  if (last) {
    plane(2, oriented_square(last->from, me)) = 1.0f;
    plane(3, oriented_square(last->to, me)) = 1.0f;
  }
  const auto& rules = s.rules();
  const float since =
      rules.no_capture_limit > 0
          ? std::min(1.0f, static_cast<float>(s.plies_since_capture()) / rules.no_capture_limit)
          : 0.0f;
  const float plies =
      rules.max_plies > 0 ? std::min(1.0f, static_cast<float>(s.ply()) / rules.max_plies) : 0.0f;
  for (int sq = 0; sq < kBoardPoints; ++sq) {
    plane(4, sq) = me == 0 ? 1.0f : 0.0f;
    plane(5, sq) = since;
    plane(6, sq) = plies;
  }
}

}  // namespace boyi::bots::learned::surakarta_net
