#include "bots/engines/dots/solver.h"

#include <algorithm>
#include <array>

#include "bots/engines/dots/captures.h"
#include "bots/engines/dots/endgame.h"
#include "bots/engines/dots/structure.h"
#include "bots/engines/dots/symmetry.h"

namespace boyi::bots::dots_engine {
namespace {

constexpr int kInfinite = 100;

// Candidate edges in search order: the table's move, safe edges, then openings of the
// shortest components first (giving away the least).
int order_moves(const Structure& st, Edges drawn, int first, std::array<int, dots::kEdges>& out) {
  int n = 0;
  if (first >= 0) out[n++] = first;
  for (Edges m = st.safe; m; m &= m - 1) {
    const int e = std::countr_zero(m);
    if (e != first) out[n++] = e;
  }
  std::array<int, dots::kBoxes> parts{};
  for (int i = 0; i < st.count; ++i) parts[i] = i;
  std::sort(parts.begin(), parts.begin() + st.count, [&](int a, int b) {
    const Component &x = st.parts[a], &y = st.parts[b];
    return x.length != y.length ? x.length < y.length : x.loop < y.loop;
  });
  for (int i = 0; i < st.count; ++i)
    for (Edges m = openings(st.parts[parts[i]], drawn); m; m &= m - 1) {
      const int e = std::countr_zero(m);
      if (e != first) out[n++] = e;
    }
  return n;
}

// Opening a chain of n >= 3 boxes lets the opponent either take them all and move on in the
// rest Q (-n - V(Q) for us), or take n - 2 and hand two back, so that we move in Q
// (4 - n + V(Q)): we get at most the lesser, at most 2 - n. A loop of n: 4 - n likewise. (A
// chain whose two ends are one junction is left out: taking it runs on through that box.)
std::array<std::int8_t, dots::kEdges> loony_ceilings(const Structure& st, Edges drawn) {
  std::array<std::int8_t, dots::kEdges> ceiling;
  ceiling.fill(kInfinite);
  for (const Component& c : st) {
    if (!c.is_long() || (!c.loop && c.ends[0] == c.ends[1] && c.ends[0] != kGround)) continue;
    const auto bound = static_cast<std::int8_t>((c.loop ? 4 : 2) - c.length);
    for (Edges m = openings(c, drawn); m; m &= m - 1) ceiling[std::countr_zero(m)] = bound;
  }
  return ceiling;
}

}  // namespace

Solver::Solver(SolverOptions options) : options_(options) {
  options_.table_log2 = std::clamp(options_.table_log2, 4, 28);
  clear();
}

void Solver::clear() {
  table_.assign(std::size_t{1} << options_.table_log2, Entry{});
  shift_ = 64 - options_.table_log2;
}

const Solver::Entry* Solver::probe(Edges key) const {
  const std::size_t i = ((key * 0x9E3779B97F4A7C15ull) >> shift_) & ~std::size_t{1};
  if (table_[i].key == key) return &table_[i];
  if (table_[i + 1].key == key) return &table_[i + 1];
  return nullptr;
}

void Solver::store(Edges key, int lower, int upper, int move, int undrawn) {
  const std::size_t i = ((key * 0x9E3779B97F4A7C15ull) >> shift_) & ~std::size_t{1};
  Entry* slot;
  if (table_[i].key == key) {
    slot = &table_[i];
  } else if (table_[i + 1].key == key) {
    slot = &table_[i + 1];
  } else if (undrawn >= table_[i].undrawn) {
    table_[i + 1] = table_[i];  // the deeper slot keeps the larger subtree
    slot = &table_[i];
    *slot = Entry{};
  } else {
    slot = &table_[i + 1];
    *slot = Entry{};
  }
  if (slot->key == key) {
    lower = std::max(lower, static_cast<int>(slot->lower));
    upper = std::min(upper, static_cast<int>(slot->upper));
    if (move < 0) move = slot->move;
  }
  slot->key = key;
  slot->lower = static_cast<std::int8_t>(lower);
  slot->upper = static_cast<std::int8_t>(upper);
  slot->move = static_cast<std::int8_t>(move);
  slot->undrawn = static_cast<std::uint8_t>(undrawn);
}

bool Solver::poll() {
  if (stopped_) return true;
  if (limits_.max_nodes >= 0 && nodes_ >= limits_.max_nodes) stopped_ = true;
  if ((nodes_ & 255) == 0 && limits_.budget) {
    if (limits_.budget->should_stop()) stopped_ = true;
    if (limits_.stop_at_ns >= 0 && limits_.budget->clock().now_ns() >= limits_.stop_at_ns)
      stopped_ = true;
  }
  return stopped_;
}

int Solver::search(Edges drawn, int alpha, int beta, int* best_edge) {
  ++nodes_;
  if (poll()) return 0;
  Degrees deg(drawn);
  int gained = 0;
  int first_forced = -1;
  CaptureChoice choice;
  while (true) {
    choice = capture_choice(drawn, deg);
    if (choice.kind != CaptureChoice::Kind::kForced) break;
    if (first_forced < 0) first_forced = choice.take;
    gained += claims(deg, choice.take);
    drawn |= edge_bit(choice.take);
    deg.draw(choice.take);
  }
  if (best_edge) *best_edge = first_forced;
  const int left = deg.unclaimed();
  if (left == 0) return gained;
  int a = alpha - gained, b = beta - gained;
  const bool root = best_edge != nullptr && first_forced < 0;
  if (!root) {
    if (left <= a) return gained + left;
    if (-left >= b) return gained - left;
  }

  // A sum of independent chains and loops has its value by arithmetic (endgame.h).
  Structure st;
  if (choice.kind == CaptureChoice::Kind::kNone) {
    st = analyze(drawn, deg);
    if (options_.arithmetic && st.simple() && !root)
      return gained + endgame_.value(components_of(st));
  }

  const Canonical canon = options_.symmetry ? canonical(drawn) : Canonical{drawn, 0};
  int tt_move = -1;
  if (const Entry* e = probe(canon.key)) {
    if (e->move >= 0) tt_move = map_edge(inverse_symmetry(canon.symmetry), e->move);
    if (tt_move >= 0 && (drawn >> tt_move & 1)) tt_move = -1;
    if (!root) {
      if (e->lower >= b || e->lower == e->upper) return gained + e->lower;
      if (e->upper <= a) return gained + e->upper;
      a = std::max(a, static_cast<int>(e->lower));
      b = std::min(b, static_cast<int>(e->upper));
    }
  }
  const int window_low = a, window_high = b;

  int best = -kInfinite, best_move = -1;
  auto consider = [&](int edge, int v) {
    if (v > best) {
      best = v;
      best_move = edge;
    }
    a = std::max(a, v);
  };
  if (choice.kind == CaptureChoice::Kind::kDecide) {
    // Take the box (and play on), or decline and hand the last boxes over.
    const bool decline_first = tt_move == choice.decline;
    for (int k = 0; k < 2 && a < b; ++k) {
      const bool take = (k == 0) != decline_first;
      const int edge = take ? choice.take : choice.decline;
      const int v = take ? 1 + search(drawn | edge_bit(edge), a - 1, b - 1, nullptr)
                         : -search(drawn | edge_bit(edge), -b, -a, nullptr);
      if (stopped_) return 0;
      consider(edge, v);
    }
  } else {
    std::array<int, dots::kEdges> moves;
    const int n = order_moves(st, drawn, tt_move, moves);
    const auto ceiling = loony_ceilings(st, drawn);
    for (int i = 0; i < n && a < b; ++i) {
      if (ceiling[moves[i]] <= a) {  // cannot reach the window: its bound is all we need
        best = std::max(best, static_cast<int>(ceiling[moves[i]]));
        continue;
      }
      const int v = -search(drawn | edge_bit(moves[i]), -b, -a, nullptr);
      if (stopped_) return 0;
      consider(moves[i], v);
    }
  }

  const int undrawn = std::popcount(~drawn & dots::kAllEdges);
  // (Every move may have been cut by its bound: then there is no best move to keep.)
  const int canon_move = best_move >= 0 ? map_edge(canon.symmetry, best_move) : -1;
  if (best <= window_low)
    store(canon.key, -left, best, canon_move, undrawn);
  else if (best >= window_high)
    store(canon.key, best, left, canon_move, undrawn);
  else
    store(canon.key, best, best, canon_move, undrawn);
  if (root) *best_edge = best_move;
  return gained + best;
}

void Solver::begin(const SolverLimits& limits) {
  limits_ = limits;
  nodes_ = 0;
  stopped_ = false;
}

std::optional<Solution> Solver::solve(Edges drawn, const SolverLimits& limits) {
  begin(limits);
  Solution s;
  s.value = search(drawn, -kInfinite, kInfinite, &s.edge);
  if (stopped_ || s.edge < 0) return std::nullopt;
  return s;
}

std::optional<Solution> Solver::solve_at_least(Edges drawn, int target,
                                               const SolverLimits& limits) {
  begin(limits);
  Solution s;
  s.value = search(drawn, target - 1, target, &s.edge);
  if (stopped_ || s.edge < 0) return std::nullopt;
  return s;
}

std::optional<int> Solver::value(Edges drawn, const SolverLimits& limits) {
  begin(limits);
  const int v = search(drawn, -kInfinite, kInfinite, nullptr);
  if (stopped_) return std::nullopt;
  return v;
}

}  // namespace boyi::bots::dots_engine
