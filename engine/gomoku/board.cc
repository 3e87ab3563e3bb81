#include "engine/gomoku/board.h"

#include <cstring>
#include <utility>

#include "base/untraced.h"

namespace boyi::gomoku {
namespace {

// A line window is the 10 cells at offsets -5..-1, +1..+5 from the centre (the
// centre is the black stone being tested), as base-3 digits: 0 empty, 1 black,
// 2 white or wall.
constexpr int kWindow = 11;
constexpr int kMid = 5;
constexpr int kKeys = 59049;  // 3^10

struct LineInfo {
  std::uint8_t five = 0;      // exactly five through the centre
  std::uint8_t overline = 0;  // six or more through the centre
  std::uint8_t fours = 0;     // fours through the centre (a straight four counts once)
  std::uint16_t threes = 0;   // bit i: a black stone at window index i makes a straight four
};

constexpr std::array<int, kWindow> kOffsets = {-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5};
constexpr std::array<std::uint8_t, 4> kDigit = {0, 1, 2, 2};

// The run of black through window index `at`: [first, last].
void run_at(const std::array<int, kWindow>& l, int at, int& first, int& last) {
  first = at;
  while (first > 0 && l[first - 1] == 1) --first;
  last = at;
  while (last < kWindow - 1 && l[last + 1] == 1) ++last;
}

LineInfo analyse(std::array<int, kWindow> l) {
  LineInfo info;
  int first = 0, last = 0;
  run_at(l, kMid, first, last);
  const int len = last - first + 1;
  if (len == 5) info.five = 1;
  if (len >= 6) info.overline = 1;
  if (len >= 5) return info;
  // Fours: the empty points that complete exactly five through the centre.
  std::array<int, kWindow> completions{};
  int n = 0;
  for (int q = 0; q < kWindow; ++q) {
    if (l[q] != 0) continue;
    l[q] = 1;
    run_at(l, q, first, last);
    if (last - first + 1 == 5 && first <= kMid && kMid <= last) completions[n++] = q;
    l[q] = 0;
  }
  int fours = n;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (completions[j] - completions[i] == 5) {
        bool solid = true;
        for (int k = completions[i] + 1; k < completions[j]; ++k) solid = solid && l[k] == 1;
        if (solid) --fours;  // the two ends of one straight four
      }
  info.fours = static_cast<std::uint8_t>(fours);
  if (fours > 0) return info;
  // Threes: the empty points that make a straight four through the centre: four
  // in a row, both ends empty, each end completing exactly five.
  for (int q = 1; q < kWindow - 1; ++q) {
    if (l[q] != 0) continue;
    l[q] = 1;
    for (int a = 2; a <= kMid; ++a) {
      if (q < a || q > a + 3) continue;
      if (l[a] != 1 || l[a + 1] != 1 || l[a + 2] != 1 || l[a + 3] != 1) continue;
      if (l[a - 1] != 0 || l[a + 4] != 0 || l[a - 2] == 1 || l[a + 5] == 1) continue;
      info.threes = static_cast<std::uint16_t>(info.threes | (1u << q));
    }
    l[q] = 0;
  }
  return info;
}

struct LineTable {
  std::array<LineInfo, kKeys> info;
  LineTable() {
    for (int key = 0; key < kKeys; ++key) {
      std::array<int, kWindow> l{};
      int k = key;
      for (int i = 0; i < kWindow; ++i) {
        if (i == kMid) continue;
        l[i] = k % 3;
        k /= 3;
      }
      l[kMid] = 1;
      info[key] = analyse(l);
    }
  }
};

const LineTable& line_table() {
  static const LineTable table;
  return table;
}

constexpr std::array<int, kWindow> kPow3 = {1, 3, 9, 27, 81, 0, 243, 729, 2187, 6561, 19683};

// Unrolled at compile time: the hottest function of the renju foul test.
template <std::size_t... I>
BOYI_UNTRACED inline int window_key(const std::uint8_t* cells, int at, int step,
                                    std::index_sequence<I...>) {
  return ((kDigit[cells[at + kOffsets[I] * step]] * kPow3[I]) + ...);
}

BOYI_UNTRACED inline int window_key(const std::uint8_t* cells, int at, int step) {
  // kPow3[kMid] is 0: the centre adds nothing (and is read, in bounds, like any cell).
  return window_key(cells, at, step, std::make_index_sequence<kWindow>{});
}

Foul foul_at(std::uint8_t* cells, int at);

// Whether a black stone on the empty point `at`, which makes a straight four in the line
// being tested, really turns that line's three into one. RIF: a three is a line to which
// one stone can be added, *without at the same time making five*, to get a straight four;
// and the stone must be allowed. A completion that makes five in any other line, or is
// itself forbidden, makes no three (at every level of the recursion).
bool completes_straight_four(std::uint8_t* cells, int at) {
  const LineTable& table = line_table();
  for (int step : Board::kSteps)
    if (table.info[window_key(cells, at, step)].five) return false;
  return foul_at(cells, at) == Foul::kNone;
}

// The recursive test on a scratch copy of the cells (cells[at] empty on entry
// and on return; stones are placed and removed while testing).
Foul foul_at(std::uint8_t* cells, int at) {
  const LineTable& table = line_table();
  std::array<LineInfo, 4> info;
  for (int d = 0; d < 4; ++d) info[d] = table.info[window_key(cells, at, Board::kSteps[d])];
  int fours = 0, three_lines = 0;
  bool overline = false;
  for (const LineInfo& i : info) {
    if (i.five) return Foul::kNone;
    overline = overline || i.overline;
    fours += i.fours;
    three_lines += i.threes != 0;
  }
  if (overline) return Foul::kOverline;
  if (fours >= 2) return Foul::kDoubleFour;
  if (three_lines < 2) return Foul::kNone;
  cells[at] = Board::kBlack;
  int threes = 0;
  for (int d = 0; d < 4 && threes < 2; ++d) {
    for (unsigned bits = info[d].threes; bits != 0; bits &= bits - 1) {
      const int q = std::countr_zero(bits);
      if (completes_straight_four(cells, at + kOffsets[q] * Board::kSteps[d])) {
        ++threes;
        break;
      }
    }
  }
  cells[at] = Board::kEmpty;
  return threes >= 2 ? Foul::kDoubleThree : Foul::kNone;
}

}  // namespace

Board::Board() {
  cells_.fill(kWall);
  for (int p = 0; p < kPoints; ++p) cells_[index(static_cast<Point>(p))] = kEmpty;
}

int longest_run(const Board& board, Point p, Cell c) {
  const std::uint8_t* cells = board.data();
  const auto v = static_cast<std::uint8_t>(c);
  const int at = Board::index(p);
  int best = 0;
  for (int step : Board::kSteps) {
    int len = 1;
    for (int i = at + step; cells[i] == v; i += step) ++len;
    for (int i = at - step; cells[i] == v; i -= step) ++len;
    best = len > best ? len : best;
  }
  return best;
}

bool makes_five(const Board& board, Point p, Cell c, bool exact) {
  const std::uint8_t* cells = board.data();
  const auto v = static_cast<std::uint8_t>(c);
  const int at = Board::index(p);
  for (int step : Board::kSteps) {
    int len = 1;
    for (int i = at + step; cells[i] == v; i += step) ++len;
    for (int i = at - step; cells[i] == v; i -= step) ++len;
    if (exact ? len == 5 : len >= 5) return true;
  }
  return false;
}

Foul forbidden_foul(const Board& board, Point p) {
  const std::uint8_t* cells = board.data();
  const int at = Board::index(p);
  if (cells[at] != Board::kEmpty) return Foul::kNone;
  const LineTable& table = line_table();
  // First pass on the board itself; a scratch copy only when threes need the
  // recursive test.
  int fours = 0, three_lines = 0;
  bool overline = false;
  for (int step : Board::kSteps) {
    const LineInfo& i = table.info[window_key(cells, at, step)];
    if (i.five) return Foul::kNone;
    overline = overline || i.overline;
    fours += i.fours;
    three_lines += i.threes != 0;
  }
  if (overline) return Foul::kOverline;
  if (fours >= 2) return Foul::kDoubleFour;
  if (three_lines < 2) return Foul::kNone;
  std::array<std::uint8_t, Board::kCells> scratch;
  std::memcpy(scratch.data(), cells, scratch.size());
  return foul_at(scratch.data(), at);
}

}  // namespace boyi::gomoku
