#include "bots/search/time_budget.h"

#include <algorithm>

namespace boyi::bots {

namespace {
class SteadyClock final : public Clock {
 public:
  std::int64_t now_ns() const override {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }
};
}  // namespace

const Clock& steady_clock() {
  static const SteadyClock clock;
  return clock;
}

std::string TimeControl::to_string() const {
  std::string s = "per_move=" + std::to_string(per_move_ms) + "ms bank=" + std::to_string(bank_ms) +
                  "ms inc=" + std::to_string(increment_ms) +
                  "ms mtg=" + std::to_string(moves_to_go) +
                  " margin=" + std::to_string(safety_margin_ms) + "ms";
  return s;
}

Millis TimeBudget::hard_limit_ms(const TimeControl& tc) {
  Millis limit = -1;
  if (tc.per_move_ms >= 0) limit = tc.per_move_ms;
  if (tc.bank_ms >= 0) limit = limit < 0 ? tc.bank_ms : std::min(limit, tc.bank_ms);
  if (limit < 0) return -1;
  return std::max<Millis>(0, limit - std::max<Millis>(0, tc.safety_margin_ms));
}

Millis TimeBudget::soft_limit_ms(const TimeControl& tc) {
  const Millis hard = hard_limit_ms(tc);
  if (hard < 0) return -1;
  if (tc.bank_ms < 0) return hard;  // only a per-move limit: use it (anytime search)
  const int mtg = tc.moves_to_go > 0 ? tc.moves_to_go : TimeControl::kDefaultMovesToGo;
  const Millis usable = std::max<Millis>(0, tc.bank_ms - std::max<Millis>(0, tc.safety_margin_ms));
  const Millis share = usable / mtg + std::max<Millis>(0, tc.increment_ms) * 3 / 4;
  return std::min(hard, share);
}

TimeBudget::TimeBudget(const TimeControl& tc, const Clock& clock) : clock_(&clock) {
  start_ns_ = clock_->now_ns();
  const Millis hard = hard_limit_ms(tc), soft = soft_limit_ms(tc);
  if (hard >= 0) hard_ns_ = start_ns_ + hard * 1'000'000;
  if (soft >= 0) soft_ns_ = start_ns_ + soft * 1'000'000;
}

TimeBudget TimeBudget::share(double fraction) const {
  if (soft_ns_ < 0) return *this;
  const double f = std::clamp(fraction, 0.0, 1.0);
  const auto soft =
      start_ns_ + static_cast<std::int64_t>(static_cast<double>(soft_ns_ - start_ns_) * f);
  TimeBudget out(*clock_, start_ns_, hard_ns_, std::min(soft, hard_ns_));
  out.stop_ = stop_;
  return out;
}

TimeBudget TimeBudget::until(std::int64_t end_ns) const {
  if (hard_ns_ >= 0) end_ns = std::min(end_ns, hard_ns_);
  const std::int64_t now = clock_->now_ns();
  end_ns = std::max(end_ns, now);
  TimeBudget out(*clock_, now, end_ns, end_ns);
  out.stop_ = stop_;
  return out;
}

double TimeBudget::soft_fraction() const {
  if (soft_ns_ < 0) return 0.0;
  const std::int64_t span = soft_ns_ - start_ns_;
  if (span <= 0) return 1.0;
  return static_cast<double>(clock_->now_ns() - start_ns_) / static_cast<double>(span);
}

}  // namespace boyi::bots
