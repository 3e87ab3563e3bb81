// The pieces of the 军棋 DMC training (internal to bots/learned/junqi: torch):
// one self-play game between the two decision networks with ε-greedy moves,
// its Monte-Carlo returns, and one learning pass over an experience pool.
//
// The seed (A1-A4): each seat's network Q_p picks a_t = argmax_a Q_p(s_t, a)
// with probability 1 - ε and a random legal move with probability ε; every
// move of a seat is stored as its input features F_t (state, last 20 steps,
// the chosen move) in that seat's pool; the returns come from the final result
// alone, r_t <- r_t + γ r_{t+1} (r = +1 win, -1 loss, 0 draw at the seat's
// last move, 0 before); a full pool is learnt from by MSE between Q(s_t, a_t)
// and r_t with Adam, then cleared.
#pragma once

#include <torch/torch.h>

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "bots/learned/junqi/dmc_network.h"
#include "engine/core/outcome.h"
#include "engine/junqi/junqi.h"

namespace boyi::bots::learned {

struct DmcSample {
  std::vector<float> state;    // kDmcStateFeatures
  std::vector<float> history;  // kDmcHistory * kDmcMoveFeatures
  std::vector<float> action;   // kDmcActionFeatures: the move played
  float target = 0;            // its Monte-Carlo return
};

struct DmcSelfPlayOptions {
  junqi::Rules rules;
  double epsilon = 0.1;
  double gamma = 0.99;
  int max_plies = 600;  // longer games end as draws
  // Past the seed: a shaping reward of `material` times the change of the
  // material balance (as a share of a side's whole army) from each own move
  // to the next, added to the final result's return. 0 is the seed's method.
  double material = 0;
};

// The material of `seat`'s pieces on the board, as a share of a full army.
double dmc_material(const junqi::State& s, Seat seat);

struct DmcGame {
  std::array<std::vector<DmcSample>, 2> samples;  // by seat, in move order
  // By seat: the moves a teacher valued (dmc_teacher_play), each with that value as its target.
  std::array<std::vector<DmcSample>, 2> taught;
  Outcome outcome;
  int plies = 0;
  bool stopped = false;  // the chooser or a deployment broke the game off (a bad record)
};

// A move the chooser valued (a teacher search): a sample with `target` as its return.
struct DmcValuedMove {
  int index = 0;  // in the chooser's `moves`
  float target = 0;
};

// Picks the move of `seat` among `moves` (an index), given its features and the seat's
// knowledge; kDmcGameOver ends the game there (a recorded game's last action), any other
// index outside the list breaks it off. Moves it adds to `valued` become taught samples.
using DmcChooser = std::function<int(Seat seat, const std::vector<junqi::Move>& moves,
                                     const DmcPosition& position, const JunqiSeatInfo& info,
                                     std::vector<DmcValuedMove>& valued)>;
inline constexpr int kDmcGameOver = -1;

// One game from the two deployments, each move picked by `choose`; the samples are each
// seat's features of its moves, the targets their Monte-Carlo returns. `final_outcome`
// replaces the rules' result (a recorded game that ended by resignation or on time).
DmcGame dmc_play(const DmcSelfPlayOptions& options, const std::array<junqi::Move, 2>& deployments,
                 const DmcChooser& choose, const std::optional<Outcome>& final_outcome = {});

// One game from `seed`: layouts from the layout generator, then the seats'
// networks with ε-greedy moves. Features read only each seat's knowledge.
DmcGame dmc_self_play(DmcPair& pair, const DmcSelfPlayOptions& options, std::uint64_t seed);

// Past the seed: a teacher instead of the ε-greedy networks. Each move is the belief
// engine's search from the seat's knowledge (`playouts` playouts, every root move searched);
// besides the played move's sample (its Monte-Carlo return), `moves` root moves with at least
// `min_visits` visits, the most visited half and the least visited half, are taught samples
// whose target is the search's value of each (its mean result, as 2 mean - 1). The returns say who won; the search's values say
// what every move it tried is worth, which a greedy choice over all moves needs.
struct DmcTeacherOptions {
  std::int64_t playouts = 400;
  int moves = 8;
  int min_visits = 4;
};
DmcGame dmc_teacher_play(const DmcSelfPlayOptions& options, const DmcTeacherOptions& teacher,
                         std::uint64_t seed);

// The MSE of Q(s_t, a_t) against the targets (a graph for backward).
torch::Tensor dmc_loss(DmcNet& net, std::span<const DmcSample> samples);

// One pass of Adam over `samples` in shuffled minibatches of `batch`; the
// mean minibatch loss.
double dmc_learn(DmcNet& net, torch::optim::Adam& optimizer, std::span<const DmcSample> samples,
                 int batch, std::uint64_t shuffle_seed);

}  // namespace boyi::bots::learned
