#include "bots/engines/junqi/evaluation.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

namespace boyi::bots {

using namespace junqi;

namespace {

// marshal .. engineer, mine, bomb, flag (before the adjustments below).
constexpr std::array<int, kPieceKinds> kBaseValue = {100, 80, 60, 45, 34, 26,
                                                     18,  12, 16, 14, 30, 0};

using DistanceTable = std::array<std::array<std::uint8_t, kPosts>, kPosts>;

DistanceTable compute_distances() {
  DistanceTable d;
  std::array<std::uint64_t, kPosts> step{};  // posts one move away on an empty board
  for (int p = 0; p < kPosts; ++p) {
    step[p] = board::kRoad[p];
    if (!((board::kRail >> p) & 1)) continue;
    for (int dir = 0; dir < 4; ++dir)
      for (std::uint64_t s = bit(p); (s = board::rail_step(s, dir)) != 0;) step[p] |= s;
  }
  for (int from = 0; from < kPosts; ++from) {
    d[from].fill(99);
    d[from][from] = 0;
    std::uint64_t seen = bit(from), frontier = seen;
    for (int n = 1; frontier; ++n) {
      std::uint64_t next = 0;
      for (std::uint64_t b = frontier; b; b &= b - 1) next |= step[std::countr_zero(b)];
      next &= ~seen;
      seen |= next;
      for (std::uint64_t b = next; b; b &= b - 1)
        d[from][std::countr_zero(b)] = static_cast<std::uint8_t>(n);
      frontier = next;
    }
  }
  return d;
}

const DistanceTable& distances() {
  static const DistanceTable table = compute_distances();
  return table;
}

// Whether one of `owner`'s movable pieces can step onto `target` now.
bool covered(const State& s, Seat owner, int target) {
  for (std::uint64_t b = s.occupancy(owner) & ~board::kHeadquarters; b; b &= b - 1) {
    const int p = std::countr_zero(b);
    const int piece = s.piece_at(p);
    if (piece == kMine || piece == kFlag || p == target) continue;
    if (junqi_move_distance(p, target) > 2) continue;
    if ((board::kRoad[p] >> target) & 1) return true;
    if ((junqi_reach(s, p) >> target) & 1) return true;
  }
  return false;
}

// Danger to `owner`'s flag from the other side's movable pieces: one on a
// post next to the flag takes it on its next move unless a defender can
// strike it first; one that reaches such a post in one move (engineers
// turning on the railway included; a mine there stops all but an engineer)
// is a move behind; others count by their distance on an empty board.
int flag_danger(const State& s, Seat owner) {
  const int flag = s.flag_post(owner);
  if (flag < 0) return 0;
  const auto& dist = distances();
  const std::uint64_t own = s.occupancy(owner);
  const std::uint64_t entries = board::kRoad[flag];
  std::uint64_t mined = 0;
  for (std::uint64_t e = entries & own; e; e &= e - 1)
    if (s.piece_at(std::countr_zero(e)) == kMine) mined |= e & -e;
  const bool raider_to_move = s.side() != owner;
  int danger = 0;
  for (std::uint64_t b = s.occupancy(owner ^ 1) & ~board::kHeadquarters; b; b &= b - 1) {
    const int p = std::countr_zero(b);
    const int piece = s.piece_at(p);
    if (piece == kMine || piece == kFlag) continue;
    if ((entries >> p) & 1) {
      danger += raider_to_move ? 400 : covered(s, owner, p) ? 100 : 300;
      continue;
    }
    const std::uint64_t open = piece == kEngineer ? entries : entries & ~mined;
    int best = 99;
    for (std::uint64_t e = open; e; e &= e - 1) {
      const int n = std::countr_zero(e);
      best = std::min(best, dist[p][n] + ((own >> n) & 1 ? 1 : 0));
    }
    const bool flies = piece == kEngineer && ((board::kRail >> p) & 1);
    const std::uint64_t hits = (best <= 2 || flies) ? junqi_reach(s, p) & open : 0;
    if (hits) {
      const bool guarded = covered(s, owner, std::countr_zero(hits));
      danger += raider_to_move ? (guarded ? 40 : 120) : (guarded ? 20 : 60);
    } else if (best == 2) {
      danger += 15;
    } else if (best == 3) {
      danger += 5;
    }
  }
  return danger;
}

}  // namespace

std::uint64_t junqi_reach(const State& s, int from) {
  const Seat owner = s.owner_at(from);
  if (owner == kPublic) return 0;
  const int piece = s.piece_at(from);
  if (piece == kMine || piece == kFlag || ((board::kHeadquarters >> from) & 1)) return 0;
  return s.targets(from);
}

int junqi_move_distance(int from, int to) {
  return distances()[from][to];
}

int junqi_dynamic_value(const State& s, Seat owner, int piece) {
  const Seat other = owner ^ 1;
  switch (piece) {
    case kEngineer: {
      int v = kBaseValue[kEngineer] + 4 * s.count(other, kMine);
      if (s.count(owner, kEngineer) <= 1) v += 12;
      return v;
    }
    case kBomb:
      return kBaseValue[kBomb] + 25 * s.count(other, kMarshal) + 15 * s.count(other, kGeneral);
    default:
      return piece >= 0 && piece < kPieceKinds ? kBaseValue[piece] : 0;
  }
}

int junqi_evaluate_world(const State& s, Seat seat) {
  int score[2] = {0, 0};
  for (Seat side = 0; side < 2; ++side) {
    int v = 0;
    for (std::uint64_t b = s.occupancy(side); b; b &= b - 1) {
      const int post = std::countr_zero(b);
      const int piece = s.piece_at(post);
      v += junqi_dynamic_value(s, side, piece);
      if (piece <= kEngineer) {
        const int own_row = row_of(to_own_frame(post, side));  // 11: own back row
        v += std::max(0, 8 - own_row);                         // beyond the own half
      }
    }
    v -= flag_danger(s, side);
    score[side] = v;
  }
  int eval = score[seat] - score[seat ^ 1];
  // The no-battle limit: the side that made the first quiet ply loses when the
  // count reaches the limit; press it as the limit nears.
  const int n = s.no_battle_count(), limit = s.rules().no_battle_limit;
  if (!s.is_terminal() && n >= limit - 8 && n > 0) {
    const Seat hooked = (n % 2 == 0) ? s.side() : s.side() ^ 1;
    const int penalty = 12 * (n - (limit - 8) + 1);
    eval += hooked == seat ? -penalty : penalty;
  }
  return eval;
}

double junqi_win_chance(const State& s, Seat seat, double scale) {
  if (s.is_terminal()) {
    const Outcome o = s.outcome();
    if (!o.winner.has_value()) return 0.5;
    return *o.winner == seat ? 1.0 : 0.0;
  }
  return 1.0 / (1.0 + std::exp(-junqi_evaluate_world(s, seat) / scale));
}

}  // namespace boyi::bots
