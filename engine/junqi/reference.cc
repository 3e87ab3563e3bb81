#include "engine/junqi/reference.h"

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <set>

namespace boyi::junqi::reference {
namespace {

struct Post {
  int r, c;
};

bool on_board(Post p) {
  return p.r >= 0 && p.r < 12 && p.c >= 0 && p.c < 5;
}
int index(Post p) {
  return p.r * 5 + p.c;
}

// 行营: C1 C3 D2 E1 E3, H1 H3 I2 J1 J3.
bool is_camp(Post p) {
  static const std::set<std::pair<int, int>> camps = {{2, 1}, {2, 3}, {3, 2}, {4, 1}, {4, 3},
                                                      {7, 1}, {7, 3}, {8, 2}, {9, 1}, {9, 3}};
  return camps.count({p.r, p.c}) > 0;
}

// 大本营: A1 A3 L1 L3.
bool is_headquarters(Post p) {
  return (p.r == 0 || p.r == 11) && (p.c == 1 || p.c == 3);
}

// Railway posts: rows B F G K, and columns 0 and 4 from row B to row K.
bool is_railway(Post p) {
  if (p.r == 1 || p.r == 5 || p.r == 6 || p.r == 10) return true;
  return (p.c == 0 || p.c == 4) && p.r >= 1 && p.r <= 10;
}

bool is_mountain_gap(Post a, Post b) {
  return a.c == b.c && (a.c == 1 || a.c == 3) && ((a.r == 5 && b.r == 6) || (a.r == 6 && b.r == 5));
}

bool road_link(Post a, Post b) {
  const int dr = std::abs(a.r - b.r), dc = std::abs(a.c - b.c);
  if (dr + dc == 1) return !is_mountain_gap(a, b);
  if (dr == 1 && dc == 1) return is_camp(a) || is_camp(b);
  return false;
}

bool rail_link(Post a, Post b) {
  const int dr = std::abs(a.r - b.r), dc = std::abs(a.c - b.c);
  if (dr + dc != 1 || !is_railway(a) || !is_railway(b) || is_mountain_gap(a, b)) return false;
  if (a.r == b.r) return a.r == 1 || a.r == 5 || a.r == 6 || a.r == 10;
  if (a.c == 0 || a.c == 4) return true;
  return a.c == 2 && std::min(a.r, b.r) == 5;  // F2-G2
}

}  // namespace

std::vector<Move> legal_moves(const State& state) {
  if (!state.in_play() || state.is_terminal()) return {};
  return steps_of(state, state.to_move());
}

std::vector<Move> steps_of(const State& state, Seat side) {
  std::vector<Move> out;
  const Seat enemy = 1 - side;
  auto is_empty = [&](Post p) { return state.empty(index(p)); };
  auto is_enemy = [&](Post p) { return state.owner_at(index(p)) == enemy; };
  // A piece may end on an empty post, or attack an enemy that is not in a camp.
  auto can_land = [&](Post p) { return is_empty(p) || (is_enemy(p) && !is_camp(p)); };

  for (int r = 0; r < 12; ++r)
    for (int c = 0; c < 5; ++c) {
      const Post from{r, c};
      if (state.owner_at(index(from)) != side) continue;
      const int piece = state.piece_at(index(from));
      if (piece == kMine || piece == kFlag || is_headquarters(from)) continue;
      std::set<int> targets;
      for (int r2 = 0; r2 < 12; ++r2)
        for (int c2 = 0; c2 < 5; ++c2) {
          const Post to{r2, c2};
          if (road_link(from, to) && can_land(to)) targets.insert(index(to));
        }
      if (is_railway(from) && piece == kEngineer) {
        // Any path over the railway through empty posts.
        std::set<int> seen = {index(from)};
        std::deque<Post> queue = {from};
        while (!queue.empty()) {
          const Post x = queue.front();
          queue.pop_front();
          const Post around[4] = {{x.r - 1, x.c}, {x.r + 1, x.c}, {x.r, x.c - 1}, {x.r, x.c + 1}};
          for (Post y : around) {
            if (!on_board(y) || !rail_link(x, y) || seen.count(index(y))) continue;
            seen.insert(index(y));
            if (is_empty(y)) {
              targets.insert(index(y));
              queue.push_back(y);
            } else if (is_enemy(y)) {
              targets.insert(index(y));
            }
          }
        }
      } else if (is_railway(from)) {
        // Straight along one line, no turns.
        const int dirs[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
        for (const auto& d : dirs) {
          Post x = from;
          while (true) {
            const Post y{x.r + d[0], x.c + d[1]};
            if (!on_board(y) || !rail_link(x, y)) break;
            if (is_empty(y)) {
              targets.insert(index(y));
              x = y;
              continue;
            }
            if (is_enemy(y)) targets.insert(index(y));
            break;
          }
        }
      }
      for (int t : targets) out.push_back(Move::step(index(from), t));
    }
  return out;
}

}  // namespace boyi::junqi::reference
