#include "server/tournament/elo.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace boyi::tournament {

double elo_from_score(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return -400.0 * std::log10(1.0 / score - 1.0);
}

EloEstimate elo_estimate(int wins, int draws, int losses) {
  EloEstimate e;
  const int n = wins + draws + losses;
  if (n <= 0) {
    e.lower = -std::numeric_limits<double>::infinity();
    e.upper = std::numeric_limits<double>::infinity();
    return e;
  }
  const double s = (wins + 0.5 * draws) / n;
  const double var =
      (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) + losses * s * s) / n;
  e.score = s;
  e.stderr_score = std::sqrt(var / n);
  e.elo = elo_from_score(s);
  constexpr double kZ95 = 1.959963984540054;
  e.lower = elo_from_score(std::clamp(s - kZ95 * e.stderr_score, 0.0, 1.0));
  e.upper = elo_from_score(std::clamp(s + kZ95 * e.stderr_score, 0.0, 1.0));
  // A perfect (or nil) score has no spread: bound it by the rule of three.
  if (wins == n) e.lower = elo_from_score(std::max(0.0, 1.0 - 3.0 / n));
  if (losses == n) e.upper = elo_from_score(std::min(1.0, 3.0 / n));
  return e;
}

std::string format_elo(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  if (std::abs(elo) < 0.05) return "0.0";  // an even score: neither "+0.0" nor "-0.0"
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f", elo);
  return buf;
}

}  // namespace boyi::tournament
