#include "bots/engines/gomoku/position.h"

#include <algorithm>

#include "engine/core/zobrist.h"

namespace boyi::bots::gomoku_threat {
namespace {

using gomoku::Board;
using gomoku::Cell;
using gomoku::kPoints;
using gomoku::kSize;

constexpr int kSideKey = 2 * kPoints;
constexpr auto kZobrist = make_zobrist_keys<2 * kPoints + 1>(0x7468726561747321ull);

// The board point of a padded cell index, or kNoPoint off the board.
constexpr std::array<Point, Board::kCells> make_points() {
  std::array<Point, Board::kCells> t{};
  for (int i = 0; i < Board::kCells; ++i) {
    const int row = i / Board::kWidth - Board::kPad, col = i % Board::kWidth - Board::kPad;
    t[i] = row >= 0 && row < kSize && col >= 0 && col < kSize ? gomoku::make_point(col, row)
                                                              : gomoku::kNoPoint;
  }
  return t;
}
constexpr auto kPointOf = make_points();

}  // namespace

Position::Position(RuleSet rule, const EvalWeights& weights) : weights_(&weights) {
  init(rule);
}

Position::Position(const gomoku::State& s, const EvalWeights& weights) : weights_(&weights) {
  init(s.rules().rule);
  for (int p = 0; p < kPoints; ++p) {
    const Cell c = s.at(static_cast<Point>(p));
    if (c == Cell::kEmpty) continue;
    put(static_cast<Point>(p), c == Cell::kBlack ? Colour::kBlack : Colour::kWhite);
  }
  to_move_ = s.colour_to_move();
  if (to_move_ == Colour::kWhite) hash_ ^= kZobrist[kSideKey];
}

void Position::init(RuleSet rule) {
  rule_ = rule;
  board_ = Board();
  const std::uint8_t* cells = board_.data();
  for (int i = 0; i < Board::kCells; ++i)
    for (int d = 0; d < 4; ++d) {
      WindowKey key = 0;
      for (int off = -5; off <= 5; ++off) {
        if (off == 0) continue;
        const int j = i + off * Board::kSteps[d];
        if (j < 0 || j >= Board::kCells || cells[j] == Board::kWall) key |= window_bits(off, 3);
      }
      keys_[i][d] = key;
    }
  for (int p = 0; p < kPoints; ++p) {
    refresh(static_cast<Point>(p));
  }
}

void Position::play(Point p) {
  put(p, to_move_);
  history_.push_back(p);
  to_move_ = gomoku::other(to_move_);
  hash_ ^= kZobrist[kSideKey];
}

void Position::undo() {
  const Point p = history_.back();
  history_.pop_back();
  to_move_ = gomoku::other(to_move_);
  hash_ ^= kZobrist[kSideKey];
  if (p != gomoku::kNoPoint) remove(p);
}

void Position::pass() {
  history_.push_back(gomoku::kNoPoint);
  to_move_ = gomoku::other(to_move_);
  hash_ ^= kZobrist[kSideKey];
}

void Position::undo_pass() {
  undo();
}

void Position::put(Point p, Colour c) {
  board_.set(p, gomoku::stone_of(c));
  ++stones_;
  hash_ ^= kZobrist[idx(c) * kPoints + p];
  clear_point(p);
  const int at = Board::index(p);
  const std::uint32_t cell = c == Colour::kBlack ? Board::kBlack : Board::kWhite;
  for (int d = 0; d < 4; ++d) {
    const int step = Board::kSteps[d];
    for (int k = 1; k <= 5; ++k) {
      const int before = at - k * step, after = at + k * step;
      keys_[before][d] |= window_bits(k, cell);  // p is k cells ahead of `before`
      keys_[after][d] |= window_bits(-k, cell);
      const Point b = kPointOf[before], a = kPointOf[after];
      if (b != gomoku::kNoPoint && empty_at(b)) refresh_line(b, d);
      if (a != gomoku::kNoPoint && empty_at(a)) refresh_line(a, d);
    }
  }
  const int col = gomoku::point_col(p), row = gomoku::point_row(p);
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx) {
      const int x = col + dx, y = row + dy;
      if (x < 0 || x >= kSize || y < 0 || y >= kSize) continue;
      const Point q = gomoku::make_point(x, y);
      ++near_count_[q];
      if (empty_at(q)) near_.insert(q);
    }
  near_.erase(p);
  if (rule_ == RuleSet::kRenju) resolve_double_threes();
}

void Position::remove(Point p) {
  const Colour c = at(p) == Cell::kBlack ? Colour::kBlack : Colour::kWhite;
  board_.set(p, Cell::kEmpty);
  --stones_;
  hash_ ^= kZobrist[idx(c) * kPoints + p];
  const int at = Board::index(p);
  for (int d = 0; d < 4; ++d) {
    const int step = Board::kSteps[d];
    for (int k = 1; k <= 5; ++k) {
      const int before = at - k * step, after = at + k * step;
      keys_[before][d] &= ~window_bits(k, 3);
      keys_[after][d] &= ~window_bits(-k, 3);
      const Point b = kPointOf[before], a = kPointOf[after];
      if (b != gomoku::kNoPoint && empty_at(b)) refresh_line(b, d);
      if (a != gomoku::kNoPoint && empty_at(a)) refresh_line(a, d);
    }
  }
  const int col = gomoku::point_col(p), row = gomoku::point_row(p);
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx) {
      const int x = col + dx, y = row + dy;
      if (x < 0 || x >= kSize || y < 0 || y >= kSize) continue;
      const Point q = gomoku::make_point(x, y);
      if (--near_count_[q] == 0) near_.erase(q);
    }
  refresh(p);
  if (near_count_[p] > 0) near_.insert(p);
  if (rule_ == RuleSet::kRenju) resolve_double_threes();
}

void Position::refresh(Point p) {
  const int at = Board::index(p);
  for (int c = 0; c < 2; ++c) {
    const auto colour = static_cast<Colour>(c);
    const LineMode mode = line_mode(rule_, colour);
    for (int d = 0; d < 4; ++d)
      lines_[c][p].lines[d] = classifier_->classify(mode, colour, keys_[at][d]);
  }
  recombine(p);
}

void Position::refresh_line(Point p, int dir) {
  const WindowKey key = keys_[Board::index(p)][dir];
  for (int c = 0; c < 2; ++c) {
    const auto colour = static_cast<Colour>(c);
    const Line l = classifier_->classify(line_mode(rule_, colour), colour, key);
    if (l == lines_[c][p].lines[dir]) continue;
    lines_[c][p].lines[dir] = l;
    recombine(c, p);
  }
}

void Position::resolve_double_threes() {
  // A double three depends on whether its threes' completion points are fouls,
  // which stones off its own lines can change: look at every candidate again.
  const PointSet candidates = double_three_candidates_;
  candidates.for_each([&](Point p) { recombine(0, p); });
}

void Position::set_kind(int c, Point p, PointKind k, int value) {
  totals_[c] += value - values_[c][p];
  values_[c][p] = value;
  const PointKind old = kinds_[c][p];
  if (k == old) return;
  kinds_[c][p] = k;
  // Set membership follows the kind.
  auto member = [](PointKind kind, int set) {
    switch (set) {
      case 0:
        return kind == PointKind::kFive;
      case 1:
        return kind == PointKind::kFour || kind == PointKind::kFourThree ||
               kind == PointKind::kFlexFour;
      case 2:
        return kind == PointKind::kFlexFour;
      default:
        return kind == PointKind::kThree || kind == PointKind::kThreeThree;
    }
  };
  std::array<PointSet*, 4> sets = {&fives_[c], &fours_[c], &flex_[c], &threes_[c]};
  for (int set = 0; set < 4; ++set) {
    const bool was = member(old, set), is = member(k, set);
    if (was && !is) sets[set]->erase(p);
    if (is && !was) sets[set]->insert(p);
  }
}

void Position::clear_point(Point p) {
  double_three_candidates_.erase(p);
  for (int c = 0; c < 2; ++c) set_kind(c, p, PointKind::kNone, 0);
}

void Position::recombine(Point p) {
  for (int c = 0; c < 2; ++c) recombine(c, p);
}

void Position::recombine(int c, Point p) {
  const auto colour = static_cast<Colour>(c);
  const bool restricted = renju_black(colour);
  const PointPatterns& pp = lines_[c][p];
  PointKind k = classifier_->combine(pp, restricted);
  if (restricted) {
    int threes = 0;
    for (Line l : pp.lines) threes += l == Line::kOpenThree;
    const bool maybe = threes >= 2 && k != PointKind::kFive && k != PointKind::kForbidden;
    if (maybe) {
      double_three_candidates_.insert(p);
      if (gomoku::forbidden_foul(board_, p) != gomoku::Foul::kNone) k = PointKind::kForbidden;
    } else {
      double_three_candidates_.erase(p);
    }
  }
  int v = 0;
  if (k != PointKind::kForbidden) {
    for (Line l : pp.lines) v += weights_->line[static_cast<int>(l)];
    v += weights_->kind[static_cast<int>(k)];
  }
  set_kind(c, p, k, v);
}

bool Position::forbidden(Point p) const {
  return rule_ == RuleSet::kRenju && empty_at(p) && kinds_[0][p] == PointKind::kForbidden;
}

int Position::evaluate() const {
  const int me = idx(to_move_), them = 1 - me;
  // The side to move acts first on its threats: its points weigh a little more.
  int v = totals_[me] * weights_->own_percent / 100 - totals_[them];
  if (weights_->best_percent > 0) {
    // The side to move plays its best point first.
    int best = 0;
    near_.for_each([&](Point p) { best = std::max(best, values_[me][p] + values_[them][p] / 2); });
    v += best * weights_->best_percent / 100;
  }
  return v;
}

}  // namespace boyi::bots::gomoku_threat
