#include "engine/surakarta/reference.h"

#include <algorithm>
#include <set>
#include <utility>

namespace boyi::surakarta::reference {
namespace {

using P = std::pair<int, int>;  // (x, y)

// One loop as the rules draw it: four lines of 6 points, each line's last point joined to the
// next line's first point by an arc. Line k (0..3) holds points 6k..6k+5.
std::vector<P> loop_points(int k) {
  const int m = 5 - k;
  std::vector<P> pts;
  for (int x = 0; x <= 5; ++x) pts.push_back({x, k});  // row y=k, left to right
  for (int y = 0; y <= 5; ++y) pts.push_back({m, y});  // column x=5-k, top to bottom
  for (int x = 5; x >= 0; --x) pts.push_back({x, m});  // row y=5-k, right to left
  for (int y = 5; y >= 0; --y) pts.push_back({k, y});  // column x=k, bottom to top
  return pts;
}

std::string text(P a, P b) {
  return {static_cast<char>('A' + a.first), static_cast<char>('A' + a.second),
          static_cast<char>('A' + b.first), static_cast<char>('A' + b.second)};
}

std::vector<std::string> generate(const State& st) {
  const Cell mine = st.side() == 0 ? Cell::kBlack : Cell::kWhite;
  const Cell theirs = st.side() == 0 ? Cell::kWhite : Cell::kBlack;
  const std::vector<std::vector<P>> loops = {loop_points(1), loop_points(2)};
  std::set<std::string> out;
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 6; ++x) {
      if (st.cell(x, y) != mine) continue;
      // Plain moves: one step, 8 directions, onto an empty point.
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const int nx = x + dx, ny = y + dy;
          if ((dx || dy) && nx >= 0 && nx < 6 && ny >= 0 && ny < 6 &&
              st.cell(nx, ny) == Cell::kEmpty)
            out.insert(text({x, y}, {nx, ny}));
        }
      // Captures: each loop, each occurrence of the start point, both directions.
      for (const auto& loop : loops)
        for (int i = 0; i < 24; ++i) {
          if (loop[i] != P{x, y}) continue;
          for (int dir : {1, -1}) {
            int arcs = 0;
            for (int step = 1; step <= 24; ++step) {
              const int prev = ((i + dir * (step - 1)) % 24 + 24) % 24;
              const int j = ((i + dir * step) % 24 + 24) % 24;
              if (prev / 6 != j / 6) ++arcs;  // left one line for the next: an arc
              const P p = loop[j];
              if (p == P{x, y}) continue;  // the start point counts as empty
              const Cell c = st.cell(p.first, p.second);
              if (c == Cell::kEmpty) continue;
              if (c == theirs && arcs > 0) out.insert(text({x, y}, p));
              break;  // the first occupied point ends the path
            }
          }
        }
    }
  return {out.begin(), out.end()};
}

}  // namespace

Verdict ending(const State& st) {
  int count[2] = {0, 0};
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 6; ++x) {
      if (st.cell(x, y) == Cell::kBlack) ++count[0];
      if (st.cell(x, y) == Cell::kWhite) ++count[1];
    }
  if (count[0] == 0) return {Ending::kNormal, 1};
  if (count[1] == 0) return {Ending::kNormal, 0};
  if (generate(st).empty()) return {Ending::kNormal, 1 - st.side()};
  const Rules& r = st.rules();
  const bool limit = r.no_capture_limit > 0 && st.plies_since_capture() >= r.no_capture_limit;
  const bool cap = r.max_plies > 0 && st.ply() >= r.max_plies;
  if (!limit && !cap) return {};
  if (count[0] == count[1]) return {Ending::kAdjudication, std::nullopt};
  return {Ending::kAdjudication, count[0] > count[1] ? 0 : 1};
}

std::vector<std::string> legal_moves(const State& st) {
  if (ending(st).ending != Ending::kNone) return {};
  return generate(st);
}

}  // namespace boyi::surakarta::reference
