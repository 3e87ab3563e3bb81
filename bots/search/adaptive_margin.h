// A safety margin that learns the delays it meets. An answer later than its hard deadline
// means the machine did not run the search in time (a loaded machine) or the search overran:
// the margin kept back from the next limits grows to twice that lateness, and shrinks by a
// quarter with each answer in time.
#pragma once

#include <algorithm>

#include "bots/search/time_budget.h"

namespace boyi::bots {

class AdaptiveMargin {
 public:
  // Extra milliseconds to keep back from a move whose limit is `limit_ms` (< 0: none): at
  // most a quarter of the limit, so a short limit still leaves time to think.
  Millis extra_ms(Millis limit_ms) const {
    const auto extra = static_cast<Millis>(extra_ + 0.5);
    return limit_ms < 0 ? extra : std::min(extra, limit_ms / 4);
  }
  // An answer `late_ms` after its hard deadline (negative: inside it).
  void observe(double late_ms) { extra_ = std::max(extra_ * 0.75, 2.0 * late_ms); }

 private:
  double extra_ = 0;
};

}  // namespace boyi::bots
