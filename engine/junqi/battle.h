// The battle rule by the kinds of the attacker and the defender
// (docs/rules/junqi.md), stated once for the state and the bots that weigh
// attacks: taking the flag wins, a bomb removes both, a mine stops all but an
// engineer, otherwise the higher rank wins and equal ranks remove both.
#pragma once

#include "engine/junqi/junqi.h"

namespace boyi::junqi {

// kAttackerWon (the flag taken included), kBothRemoved or kAttackerRemoved.
constexpr StepCode battle_code(int attacker, int defender) {
  if (defender == kFlag) return kAttackerWon;
  if (attacker == kBomb || defender == kBomb) return kBothRemoved;
  if (defender == kMine) return attacker == kEngineer ? kAttackerWon : kAttackerRemoved;
  if (piece_rank(attacker) > piece_rank(defender)) return kAttackerWon;
  if (piece_rank(attacker) < piece_rank(defender)) return kAttackerRemoved;
  return kBothRemoved;
}

}  // namespace boyi::junqi
