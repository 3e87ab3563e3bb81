#include "server/tournament/runner/rating_update.h"

namespace boyi::app {

namespace {

using tournament::Rating;

Rating before(const std::optional<storage::RatingRow>& row, const tournament::Glicko2Params& params,
              std::int64_t now_ms) {
  if (!row) return tournament::initial_rating(params);
  const Rating stored{row->value.rating, row->value.rd, row->value.volatility};
  constexpr double kDayMs = 24.0 * 3600 * 1000;
  const double idle_periods =
      static_cast<double>(now_ms - row->updated_ms) / (kDayMs * params.rating_period_days);
  return tournament::glicko2_idle(stored, idle_periods, params);
}

storage::RatingValue value(const Rating& r) {
  return {r.rating, r.rd, r.volatility};
}

}  // namespace

storage::RateGame glicko2_rater(const tournament::Glicko2Params& params) {
  return
      [params](const std::optional<storage::RatingRow>& seat0,
               const std::optional<storage::RatingRow>& seat1, double score0, std::int64_t now_ms) {
        const Rating a = before(seat0, params, now_ms);
        const Rating b = before(seat1, params, now_ms);
        const Rating a2 = tournament::glicko2_update(a, {{b, score0}}, params);
        const Rating b2 = tournament::glicko2_update(b, {{a, 1 - score0}}, params);
        return std::make_pair(value(a2), value(b2));
      };
}

}  // namespace boyi::app
