#include <array>
#include <bit>

#include "bots/games/heuristics.h"
#include "engine/junqi/battle.h"

namespace boyi::bots {

namespace {
// marshal .. engineer, mine, bomb, flag.
constexpr std::array<int, junqi::kPieceKinds> kValue = {100, 80, 60, 45, 35, 25,
                                                        15,  10, 20, 25, 50, 0};
}  // namespace

int junqi_piece_value(int piece) {
  return piece >= 0 && piece < junqi::kPieceKinds ? kValue[piece] : 0;
}

bool junqi_is_attack(const junqi::State& s, const junqi::Move& m) {
  return m.kind == junqi::Move::kStep && !s.empty(m.to);
}

int junqi_evaluate(const junqi::State& s, Seat seat) {
  int v = 0;
  for (Seat side = 0; side < 2; ++side) {
    int material = 0;
    for (std::uint64_t b = s.occupancy(side); b; b &= b - 1) {
      const int post = std::countr_zero(b);
      const int piece = s.piece_at(post);
      material += junqi_piece_value(piece);
      // Movable pieces a little closer to the enemy's back rows are worth a little more.
      if (piece <= junqi::kEngineer) {
        const int own_row = junqi::row_of(junqi::to_own_frame(post, side));  // 11: own back row
        material += (11 - own_row) / 2;
      }
    }
    v += side == seat ? material : -material;
  }
  return v;
}

int junqi_battle_value(int attacker, int defender) {
  if (defender == junqi::kFlag) return 10000;
  switch (junqi::battle_code(attacker, defender)) {
    case junqi::kAttackerWon:
      return junqi_piece_value(defender);
    case junqi::kAttackerRemoved:
      return -junqi_piece_value(attacker);
    default:
      return junqi_piece_value(defender) - junqi_piece_value(attacker);
  }
}

int junqi_order(const junqi::State& s, const junqi::Move& m) {
  if (!junqi_is_attack(s, m)) return 0;
  return junqi_battle_value(s.piece_at(m.from), s.piece_at(m.to));
}

}  // namespace boyi::bots
