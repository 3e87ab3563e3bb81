#include "bots/engines/dots/captures.h"

namespace boyi::bots::dots_engine {

CaptureChoice capture_choice(Edges drawn, const Degrees& deg) {
  int chain_take = -1;  // a claim inside a chain, not yet at its last boxes
  // Of several decisions only the last one made matters, and the rest of the position is the
  // same whichever it is: keep the one that hands over the fewest boxes, take the others.
  CaptureChoice keep;
  int other_take = -1;
  auto decision = [&](int take, int decline, int handed, Boxes boxes) {
    if (keep.kind == CaptureChoice::Kind::kNone) {
      keep = {CaptureChoice::Kind::kDecide, take, decline, handed, boxes};
    } else if (decline != keep.decline) {  // another chain's end (else: the loop's other end)
      if (handed < keep.handed) {
        other_take = keep.take;
        keep = {CaptureChoice::Kind::kDecide, take, decline, handed, boxes};
      } else {
        other_take = take;
      }
    }
  };
  for (Boxes m = deg.with(1); m; m &= m - 1) {
    const int b = std::countr_zero(m);
    const int e = undrawn_side(drawn, b);
    const int o = across(e, b);
    if (o == kGround || deg[o] != 2) return {CaptureChoice::Kind::kForced, e, -1, 0, 0};
    const int f = undrawn_side(drawn, o, e);
    const int p = across(f, o);
    if (p == kGround || deg[p] >= 3) {
      decision(e, f, 2, box_bit(b) | box_bit(o));  // b, o end a chain; f leads out of it
      continue;
    }
    if (deg[p] == 2) {
      const int g = undrawn_side(drawn, p, f);
      const int q = across(g, p);
      // b o p q with q claimable towards p: the last four boxes of an opened loop.
      if (q != kGround && q != b && deg[q] == 1) {
        decision(e, f, 4, box_bit(b) | box_bit(o) | box_bit(p) | box_bit(q));
        continue;
      }
    }
    chain_take = e;
  }
  // Claims that decide nothing come first.
  if (chain_take >= 0) return {CaptureChoice::Kind::kForced, chain_take, -1, 0, 0};
  if (other_take >= 0) return {CaptureChoice::Kind::kForced, other_take, -1, 0, 0};
  return keep;
}

}  // namespace boyi::bots::dots_engine
