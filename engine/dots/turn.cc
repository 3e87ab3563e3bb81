// Whole turns as the competition platform sends them (`move N KIJ KIJ ...`).
// The platform's rule: every edge but the last claims a box; the last claims none
// unless it claims the game's last box. A turn is played on a copy and committed
// only when every edge passed, so a rejected turn leaves the state untouched.
#include <string>

#include "engine/dots/dots.h"

namespace boyi::dots {

Result<std::vector<Event>> State::apply_turn_checked(Seat seat, const Turn& turn) {
  if (Status s = check_seat(seat); !s) return Error{s.message()};
  if (turn.empty()) return fail("the turn has no edges");
  const std::size_t n = turn.size();
  auto where = [&](std::size_t i) {
    std::string s = "edge " + std::to_string(i + 1) + " of " + std::to_string(n);
    if (turn[i].edge < kEdges) s += " (" + edge_name(turn[i].edge) + ")";
    return s;
  };
  State next = *this;
  std::vector<Event> events;
  events.reserve(n);
  std::uint64_t listed = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Move m = turn[i];
    if (m.edge < kEdges && (listed >> m.edge) & 1)
      return fail(where(i) + " is listed twice in the turn");
    if (m.edge < kEdges) listed |= std::uint64_t{1} << m.edge;
    auto event = next.apply_checked(seat, m);
    if (!event) return fail(where(i) + ": " + event.message());
    const bool last = i + 1 == n;
    if (event->claimed == 0 && !last) {
      const std::size_t rest = n - i - 1;
      return fail(where(i) + " claims no box, so the turn ends there; " + std::to_string(rest) +
                  (rest == 1 ? " more edge follows" : " more edges follow"));
    }
    if (event->claimed > 0 && last && !next.is_terminal())
      return fail(where(i) +
                  " claims a box and boxes remain, so the turn must go on: the "
                  "turn must end with an edge that claims no box (or the game's last box)");
    events.push_back(*event);
  }
  *this = next;
  return events;
}

}  // namespace boyi::dots
