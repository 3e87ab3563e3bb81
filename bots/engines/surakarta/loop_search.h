// The alpha-beta search of the `loop` engine: negamax with principal variation search,
// iterative deepening, a transposition table (with an age, kept between moves), move ordering
// (the table's move, captures by exchange, two killers, a history table, quiet moves into a
// capture last), late move reductions, and the capture quiescence of quiescence.h below the
// horizon. The table key folds in the plies left before an adjudication when it is near, since
// the same pieces then have another value.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "bots/engines/surakarta/evaluation.h"
#include "bots/engines/surakarta/quiescence.h"
#include "bots/search/time_budget.h"
#include "engine/surakarta/surakarta.h"

namespace boyi::bots::surakarta_engine {

struct LoopSearchOptions {
  int max_depth = 64;
  int quiescence_plies = 16;   // 0: the evaluation at the horizon, captures or not
  bool pvs = true;             // null-window search of all but the first move
  bool lmr = true;             // late quiet moves searched a ply shallower first
  bool exchange_order = true;  // captures by exchange, quiet moves into a capture last
  int tt_log2 = 20;
  std::int64_t max_nodes = -1;
  EvalWeights eval;
};

struct LoopSearchResult {
  bool has_move = false;
  surakarta::Move move{};
  int score = 0;  // for the side to move at the root
  int depth = 0;  // deepest completed iteration
  std::int64_t nodes = 0;
};

class LoopSearch {
 public:
  explicit LoopSearch(const LoopSearchOptions& options);

  // The best move of `root` within `budget`, at most `depth_cap` plies deep when it is given
  // (> 0), else options.max_depth.
  LoopSearchResult search(const surakarta::State& root, const TimeBudget& budget,
                          int depth_cap = 0);

 private:
  struct Entry {
    std::uint64_t key = 0;
    std::int32_t score = 0;
    std::int16_t depth = -1;
    std::uint8_t bound = 0;  // 0 empty, 1 exact, 2 lower, 3 upper
    std::uint8_t age = 0;
    surakarta::Move move{};
    bool has_move = false;
  };

  int negamax(const surakarta::State& s, int depth, int alpha, int beta, int ply);
  int child_value(const surakarta::State& child, int depth, int alpha, int beta, int ply);
  void order(const surakarta::State& s, surakarta::MoveList& list,
             const std::optional<surakarta::Move>& first, int ply,
             std::array<std::int64_t, surakarta::MoveList::capacity()>& score) const;
  std::uint64_t key_of(const surakarta::State& s) const;
  Entry* probe(std::uint64_t key);
  void store(std::uint64_t key, int score, int depth, int bound, const surakarta::Move* move);

  static constexpr int kMaxPly = 128;
  LoopSearchOptions opt_;
  Quiescence quiescence_;
  SearchLimits limits_;
  std::vector<Entry> table_;
  std::uint8_t age_ = 0;
  std::array<std::array<std::int64_t, surakarta::kSquares * surakarta::kSquares>, 2> history_{};
  std::array<std::array<std::optional<surakarta::Move>, 2>, kMaxPly> killers_{};
};

}  // namespace boyi::bots::surakarta_engine
