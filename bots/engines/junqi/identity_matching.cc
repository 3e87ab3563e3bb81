#include "bots/engines/junqi/identity_matching.h"

#include <bit>

namespace boyi::bots {

using namespace junqi;

std::optional<JunqiAssignment> junqi_perfect_matching(const JunqiMasks& mask) {
  constexpr int kPieces = kPiecesPerSide;
  std::array<int, kPieces> token_kind{};
  for (int k = 0, t = 0; k < kPieceKinds; ++k)
    for (int n = 0; n < kPieceCount[k]; ++n) token_kind[t++] = k;
  std::array<int, kPieces> owner;  // token -> piece
  owner.fill(-1);
  std::array<bool, kPieces> seen{};
  auto augment = [&](auto&& self, int piece) -> bool {
    for (int t = 0; t < kPieces; ++t) {
      if (seen[t] || !((mask[piece] >> token_kind[t]) & 1)) continue;
      seen[t] = true;
      if (owner[t] < 0 || self(self, owner[t])) {
        owner[t] = piece;
        return true;
      }
    }
    return false;
  };
  for (int p = 0; p < kPieces; ++p) {
    seen.fill(false);
    if (!augment(augment, p)) return std::nullopt;
  }
  JunqiAssignment kind_of{};
  for (int t = 0; t < kPieces; ++t) kind_of[owner[t]] = token_kind[t];
  return kind_of;
}

JunqiExchangeGraph::JunqiExchangeGraph(const JunqiMasks& masks, const JunqiAssignment& m,
                                       const std::array<bool, kPiecesPerSide>& fixed, int skip) {
  for (int j = 0; j < kPiecesPerSide; ++j) {
    if (fixed[j] || j == skip) continue;
    const int a = m[j];
    for (JunqiMask b = masks[j] & ~junqi_bit(a); b; b &= b - 1) {
      const int k = std::countr_zero(b);
      adj[a] |= junqi_bit(k);
      via[a][k] = static_cast<std::int8_t>(j);
    }
  }
}

JunqiMask JunqiExchangeGraph::reaching(int target) const {
  JunqiMask reach = junqi_bit(target);
  for (bool grew = true; grew;) {
    grew = false;
    for (int a = 0; a < kPieceKinds; ++a)
      if (!((reach >> a) & 1) && (adj[a] & reach)) {
        reach |= junqi_bit(a);
        grew = true;
      }
  }
  return reach;
}

void JunqiExchangeGraph::exchange(JunqiAssignment& m, int piece, int pick) const {
  const int target = m[piece];
  if (pick == target) return;
  // Breadth-first from pick to target, then every holder on the chain moves on.
  std::array<int, kPieceKinds> parent;
  parent.fill(-1);
  parent[pick] = pick;
  int queue[kPieceKinds], head = 0, tail = 0;
  queue[tail++] = pick;
  while (head < tail && parent[target] < 0) {
    const int a = queue[head++];
    for (JunqiMask b = adj[a]; b; b &= b - 1) {
      const int k = std::countr_zero(b);
      if (parent[k] >= 0) continue;
      parent[k] = a;
      queue[tail++] = k;
    }
  }
  if (parent[target] < 0) return;  // not reachable: the caller broke the contract
  for (int b = target; b != pick; b = parent[b]) m[via[parent[b]][b]] = b;
  m[piece] = pick;
}

std::optional<JunqiMasks> junqi_tighten(const JunqiMasks& masks) {
  const auto m = junqi_perfect_matching(masks);
  if (!m) return std::nullopt;
  JunqiMasks out = masks;
  const std::array<bool, kPiecesPerSide> none{};
  for (int i = 0; i < kPiecesPerSide; ++i) {
    const JunqiExchangeGraph g(masks, *m, none, i);
    out[i] &= g.reaching((*m)[i]);
  }
  return out;
}

}  // namespace boyi::bots
