// The seed paper's training of the 苏拉卡尔塔 network: on-policy TD (SARSA) self-play with
// ε-greedy exploration and a decaying step size (torch; this folder's sources and tests only).
//
// Formulation (two players, rewards only at the end):
// - Q(s, a), the value of move a for the side to move in s, is read off the value head:
//   −v(s⊕a) for a running position after the move, and the exact result (+1, 0, −1) when the
//   move ends the game. Every legal move of s is valued in one batch.
// - The move played is ε-greedy over Q (random with probability ε, else the best Q).
// - The value of s_t learns the SARSA target γ·Q(s_t, a_t) of the action actually taken (the
//   exact result for the last move). With lambda > 0 the targets are the λ-returns of those
//   one-step targets along the game, y_t = γ((1−λ)·Q(s_t, a_t) − λ·y_{t+1}) (SARSA(λ); λ = 0 is
//   the paper's one-step SARSA).
// - The policy head learns softmax(Q(s_t, ·)/τ) over the legal moves, so the tree search gets a
//   prior that imitates the greedy Q.
// - Loss = cross-entropy (policy) + squared error (value), plus L2 on the weights (the paper's
//   three terms; L2 as the optimizer's weight decay).
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "bots/learned/surakarta/network.h"

namespace boyi::bots::learned::surakarta_net {

struct Sample {
  Planes planes{};
  float value_target = 0;
  // (policy index, probability) over the legal moves.
  std::vector<std::pair<std::int16_t, float>> policy;
};

struct SelfPlayParams {
  double epsilon = 0.1;
  double gamma = 0.995;
  double lambda = 0.7;
  double tau = 0.25;
};

struct GameRecord {
  std::vector<Sample> samples;
  int plies = 0;
  int result = 0;  // +1 black won, -1 white won, 0 draw
};

// One ε-greedy self-play game from the initial position, seeded by `seed`.
GameRecord play_game(SurakartaNet& net, const SelfPlayParams& params, std::uint64_t seed);

struct Losses {
  double total = 0;
  double value = 0;
  double policy = 0;
};

// The loss of the network on `batch` (no gradient step).
Losses batch_loss(SurakartaNet& net, std::span<const Sample> batch);
// One optimizer step on `batch`; the losses before the step.
Losses train_step(SurakartaNet& net, torch::optim::Optimizer& optimizer,
                  std::span<const Sample> batch);

}  // namespace boyi::bots::learned::surakarta_net
