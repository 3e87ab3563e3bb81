// Line patterns of 五子棋 for the `threat` engine: what a stone of one colour on
// an empty point makes along one of the four line directions (five, straight
// four, four, open three, ...), read from a table indexed by the 10 cells
// around the point, and how the four directions combine into the point's
// threat kind (five, flex four, 4-3, four, 3-3, three) with an ordering value.
//
// The classes follow the usual definitions, recursively: a four is a line one
// stone turns into a five, a straight four one with two adjacent fives
// (.####.), an open three a line one stone turns into a straight four, and so
// on down to twos. Three table variants cover the rule sets: five-or-more
// (freestyle, white under renju), exactly five (standard), and exactly five with
// renju's black restrictions (an overline or a double four in one line,
// #.###.#, is a foul, so lines that only reach a win through one are no threat).
// (Line drawings: # the colour's stones, O the opponent's, . empty.)
#pragma once

#include <array>
#include <cstdint>

#include "engine/gomoku/types.h"

namespace boyi::bots::gomoku_threat {

using gomoku::Colour;
using gomoku::Point;
using gomoku::RuleSet;

// What one stone makes along one line, weakest first.
enum class Line : std::uint8_t {
  kDead,        // no five can ever pass through the point on this line
  kOne,         // a five is still possible
  kBlockedTwo,  // one stone more makes a (closed) three
  kOpenTwo,     // one stone more makes an open three
  kBlockedThree,
  kOpenThree,  // one stone more makes a straight four
  kFour,       // one stone more makes five (one way)
  kStraightFour,
  kDoubleFour,  // two fives from one line that are no straight four (#.###.#)
  kFive,
  kOverline,  // six or more where only exactly five wins (no win; a foul for renju black)
};
inline constexpr int kLineClasses = 11;

// Which table a colour reads under a rule set.
enum class LineMode : std::uint8_t { kFiveOrMore, kExactFive, kRenjuBlack };
constexpr LineMode line_mode(RuleSet rule, Colour c) {
  if (rule == RuleSet::kFreestyle) return LineMode::kFiveOrMore;
  if (rule == RuleSet::kStandard) return LineMode::kExactFive;
  return c == Colour::kBlack ? LineMode::kRenjuBlack : LineMode::kFiveOrMore;
}

// A window key: 2 bits for each of the 10 cells at offsets -5..-1, +1..+5 along
// the line (slot 0 is offset -5, slot 9 offset +5): 0 empty, 1 black, 2 white,
// 3 off the board.
using WindowKey = std::uint32_t;
constexpr int window_slot(int offset) {
  return offset < 0 ? offset + 5 : offset + 4;
}
constexpr WindowKey window_bits(int offset, std::uint32_t cell) {
  return cell << (2 * window_slot(offset));
}

// How a point's four lines combine for one colour, strongest first in value.
enum class PointKind : std::uint8_t {
  kNone,
  kThree,       // one open three
  kFour,        // one four
  kThreeThree,  // two open threes (a foul for renju black when both are real)
  kFourThree,
  kFlexFour,  // a straight four, or two fours at once: the opponent cannot stop five
  kFive,
  kForbidden,  // renju black: a foul
};

struct PointPatterns {
  std::array<Line, 4> lines{};
};

// Counts over four lines; `renju_black` says a second four or an overline is a
// foul. `kThreeThree` for renju black still needs the recursive test (the caller
// asks the rules engine); this function never says kForbidden for it.
PointKind combine_lines(const PointPatterns& p, bool renju_black);

// The line class a stone on the centre makes, given the window: two look-ups
// turn the 2-bit cells into base-3 digits from the colour's side (own stone,
// empty, blocked), a third reads the class.
class LineClassifier {
 public:
  static const LineClassifier& get();  // built once, on first use

  Line classify(LineMode mode, Colour c, WindowKey key) const {
    const auto& half = half_[static_cast<int>(c)];
    const int key3 = half[key & 1023] + 243 * half[(key >> 10) & 1023];
    return lines_[static_cast<int>(mode)][key3];
  }
  // combine_lines() from a table.
  PointKind combine(const PointPatterns& p, bool renju_black) const {
    int index = 0;
    for (Line l : p.lines) index = index * kLineClasses + static_cast<int>(l);
    return kinds_[renju_black][index];
  }

 private:
  LineClassifier();
  static constexpr int kWindowKeys = 59049;  // 3^10
  std::array<std::array<std::uint16_t, 1024>, 2> half_{};
  std::array<std::array<Line, kWindowKeys>, 3> lines_{};
  static constexpr int kCombinations = kLineClasses * kLineClasses * kLineClasses * kLineClasses;
  std::array<std::array<PointKind, kCombinations>, 2> kinds_{};
};

inline Line classify(LineMode mode, Colour c, WindowKey key) {
  return LineClassifier::get().classify(mode, c, key);
}

// What a point is worth to a colour: the sum of its four lines' values plus a
// bonus for the kind they combine into (0 for a foul). The evaluation adds
// these over the empty points, the side to move's weighted by own_percent.
struct EvalWeights {
  std::array<int, kLineClasses> line{};
  std::array<int, 8> kind{};  // by PointKind
  int own_percent = 160;
  int best_percent = 50;
};
const EvalWeights& default_weights();

}  // namespace boyi::bots::gomoku_threat
