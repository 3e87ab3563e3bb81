#include "engine/gomoku/reference.h"

#include <cstdlib>

namespace boyi::gomoku::reference {
namespace {

constexpr int kDirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

bool on_board(int x, int y) {
  return x >= 0 && x < kSize && y >= 0 && y < kSize;
}

// 3 for outside the board, so it is neither empty nor black.
int cell(const Grid& g, int x, int y) {
  return on_board(x, y) ? g[x][y] : 3;
}

// Length of the unbroken black line through (x, y) along (dx, dy); (x, y) is black.
int black_run(const Grid& g, int x, int y, int dx, int dy) {
  int n = 1;
  for (int i = 1; cell(g, x + i * dx, y + i * dy) == 1; ++i) ++n;
  for (int i = 1; cell(g, x - i * dx, y - i * dy) == 1; ++i) ++n;
  return n;
}

int any_run(const Grid& g, int x, int y, int dx, int dy, int v) {
  int n = 1;
  for (int i = 1; cell(g, x + i * dx, y + i * dy) == v; ++i) ++n;
  for (int i = 1; cell(g, x - i * dx, y - i * dy) == v; ++i) ++n;
  return n;
}

// Fours made by the black stone at (x, y) along direction d: the empty points of
// the line that complete exactly five containing (x, y); the two ends of one
// straight four are one four.
int fours_along(Grid& g, int x, int y, int d) {
  const int dx = kDirs[d][0], dy = kDirs[d][1];
  std::vector<int> completions;  // offsets t along the line
  for (int t = -5; t <= 5; ++t) {
    const int qx = x + t * dx, qy = y + t * dy;
    if (t == 0 || cell(g, qx, qy) != 0) continue;
    g[qx][qy] = 1;
    // The five must contain (x, y): walk from q towards it.
    bool five = black_run(g, qx, qy, dx, dy) == 5;
    if (five) {
      int lo = 0, hi = 0;
      while (cell(g, qx - (lo + 1) * dx, qy - (lo + 1) * dy) == 1) ++lo;
      while (cell(g, qx + (hi + 1) * dx, qy + (hi + 1) * dy) == 1) ++hi;
      five = t - lo <= 0 && 0 <= t + hi;
    }
    g[qx][qy] = 0;
    if (five) completions.push_back(t);
  }
  int fours = static_cast<int>(completions.size());
  for (std::size_t i = 0; i < completions.size(); ++i)
    for (std::size_t j = 0; j < completions.size(); ++j) {
      if (completions[j] - completions[i] != 5) continue;
      bool solid = true;
      for (int t = completions[i] + 1; t < completions[j]; ++t)
        solid = solid && cell(g, x + t * dx, y + t * dy) == 1;
      if (solid) --fours;
    }
  return fours;
}

// After black stones at (x, y) and (x + tq*dx, y + tq*dy): is there a straight
// four containing both, i.e. four in a row whose two ends are empty and each
// complete exactly five?
bool straight_four_with(const Grid& g, int x, int y, int d, int tq) {
  const int dx = kDirs[d][0], dy = kDirs[d][1];
  auto at = [&](int t) { return cell(g, x + t * dx, y + t * dy); };
  for (int s = -3; s <= 0; ++s) {
    if (tq < s || tq > s + 3) continue;
    bool four = true;
    for (int t = s; t <= s + 3; ++t) four = four && at(t) == 1;
    if (!four) continue;
    if (at(s - 1) != 0 || at(s + 4) != 0) continue;
    if (at(s - 2) == 1 || at(s + 5) == 1) continue;  // an end would make six
    return true;
  }
  return false;
}

// Whether a black stone on the empty (x, y) makes exactly five in some direction.
bool five_at(Grid& g, int x, int y) {
  g[x][y] = 1;
  bool five = false;
  for (const auto& d : kDirs) five = five || black_run(g, x, y, d[0], d[1]) == 5;
  g[x][y] = 0;
  return five;
}

// Whether the black stone at (x, y) makes a three along d: one more black
// stone turns the line into a straight four without at the same time making
// five (in any line), and that stone is itself allowed (RIF's definition).
bool three_along(Grid& g, int x, int y, int d) {
  const int dx = kDirs[d][0], dy = kDirs[d][1];
  for (int t = -4; t <= 4; ++t) {
    const int qx = x + t * dx, qy = y + t * dy;
    if (t == 0 || cell(g, qx, qy) != 0) continue;
    g[qx][qy] = 1;
    const bool straight = straight_four_with(g, x, y, d, t);
    g[qx][qy] = 0;
    if (straight && !five_at(g, qx, qy) && forbidden(g, qx, qy) == Foul::kNone) return true;
  }
  return false;
}

// The symmetries of the board about H8 as rotations and reflections.
std::pair<int, int> transform(int s, int x, int y) {
  int dx = x - 7, dy = y - 7;
  for (int r = 0; r < s % 4; ++r) {  // rotate by 90 degrees s % 4 times
    const int t = dx;
    dx = -dy;
    dy = t;
  }
  if (s >= 4) dx = -dx;  // then reflect
  return {dx + 7, dy + 7};
}

}  // namespace

Grid grid_of(const State& state) {
  Grid g{};
  for (int x = 0; x < kSize; ++x)
    for (int y = 0; y < kSize; ++y) g[x][y] = static_cast<int>(state.at(make_point(x, y)));
  return g;
}

Foul forbidden(Grid& g, int x, int y) {
  g[x][y] = 1;
  Foul result = Foul::kNone;
  bool five = false, overline = false;
  for (const auto& d : kDirs) {
    const int run = black_run(g, x, y, d[0], d[1]);
    five = five || run == 5;
    overline = overline || run >= 6;
  }
  if (!five) {
    int fours = 0, threes = 0;
    for (int d = 0; d < 4; ++d) {
      const int f = fours_along(g, x, y, d);
      fours += f;
      if (f == 0 && three_along(g, x, y, d)) ++threes;
    }
    if (overline)
      result = Foul::kOverline;
    else if (fours >= 2)
      result = Foul::kDoubleFour;
    else if (threes >= 2)
      result = Foul::kDoubleThree;
  }
  g[x][y] = 0;
  return result;
}

Effect placement_effect(const Rules& rules, Grid g, Point p, Colour colour, Foul& foul) {
  const int x = point_col(p), y = point_row(p);
  const int v = colour == Colour::kBlack ? 1 : 2;
  foul = Foul::kNone;
  if (rules.rule == RuleSet::kRenju && colour == Colour::kBlack) foul = forbidden(g, x, y);
  g[x][y] = v;
  bool exactly_five = false, five_or_more = false;
  for (const auto& d : kDirs) {
    const int run = any_run(g, x, y, d[0], d[1], v);
    exactly_five = exactly_five || run == 5;
    five_or_more = five_or_more || run >= 5;
  }
  bool wins = five_or_more;
  if (rules.rule == RuleSet::kStandard) wins = exactly_five;
  if (rules.rule == RuleSet::kRenju && colour == Colour::kBlack) wins = exactly_five;
  if (wins) {
    foul = Foul::kNone;
    return Effect::kFive;
  }
  if (foul != Foul::kNone) return Effect::kFoul;
  bool full = true;
  for (const auto& column : g)
    for (int c : column) full = full && c != 0;
  return full ? Effect::kBoardFull : Effect::kNone;
}

std::vector<Move> legal_moves(const State& state) {
  std::vector<Move> out;
  if (state.is_terminal()) return out;
  Grid g = grid_of(state);
  const Rules& rules = state.rules();
  auto empty = [&](int x, int y) { return g[x][y] == 0; };
  switch (state.step()) {
    case Step::kStone1:
      if (empty(7, 7)) out.push_back(Move::place(make_point(7, 7)));
      break;
    case Step::kStone2:  // one of the 8 neighbours of H8
      for (int x = 0; x < kSize; ++x)
        for (int y = 0; y < kSize; ++y)
          if (empty(x, y) && std::max(std::abs(x - 7), std::abs(y - 7)) == 1)
            out.push_back(Move::place(make_point(x, y)));
      break;
    case Step::kStone3:  // inside the central 5x5
      for (int x = 5; x <= 9; ++x)
        for (int y = 5; y <= 9; ++y)
          if (empty(x, y)) out.push_back(Move::place(make_point(x, y)));
      break;
    case Step::kSwap:
      out.push_back(Move::swap());
      out.push_back(Move::keep());
      break;
    case Step::kStone4:
    case Step::kPlay:
      for (int x = 0; x < kSize; ++x)
        for (int y = 0; y < kSize; ++y)
          if (empty(x, y)) out.push_back(Move::place(make_point(x, y)));
      break;
    case Step::kOffer: {
      // The symmetries of the stone pattern (colours kept): a board symmetry
      // about H8 followed by any shift under which every stone lands on a
      // stone of its colour and no stone leaves the board.
      struct Fixing {
        int s, dx, dy;
      };
      std::vector<std::pair<int, int>> stones;
      for (int x = 0; x < kSize; ++x)
        for (int y = 0; y < kSize; ++y)
          if (g[x][y] != 0) stones.emplace_back(x, y);
      std::vector<Fixing> fixing;
      for (int s = 0; s < 8; ++s)
        for (int dx = -2 * kSize; dx <= 2 * kSize; ++dx)
          for (int dy = -2 * kSize; dy <= 2 * kSize; ++dy) {
            bool fixes = true;
            for (const auto& [x, y] : stones) {
              const auto [tx, ty] = transform(s, x, y);
              const int ix = tx + dx, iy = ty + dy;
              fixes =
                  fixes && ix >= 0 && ix < kSize && iy >= 0 && iy < kSize && g[ix][iy] == g[x][y];
            }
            if (fixes) fixing.push_back({s, dx, dy});
          }
      for (int x = 0; x < kSize; ++x)
        for (int y = 0; y < kSize; ++y) {
          if (!empty(x, y)) continue;
          bool clash = false;
          for (int i = 0; i < state.offer_count(); ++i) {
            const Point o = state.offer(i);
            for (const Fixing& f : fixing) {
              const auto [tx, ty] = transform(f.s, x, y);
              clash = clash || (tx + f.dx == point_col(o) && ty + f.dy == point_row(o));
            }
          }
          if (clash) continue;
          if (rules.rule == RuleSet::kRenju && forbidden(g, x, y) != Foul::kNone) continue;
          out.push_back(Move::offer(make_point(x, y)));
        }
      break;
    }
    case Step::kChoose:
      for (int i = 0; i < state.offer_count(); ++i) out.push_back(Move::choose(state.offer(i)));
      break;
  }
  return out;
}

long long perft(const State& state, int depth) {
  if (depth == 0) return 1;
  const std::vector<Move> moves = legal_moves(state);
  if (depth == 1) return static_cast<long long>(moves.size());
  long long n = 0;
  for (const Move& m : moves) {
    State next = state;
    next.apply(m);
    n += perft(next, depth - 1);
  }
  return n;
}

}  // namespace boyi::gomoku::reference
