// The features of the 军棋 Deep Monte-Carlo network (军棋 DMC seed: 一种基于深度
// 蒙特卡洛的强化学习军棋AI系统), read from what one seat knows and nothing else:
// its view, the event views it received and the beliefs built from them.
//
// All posts are in the seat's own frame (its pieces at the bottom), so both
// seats' positions look alike.
//  - State: our 25 pieces, grouped by kind (a dead piece all zeros), each as
//    row one-hot, column one-hot, kind one-hot, alive, on a railway, in a
//    camp; the enemy's 25 pieces by deployment slot with the same position
//    flags and, as kind, the belief's rank-probability vector; then the plies
//    since the last battle (as a share of the limit), whether the no-battle
//    limit presses, whether the enemy marshal is dead (its flag shown), and
//    whether ours is.
//  - History: the last 20 steps of both sides, oldest first (zeros before the
//    first), each its from and to (row and column one-hot), whether we made
//    it, and its outcome code one-hot — the LSTM's input.
//  - Actions: one row per legal step: from and to (row and column one-hot),
//    the kind of our moving piece, whether the target is empty or an enemy
//    piece, the target's rank-probability vector, and whether the target post
//    is on a railway, a camp or a headquarters; then (second version, past the
//    seed) the battle outlook of an attack over that vector: the chances that
//    our piece wins, trades, loses, takes the flag, and the expected material
//    it wins (hundredths of the bots' piece values, the flag left out). A
//    network would otherwise have to learn the battle rule from one-hot
//    kinds, which the greedy baseline knows outright.
// Standard C++ only.
#pragma once

#include <span>
#include <vector>

#include "bots/engines/junqi/belief.h"
#include "bots/games/junqi_info.h"
#include "base/rng.h"
#include "engine/junqi/junqi.h"

namespace boyi::bots::learned {

inline constexpr int kDmcHistory = 20;
inline constexpr int kDmcPostFeatures = junqi::kRows + junqi::kCols;                 // 17
inline constexpr int kDmcPieceFeatures = kDmcPostFeatures + junqi::kPieceKinds + 3;  // 32
inline constexpr int kDmcStateExtras = 4;
inline constexpr int kDmcStateFeatures =
    2 * junqi::kPiecesPerSide * kDmcPieceFeatures + kDmcStateExtras;       // 1604
inline constexpr int kDmcMoveFeatures = 2 * kDmcPostFeatures + 1 + 4 + 1;  // 40
// The first feature version's action rows (the first 63 columns of today's,
// which weights of that version read); the second adds the battle outlook.
inline constexpr int kDmcActionFeaturesV1 =
    2 * kDmcPostFeatures + junqi::kPieceKinds + 2 + junqi::kPieceKinds + 3;  // 63
inline constexpr int kDmcBattleFeatures = 5;
inline constexpr int kDmcActionFeatures = kDmcActionFeaturesV1 + kDmcBattleFeatures;  // 68

struct DmcPosition {
  std::vector<float> state;        // kDmcStateFeatures
  std::vector<float> history;      // kDmcHistory * kDmcMoveFeatures, oldest first
  std::vector<float> actions;      // moves.size() * kDmcActionFeatures
  std::vector<junqi::Move> moves;  // the legal steps, in the actions' order
  int action_count() const { return static_cast<int>(moves.size()); }
};

// The features of `info`'s seat (which must be in the play phase) and of
// `moves`, its legal steps, with `belief` built from the same info.
DmcPosition dmc_features(const JunqiSeatInfo& info, const JunqiBelief& belief,
                         std::span<const junqi::Move> moves);

// The seat's legal steps, from its knowledge alone (they do not depend on
// what the enemy pieces are): empty when it cannot move or is not to move.
std::vector<junqi::Move> dmc_legal_moves(const JunqiSeatInfo& info, Rng& rng);

// The belief options self-play and the player use (fewer fitting rounds than
// the belief engine: the network reads the vectors, it does not sample worlds).
JunqiBeliefOptions dmc_belief_options();

}  // namespace boyi::bots::learned
