// Where an opponent's pieces usually stand: for each deployment slot, the
// probability of each identity, a priori. It mixes the layouts of
// junqi_generate_layout() (the habits of sensible players: mines and the flag
// on the back rows, bombs behind the front, engineers on the railway) with
// uniformly random legal layouts, so an opponent who deploys differently is
// never ruled out, only weighted down. Computed once, from fixed seeds.
#pragma once

#include <array>

#include "engine/junqi/junqi.h"

namespace boyi::bots {

using JunqiDeployPrior = std::array<std::array<double, junqi::kPieceKinds>, junqi::kPiecesPerSide>;

// Row `slot` sums to 1 (column k to about kPieceCount[k]); zero exactly where
// the deployment rules forbid the identity.
const JunqiDeployPrior& junqi_deploy_prior();

}  // namespace boyi::bots
