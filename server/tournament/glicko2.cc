#include "server/tournament/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace boyi::tournament {
namespace {

constexpr double kScale = 173.7178;  // Glicko-2's scale: 400 / ln(10)

double g(double phi) {
  return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double expected(double mu, double mu_j, double phi_j) {
  return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j)));
}

// Step 5: the new volatility by the Illinois algorithm.
double new_volatility(double phi, double sigma, double delta, double v, const Glicko2Params& p) {
  const double a = std::log(sigma * sigma);
  const double tau2 = p.tau * p.tau;
  const auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / tau2;
  };
  double big_a = a, big_b;
  if (delta * delta > phi * phi + v) {
    big_b = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * p.tau) < 0 && k < 1000) ++k;
    big_b = a - k * p.tau;
  }
  double fa = f(big_a), fb = f(big_b);
  for (int i = 0; i < 200 && std::abs(big_b - big_a) > p.epsilon; ++i) {
    const double c = big_a + (big_a - big_b) * fa / (fb - fa);
    const double fc = f(c);
    if (fc * fb <= 0) {
      big_a = big_b;
      fa = fb;
    } else {
      fa /= 2;
    }
    big_b = c;
    fb = fc;
  }
  return std::exp(big_a / 2);
}

}  // namespace

Rating initial_rating(const Glicko2Params& params) {
  return {params.initial_rating, params.initial_rd, params.initial_volatility};
}

Rating glicko2_idle(const Rating& player, double periods, const Glicko2Params& params) {
  Rating out = player;
  if (!(periods > 0)) return out;
  const double phi = player.rd / kScale;
  const double grown = std::sqrt(phi * phi + periods * player.volatility * player.volatility);
  out.rd = std::min(grown * kScale, params.max_rd);
  return out;
}

Rating glicko2_update(const Rating& player, const std::vector<RatedResult>& results,
                      const Glicko2Params& params) {
  if (results.empty()) return glicko2_idle(player, 1, params);
  const double mu = (player.rating - 1500) / kScale;
  const double phi = player.rd / kScale;
  double v_inv = 0, sum = 0;
  for (const auto& r : results) {
    const double mu_j = (r.opponent.rating - 1500) / kScale;
    const double phi_j = r.opponent.rd / kScale;
    const double e = expected(mu, mu_j, phi_j);
    v_inv += g(phi_j) * g(phi_j) * e * (1 - e);
    sum += g(phi_j) * (r.score - e);
  }
  const double v = 1.0 / v_inv;
  const double delta = v * sum;
  const double sigma = new_volatility(phi, player.volatility, delta, v, params);
  const double phi_star = std::sqrt(phi * phi + sigma * sigma);
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * sum;
  Rating out;
  out.rating = mu_new * kScale + 1500;
  out.rd = std::min(phi_new * kScale, params.max_rd);
  out.volatility = sigma;
  return out;
}

}  // namespace boyi::tournament
