// `chain`, the strong 点格棋 engine. A claim that captures.h forces is answered at once. When
// few safe edges are left the exact solver (solver.h) tries first: it looks for a win (a
// null-window search on the final score) and plays it; a proven loss is played as well as
// the exact value allows. Otherwise — and when the solver runs out of time — UCT
// (bots/search/mcts.h) over the moves worth searching (forced claims are single children, so
// a turn's captures merge into its last edge, as the seed paper merges them), with α-AMAF and
// the playouts of playout.h, settled by chain arithmetic once they turn loony. merge=0 undoes
// the merging for the seed paper's ablation: where a box can be claimed, the tree (the root
// included) weighs every undrawn edge, one edge a move.
//
// Time: the solver is where thinking time turns into certainty, so it may take up to
// solve_time soft budgets (never more than half of what the hard deadline leaves); out of its
// reach UCT takes open_time of the soft budget and saves the rest for later.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "bots/engines/dots/playout.h"
#include "bots/engines/dots/solver.h"
#include "bots/player.h"
#include "bots/player_options.h"
#include "bots/search/mcts.h"

namespace boyi::bots::dots_engine {

struct ChainOptions {
  MctsOptions mcts;
  PlayoutOptions playout;
  int solve_safe = 16;      // the solver tries with at most this many safe edges (-1: never)
  double solve_time = 2.0;  // the solver's time, in soft budgets (at most half the hard one)
  double open_time = 0.6;   // UCT's time out of the solver's reach, in soft budgets
  bool merge = true;        // a turn's claims are one move (captures.h); off: each edge searched
  int table_log2 = 22;      // solver table entries (16 bytes each)
  // With an unlimited budget: the search done instead of a deadline.
  std::int64_t unlimited_playouts = 20'000;
  std::int64_t unlimited_solver_nodes = 5'000'000;
};

// What the last choose() did (for tests and the benchmark).
struct ChainReport {
  enum class By : std::uint8_t { kForcedClaim, kSolver, kMcts } by = By::kForcedClaim;
  std::optional<int> solved_value;  // exact or bound, for the side to move (solver moves)
  bool winning = false;             // the solver proved a win
  std::int64_t solver_nodes = 0;
  std::int64_t playouts = 0;
};

class ChainPlayer : public Player<dots::State> {
 public:
  ChainPlayer(std::string name, ChainOptions options, std::uint64_t seed);
  std::string name() const override { return name_; }
  dots::Move choose(const dots::State& s, Seat seat, const TimeBudget& budget) override;
  const ChainReport& last() const { return report_; }
  std::optional<ChoiceNote> last_note() const override { return note_; }

 private:
  std::optional<int> try_solver(const dots::State& s, Seat seat, const TimeBudget& budget);

  std::string name_;
  ChainOptions options_;
  std::shared_ptr<PlayoutPolicy> policy_;
  Solver solver_;
  Mcts<dots::State> mcts_;
  std::uint64_t seed_;
  ChainReport report_;
  std::optional<ChoiceNote> note_;
};

// The tree's moves are searched_edges (merge) or, where a box can be claimed, every undrawn
// edge (no merge); the playouts are the policy's either way.
MctsHooks<dots::State> chain_mcts_hooks(std::shared_ptr<PlayoutPolicy> policy, bool merge = true);

// From a spec "chain:c=0.7,alpha=0.3,...": see the help text in engines.cc.
Result<std::unique_ptr<Player<dots::State>>> make_chain_player(const PlayerSpec& spec,
                                                               std::string_view text,
                                                               std::uint64_t seed);

}  // namespace boyi::bots::dots_engine
