#include "server/tournament/sprt.h"

#include <cmath>
#include <cstdio>

namespace boyi::tournament {

std::string_view decision_name(SprtDecision d) {
  switch (d) {
    case SprtDecision::kAcceptH0:
      return "H0";
    case SprtDecision::kAcceptH1:
      return "H1";
    case SprtDecision::kContinue:
      return "continue";
  }
  return "continue";
}

double expected_score(double elo) {
  return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

SprtStatus sprt_status(const SprtSettings& settings, int wins, int draws, int losses) {
  SprtStatus st;
  st.wins = wins;
  st.draws = draws;
  st.losses = losses;
  st.lower = std::log(settings.beta / (1 - settings.alpha));
  st.upper = std::log((1 - settings.beta) / settings.alpha);
  const int n = wins + draws + losses;
  if (n == 0) return st;
  const double w = wins, d = draws, l = losses;
  const double s = (w + d / 2) / n;
  // The variance with empty counts taken as 1/2.
  const double wv = wins ? w : 0.5, dv = draws ? d : 0.5, lv = losses ? l : 0.5;
  const double nv = wv + dv + lv;
  const double sv = (wv + dv / 2) / nv;
  const double var = (wv * (1 - sv) * (1 - sv) + dv * (0.5 - sv) * (0.5 - sv) + lv * sv * sv) / nv;
  const double s0 = expected_score(settings.elo0), s1 = expected_score(settings.elo1);
  st.llr = n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var);
  if (st.llr >= st.upper) {
    st.decision = SprtDecision::kAcceptH1;
  } else if (st.llr <= st.lower) {
    st.decision = SprtDecision::kAcceptH0;
  }
  return st;
}

std::string describe(const SprtStatus& st) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "LLR %.2f [%.2f, %.2f] after %d games (+%d =%d -%d): %s", st.llr,
                st.lower, st.upper, st.wins + st.draws + st.losses, st.wins, st.draws, st.losses,
                std::string(decision_name(st.decision)).c_str());
  return buf;
}

}  // namespace boyi::tournament
