#include <array>

#include "bots/games/heuristics.h"

namespace boyi::bots {

namespace {
using gomoku::Cell;
using gomoku::kSize;
constexpr std::array<int, 6> kWeight = {0, 1, 8, 64, 512, 4096};
constexpr int kDirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

// Calls f(black count, white count) for every 5-point window.
template <class F>
void for_each_window(const gomoku::State& s, F&& f) {
  for (int d = 0; d < 4; ++d) {
    const int dx = kDirs[d][0], dy = kDirs[d][1];
    for (int y = 0; y < kSize; ++y)
      for (int x = 0; x < kSize; ++x) {
        const int ex = x + 4 * dx, ey = y + 4 * dy;
        if (ex < 0 || ex >= kSize || ey < 0 || ey >= kSize) continue;
        int b = 0, w = 0;
        for (int k = 0; k < 5; ++k) {
          const Cell c = s.at(gomoku::make_point(x + k * dx, y + k * dy));
          b += c == Cell::kBlack;
          w += c == Cell::kWhite;
        }
        f(b, w);
      }
  }
}
}  // namespace

int gomoku_evaluate(const gomoku::State& s, Seat seat) {
  int black = 0, white = 0;
  for_each_window(s, [&](int b, int w) {
    if (w == 0) black += kWeight[b];
    if (b == 0) white += kWeight[w];
  });
  const bool me_black = s.colour_of(seat) == gomoku::Colour::kBlack;
  int v = me_black ? black - white : white - black;
  // The side to move is a tempo ahead.
  if (s.to_move() == seat) v += v > 0 ? v / 8 : 0;
  return v;
}

int gomoku_point_score(const gomoku::State& s, gomoku::Point p) {
  if (s.at(p) != Cell::kEmpty) return 0;
  const int px = gomoku::point_col(p), py = gomoku::point_row(p);
  int score = 0;
  for (int d = 0; d < 4; ++d) {
    const int dx = kDirs[d][0], dy = kDirs[d][1];
    for (int start = -4; start <= 0; ++start) {
      const int x0 = px + start * dx, y0 = py + start * dy;
      const int x4 = x0 + 4 * dx, y4 = y0 + 4 * dy;
      if (x0 < 0 || x0 >= kSize || y0 < 0 || y0 >= kSize || x4 < 0 || x4 >= kSize || y4 < 0 ||
          y4 >= kSize)
        continue;
      int b = 0, w = 0;
      for (int k = 0; k < 5; ++k) {
        const Cell c = s.at(gomoku::make_point(x0 + k * dx, y0 + k * dy));
        b += c == Cell::kBlack;
        w += c == Cell::kWhite;
      }
      if (w == 0) score += kWeight[b + 1] - kWeight[b];
      if (b == 0) score += kWeight[w + 1] - kWeight[w];
    }
  }
  return score;
}

void gomoku_candidates(const gomoku::State& s, gomoku::MoveList& list) {
  list.clear();
  if (s.is_terminal()) return;
  if (s.step() != gomoku::Step::kPlay || s.stone_count() == 0) {
    s.legal_moves(list);
    return;
  }
  const bool black_renju =
      s.rules().rule == gomoku::RuleSet::kRenju && s.colour_to_move() == gomoku::Colour::kBlack;
  s.empty_points().for_each([&](gomoku::Point p) {
    const int px = gomoku::point_col(p), py = gomoku::point_row(p);
    for (int dy = -2; dy <= 2; ++dy)
      for (int dx = -2; dx <= 2; ++dx) {
        const int x = px + dx, y = py + dy;
        if (x < 0 || x >= kSize || y < 0 || y >= kSize) continue;
        if (s.at(gomoku::make_point(x, y)) != Cell::kEmpty) {
          // A forbidden point loses at once: leave it out while others exist.
          if (!(black_renju && s.is_forbidden(p))) list.push_back(gomoku::Move::place(p));
          return;
        }
      }
  });
}

}  // namespace boyi::bots
