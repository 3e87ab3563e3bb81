#include "bots/engines/junqi/deploy_prior.h"

#include "bots/engines/junqi/belief.h"
#include "bots/engines/junqi/deployment.h"

namespace boyi::bots {

using namespace junqi;

namespace {

constexpr int kSamples = 2000;
constexpr double kGeneratedShare = 0.5;  // the rest: uniformly random legal layouts

JunqiDeployPrior compute_prior() {
  JunqiDeployPrior generated{}, uniform{};
  Rng rng(0x4A51505249ull);
  const State empty;
  for (int n = 0; n < kSamples; ++n) {
    const JunqiLayout g = junqi_generate_layout(rng);
    const Move u = empty.random_deployment(0, rng);
    for (int i = 0; i < kPiecesPerSide; ++i) {
      generated[i][g[i]] += 1.0 / kSamples;
      uniform[i][u.layout[i]] += 1.0 / kSamples;
    }
  }
  JunqiDeployPrior prior{};
  for (int i = 0; i < kPiecesPerSide; ++i) {
    const JunqiMask allowed = junqi_slot_mask(i);
    for (int k = 0; k < kPieceKinds; ++k) {
      if (!((allowed >> k) & 1)) continue;
      // A small floor: an identity the rules allow is never impossible.
      prior[i][k] =
          kGeneratedShare * generated[i][k] + (1 - kGeneratedShare) * uniform[i][k] + 1e-3;
    }
    double s = 0;
    for (double v : prior[i]) s += v;
    for (double& v : prior[i]) v /= s;
  }
  return prior;
}

}  // namespace

const JunqiDeployPrior& junqi_deploy_prior() {
  static const JunqiDeployPrior prior = compute_prior();
  return prior;
}

}  // namespace boyi::bots
