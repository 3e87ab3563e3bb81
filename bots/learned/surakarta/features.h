// What the 苏拉卡尔塔 network sees and what its policy head means (standard C++ only).
//
// Input: 7 planes of 6×6, always from the side to move's view — for white the board is flipped
// top to bottom (y -> 5 - y, a symmetry of the board and both loops), so "own pieces start at the
// top" for either side and one network serves both:
//   0 own pieces, 1 enemy pieces,
//   2 the last move's from square, 3 its to square (the seed paper's two move planes),
//   4 side to move (all ones when black, the first player, is to move: the paper's plane),
//   5 plies since the last capture / the no-capture limit, 6 plies / the move cap (the game is
//     adjudicated by piece count at either limit, so the network must see how close they are).
// Policy: 36×36 = 1296 logits, index from × 36 + to in the oriented frame.
#pragma once

#include <array>
#include <optional>

#include "engine/surakarta/surakarta.h"

namespace boyi::bots::learned::surakarta_net {

inline constexpr int kPlanes = 7;
inline constexpr int kBoardPoints = surakarta::kSquares;  // 36
inline constexpr int kInputSize = kPlanes * kBoardPoints;
inline constexpr int kPolicySize = kBoardPoints * kBoardPoints;  // 1296

using Planes = std::array<float, kInputSize>;

struct NetOutput {
  float value = 0;  // for the side to move, in [-1, 1]
  std::array<float, kPolicySize> logits{};
};

// The square as the side `seat` sees it (white's view is flipped top to bottom).
constexpr int oriented_square(int square, Seat seat) {
  return seat == 0 ? square
                   : surakarta::square_of(surakarta::x_of(square),
                                          surakarta::kSize - 1 - surakarta::y_of(square));
}

// The policy index of `move` played by `seat`, and back.
constexpr int policy_index(const surakarta::Move& move, Seat seat) {
  return oriented_square(move.from, seat) * kBoardPoints + oriented_square(move.to, seat);
}
constexpr surakarta::Move move_of_index(int index, Seat seat) {
  // Orientation is its own inverse.
  return {static_cast<std::uint8_t>(oriented_square(index / kBoardPoints, seat)),
          static_cast<std::uint8_t>(oriented_square(index % kBoardPoints, seat))};
}

// The planes of running position `s` (side() to move); `last` is the move that led to it, if
// known (absolute squares).
void encode(const surakarta::State& s, const std::optional<surakarta::Move>& last, Planes& out);

}  // namespace boyi::bots::learned::surakarta_net
