#include "bots/learned/gomoku/features.h"

#include <algorithm>
#include <cmath>

namespace boyi::bots::learned::gomoku_td {
namespace {

using gomoku::Cell;
using gomoku::Colour;
using gomoku::kSize;
using gomoku::Point;
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

}  // namespace

PatternCounts count_patterns(const Position& pos, Colour c) {
  PatternCounts counts{};
  const Cell own = gomoku::stone_of(c);
  const Cell theirs = gomoku::stone_of(gomoku::other(c));
  for (const BoardLine& line : valid_lines()) {
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
  return counts;
}

void extract_features(const Position& pos, FeatureSet set, float* out) {
  std::fill(out, out + feature_count(set), 0.0F);
  const PatternCounts black = count_patterns(pos, Colour::kBlack);
  const PatternCounts white = count_patterns(pos, Colour::kWhite);
  for (int k = 0; k < 4; ++k) {
    one_hot4(black[k], out + 4 * k);
    one_hot4(white[k], out + 16 + 4 * k);
  }
  threat_units(black, out + 32);
  threat_units(white, out + 36);
  const bool white_moves = pos.to_move() == Colour::kWhite;
  const bool pushes = has_push(white_moves ? white : black);
  out[40 + 2 * static_cast<int>(white_moves) + static_cast<int>(pushes)] = 1.0F;
  if (set == FeatureSet::kPaper) return;

  // Rich: the engine's point kinds per colour, fouls, side, stones, its own value.
  float* rich = out + kPaperInputs;
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

std::vector<float> features(const Position& pos, FeatureSet set) {
  std::vector<float> out(static_cast<std::size_t>(feature_count(set)));
  extract_features(pos, set, out.data());
  return out;
}

}  // namespace boyi::bots::learned::gomoku_td
