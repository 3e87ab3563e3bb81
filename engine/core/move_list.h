// Fixed-capacity move list: move generation in the hot path never allocates.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>

namespace boyi {

template <class Move, std::size_t Capacity>
class MoveList {
 public:
  using value_type = Move;
  static constexpr std::size_t capacity() { return Capacity; }

  void clear() { size_ = 0; }
  void push_back(const Move& m) {
    assert(size_ < Capacity);
    moves_[size_++] = m;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move& operator[](std::size_t i) const { return moves_[i]; }
  Move& operator[](std::size_t i) { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }

 private:
  std::array<Move, Capacity> moves_{};
  std::size_t size_ = 0;
};

}  // namespace boyi
