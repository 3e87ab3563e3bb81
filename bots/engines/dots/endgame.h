// Chain arithmetic of the loony endgame and the long-chain rule.
//
// Simple endgames: once no safe edge is left and no junction remains, the position is a sum
// of independent chains and loops, and the side to move must open one. The opponent then
// takes all its boxes and must open the next, or takes all but the last two (a chain of 3 or
// more) or four (a loop) and hands those over, keeping control. SimpleEndgame computes the
// optimal score of such a sum exactly (a recursion over the multiset of lengths, memoized):
// the solver values such positions by it, and the playouts settle loony endgames and decide
// double-dealing with it (junctions resolved as resolved_components() says).
//
// The long-chain rule: a game has E - B + D + 1 turns from the first edge on (E edges, B
// boxes, D double-crosses: edges that claim two boxes), so from a position with U undrawn
// edges and C unclaimed boxes the side to move plays the last turn — the controller's, who
// takes the last chain — iff U - C + D is even. In a loony endgame kept under control each
// long chain but the last gives one double-cross and each loop two, so the side to move
// wants the number of long chains L with U - C + L - 1 even. During the middle game the side
// to move steers the number of long chains that will form towards that parity (the playouts
// do so among the last safe edges). Counting L needs the junctions resolved: on random loony
// endgames the rule then names the side that wins in about three cases of four (nearly always
// once no junction is left), against a coin toss with the chains as they stand.
#pragma once

#include <cstdint>
#include <unordered_map>

#include "bots/engines/dots/structure.h"

namespace boyi::bots::dots_engine {

// A multiset of independent components: counts of chains of 1 and 2 boxes and the lengths
// of the long ones (chains of 3+, loops of 4+).
struct ComponentSet {
  int singles = 0, doubles = 0;
  int count = 0;                           // long components
  std::array<std::uint8_t, 12> lengths{};  // long: length << 1 | loop
  void add(int length, bool loop);
  void remove_long(int index);
  std::uint64_t key() const;  // order-free
  int boxes() const;
};

ComponentSet components_of(const Structure& s);

class SimpleEndgame {
 public:
  // The score of the side that must open a component now (its boxes minus the opponent's).
  int value(const ComponentSet& set);
  // What the side to move should open: the index of a long component in `set`, or -1 for a
  // single box, -2 for a chain of two (its middle edge); the value as above.
  struct Opening {
    int which = -1;
    int value = 0;
  };
  Opening best_opening(const ComponentSet& set);
  // At a decision (captures.h): take the last boxes (true) or decline. `rest` is what is left
  // once they are taken, `handed` the boxes a decline hands over.
  bool take_all(const ComponentSet& rest, int handed) { return value(rest) >= -handed; }

  std::size_t memo_size() const { return memo_.size(); }
  void clear() { memo_.clear(); }

 private:
  std::unordered_map<std::uint64_t, std::int8_t> memo_;
};

// The long-chain rule from the side to move's point of view: true when `long_chains` long
// chains would leave it the last turn (in control). U and C as in the header comment.
bool long_chains_favour_mover(int undrawn, int unclaimed, int long_chains);

// The components a loony endgame will actually be played with. A junction joins its chains
// until all but two of them are taken, then merges those two into one longer chain (a loop
// when they are the two ends of one chain): opening the shortest component each time, this
// replays those merges. Exact for a simple structure; with safe edges left it reads the
// structure as it stands.
ComponentSet resolved_components(const Structure& s, const Degrees& deg);

// The long-chain rule for a position: whether the side to move is headed for control, by
// the long chains of resolved_components().
bool chain_rule_favours_mover(const Structure& s, const Degrees& deg);

}  // namespace boyi::bots::dots_engine
