// Players: something that chooses a move for one seat from what that seat may
// know, inside a time budget.
//
// What a seat knows is SeatKnowledge<G>: for the perfect-information games
// (五子棋, 点格棋, 苏拉卡尔塔) the state itself (every view shows all of it);
// for 军棋 a JunqiSeatInfo — the seat's view plus the event views it received —
// so a 军棋 player cannot read the true state: it searches determinizations
// or reads its view only.
//
// Players by name with options ("uct:c=1.2,playouts=20000", "alphabeta:depth=4"),
// see make_player() and player_help().
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "bots/games/junqi_info.h"
#include "bots/search/time_budget.h"
#include "engine/core/game.h"
#include "base/result.h"

namespace boyi::bots {

template <class G>
struct SeatKnowledgeOf {
  using type = G;
};
template <>
struct SeatKnowledgeOf<junqi::State> {
  using type = JunqiSeatInfo;
};
template <class G>
using SeatKnowledge = typename SeatKnowledgeOf<G>::type;

// What `seat` knows of `s`, reached through `events` (the referee's whole record): the state
// itself where nothing is hidden.
template <Game G>
SeatKnowledge<G> seat_knowledge(const G& s, Seat seat, const std::vector<typename G::Event>& events) {
  if constexpr (std::is_same_v<SeatKnowledge<G>, G>)
    return s;
  else
    return SeatKnowledge<G>::of(s, seat, events);
}

// A player's own account of its last choice, where its engine keeps one (the analysis
// board shows it): what it found for the side that chose, and how.
struct ChoiceNote {
  std::string method;             // "vcf", "vct", "alpha-beta", "uct", "solver"
  std::optional<int> score;       // the search's value for the chooser, in `unit`
  std::string unit;               // "pattern" (五子棋), "centipiece" (苏拉卡尔塔), "box" (点格棋)
  std::optional<double> win_rate; // Monte Carlo: the chooser's expected result, 0..1
  std::optional<bool> proven;     // a forced result: true, the chooser wins; false, it loses
  int depth = 0;
  std::int64_t nodes = 0;
};

template <Game G>
class Player {
 public:
  virtual ~Player() = default;
  virtual std::string name() const = 0;  // the spec it was made from
  // A legal move for `seat`, which must be able to act in `info`.
  virtual typename G::Move choose(const SeatKnowledge<G>& info, Seat seat,
                                  const TimeBudget& budget) = 0;
  // What the last choose() found, for players whose engine says (none by default).
  virtual std::optional<ChoiceNote> last_note() const { return std::nullopt; }
};

// "random", "greedy", "alphabeta[:depth=N,tt=LOG2,q=N,nodes=N]", "minimax[:depth=N]",
// "uct[:c=X,playouts=N,amaf=off|alpha|rave,alpha=X,rave=K,expand=N,rollout=N,reuse=0|1]",
// "mcts[:playouts=N]" (flat Monte Carlo); for 军棋 also "ismcts[:c=X,playouts=N]" and
// worlds=N (determinizations) for alphabeta, minimax, uct and mcts. Seeded by `seed`.
template <Game G>
Result<std::unique_ptr<Player<G>>> make_player(std::string_view spec, std::uint64_t seed);

// The player names offered for a game, and a one-paragraph description of the options.
std::vector<std::string> player_names(std::string_view game);
std::string player_help();

}  // namespace boyi::bots
