#include "bots/engines/junqi/tactics.h"

#include "bots/engines/junqi/evaluation.h"

namespace boyi::bots {

using namespace junqi;

namespace {

// Whether attacker `a` removes defender `d` (a tie or a bomb removes both).
bool removes(int a, int d) {
  if (d == kFlag || a == kBomb || d == kBomb) return true;
  if (d == kMine) return a == kEngineer;
  return piece_rank(a) >= piece_rank(d);
}

}  // namespace

double junqi_removal_chance(const JunqiBelief& belief, const State& world, const Move& m) {
  const int a = world.piece_at(m.from);
  double p = 0;
  for (int k = 0; k < kPieceKinds; ++k)
    if (removes(a, k)) p += belief.probability_at(m.to, k);
  return p;
}

double junqi_expected_gain(const JunqiBelief& belief, const State& world, const Move& m) {
  const Seat me = belief.seat(), other = belief.enemy();
  const int a = world.piece_at(m.from);
  const double va = junqi_dynamic_value(world, me, a);
  double gain = 0;
  for (int k = 0; k < kPieceKinds; ++k) {
    const double p = belief.probability_at(m.to, k);
    if (p <= 0) continue;
    const double vd = junqi_dynamic_value(world, other, k);
    double g;
    if (k == kFlag)
      g = 10000;
    else if (a == kBomb || k == kBomb)
      g = vd - va;
    else if (k == kMine)
      g = a == kEngineer ? vd : -va;
    else if (piece_rank(a) > piece_rank(k))
      g = vd;
    else if (piece_rank(a) < piece_rank(k))
      g = -va;
    else
      g = vd - va;
    gain += p * g;
  }
  return gain;
}

std::optional<Move> junqi_decisive_move(const JunqiBelief& belief, const State& world) {
  const Seat me = belief.seat();
  if (world.is_terminal() || world.side() != me) return std::nullopt;
  State::MoveList list;
  world.legal_moves(list);
  if (list.empty()) return std::nullopt;
  // 1. The flag, where it surely stands.
  for (const Move& m : list) {
    const int i = belief.index_at(m.to);
    if (i >= 0 && belief.pieces()[i].mask == junqi_bit(kFlag)) return m;
  }
  // 2. An enemy piece next to our flag takes it next move unless removed now.
  const int flag = world.flag_post(me);
  if (flag >= 0) {
    std::optional<Move> best;
    double best_chance = 0, best_cost = 0;
    for (const Move& m : list) {
      if (belief.index_at(m.to) < 0 || !((board::kRoad[flag] >> m.to) & 1)) continue;
      const double chance = junqi_removal_chance(belief, world, m);
      const double cost = junqi_dynamic_value(world, me, world.piece_at(m.from));
      if (chance > best_chance + 1e-9 ||
          (chance > best_chance - 1e-9 && best && cost < best_cost)) {
        best = m;
        best_chance = chance;
        best_cost = cost;
      }
    }
    if (best && best_chance > 0) return best;
  }
  // 3. The no-battle limit ends the game after a quiet move of ours.
  const int quiet = world.no_battle_count(), limit = world.rules().no_battle_limit;
  if (quiet + 1 >= limit) {
    // The first quiet ply was ours when an odd number of plies precede our move.
    const bool ours = (quiet + 1) % 2 == 1;
    const bool draw = world.rules().no_battle_result == NoBattleResult::kDraw;
    if (!ours && !draw) {
      for (const Move& m : list)
        if (world.empty(m.to)) return m;
    }
    if (ours && !draw) {
      std::optional<Move> best;
      double best_gain = -1e300;
      for (const Move& m : list) {
        if (world.empty(m.to)) continue;
        const double g = junqi_expected_gain(belief, world, m);
        if (g > best_gain) {
          best_gain = g;
          best = m;
        }
      }
      if (best) return best;
    }
  }
  return std::nullopt;
}

}  // namespace boyi::bots
