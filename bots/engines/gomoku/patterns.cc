#include "bots/engines/gomoku/patterns.h"

#include <memory>

namespace boyi::bots::gomoku_threat {
namespace {

// The table is indexed by the window in base 3 from the stone's own side: digit
// 0 empty, 1 own stone, 2 blocked (opponent or off the board); slot i has
// weight 3^i.
constexpr int kWindowKeys = 59049;  // 3^10
constexpr int kCentre = 5;          // index of the stone in the 11-cell line

constexpr std::array<int, 10> kPow3 = {1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683};

int slot_of_index(int i) {
  return i < kCentre ? i : i - 1;
}

class LineTable {
 public:
  // Large (memo and table): kept on the heap.
  explicit LineTable(LineMode mode) : mode_(mode) {
    memo_.fill(kUnknown);
    for (int key = 0; key < kWindowKeys; ++key) table_[key] = static_cast<Line>(classify(key));
  }
  Line at(int key3) const { return table_[key3]; }

 private:
  static constexpr std::int8_t kUnknown = -1;

  // Whether a child line is worth reaching: renju black may not use an
  // overline or a double four; exactly-five rules get nothing from an overline.
  bool useful(Line l) const {
    if (l == Line::kOverline) return false;
    if (l == Line::kDoubleFour) return mode_ != LineMode::kRenjuBlack;
    return l != Line::kDead;
  }

  int classify(int key) {
    if (memo_[key] != kUnknown) return memo_[key];
    std::array<int, 11> cells{};
    for (int i = 0, k = key; i < 11; ++i) {
      if (i == kCentre) {
        cells[i] = 1;
        continue;
      }
      cells[i] = k % 3;
      k /= 3;
    }
    int first = kCentre, last = kCentre;
    while (first > 0 && cells[first - 1] == 1) --first;
    while (last < 10 && cells[last + 1] == 1) ++last;
    const int run = last - first + 1;
    Line result;
    if (run >= 5) {
      result = run == 5 || mode_ == LineMode::kFiveOrMore ? Line::kFive : Line::kOverline;
    } else {
      result = classify_below_five(key, cells);
    }
    memo_[key] = static_cast<std::int8_t>(result);
    return memo_[key];
  }

  Line classify_below_five(int key, const std::array<int, 11>& cells) {
    std::array<bool, 11> five_at{};
    int fives = 0;
    std::array<Line, 11> child{};
    for (int i = 0; i < 11; ++i) {
      if (i == kCentre || cells[i] != 0) continue;
      child[i] = static_cast<Line>(classify(key + kPow3[slot_of_index(i)]));
      five_at[i] = child[i] == Line::kFive;
      fives += five_at[i];
    }
    if (fives >= 2) {
      // A straight four: four stones in a row through the centre, both ends fives.
      for (int a = 1; a + 3 <= 9; ++a) {
        if (a > kCentre || a + 3 < kCentre) continue;
        bool solid = true;
        for (int k = a; k <= a + 3; ++k) solid = solid && cells[k] == 1;
        if (solid && five_at[a - 1] && five_at[a + 4]) return Line::kStraightFour;
      }
      return Line::kDoubleFour;
    }
    if (fives == 1) return Line::kFour;
    bool straight = false, four = false, open_three = false, blocked_three = false, any = false;
    for (int i = 0; i < 11; ++i) {
      if (i == kCentre || cells[i] != 0) continue;
      const Line c = child[i];
      if (!useful(c)) continue;
      any = true;
      straight = straight || c == Line::kStraightFour || c == Line::kDoubleFour;
      four = four || c == Line::kFour;
      open_three = open_three || c == Line::kOpenThree;
      blocked_three = blocked_three || c == Line::kBlockedThree;
    }
    if (straight) return Line::kOpenThree;
    if (four) return Line::kBlockedThree;
    if (open_three) return Line::kOpenTwo;
    if (blocked_three) return Line::kBlockedTwo;
    return any ? Line::kOne : Line::kDead;
  }

  LineMode mode_;
  std::array<std::int8_t, kWindowKeys> memo_{};
  std::array<Line, kWindowKeys> table_{};
};

}  // namespace

LineClassifier::LineClassifier() {
  // Five 2-bit cells (10 bits) to base-3 digits from one colour's side.
  for (int colour = 0; colour < 2; ++colour)
    for (int bits = 0; bits < 1024; ++bits) {
      int v = 0;
      for (int i = 4; i >= 0; --i) {
        const int cell = (bits >> (2 * i)) & 3;
        const int digit = cell == 0 ? 0 : cell == colour + 1 ? 1 : 2;
        v = v * 3 + digit;
      }
      half_[colour][bits] = static_cast<std::uint16_t>(v);
    }
  for (int mode = 0; mode < 3; ++mode) {
    const auto table = std::make_unique<LineTable>(static_cast<LineMode>(mode));
    for (int key = 0; key < kWindowKeys; ++key) lines_[mode][key] = table->at(key);
  }
  for (int index = 0; index < kCombinations; ++index) {
    PointPatterns p;
    for (int d = 3, rest = index; d >= 0; --d, rest /= kLineClasses)
      p.lines[d] = static_cast<Line>(rest % kLineClasses);
    kinds_[0][index] = combine_lines(p, false);
    kinds_[1][index] = combine_lines(p, true);
  }
}

const LineClassifier& LineClassifier::get() {
  static const LineClassifier classifier;
  return classifier;
}

PointKind combine_lines(const PointPatterns& p, bool renju_black) {
  std::array<int, kLineClasses> n{};
  for (Line l : p.lines) ++n[static_cast<int>(l)];
  const int straight = n[static_cast<int>(Line::kStraightFour)];
  const int dfour = n[static_cast<int>(Line::kDoubleFour)];
  const int four = n[static_cast<int>(Line::kFour)];
  const int three = n[static_cast<int>(Line::kOpenThree)];
  if (n[static_cast<int>(Line::kFive)] > 0) return PointKind::kFive;
  if (renju_black) {
    if (n[static_cast<int>(Line::kOverline)] > 0 || four + straight + 2 * dfour >= 2)
      return PointKind::kForbidden;
  } else if (dfour > 0 || four + straight >= 2) {
    return PointKind::kFlexFour;
  }
  if (straight > 0) return PointKind::kFlexFour;
  if (four > 0) return three > 0 ? PointKind::kFourThree : PointKind::kFour;
  if (three >= 2) return PointKind::kThreeThree;
  return three == 1 ? PointKind::kThree : PointKind::kNone;
}

const EvalWeights& default_weights() {
  static const EvalWeights w = {
      // dead, one, blocked two, open two, blocked three, open three, four,
      // straight four, double four, five, overline
      {0, 1, 3, 12, 14, 48, 60, 500, 500, 3000, 0},
      // none, three, four, 3-3, 4-3, flex four, five, foul
      {0, 0, 0, 160, 400, 1000, 5000, 0},
      160,
      50};
  return w;
}

}  // namespace boyi::bots::gomoku_threat
