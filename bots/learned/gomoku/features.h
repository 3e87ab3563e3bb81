// The inputs of the BP-TD(λ) networks of 五子棋, read from the `threat`
// engine's Position (its per-point line classes, so renju is handled exactly as
// the engine handles it).
//
// Patterns are read over the 72 valid lines of the 15×15 board (rows, columns
// and the diagonals of 5 or more points). A line splits, for one colour, into
// segments at the opponent's stones (a segment shorter than 5 holds nothing),
// and a segment's own stones into clusters (stones less than 5 apart, so they
// can share a five). Each cluster is one pattern, named by what one more stone
// makes on that line, the strongest over the empty points within 4 of it:
//   two empty points that make five      -> live four  (活四, threat)
//   one empty point that makes five      -> dead four  (死四)
//   a point that makes a straight four   -> live three (活三, threat)
//   a point that makes a four            -> dead three (死三)
//   a point that makes an open three     -> live two   (活二)
//   a point that makes a blocked three   -> dead two   (死二)
// Renju: a point where black would commit a foul makes nothing (a foul is no
// threat) unless it makes five, and black's overline is no five — the
// engine's line classes already say so.
//
// The paper's 44 inputs (kPaper), 22 per side as in its a1..a22 / a23..a44:
//   [0,16)  black non-threat patterns: dead two, live two, dead three, dead four,
//           each count one-hot over 0 / 1 / 2 / ≥3;
//   [16,32) the same for white;
//   [32,40) threat patterns: black live three (count 1, ≥2), black live four
//           (1, ≥2), then white's four (all zero: none);
//   [40,44) the attacker: one-hot over (side to move black / white) × (the side
//           to move has a four or a live three to push, or not).
// kRich adds 16 inputs: per colour the number of empty points of each point
// kind the engine knows (three, four, 3-3, 4-3, flex four, five) as min(n,4)/4,
// black's foul points min(n,4)/4, whether black is to move, the stones / 225,
// and the engine's hand-made value from black's side, tanh(v / 2000).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "bots/engines/gomoku/position.h"

namespace boyi::bots::learned::gomoku_td {

enum class FeatureSet : std::uint8_t { kPaper = 0, kRich = 1 };

inline constexpr int kPaperInputs = 44;
inline constexpr int kRichInputs = 60;
constexpr int feature_count(FeatureSet f) {
  return f == FeatureSet::kPaper ? kPaperInputs : kRichInputs;
}

// Patterns of one colour over the 72 lines.
enum class Pattern : std::uint8_t {
  kDeadTwo,
  kLiveTwo,
  kDeadThree,
  kDeadFour,
  kLiveThree,
  kLiveFour
};
inline constexpr int kPatterns = 6;
using PatternCounts = std::array<int, kPatterns>;

// The pattern counts of colour c in pos.
PatternCounts count_patterns(const gomoku_threat::Position& pos, gomoku::Colour c);

// Writes feature_count(set) values to out.
void extract_features(const gomoku_threat::Position& pos, FeatureSet set, float* out);
std::vector<float> features(const gomoku_threat::Position& pos, FeatureSet set);

// The same values as extract_features, for a caller that asks position after
// position (a search's leaves): a per-thread cache keeps every line's pattern
// counts and rescans only the lines through points that changed since the
// thread's last call (a stone, or a point that became or stopped being a foul).
void extract_features_incremental(const gomoku_threat::Position& pos, FeatureSet set, float* out);

}  // namespace boyi::bots::learned::gomoku_td
