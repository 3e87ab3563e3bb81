// The `threat` engine's own board for search: stones, the side to move and,
// kept up to date on every play/undo, the line window of every point in each
// direction, the line classes both colours would make there, each point's
// threat kind, the sets of points where a colour makes five / a four / a
// straight four, the points near stones (the candidates) and the running sums
// of point values the evaluation reads.
//
// A stone changes the windows of at most 40 points (5 each way on 4 lines), so
// play and undo cost a few hundred table look-ups. Renju's double-three test
// is recursive and reaches beyond those lines: every black point with two open
// threes is asked of the rules engine again after each stone, so the cached
// kinds stay exact.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "bots/engines/gomoku/patterns.h"
#include "engine/gomoku/gomoku.h"

namespace boyi::bots::gomoku_threat {

using gomoku::PointSet;

class Position {
 public:
  // The stones and colour to move of `s` (any step; opening actions ignored).
  explicit Position(const gomoku::State& s, const EvalWeights& weights = default_weights());
  explicit Position(RuleSet rule, const EvalWeights& weights = default_weights());

  RuleSet rule() const { return rule_; }
  Colour to_move() const { return to_move_; }
  gomoku::Cell at(Point p) const { return board_.at(p); }
  bool empty_at(Point p) const { return board_.at(p) == gomoku::Cell::kEmpty; }
  int stones() const { return stones_; }
  std::uint64_t hash() const { return hash_; }
  const gomoku::Board& board() const { return board_; }
  Point last_move() const { return history_.empty() ? gomoku::kNoPoint : history_.back(); }
  int ply() const { return static_cast<int>(history_.size()); }  // plays since construction

  // A stone of the side to move on the empty point p; the turn passes.
  void play(Point p);
  void undo();
  // The turn passes without a stone (for asking what the opponent threatens).
  void pass();
  void undo_pass();

  Line line(Colour c, Point p, int dir) const { return lines_[idx(c)][p].lines[dir]; }
  PointKind kind(Colour c, Point p) const { return kinds_[idx(c)][p]; }
  bool renju_black(Colour c) const { return rule_ == RuleSet::kRenju && c == Colour::kBlack; }

  // Points where `c` would make five now.
  const PointSet& fives(Colour c) const { return fives_[idx(c)]; }
  // Points where `c` makes a four or better (not five), fouls excluded.
  const PointSet& fours(Colour c) const { return fours_[idx(c)]; }
  // Points where `c` makes a straight four or two fours (flex four), fouls excluded.
  const PointSet& flex_fours(Colour c) const { return flex_[idx(c)]; }
  // Points where `c` makes an open three (a three or better that is no four).
  const PointSet& threes(Colour c) const { return threes_[idx(c)]; }
  // Empty points within two of a stone (the search's candidates).
  const PointSet& near() const { return near_; }

  // Renju: whether black may not play p now; false for other rules.
  bool forbidden(Point p) const;
  // Whether `c` may put a stone on p (empty, and no foul for renju black).
  bool playable(Colour c, Point p) const {
    return empty_at(p) && !(renju_black(c) && forbidden(p));
  }

  // The value of p for `c` (its lines and kind; 0 where c may not play).
  int value(Colour c, Point p) const { return values_[idx(c)][p]; }
  // Static evaluation for the side to move.
  int evaluate() const;

 private:
  static int idx(Colour c) { return static_cast<int>(c); }
  void init(RuleSet rule);
  void refresh(Point p);                // recompute p's lines in every direction
  void refresh_line(Point p, int dir);  // one direction changed
  void recombine(Point p);         // both colours
  void recombine(int c, Point p);  // colour c (0 black, 1 white)
  void set_kind(int c, Point p, PointKind k, int value);
  void clear_point(Point p);  // p became occupied: drop it from sets and sums
  void resolve_double_threes();
  void put(Point p, Colour c);
  void remove(Point p);

  const EvalWeights* weights_;
  const LineClassifier* classifier_ = &LineClassifier::get();
  RuleSet rule_ = RuleSet::kRenju;
  gomoku::Board board_;
  Colour to_move_ = Colour::kBlack;
  int stones_ = 0;
  std::uint64_t hash_ = 0;
  std::vector<Point> history_;
  std::array<std::array<WindowKey, 4>, gomoku::Board::kCells> keys_{};
  std::array<std::array<PointPatterns, gomoku::kPoints>, 2> lines_{};
  std::array<std::array<PointKind, gomoku::kPoints>, 2> kinds_{};
  std::array<std::array<int, gomoku::kPoints>, 2> values_{};
  std::array<int, 2> totals_{};
  std::array<PointSet, 2> fives_, fours_, flex_, threes_;
  std::array<std::uint8_t, gomoku::kPoints> near_count_{};
  PointSet near_;
  PointSet double_three_candidates_;  // renju: black points with two open threes
};

}  // namespace boyi::bots::gomoku_threat
