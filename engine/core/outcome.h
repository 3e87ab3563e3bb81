// How a game ended. The names are shared by the engine (which decides the
// rule-based endings) and the referee (which adds clock, resignation and
// connection endings), so a stored game always carries one of these.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace boyi {

// Seats are 0 (moves first unless a game's rules say otherwise) and 1.
using Seat = int;
inline constexpr Seat kPublic = -1;  // a viewer without a seat: spectators
inline constexpr int kSeats = 2;

enum class Ending : std::uint8_t {
  kNone,    // game still running
  kNormal,  // decided by the rules of play (five, flag, all boxes, ...)
  kResignation,
  kTimeForfeit,
  kIllegalMove,
  kFoul,           // renju forbidden move by black
  kNoBattleLimit,  // 军棋 必攻步数
  kDisconnectForfeit,
  kAdjudication,  // decided by a count at a limit (苏拉卡尔塔 no-capture, move cap)
  kAborted,
  kAgreement,  // both seats agreed to a draw
};

std::string_view ending_name(Ending e);
std::optional<Ending> parse_ending(std::string_view name);

struct Outcome {
  Ending ending = Ending::kNone;
  std::optional<Seat> winner;  // empty with a finished game means a draw
  std::string detail;          // e.g. "five in a row", "flag captured", "25 boxes: 13-12"

  bool finished() const { return ending != Ending::kNone; }
  bool is_draw() const { return finished() && !winner.has_value(); }
  bool operator==(const Outcome&) const = default;
};

// One line such as "seat 0 wins (normal: flag captured)".
std::string describe(const Outcome& o);

}  // namespace boyi
