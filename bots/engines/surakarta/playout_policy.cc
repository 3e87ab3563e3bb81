#include "bots/engines/surakarta/playout_policy.h"

#include "bots/engines/surakarta/exchange.h"
#include "bots/engines/surakarta/loop_board.h"

namespace boyi::bots::surakarta_engine {

surakarta::Move PlayoutPolicy::choose(const surakarta::State& s, surakarta::MoveList& list,
                                      Rng& rng) const {
  s.legal_moves(list);
  const Seat me = s.side();
  const LoopBoard board(s);
  // Captures to the front of the list, quiet moves behind.
  std::size_t captures = 0;
  for (std::size_t i = 0; i < list.size(); ++i)
    if (s.is_capture(list[i])) std::swap(list[i], list[captures++]);
  surakarta::Move winning[surakarta::MoveList::capacity()], even[surakarta::MoveList::capacity()];
  std::uint32_t wins = 0, evens = 0;
  for (std::size_t i = 0; i < captures; ++i) {
    if (capture_gain(board, list[i].from, list[i].to) > 0)
      winning[wins++] = list[i];
    else
      even[evens++] = list[i];
  }
  if (wins) return winning[rng.below(wins)];
  const auto quiet = static_cast<std::uint32_t>(list.size() - captures);
  if (evens && (quiet == 0 || rng.below(static_cast<std::uint32_t>(trade_one_in)) == 0))
    return even[rng.below(evens)];
  if (quiet == 0) return list[rng.below(static_cast<std::uint32_t>(list.size()))];
  auto safe_after = [&](const surakarta::Move& q) {
    LoopBoard after = board;
    after.move(q.from, q.to);
    return !en_prise(after, q.to, me);
  };
  surakarta::Move m{};
  for (int t = 0; t < quiet_tries; ++t) {
    m = list[captures + rng.below(quiet)];
    if (safe_after(m)) return m;
  }
  return m;
}

}  // namespace boyi::bots::surakarta_engine
