// A transposition table keyed by the engine's Zobrist hash(): one entry per
// slot, replaced when the new search is at least as deep (or the slot holds
// another position). Scores of proven results are stored relative to the node
// so they stay right wherever the position recurs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "bots/search/common.h"

namespace boyi::bots {

enum class Bound : std::uint8_t { kNone, kExact, kLower, kUpper };

template <class Move>
struct TTEntry {
  std::uint64_t key = 0;
  int score = 0;
  std::int16_t depth = -1;
  Bound bound = Bound::kNone;
  bool has_move = false;
  Move move{};
};

template <class Move>
class TranspositionTable {
 public:
  // `entries` is rounded down to a power of two (at least 1024).
  explicit TranspositionTable(std::size_t entries = std::size_t{1} << 16) {
    std::size_t n = 1024;
    while (n * 2 <= entries) n *= 2;
    table_.resize(n);
    mask_ = n - 1;
  }
  void clear() { std::fill(table_.begin(), table_.end(), TTEntry<Move>{}); }
  std::size_t size() const { return table_.size(); }

  const TTEntry<Move>* probe(std::uint64_t key) const {
    const auto& e = table_[key & mask_];
    return e.bound != Bound::kNone && e.key == key ? &e : nullptr;
  }
  void store(std::uint64_t key, int score, int depth, Bound bound, const Move* move) {
    auto& e = table_[key & mask_];
    if (e.bound != Bound::kNone && e.key == key && e.depth > depth) return;
    e.key = key;
    e.score = score;
    e.depth = static_cast<std::int16_t>(depth);
    e.bound = bound;
    e.has_move = move != nullptr;
    if (move) e.move = *move;
  }

  // Proven scores count plies from the root; the table holds them from the node.
  static int to_table(int score, int ply) {
    if (score > kWinThreshold) return score + ply;
    if (score < -kWinThreshold) return score - ply;
    return score;
  }
  static int from_table(int score, int ply) {
    if (score > kWinThreshold) return score - ply;
    if (score < -kWinThreshold) return score + ply;
    return score;
  }

 private:
  std::vector<TTEntry<Move>> table_;
  std::size_t mask_ = 0;
};

}  // namespace boyi::bots
