#include "bots/engines/surakarta/quiescence.h"

#include <algorithm>
#include <bit>

#include "bots/engines/surakarta/exchange.h"
#include "bots/engines/surakarta/loop_board.h"
#include "bots/search/common.h"

namespace boyi::bots::surakarta_engine {

int terminal_value(const surakarta::State& s, Seat seat, int ply) {
  return terminal_score(s.outcome(), seat, ply);
}

int Quiescence::value(const surakarta::State& s, int alpha, int beta, int ply,
                      SearchLimits* limits) {
  limits_ = limits ? limits : &own_limits_;
  return search(s, alpha, beta, ply, 0);
}

int Quiescence::search(const surakarta::State& s, int alpha, int beta, int ply, int depth) {
  limits_->tick();
  const Seat me = s.side();
  const LoopBoard board(s);
  CaptureMap map;
  const int stand = evaluate(s, board, me, w_, &map);
  if (stand >= beta || depth >= max_plies_ || limits_->aborted) return stand;
  alpha = std::max(alpha, stand);

  struct Capture {
    std::uint8_t from, to;
    int gain;
  };
  Capture captures[surakarta::MoveList::capacity()];
  int n = 0;
  for (std::uint64_t p = map.from; p; p &= p - 1) {
    const int from = std::countr_zero(p);
    for (std::uint64_t t = map.targets[from]; t; t &= t - 1) {
      const int to = std::countr_zero(t);
      captures[n++] = {static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to),
                       capture_gain(board, from, to)};
    }
  }
  std::stable_sort(captures, captures + n,
                   [](const Capture& a, const Capture& b) { return a.gain > b.gain; });
  int best = stand;
  // A capture wins at most a piece plus what the position changes by.
  const int margin = w_.piece / 2;
  for (int i = 0; i < n; ++i) {
    if (stand + w_.piece * (captures[i].gain + 1) + margin <= alpha) continue;
    surakarta::State child = s;
    child.apply(surakarta::Move{captures[i].from, captures[i].to});
    const int v = child.is_terminal() ? terminal_value(child, me, ply + 1)
                                      : -search(child, -beta, -alpha, ply + 1, depth + 1);
    if (limits_->aborted) return best;
    if (v > best) best = v;
    if (v > alpha) alpha = v;
    if (alpha >= beta) break;
  }
  return best;
}

}  // namespace boyi::bots::surakarta_engine
