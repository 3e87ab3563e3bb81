#include "bots/engines/dots/symmetry.h"

#include <algorithm>
#include <utility>

namespace boyi::bots::dots_engine {
namespace {

using Dot = std::pair<int, int>;  // (row, column), 0..5

Dot map_dot(int s, Dot d) {
  constexpr int n = dots::kDots - 1;
  auto [r, c] = d;
  if (s & 4) std::swap(r, c);  // transpose first, then the reflections
  if (s & 1) c = n - c;
  if (s & 2) r = n - r;
  return {r, c};
}

int edge_between(Dot a, Dot b) {
  if (a.first == b.first) return dots::horizontal_edge(a.first, std::min(a.second, b.second));
  return dots::vertical_edge(a.second, std::min(a.first, b.first));
}

std::pair<Dot, Dot> ends_of(int e) {
  if (e < dots::kHorizontalEdges) {
    const int line = e / dots::kCells, seg = e % dots::kCells;
    return {{line, seg}, {line, seg + 1}};
  }
  const int line = (e - dots::kHorizontalEdges) / dots::kCells;
  const int seg = (e - dots::kHorizontalEdges) % dots::kCells;
  return {{seg, line}, {seg + 1, line}};
}

struct Tables {
  std::array<std::array<std::int8_t, dots::kEdges>, kSymmetries> edge{};
  std::array<int, kSymmetries> inverse{};
  // byte[s][k][v]: the image of the edges (8k + bit) for the bits of v.
  std::array<std::array<std::array<Edges, 256>, 8>, kSymmetries> byte{};

  Tables() {
    for (int s = 0; s < kSymmetries; ++s)
      for (int e = 0; e < dots::kEdges; ++e) {
        const auto [a, b] = ends_of(e);
        edge[s][e] = static_cast<std::int8_t>(edge_between(map_dot(s, a), map_dot(s, b)));
      }
    for (int s = 0; s < kSymmetries; ++s)
      for (int t = 0; t < kSymmetries; ++t) {
        bool identity = true;
        for (int e = 0; e < dots::kEdges; ++e) identity &= edge[t][edge[s][e]] == e;
        if (identity) inverse[s] = t;
      }
    for (int s = 0; s < kSymmetries; ++s)
      for (int k = 0; k < 8; ++k)
        for (int v = 0; v < 256; ++v) {
          Edges m = 0;
          for (int bit = 0; bit < 8; ++bit) {
            const int e = 8 * k + bit;
            if ((v >> bit & 1) && e < dots::kEdges) m |= edge_bit(edge[s][e]);
          }
          byte[s][k][v] = m;
        }
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

}  // namespace

int map_edge(int s, int edge) {
  return tables().edge[s][edge];
}

int inverse_symmetry(int s) {
  return tables().inverse[s];
}

Edges map_edges(int s, Edges edges) {
  const auto& t = tables().byte[s];
  Edges m = 0;
  for (int k = 0; k < 8; ++k) m |= t[k][(edges >> (8 * k)) & 0xff];
  return m;
}

Canonical canonical(Edges edges) {
  Canonical best{edges, 0};
  for (int s = 1; s < kSymmetries; ++s) {
    const Edges m = map_edges(s, edges);
    if (m < best.key) best = {m, s};
  }
  return best;
}

}  // namespace boyi::bots::dots_engine
