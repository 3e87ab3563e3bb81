#include "bots/engines/gomoku/threat_search.h"

#include <algorithm>

namespace boyi::bots::gomoku_threat {
namespace {

// Salts keep the four kinds of node apart in the table.
constexpr std::uint64_t kAttackSalt = 0x9d3a'61c4'0f7b'2e55ull;
constexpr std::uint64_t kDefendSalt = 0x41f0'8c2b'd6e3'9a17ull;
constexpr std::uint64_t kVctSalt = 0x2c6b'e9a4'7310'fd83ull;
constexpr int kWinDepth = 127;  // a stored win holds at every depth

Point only_point(const PointSet& s) {
  Point out = gomoku::kNoPoint;
  s.for_each([&](Point p) {
    if (out == gomoku::kNoPoint) out = p;
  });
  return out;
}

}  // namespace

ThreatSearch::ThreatSearch(int table_bits) {
  table_.resize(std::size_t{1} << table_bits);
  mask_ = table_.size() - 1;
}

void ThreatSearch::clear() {
  std::fill(table_.begin(), table_.end(), Entry{});
}

ThreatResult ThreatSearch::vcf(Position& pos, const ThreatLimits& limits,
                               const TimeBudget* budget) {
  return run(pos, false, limits, budget);
}

ThreatResult ThreatSearch::vct(Position& pos, const ThreatLimits& limits,
                               const TimeBudget* budget) {
  return run(pos, true, limits, budget);
}

ThreatResult ThreatSearch::run(Position& pos, bool vct, const ThreatLimits& limits,
                               const TimeBudget* budget) {
  pos_ = &pos;
  vct_ = vct;
  limits_ = limits;
  budget_ = budget;
  nodes_ = 0;
  aborted_ = false;
  path_.clear();
  line_.clear();
  // VCT deepens step by step: a short win is found before a deep line wastes
  // the node budget (the table keeps what shallower passes proved).
  bool win = false;
  for (int depth = vct ? std::min(2, limits.max_depth) : limits.max_depth;
       depth <= limits.max_depth && !win && !aborted_; ++depth)
    win = attack(depth);
  pos_ = nullptr;
  if (win) return ThreatResult::kWin;
  return aborted_ ? ThreatResult::kUnknown : ThreatResult::kNoWin;
}

bool ThreatSearch::out_of_limits() {
  if (aborted_) return true;
  ++nodes_;
  if (nodes_ > limits_.max_nodes) aborted_ = true;
  if ((nodes_ & 63) == 0 && budget_ && budget_->should_stop()) aborted_ = true;
  return aborted_;
}

ThreatSearch::Entry* ThreatSearch::probe(std::uint64_t key) {
  Entry& e = table_[key & mask_];
  return e.key == key && e.depth >= 0 ? &e : nullptr;
}

void ThreatSearch::store(std::uint64_t key, int depth, bool win) {
  if (aborted_) return;  // an interrupted search proves nothing
  Entry& e = table_[key & mask_];
  e.key = key;
  e.depth = static_cast<std::int8_t>(win ? kWinDepth : std::min(depth, kWinDepth - 1));
  e.win = win;
}

void ThreatSearch::ordered(const PointSet& set, Colour mover, std::vector<Point>& out) const {
  out.clear();
  const Colour them = gomoku::other(mover);
  set.for_each([&](Point p) {
    if (pos_->playable(mover, p)) out.push_back(p);
  });
  std::sort(out.begin(), out.end(), [&](Point a, Point b) {
    const int va = pos_->value(mover, a) + pos_->value(them, a);
    const int vb = pos_->value(mover, b) + pos_->value(them, b);
    return va != vb ? va > vb : a < b;
  });
}

// Whether the attacker threatens a straight four (it has an open three).
bool ThreatSearch::attacker_threatens(Colour attacker) const {
  bool found = false;
  pos_->flex_fours(attacker).for_each([&](Point p) {
    if (!found && pos_->playable(attacker, p)) found = true;
  });
  return found;
}

// A win below a table hit leaves no line of its own: the root move at least.
void ThreatSearch::note_root_win(Point p) {
  if (path_.empty() && (line_.empty() || line_.front() != p)) line_ = {p};
}

bool ThreatSearch::attack(int depth) {
  if (out_of_limits()) return false;
  Position& pos = *pos_;
  const Colour me = pos.to_move(), them = gomoku::other(me);
  if (!pos.fives(me).empty()) {
    line_ = path_;
    line_.push_back(only_point(pos.fives(me)));
    return true;
  }
  const std::uint64_t key = pos.hash() ^ kAttackSalt ^ (vct_ ? kVctSalt : 0);
  if (const Entry* e = probe(key)) {
    if (e->win && path_.empty()) {
      // A stored win tells no line: search again for the first move.
    } else if (e->win || e->depth >= depth) {
      return e->win;
    }
  }
  bool win = false;
  if (!pos.fives(them).empty()) {
    // The defender threatens five: block it; only a block that is itself a
    // threat keeps the attack going.
    const Point p = only_point(pos.fives(them));
    if (pos.fives(them).size() == 1 && pos.playable(me, p)) {
      path_.push_back(p);
      pos.play(p);
      win = defend(depth);
      pos.undo();
      path_.pop_back();
      if (win) note_root_win(p);
    }
    store(key, depth, win);
    return win;
  }
  if (depth <= 0) return false;
  std::vector<Point> moves;
  ordered(pos.fours(me), me, moves);
  for (Point p : moves) {
    path_.push_back(p);
    if (pos.flex_fours(me).contains(p)) {
      line_ = path_;
      path_.pop_back();
      win = true;
      break;
    }
    pos.play(p);
    win = defend(depth - 1);
    pos.undo();
    path_.pop_back();
    if (win) note_root_win(p);
    if (win || aborted_) break;
  }
  if (!win && !aborted_ && vct_ && depth >= 2) {
    ordered(pos.threes(me), me, moves);
    for (Point p : moves) {
      path_.push_back(p);
      pos.play(p);
      win = defend(depth - 1);
      pos.undo();
      path_.pop_back();
      if (win) note_root_win(p);
      if (win || aborted_) break;
    }
  }
  store(key, depth, win);
  return win;
}

bool ThreatSearch::defend(int depth) {
  if (out_of_limits()) return false;
  Position& pos = *pos_;
  const Colour me = pos.to_move(), attacker = gomoku::other(me);
  if (!pos.fives(me).empty()) return false;  // the defender makes five
  const PointSet& threats = pos.fives(attacker);
  if (!threats.empty()) {
    const Point p = only_point(threats);
    if (threats.size() >= 2 || !pos.playable(me, p)) {
      // Two fives, or the only block is a foul for black: the attacker wins.
      line_ = path_;
      return true;
    }
    path_.push_back(p);
    pos.play(p);
    const bool win = attack(depth);
    pos.undo();
    path_.pop_back();
    return win;
  }
  if (!vct_ || depth <= 0 || !attacker_threatens(attacker)) return false;
  const std::uint64_t key = pos.hash() ^ kDefendSalt ^ kVctSalt;
  if (const Entry* e = probe(key)) {
    if (e->win || e->depth >= depth) return e->win;
  }
  // Answers to an open three: every point where the attacker would make a
  // four (the three's ends and far ends, or its gap), and the defender's own fours.
  PointSet answers = pos.fours(attacker);
  pos.fours(me).for_each([&](Point p) { answers.insert(p); });
  std::vector<Point> moves;
  ordered(answers, me, moves);
  bool win = true;  // no answer at all (every one a foul for black): lost
  for (Point p : moves) {
    path_.push_back(p);
    pos.play(p);
    win = attack(depth);
    pos.undo();
    path_.pop_back();
    if (!win || aborted_) break;
  }
  if (aborted_) return false;
  store(key, depth, win);
  return win;
}

}  // namespace boyi::bots::gomoku_threat
