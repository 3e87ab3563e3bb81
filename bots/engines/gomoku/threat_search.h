// Threat-space search for the `threat` engine: VCF (victory by continuous
// fours) and VCT (by fours and open threes) for the side to move.
//
// An AND/OR search over threats only. The attacker plays a four (the defender
// must block its five point) or, in VCT, an open three (the defender answers on
// one of the points where the attacker would make a four, or with a four of its
// own, which the attacker must block). The attacker wins on a five, a flex four
// (straight four or two fours) while the defender has no five, or a four whose
// only block is a renju foul for black. A defender five, a four the attacker
// cannot block, or a three that threatens nothing ends the line as a failure.
// Renju throughout: black attacks and defends only with moves that are no foul,
// and a black "three" whose straight four would be a foul threatens nothing.
//
// Bounded by attacker plies, nodes and the time budget; proven results are
// kept in a table keyed by the position hash.
#pragma once

#include <cstdint>
#include <vector>

#include "bots/engines/gomoku/position.h"
#include "bots/search/time_budget.h"

namespace boyi::bots::gomoku_threat {

enum class ThreatResult : std::uint8_t { kWin, kNoWin, kUnknown };

struct ThreatLimits {
  int max_depth = 16;              // attacker moves along a line
  std::int64_t max_nodes = 20000;  // per search
};

class ThreatSearch {
 public:
  explicit ThreatSearch(int table_bits = 16);

  // Whether the side to move in `pos` wins by continuous fours (vcf) or fours
  // and threes (vct) within the limits; `pos` is unchanged on return. kUnknown:
  // the limits or the budget ran out before an answer.
  ThreatResult vcf(Position& pos, const ThreatLimits& limits, const TimeBudget* budget = nullptr);
  ThreatResult vct(Position& pos, const ThreatLimits& limits, const TimeBudget* budget = nullptr);

  // After a win: the winning line found (attacker and defender moves in turn).
  const std::vector<Point>& line() const { return line_; }
  Point first_move() const { return line_.empty() ? gomoku::kNoPoint : line_.front(); }
  std::int64_t nodes() const { return nodes_; }
  void clear();

 private:
  struct Entry {
    std::uint64_t key = 0;
    std::int8_t depth = -1;
    bool win = false;
  };

  ThreatResult run(Position& pos, bool vct, const ThreatLimits& limits, const TimeBudget* budget);
  bool attack(int depth);
  bool defend(int depth);
  void note_root_win(Point p);
  bool out_of_limits();
  bool attacker_threatens(Colour attacker) const;
  void ordered(const PointSet& set, Colour mover, std::vector<Point>& out) const;
  Entry* probe(std::uint64_t key);
  void store(std::uint64_t key, int depth, bool win);

  Position* pos_ = nullptr;
  bool vct_ = false;
  const TimeBudget* budget_ = nullptr;
  ThreatLimits limits_;
  std::int64_t nodes_ = 0;
  bool aborted_ = false;
  std::vector<Point> path_;  // the moves of the current line
  std::vector<Point> line_;  // the winning line found
  std::vector<Entry> table_;
  std::uint64_t mask_ = 0;
};

}  // namespace boyi::bots::gomoku_threat
