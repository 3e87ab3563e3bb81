#include "bots/engines/dots/structure.h"

namespace boyi::bots::dots_engine {
namespace {

constexpr int kBackToStart = -2;

// Walks from `start` (degree 2) out through `edge` along boxes of degree 2, adding them and
// their edges to `c`; returns the end reached: the ground, a box of another degree, or
// kBackToStart when the walk closed a loop.
int walk(Edges drawn, const Degrees& deg, int start, int edge, Component& c) {
  int cur = start;
  while (true) {
    const int next = across(edge, cur);
    if (next == kGround || deg[next] != 2) return next;
    if (next == start) return kBackToStart;
    c.boxes |= Boxes{1} << next;
    ++c.length;
    edge = undrawn_side(drawn, next, edge);
    c.edges |= edge_bit(edge);
    cur = next;
  }
}

}  // namespace

int Structure::long_chains() const {
  int n = 0;
  for (const Component& c : *this) n += !c.loop && c.length >= 3;
  return n;
}

int Structure::loops() const {
  int n = 0;
  for (const Component& c : *this) n += c.loop;
  return n;
}

Structure analyze(Edges drawn, const Degrees& deg) {
  Structure s;
  s.safe = safe_edges(drawn, deg);
  s.undrawn = std::popcount(~drawn & dots::kAllEdges);
  s.unclaimed = deg.unclaimed();
  s.claimable = deg.with(1);
  s.junctions = deg.with(3) | deg.with(4);
  Boxes todo = deg.with(2);
  while (todo) {
    const int b = std::countr_zero(todo);
    Component& c = s.parts[s.count++];
    c.boxes = Boxes{1} << b;
    c.length = 1;
    const int e1 = undrawn_side(drawn, b);
    const int e2 = undrawn_side(drawn, b, e1);
    c.edges = edge_bit(e1) | edge_bit(e2);
    const int end0 = walk(drawn, deg, b, e1, c);
    if (end0 == kBackToStart) {
      c.loop = true;
    } else {
      c.ends = {end0, walk(drawn, deg, b, e2, c)};
    }
    todo &= ~c.boxes;
  }
  return s;
}

Edges openings(const Component& c, Edges drawn) {
  if (!c.loop && c.length == 2) {
    // The hard-hearted handout: the edge the two boxes share.
    const int b = std::countr_zero(c.boxes);
    return dots::kBoxMask[b] & dots::kBoxMask[std::countr_zero(c.boxes & (c.boxes - 1))] & ~drawn;
  }
  if (!c.loop && c.length >= 3 && c.ends[0] == c.ends[1] && c.ends[0] != kGround)
    return c.edges;                 // both ends on one junction: each opening may differ
  return c.edges & (~c.edges + 1);  // one edge stands for all
}

Edges candidate_edges(const Structure& s, Edges drawn) {
  Edges out = s.safe;
  for (const Component& c : s) out |= openings(c, drawn);
  return out;
}

}  // namespace boyi::bots::dots_engine
