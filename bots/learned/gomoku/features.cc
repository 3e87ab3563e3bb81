#include "bots/learned/gomoku/features.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace boyi::bots::learned::gomoku_td {
namespace {

using gomoku::Cell;
using gomoku::Colour;
using gomoku::kSize;
using gomoku::Point;
using gomoku::RuleSet;
using gomoku_threat::Line;
using gomoku_threat::PointKind;
using gomoku_threat::Position;

struct BoardLine {
  int dir = 0;  // the engine's direction index (Board::kSteps)
  std::vector<Point> points;
};

// The 72 lines of 5 or more points, by direction: rows, columns, both diagonals.
const std::vector<BoardLine>& valid_lines() {
  static const std::vector<BoardLine> lines = [] {
    constexpr std::array<int, 4> dcol = {1, 0, 1, -1}, drow = {0, 1, 1, 1};
    std::vector<BoardLine> out;
    for (int d = 0; d < 4; ++d)
      for (int row = 0; row < kSize; ++row)
        for (int col = 0; col < kSize; ++col) {
          const int pc = col - dcol[d], pr = row - drow[d];
          if (pc >= 0 && pc < kSize && pr >= 0 && pr < kSize) continue;  // not a line's start
          BoardLine line{d, {}};
          for (int c = col, r = row; c >= 0 && c < kSize && r < kSize; c += dcol[d], r += drow[d])
            line.points.push_back(gomoku::make_point(c, r));
          if (line.points.size() >= 5) out.push_back(std::move(line));
        }
    return out;
  }();
  return lines;
}

// The pattern one cluster of own stones forms, from the empty points near it.
int cluster_pattern(const Position& pos, Colour c, const BoardLine& line, int lo, int hi) {
  int fives = 0;
  bool straight = false, four = false, open_three = false, blocked_three = false;
  for (int i = lo; i <= hi; ++i) {
    const Point p = line.points[i];
    if (!pos.empty_at(p)) continue;
    const Line cls = pos.line(c, p, line.dir);
    if (cls == Line::kFive) {
      ++fives;
      continue;
    }
    if (pos.kind(c, p) == PointKind::kForbidden) continue;  // a foul makes nothing
    straight = straight || cls == Line::kStraightFour || cls == Line::kDoubleFour;
    four = four || cls == Line::kFour;
    open_three = open_three || cls == Line::kOpenThree;
    blocked_three = blocked_three || cls == Line::kBlockedThree;
  }
  if (fives >= 2) return static_cast<int>(Pattern::kLiveFour);
  if (fives == 1) return static_cast<int>(Pattern::kDeadFour);
  if (straight) return static_cast<int>(Pattern::kLiveThree);
  if (four) return static_cast<int>(Pattern::kDeadThree);
  if (open_three) return static_cast<int>(Pattern::kLiveTwo);
  if (blocked_three) return static_cast<int>(Pattern::kDeadTwo);
  return -1;
}

void one_hot4(int count, float* out) {
  out[std::min(count, 3)] = 1.0F;
}

void threat_units(const PatternCounts& n, float* out) {
  const int three = n[static_cast<int>(Pattern::kLiveThree)];
  const int four = n[static_cast<int>(Pattern::kLiveFour)];
  if (three > 0) out[three >= 2 ? 1 : 0] = 1.0F;
  if (four > 0) out[four >= 2 ? 3 : 2] = 1.0F;
}

bool has_push(const PatternCounts& n) {
  return n[static_cast<int>(Pattern::kDeadFour)] + n[static_cast<int>(Pattern::kLiveFour)] +
             n[static_cast<int>(Pattern::kLiveThree)] >
         0;
}

float squash_count(int n) {
  return static_cast<float>(std::min(n, 4)) / 4.0F;
}

// Adds the patterns colour c forms on one line to counts.
void line_patterns(const Position& pos, Colour c, const BoardLine& line, PatternCounts& counts) {
  const Cell own = gomoku::stone_of(c);
  const Cell theirs = gomoku::stone_of(gomoku::other(c));
  const int n = static_cast<int>(line.points.size());
  int start = 0;
  while (start < n) {
    int end = start;  // the segment [start, end): no opponent stone
    while (end < n && pos.at(line.points[end]) != theirs) ++end;
    if (end - start >= 5) {
      int i = start;
      while (i < end) {
        while (i < end && pos.at(line.points[i]) != own) ++i;
        if (i == end) break;
        int last = i;  // the cluster's last stone
        for (int j = i + 1; j < end && j - last <= 4; ++j)
          if (pos.at(line.points[j]) == own) last = j;
        const int pattern =
            cluster_pattern(pos, c, line, std::max(start, i - 4), std::min(end - 1, last + 4));
        if (pattern >= 0) ++counts[pattern];
        i = last + 1;
      }
    }
    start = end + 1;
  }
}

// What a line's patterns depend on at one point: its stone, and whether each
// colour's stone there would be a foul (which can change from crossing lines).
std::uint8_t point_code(const Position& pos, Point p) {
  return static_cast<std::uint8_t>(
      static_cast<unsigned>(pos.at(p)) |
      (pos.kind(Colour::kBlack, p) == PointKind::kForbidden ? 4U : 0U) |
      (pos.kind(Colour::kWhite, p) == PointKind::kForbidden ? 8U : 0U));
}

// The lines through each point (at most 4), with the point's index on each.
struct PointLines {
  std::array<std::uint8_t, 4> line{};
  std::array<std::uint8_t, 4> index{};
  int count = 0;
};
const std::array<PointLines, gomoku::kPoints>& lines_through() {
  static const auto table = [] {
    std::array<PointLines, gomoku::kPoints> out{};
    const auto& lines = valid_lines();
    for (std::size_t l = 0; l < lines.size(); ++l)
      for (std::size_t i = 0; i < lines[l].points.size(); ++i) {
        PointLines& pl = out[lines[l].points[i]];
        const auto k = static_cast<std::size_t>(pl.count++);
        pl.line[k] = static_cast<std::uint8_t>(l);
        pl.index[k] = static_cast<std::uint8_t>(i);
      }
    return out;
  }();
  return table;
}

// A line's contents: 4 bits of point code per point (at most 15 points, so 60
// bits) and its length in the top 4 bits.
std::uint64_t line_key(const std::array<std::uint8_t, gomoku::kPoints>& codes,
                       const BoardLine& line) {
  std::uint64_t key = static_cast<std::uint64_t>(line.points.size()) << 60;
  for (std::size_t i = 0; i < line.points.size(); ++i)
    key |= static_cast<std::uint64_t>(codes[line.points[i]]) << (4 * i);
  return key;
}

using LineCounts = std::array<PatternCounts, 2>;
// The memo's compact copy: a line holds at most 3 clusters per colour.
using SmallCounts = std::array<std::uint8_t, 2 * kPatterns>;

// Per thread, the pattern counts of every line of the last position asked, so
// the next position (a search leaf differs from the last by a few stones) only
// looks again at the lines through the points whose code changed. A line's
// patterns are a function of its points' codes under a rule set (the engine's
// line classes read only cells on the line; fouls are in the codes), so they
// are memoised by the line's key, and the totals equal a full scan.
struct PatternCache {
  // The memo: direct-mapped (a clash replaces the entry; the line is then
  // recounted), one cache line's read per look-up.
  struct MemoEntry {
    std::uint64_t key = 0;  // 0: empty (a real key has the line's length on top)
    SmallCounts counts{};
  };
  static constexpr int kMemoBits = 16;  // 1.5 MB a thread
  bool valid = false;
  RuleSet rule = RuleSet::kRenju;
  std::array<std::uint8_t, gomoku::kPoints> codes{};
  std::vector<std::uint64_t> keys;
  std::vector<LineCounts> per_line;
  std::vector<std::uint8_t> dirty;
  std::array<PatternCounts, 2> totals{};
  std::vector<MemoEntry> memo;

  void recount(const Position& pos, std::size_t l) {
    const std::uint64_t key = keys[l];
    MemoEntry& e = memo[(key * 0x9E3779B97F4A7C15ULL) >> (64 - kMemoBits)];
    if (e.key != key) {
      e.key = key;
      for (int c = 0; c < 2; ++c) {
        PatternCounts counts{};
        line_patterns(pos, static_cast<Colour>(c), valid_lines()[l], counts);
        for (int k = 0; k < kPatterns; ++k)
          e.counts[c * kPatterns + k] = static_cast<std::uint8_t>(counts[k]);
      }
    }
    for (int c = 0; c < 2; ++c)
      for (int k = 0; k < kPatterns; ++k) {
        const int n = e.counts[c * kPatterns + k];
        totals[c][k] += n - per_line[l][c][k];
        per_line[l][c][k] = n;
      }
  }

  void update(const Position& pos) {
    const auto& lines = valid_lines();
    if (!valid || rule != pos.rule()) {
      memo.assign(std::size_t{1} << kMemoBits, MemoEntry{});
      per_line.assign(lines.size(), {});
      dirty.assign(lines.size(), 0);
      keys.assign(lines.size(), 0);
      totals = {};
      rule = pos.rule();
      for (int p = 0; p < gomoku::kPoints; ++p) codes[p] = point_code(pos, static_cast<Point>(p));
      for (std::size_t l = 0; l < lines.size(); ++l) {
        keys[l] = line_key(codes, lines[l]);
        recount(pos, l);
      }
      valid = true;
      return;
    }
    // The codes now, row by row over the padded board's cells (a loop the
    // compiler vectorises), then compared with the last ones 8 points at a time.
    std::array<std::uint8_t, gomoku::kPoints> now{};
    const std::uint8_t* cells = pos.board().data();
    for (int row = 0; row < kSize; ++row) {
      const std::uint8_t* cell_row =
          cells + (row + gomoku::Board::kPad) * gomoku::Board::kWidth + gomoku::Board::kPad;
      for (int col = 0; col < kSize; ++col) {
        const auto point = static_cast<Point>(row * kSize + col);
        now[point] = static_cast<std::uint8_t>(
            cell_row[col] | (pos.kind(Colour::kBlack, point) == PointKind::kForbidden ? 4U : 0U) |
            (pos.kind(Colour::kWhite, point) == PointKind::kForbidden ? 8U : 0U));
      }
    }
    const auto& through = lines_through();
    bool any = false;
    for (int base = 0; base < gomoku::kPoints; base += 8) {
      const int n = std::min(8, gomoku::kPoints - base);
      if (std::memcmp(now.data() + base, codes.data() + base, static_cast<std::size_t>(n)) == 0)
        continue;
      for (int p = base; p < base + n; ++p) {
        if (now[p] == codes[p]) continue;
        const std::uint64_t change = static_cast<std::uint64_t>(now[p] ^ codes[p]);
        codes[p] = now[p];
        any = true;
        for (int i = 0; i < through[p].count; ++i) {
          keys[through[p].line[i]] ^= change << (4 * through[p].index[i]);
          dirty[through[p].line[i]] = 1;
        }
      }
    }
    if (!any) return;
    for (std::size_t l = 0; l < lines.size(); ++l)
      if (dirty[l] != 0) {
        dirty[l] = 0;
        recount(pos, l);
      }
  }
};

void write_paper_units(const PatternCounts& black, const PatternCounts& white, Colour to_move,
                       float* out) {
  for (int k = 0; k < 4; ++k) {
    one_hot4(black[k], out + 4 * k);
    one_hot4(white[k], out + 16 + 4 * k);
  }
  threat_units(black, out + 32);
  threat_units(white, out + 36);
  const bool white_moves = to_move == Colour::kWhite;
  const bool pushes = has_push(white_moves ? white : black);
  out[40 + 2 * static_cast<int>(white_moves) + static_cast<int>(pushes)] = 1.0F;
}

// Rich: the engine's point kinds per colour, fouls, side, stones, its own value.
void write_rich_units(const Position& pos, float* rich) {
  const bool white_moves = pos.to_move() == Colour::kWhite;
  constexpr std::array<PointKind, 6> kinds = {PointKind::kThree,      PointKind::kFour,
                                              PointKind::kThreeThree, PointKind::kFourThree,
                                              PointKind::kFlexFour,   PointKind::kFive};
  std::array<std::array<int, 6>, 2> kind_counts{};
  int fouls = 0;
  for (int p = 0; p < gomoku::kPoints; ++p) {
    const auto point = static_cast<Point>(p);
    if (!pos.empty_at(point)) continue;
    for (int c = 0; c < 2; ++c) {
      const PointKind k = pos.kind(static_cast<Colour>(c), point);
      if (c == 0 && k == PointKind::kForbidden) ++fouls;
      for (int i = 0; i < 6; ++i) kind_counts[c][i] += k == kinds[i];
    }
  }
  for (int c = 0; c < 2; ++c)
    for (int i = 0; i < 6; ++i) rich[6 * c + i] = squash_count(kind_counts[c][i]);
  rich[12] = squash_count(fouls);
  rich[13] = white_moves ? 0.0F : 1.0F;
  rich[14] = static_cast<float>(pos.stones()) / gomoku::kPoints;
  const double mover_value = pos.evaluate();
  rich[15] = static_cast<float>(std::tanh((white_moves ? -mover_value : mover_value) / 2000.0));
}

}  // namespace

PatternCounts count_patterns(const Position& pos, Colour c) {
  PatternCounts counts{};
  for (const BoardLine& line : valid_lines()) line_patterns(pos, c, line, counts);
  return counts;
}

void extract_features(const Position& pos, FeatureSet set, float* out) {
  std::fill(out, out + feature_count(set), 0.0F);
  write_paper_units(count_patterns(pos, Colour::kBlack), count_patterns(pos, Colour::kWhite),
                    pos.to_move(), out);
  if (set == FeatureSet::kRich) write_rich_units(pos, out + kPaperInputs);
}

void extract_features_incremental(const Position& pos, FeatureSet set, float* out) {
  thread_local PatternCache cache;
  cache.update(pos);
  std::fill(out, out + feature_count(set), 0.0F);
  write_paper_units(cache.totals[0], cache.totals[1], pos.to_move(), out);
  if (set == FeatureSet::kRich) write_rich_units(pos, out + kPaperInputs);
}

std::vector<float> features(const Position& pos, FeatureSet set) {
  std::vector<float> out(static_cast<std::size_t>(feature_count(set)));
  extract_features(pos, set, out.data());
  return out;
}

}  // namespace boyi::bots::learned::gomoku_td
