// The sequential probability ratio test for engine testing: is the candidate's Elo advantage
// elo0 (H0) or elo1 (H1)? Games are played until the log-likelihood ratio (LLR) leaves
// [ln(beta / (1 - alpha)), ln((1 - beta) / alpha)]: below accepts H0, above accepts H1.
//
// The LLR is the generalized SPRT's normal approximation for trinomial results in the
// logistic Elo model (as fishtest and cutechess-style tools use it): with N games, mean score
// s and per-game score variance v (results 1, 1/2, 0), and s0, s1 the expected scores at elo0
// and elo1 (E(d) = 1 / (1 + 10^(-d/400))),
//     LLR = N (s1 - s0) (2 s - s0 - s1) / (2 v).
// While one of wins, draws or losses is still zero the variance is estimated with that count
// at 1/2 (otherwise a run of wins alone has no variance and would never decide).
#pragma once

#include <string>
#include <string_view>

#include "server/tournament/settings.h"

namespace boyi::tournament {

enum class SprtDecision { kContinue, kAcceptH0, kAcceptH1 };
std::string_view decision_name(SprtDecision d);  // "continue", "H0", "H1"

struct SprtStatus {
  int wins = 0, draws = 0, losses = 0;  // of the candidate (the first entrant)
  double llr = 0;
  double lower = 0;  // ln(beta / (1 - alpha))
  double upper = 0;  // ln((1 - beta) / alpha)
  SprtDecision decision = SprtDecision::kContinue;
};

// Expected score of a player `elo` points stronger.
double expected_score(double elo);
SprtStatus sprt_status(const SprtSettings& settings, int wins, int draws, int losses);
// "LLR 1.23 [-2.94, 2.94] after 530 games (+120 =290 -120): continue"
std::string describe(const SprtStatus& status);

}  // namespace boyi::tournament
