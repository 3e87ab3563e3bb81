// Elo difference from a match score, with a 95% interval.
//
// Model: the standard logistic Elo model, where a player D points stronger
// scores E(D) = 1 / (1 + 10^(-D/400)) per game. From W wins, D draws, L losses
// in N games the score is s = (W + D/2) / N and the Elo estimate its inverse,
//   elo(s) = -400 * log10(1/s - 1).
// The interval uses the normal approximation of the mean score: the per-game
// scores x (1, 1/2, 0) have variance
//   var = (W (1-s)^2 + D (1/2-s)^2 + L s^2) / N,
// the mean's standard error is sqrt(var / N), and the score interval
//   s ± 1.959964 * sqrt(var / N)
// (clamped to [0, 1]) is mapped through elo(), which is increasing. A score of
// 0 or 1 gives an infinite estimate (reported as -inf / +inf) and no spread;
// its finite bound then comes from the rule of three (score 1 - 3/N or 3/N).
#pragma once

#include <string>

namespace boyi::tournament {

struct EloEstimate {
  double score = 0.5;  // mean score per game
  double elo = 0;      // difference, the first engine minus the second
  double lower = 0;    // 95% interval
  double upper = 0;
  double stderr_score = 0;
};

double elo_from_score(double score);
EloEstimate elo_estimate(int wins, int draws, int losses);
std::string format_elo(double elo);  // "+147.2", "0.0", "-inf"

}  // namespace boyi::tournament
