#include "bots/engines/surakarta/evaluation.h"

#include <algorithm>
#include <array>
#include <bit>

#include "bots/engines/surakarta/loop_board.h"
#include "engine/surakarta/loops.h"

namespace boyi::bots::surakarta_engine {

namespace {

using surakarta::detail::kNeighbours;

constexpr int kFar = 1 << 20;

}  // namespace

int plies_to_adjudication(const surakarta::State& s) {
  int left = kFar;
  const auto& r = s.rules();
  if (r.no_capture_limit > 0) left = std::min(left, r.no_capture_limit - s.plies_since_capture());
  if (r.max_plies > 0) left = std::min(left, r.max_plies - s.ply());
  return std::max(left, 0);
}

int evaluate(const surakarta::State& s, const LoopBoard& board, Seat seat, const EvalWeights& w,
             CaptureMap* captures) {
  const Seat mover = s.side();
  const std::array<int, 2> count{s.piece_count(0), s.piece_count(1)};
  // Everything is summed for the side to move (index 0 = mover, 1 = the other).
  std::array<int, 2> score{w.piece * count[mover], w.piece * count[mover ^ 1]};
  score[0] += w.tempo;
  if (captures) captures->from = 0;
  if (!w.loop_terms && captures) {
    const std::uint64_t enemy = board.pieces(mover ^ 1);
    for (std::uint64_t p = board.pieces(mover); p; p &= p - 1) {
      const int sq = std::countr_zero(p);
      if (const std::uint64_t t = board.hits_from(sq) & enemy) {
        captures->from |= square_bit(sq);
        captures->targets[sq] = t;
      }
    }
  }
  if (w.loop_terms) {
    const std::uint64_t empty = ~board.occupied();
    // attacked[sq]: enemies that meet the piece on sq; covered[sq]: friends that do.
    std::array<std::uint8_t, surakarta::kSquares> attacked{}, covered{};
    for (int k = 0; k < 2; ++k) {
      const Seat side = k == 0 ? mover : mover ^ 1;
      const std::uint64_t own = board.pieces(side), enemy = board.pieces(side ^ 1);
      int v = 0;
      for (std::uint64_t p = own; p; p &= p - 1) {
        const int sq = std::countr_zero(p);
        const LoopView view = board.view_from(sq);
        v += w.arc_ray * view.arc_rays;
        const std::uint64_t targets = view.hits & enemy;
        v += w.attack * std::popcount(targets);
        if (k == 0 && captures && targets) {
          captures->from |= square_bit(sq);
          captures->targets[sq] = targets;
        }
        for (std::uint64_t h = view.hits; h; h &= h - 1) {
          const int t = std::countr_zero(h);
          ++((own >> t) & 1 ? covered : attacked)[t];
        }
        const int occurrences = loop_occurrences(sq);
        v += occurrences == 2 ? w.interior : occurrences == 0 ? w.corner : 0;
        v += w.step * std::popcount(kNeighbours[sq] & empty);
      }
      score[k] += v;
    }
    int hanging = 0;
    for (int k = 0; k < 2; ++k) {
      const Seat side = k == 0 ? mover : mover ^ 1;
      for (std::uint64_t p = board.pieces(side); p; p &= p - 1) {
        const int sq = std::countr_zero(p);
        if (covered[sq] && !(kCorners >> sq & 1)) score[k] += w.cover;
        // More attackers than defenders: the exchange there is lost (x-rays aside).
        if (k == 0 && attacked[sq] > covered[sq]) ++hanging;
      }
    }
    if (hanging > 0) score[0] -= w.hanging_one + (hanging - 1) * w.hanging_more;
  }
  int value = score[0] - score[1];
  // The side ahead gains from trading down.
  const int lead = count[mover] - count[mover ^ 1];
  value += w.simplify * lead * (2 * surakarta::kPiecesPerSide - count[0] - count[1]);
  // Near an adjudication by count its verdict takes over.
  const int left = plies_to_adjudication(s);
  if (w.limit_horizon > 0 && left < w.limit_horizon) {
    const int verdict = lead > 0 ? w.limit_value : lead < 0 ? -w.limit_value : 0;
    value = (value * left + verdict * (w.limit_horizon - left)) / w.limit_horizon;
  }
  return seat == mover ? value : -value;
}

}  // namespace boyi::bots::surakarta_engine
