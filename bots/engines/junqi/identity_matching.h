// The consistent identity assignments of the 25 enemy pieces are the perfect
// matchings of pieces to the 25 identity tokens (kPieceCount of each) inside
// each piece's mask. Given one matching, a piece may take identity k in some
// consistent assignment exactly when k is its own or an alternating chain of
// the other (free) pieces hands the tokens round: a holder of k takes another
// identity its mask allows, whose holder takes another, ..., until one takes
// the identity the piece gives up. Over the 12 identities that is a
// reachability question, answered here in a few hundred operations.
#pragma once

#include <array>
#include <optional>

#include "bots/engines/junqi/belief.h"

namespace boyi::bots {

using JunqiMasks = std::array<JunqiMask, junqi::kPiecesPerSide>;
using JunqiAssignment = std::array<int, junqi::kPiecesPerSide>;  // piece -> identity

// A perfect matching (Kuhn's augmenting paths), or nothing when none exists.
std::optional<JunqiAssignment> junqi_perfect_matching(const JunqiMasks& masks);

// The chains of one matching: edge a -> b when a piece not in `fixed` (and
// not `skip`) holding a may take b; `via[a][b]` is such a piece.
struct JunqiExchangeGraph {
  std::array<JunqiMask, junqi::kPieceKinds> adj{};
  std::array<std::array<std::int8_t, junqi::kPieceKinds>, junqi::kPieceKinds> via{};

  JunqiExchangeGraph(const JunqiMasks& masks, const JunqiAssignment& m,
                     const std::array<bool, junqi::kPiecesPerSide>& fixed, int skip);
  // The identities from which a chain reaches `target` (target included).
  JunqiMask reaching(int target) const;
  // Gives `piece` identity `pick` (reachable to its current one) and hands the
  // tokens along the chain, keeping `m` a perfect matching.
  void exchange(JunqiAssignment& m, int piece, int pick) const;
};

// Every piece's mask narrowed to the identities some consistent assignment
// gives it; nothing when no assignment exists.
std::optional<JunqiMasks> junqi_tighten(const JunqiMasks& masks);

}  // namespace boyi::bots
