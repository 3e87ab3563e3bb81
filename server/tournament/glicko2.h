// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, its deviation
// (RD: how uncertain the rating is) and a volatility (how erratic the player's results are).
//
// Parameters (README.md, "Ratings"): a new account starts at 1500, RD 350, volatility 0.06;
// the system constant tau is 0.5; the volatility iteration stops at epsilon 1e-6. The server
// rates every rated game as its own rating period for both players, from both players'
// ratings before the game; time without games widens the RD as Glickman's step 6 does for
// periods without games, one period per `rating_period_days` (1 day), never beyond 350.
#pragma once

#include <vector>

namespace boyi::tournament {

struct Glicko2Params {
  double initial_rating = 1500;
  double initial_rd = 350;
  double initial_volatility = 0.06;
  double tau = 0.5;
  double epsilon = 1e-6;
  double max_rd = 350;
  double rating_period_days = 1;
};

struct Rating {
  double rating = 1500;
  double rd = 350;
  double volatility = 0.06;
  bool operator==(const Rating&) const = default;
};

struct RatedResult {
  Rating opponent;   // the opponent's rating before the period
  double score = 0;  // 1 win, 0.5 draw, 0 loss
};

Rating initial_rating(const Glicko2Params& params = {});

// One rating period: Glickman's steps 2..8. No results: only the RD grows (step 6).
Rating glicko2_update(const Rating& player, const std::vector<RatedResult>& results,
                      const Glicko2Params& params = {});

// The RD after `periods` rating periods without games (fractions allowed), capped at max_rd.
Rating glicko2_idle(const Rating& player, double periods, const Glicko2Params& params = {});

}  // namespace boyi::tournament
