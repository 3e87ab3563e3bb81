#include "bots/engines/junqi/activation.h"

#include <algorithm>
#include <array>
#include <bit>

#include "bots/engines/junqi/evaluation.h"

namespace boyi::bots {

using namespace junqi;

namespace {

constexpr int kNear = 2;  // moves that count as "close"

int nearest(int post, std::uint64_t targets) {
  int best = 99;
  for (std::uint64_t b = targets; b; b &= b - 1)
    best = std::min(best, junqi_move_distance(post, std::countr_zero(b)));
  return best;
}

// Posts an engineer on `from` would reach along the railway (the first
// occupied post of each path included), whatever the piece really is.
std::uint64_t rail_flood(const State& s, int from) {
  if (!((board::kRail >> from) & 1)) return 0;
  const std::uint64_t empty = board::kAll & ~(s.occupancy(0) | s.occupancy(1));
  std::uint64_t visited = bit(from), frontier = visited, reach = 0;
  while (frontier) {
    const std::uint64_t next = board::rail_expand(frontier) & ~visited;
    visited |= next;
    reach |= next;
    frontier = next & empty;
  }
  return reach;
}

// Headquarters of `side` (its flag is in one of them).
std::uint64_t headquarters_of(Seat side) {
  return board::kHeadquarters & (side == 0 ? board::row_mask(11) : board::row_mask(0));
}

}  // namespace

int junqi_battle_gain(const State& s, const Move& m) {
  if (s.empty(m.to)) return 0;
  const Seat me = s.owner_at(m.from), other = me ^ 1;
  const int a = s.piece_at(m.from), d = s.piece_at(m.to);
  const int va = junqi_dynamic_value(s, me, a), vd = junqi_dynamic_value(s, other, d);
  if (d == kFlag) return 10000;
  if (a == kBomb || d == kBomb) return vd - va;
  if (d == kMine) return a == kEngineer ? vd : -va;
  const int ra = piece_rank(a), rd = piece_rank(d);
  if (ra > rd) return vd;
  if (ra < rd) return -va;
  return vd - va;
}

void junqi_activated_moves(const State& s, int pieces, State::MoveList& out) {
  State::MoveList all;
  s.legal_moves(all);
  out.clear();
  if (all.empty()) return;
  const Seat me = s.side(), other = me ^ 1;
  // Movable pieces, each with its activation score.
  std::array<int, kPosts> score;
  score.fill(-1);
  int movers = 0;
  for (const Move& m : all)
    if (score[m.from] < 0) {
      score[m.from] = 0;
      ++movers;
    }
  if (pieces <= 0 || movers <= pieces) {
    out = all;
    return;
  }
  const int own_flag = s.flag_post(me);
  const std::uint64_t enemy = s.occupancy(other);
  // Enemy pieces close to our flag, or that could fly next to it along the
  // railway if they were engineers: the danger the defence must answer.
  std::uint64_t raiders = 0, guard_posts = 0;
  if (own_flag >= 0) {
    const std::uint64_t entries = board::kRoad[own_flag];
    for (std::uint64_t e = entries; e; e &= e - 1) guard_posts |= board::kRoad[std::countr_zero(e)];
    guard_posts |= entries;
    for (std::uint64_t b = enemy & ~board::kHeadquarters; b; b &= b - 1) {
      const int p = std::countr_zero(b);
      if (junqi_move_distance(p, own_flag) <= kNear + 1 || (rail_flood(s, p) & entries))
        raiders |= bit(p);
    }
  }
  const std::uint64_t enemy_hq = headquarters_of(other);
  std::uint64_t hq_entries = 0;
  for (std::uint64_t b = enemy_hq; b; b &= b - 1) hq_entries |= board::kRoad[std::countr_zero(b)];
  for (const Move& m : all) {
    if (s.empty(m.to)) continue;
    score[m.from] = std::max(score[m.from], 1);  // marks "in contact"
  }
  std::array<int, kPosts> order_posts{};
  int n = 0;
  for (int p = 0; p < kPosts; ++p) {
    if (score[p] < 0) continue;
    const int piece = s.piece_at(p);
    int v = junqi_dynamic_value(s, me, piece);
    if (score[p] > 0) v += 30;
    if (nearest(p, enemy_hq) <= kNear) v += 20;
    if (raiders && own_flag >= 0 && junqi_move_distance(p, own_flag) <= kNear + 1) v += 40;
    score[p] = v;
    order_posts[n++] = p;
  }
  std::sort(order_posts.begin(), order_posts.begin() + n,
            [&](int a, int b) { return score[a] != score[b] ? score[a] > score[b] : a < b; });
  std::uint64_t active = 0;
  for (int i = 0; i < std::min(n, pieces); ++i) active |= bit(order_posts[i]);
  const int limit = s.rules().no_battle_limit, quiet = s.no_battle_count();
  const bool pressed = quiet >= limit - 6 && (quiet % 2 == 0);  // we made the first quiet ply
  for (const Move& m : all) {
    const bool attack = !s.empty(m.to);
    // Attacks on a headquarters (where a flag may stand) are always searched;
    // so is, while raiders are near, every move onto the posts around our
    // flag, and every move next to an enemy headquarters (one step from its flag).
    const bool urgent = ((raiders >> m.to) & 1) || ((board::kHeadquarters >> m.to) & 1) || pressed;
    const bool guard = raiders && ((guard_posts >> m.to) & 1);
    const bool raid = (hq_entries >> m.to) & 1;
    if (((active >> m.from) & 1) || (attack && urgent) || guard || raid) out.push_back(m);
  }
  if (out.empty()) out = all;
}

Move junqi_playout_move(const State& s, State::MoveList& list, Rng& rng) {
  s.legal_moves(list);
  if (list.empty()) return Move{};
  const bool greedy = rng.below(4) != 0;
  int best_gain = 0;
  int best = -1;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Move& m = list[i];
    if (s.empty(m.to)) continue;
    if (s.piece_at(m.to) == kFlag) return m;
    if (!greedy) continue;
    const int g = junqi_battle_gain(s, m);
    if (g > best_gain) {
      best_gain = g;
      best = static_cast<int>(i);
    }
  }
  if (best >= 0) return list[static_cast<std::size_t>(best)];
  return list[rng.below(static_cast<std::uint32_t>(list.size()))];
}

}  // namespace boyi::bots
